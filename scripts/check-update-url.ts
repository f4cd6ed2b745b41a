// Run by `npm run dist` before electron-builder: the desktop is packaged only with an https update
// server in KIPU_UPDATE_URL. electron-builder.yml's `publish.url` reads it and writes it into each
// build's app-update.yml, where the desktop checks it again (main/desktop/update-policy.ts,
// issue 26 finding 5, decision 0061).
import { feedUrlProblem } from '../main/desktop/update-policy';

const problem = feedUrlProblem(process.env.KIPU_UPDATE_URL);
if (problem) {
  console.error(`No se empaqueta Kipu: ${problem}.`);
  process.exit(2);
}
