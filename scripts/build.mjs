#!/usr/bin/env node
// One command builds both sides: the engine and the Electron shell with esbuild (bundled,
// CommonJS for Electron, dependencies left in node_modules), the renderer with Vite.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { NODE_CJS, WORKER_ENTRIES } from './bundle-options.mjs';

const only = process.argv[2]; // 'main' | 'renderer' | undefined (both)
if (only !== 'renderer') {
  rmSync('dist/engine', { recursive: true, force: true });
  mkdirSync('dist', { recursive: true });
  await build({
    ...NODE_CJS,
    entryPoints: {
      'engine/engine-process': 'main/engine/engine-process.ts',
      'engine/serve': 'main/engine/serve.ts',
      'engine/admin': 'main/engine/admin.ts',
      ...(existsSync('main/siat-sim/cli.ts') ? { 'engine/siat-sim': 'main/siat-sim/cli.ts' } : {}),
      'engine/central': 'main/central/cli.ts',
      ...Object.fromEntries(Object.entries(WORKER_ENTRIES).map(([name, source]) => [`engine/${name}`, source])),
    },
    outdir: 'dist',
    outExtension: { '.js': '.cjs' },
  });
  if (existsSync('main/desktop/main.ts')) {
    await build({
      ...NODE_CJS,
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
