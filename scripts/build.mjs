#!/usr/bin/env node
// One command builds both sides: the engine and the Electron shell with esbuild (bundled,
// CommonJS for Electron, dependencies left in node_modules), the renderer with Vite.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const only = process.argv[2]; // 'main' | 'renderer' | undefined (both)
const shim = { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" };
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: true,
  banner: shim,
  define: { 'import.meta.url': '__importMetaUrl' },
  logLevel: 'warning',
};

if (only !== 'renderer') {
  rmSync('dist/engine', { recursive: true, force: true });
  mkdirSync('dist', { recursive: true });
  await build({
    ...common,
    entryPoints: {
      'engine/engine-process': 'main/engine/engine-process.ts',
      'engine/serve': 'main/engine/serve.ts',
      'engine/admin': 'main/engine/admin.ts',
      ...(existsSync('main/siat-sim/cli.ts') ? { 'engine/siat-sim': 'main/siat-sim/cli.ts' } : {}),
      'engine/central': 'main/central/cli.ts',
      // Central's PDF worker thread, loaded next to engine/central.cjs (main/central/pdf-renderer.ts).
      'engine/central-pdf-worker': 'main/central/pdf-worker.ts',
      // The engine's document-rendering worker thread, loaded next to the engine's bundle (main/engine/engine.ts).
      'engine/document-render-worker': 'main/documents/render-worker.ts',
      'engine/certificate-worker': 'main/invoicing/certificate-worker.ts',
      'engine/purchase-import-worker': 'main/purchases/import-worker.ts',
      'engine/siat-answer-worker': 'main/siat/answer-worker.ts',
      'engine/package-pack-worker': 'main/invoicing/pack-worker.ts',
    },
    outdir: 'dist',
    outExtension: { '.js': '.cjs' },
  });
  if (existsSync('main/desktop/main.ts')) {
    await build({
      ...common,
      entryPoints: { 'desktop/main': 'main/desktop/main.ts', 'desktop/preload': 'main/desktop/preload.ts' },
      outdir: 'dist',
      outExtension: { '.js': '.cjs' },
    });
  }
  rmSync('dist/migrations', { recursive: true, force: true });
  cpSync('main/store/migrations', 'dist/migrations', { recursive: true });
  rmSync('dist/central-migrations', { recursive: true, force: true });
  cpSync('main/central/migrations', 'dist/central-migrations', { recursive: true });
}

if (only !== 'main' && existsSync('renderer/vite.config.ts')) {
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  // Kipu Central's dashboard: the same config in `central` mode (dist/central/).
  const c = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts', '--mode', 'central', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (c.status !== 0) process.exit(c.status ?? 1);
}
console.log('Compilación lista en dist/.');
