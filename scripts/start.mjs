#!/usr/bin/env node
// `npm start`: the desktop app where Electron's binary is installed; otherwise it says so in one
// line and runs browser mode (`npm run serve`). The first time it tries to fetch the binary
// (Electron's own install script), which works wherever the network allows.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

function electronBinary() {
  const pathFile = join('node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return null;
  const bin = join('node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? bin : null;
}

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let bin = electronBinary();
if (!bin && existsSync(join('node_modules', 'electron', 'install.js')) && process.env.KIPU_NO_ELECTRON_DOWNLOAD !== '1') {
  spawnSync(process.execPath, [join('node_modules', 'electron', 'install.js')], { stdio: 'ignore', timeout: 120_000 });
  bin = electronBinary();
}

const child = bin
  ? spawn(bin, ['.'], { stdio: 'inherit' })
  : (console.log('Electron no está instalado en esta máquina: se abre el modo navegador (npm run serve).'),
    spawn(process.execPath, ['dist/engine/serve.cjs'], { stdio: 'inherit' }));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
