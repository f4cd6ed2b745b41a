// One engine per data directory (store/data-dir-lock.ts): a second engine on the same folder would
// resume the same pending sends and number from the same counters ("never twice"). The other
// holder here is a real process: a node child that sleeps until killed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir, DataDirInUseError, LOCK_FILE } from '../../../main/store/data-dir-lock';
import { startTestEngine } from '../../fixtures/engine';

function sleeper(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

async function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

test('a live process’s lock refuses the folder, naming it; once that process is gone (kill -9) the lock is taken over; release gives it back', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-lock-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const other = sleeper();
  t.after(() => other.kill('SIGKILL'));
  writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n2026-11-27T00:00:00.000Z\n`);

  assert.throws(
    () => lockDataDir(dir),
    (err: unknown) => err instanceof DataDirInUseError && err.pid === other.pid && err.message.includes(`proceso ${other.pid}`) && err.message.includes(dir),
  );
  assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0], String(other.pid), 'the live holder’s lock is left as it was');

  other.kill('SIGKILL');
  await ended(other);
  const lock = lockDataDir(dir);
  assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0], String(process.pid));
  lock.release();
  assert.equal(existsSync(join(dir, LOCK_FILE)), false);
});

test('an engine does not start on a folder another live process holds, and leaves nothing open; it starts once that process is gone and gives the folder back when it stops', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-lock-engine-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const other = sleeper();
  t.after(() => other.kill('SIGKILL'));
  writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n`);
  await assert.rejects(startTestEngine({}, dir), (err: unknown) => err instanceof DataDirInUseError && err.pid === other.pid);
  assert.equal(existsSync(join(dir, 'kipu.sqlite')), false, 'the database was not opened');

  other.kill('SIGKILL');
  await ended(other);
  const eng = await startTestEngine({}, dir);
  assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0], String(process.pid));
  await eng.stop();
  assert.equal(existsSync(join(dir, LOCK_FILE)), false);
});
