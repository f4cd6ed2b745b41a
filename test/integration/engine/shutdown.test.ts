import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { once } from 'node:events';
import Database from 'better-sqlite3';
import { startTestEngine } from '../../fixtures/engine';
import { tempDir } from '../../fixtures/tmp';
import { waitFor } from '../../fixtures/wait';

test('close() lets an in-flight request finish, then closes the database', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const eng = await startTestEngine({}, undefined, {
    beforeListen: (app) =>
      app.get('/api/v1/public/slow-test', { config: { access: 'public' } }, async () => {
        entered();
        await gate;
        return { done: true };
      }),
  });
  const pending = fetch(`${eng.url}/api/v1/public/slow-test`);
  await inside;
  const closing = eng.close();
  setTimeout(release, 200);
  const res = await pending;
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { done: true });
  await closing;
  assert.equal(eng.store.isOpen, false);
  await eng.stop();
});

function spawnServe(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join('main', 'engine', 'serve.ts')], {
    env: { ...process.env, KIPU_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return { child, out: () => out, err: () => err };
}

test('npm run serve prints the URL and the demo key, and stops cleanly on SIGTERM', async () => {
  const { dir, cleanup } = tempDir();
  const p = spawnServe({ KIPU_PORT: '0', KIPU_DATA_DIR: dir, KIPU_TRAINING: '1' });
  try {
    // Start-up compiles the engine with tsx and prepares the training store: on a loaded machine
    // that takes tens of seconds. The bound only stops a start-up that never comes.
    const url = await waitFor('the printed URL', () => /Kipu escuchando en (http:\/\/\S+)/.exec(p.out())?.[1] ?? (p.child.exitCode !== null ? assert.fail(`serve exited: ${p.out()} ${p.err()}`) : null), 180_000, 50);
    assert.match(p.out(), /MODO ENTRENAMIENTO/);
    const key = /Clave de API de demostración: (\S+)/.exec(p.out())?.[1];
    assert.ok(key);
    const res = await fetch(`${url}/api/v1/pos`, { headers: { 'x-api-key': key } });
    assert.equal(res.status, 200);
    p.child.kill('SIGTERM');
    const [code] = await once(p.child, 'exit');
    assert.equal(code, 0);
    assert.match(p.out(), /Kipu detenido\./);
    const db = new Database(join(dir, 'kipu.sqlite'));
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    db.close();
  } finally {
    // A failed assertion must not leave the engine running: the file would hang until its time-out.
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
    cleanup();
  }
});

test('a bad setting stops start-up with a message naming it', async () => {
  const p = spawnServe({ KIPU_PORT: 'ochenta' });
  const [code] = await once(p.child, 'exit');
  assert.equal(code, 2);
  assert.match(p.err(), /KIPU_PORT: debe ser un número de puerto/);
});
