// The SIAT resources (XSDs) live under the application's resources/ folder (main/config/paths.ts
// finds it; KIPU_RESOURCES_DIR overrides it in a packaged app).
export { resourcesDir } from '../config/paths';
