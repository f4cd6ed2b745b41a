#!/usr/bin/env node
// Builds only the till UI into dist/renderer/ (same as `npx vite build --config
// renderer/vite.config.ts`). `npm run build` (scripts/build.mjs) builds everything, the
// Electron shell included.
import { build } from 'vite';

await build({ configFile: 'renderer/vite.config.ts', logLevel: 'info' });
