import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { applyPragmas } from '../../../main/store/db';
import { GroupCommitter } from '../../../main/store/group-commit';
import { tempDir } from '../../fixtures/tmp';

function open(dir: string) {
  const db = new Database(join(dir, 'g.sqlite'));
  applyPragmas(db);
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  return db;
}

test('jobs arriving together share a transaction; a failing one rolls back alone', async () => {
  const { dir, cleanup } = tempDir();
  const db = open(dir);
  try {
    const gc = new GroupCommitter(db);
    const ins = db.prepare('INSERT INTO t (n, v) VALUES (?, ?)');
    const results = await Promise.allSettled([
      gc.run(() => ins.run(1, 'a').changes),
      gc.run(() => {
        ins.run(2, 'b');
        throw new Error('boom');
      }),
      gc.run(() => ins.run(3, 'c').changes),
    ]);
    assert.equal(results[0]!.status, 'fulfilled');
    assert.equal(results[1]!.status, 'rejected');
    assert.match(String((results[1] as PromiseRejectedResult).reason), /boom/);
    assert.equal(results[2]!.status, 'fulfilled');
    assert.deepEqual(db.prepare('SELECT n FROM t ORDER BY n').all(), [{ n: 1 }, { n: 3 }]);
  } finally {
    db.close();
    cleanup();
  }
});

test('a caller is answered only after its batch is durable (visible from another connection)', async () => {
  const { dir, cleanup } = tempDir();
  const db = open(dir);
  const other = new Database(join(dir, 'g.sqlite'), { readonly: true });
  try {
    const gc = new GroupCommitter(db);
    const p = gc.run(() => db.prepare('INSERT INTO t (n, v) VALUES (7, ?)').run('x'));
    assert.equal((other.prepare('SELECT COUNT(*) c FROM t').get() as { c: number }).c, 0, 'not committed before the batch runs');
    await p;
    assert.equal((other.prepare('SELECT COUNT(*) c FROM t').get() as { c: number }).c, 1);
  } finally {
    other.close();
    db.close();
    cleanup();
  }
});

test('more jobs than a batch holds are all committed, in order', async () => {
  const { dir, cleanup } = tempDir();
  const db = open(dir);
  try {
    const gc = new GroupCommitter(db, 4);
    const ins = db.prepare('INSERT INTO t (v) VALUES (?) RETURNING n');
    const ns = await Promise.all(Array.from({ length: 10 }, (_, i) => gc.run(() => (ins.get(`v${i}`) as { n: number }).n)));
    assert.deepEqual(ns, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  } finally {
    db.close();
    cleanup();
  }
});

test('a job after which SQLite ended the whole transaction (a full disk) fails the batch, stores none of it, and the next batch works', async () => {
  const { dir, cleanup } = tempDir();
  const db = open(dir);
  try {
    const gc = new GroupCommitter(db);
    const ins = db.prepare('INSERT INTO t (n, v) VALUES (?, ?)');
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const results = await Promise.allSettled([
      gc.run(() => ins.run(1, 'a').changes),
      gc.run(() => {
        ins.run(2, 'b');
        // What SQLite does on SQLITE_FULL or an I/O error: it may roll back the whole transaction.
        db.exec('ROLLBACK');
        throw full;
      }),
      gc.run(() => ins.run(3, 'c').changes),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected', 'rejected'],
      'the first was undone with the batch; the third must not commit on its own',
    );
    for (const r of results) assert.equal((r as PromiseRejectedResult).reason, full);
    assert.deepEqual(db.prepare('SELECT n FROM t').all(), []);
    assert.equal(db.inTransaction, false);
    assert.equal(await gc.run(() => ins.run(4, 'd').changes), 1);
    assert.deepEqual(db.prepare('SELECT n FROM t').all(), [{ n: 4 }]);
  } finally {
    db.close();
    cleanup();
  }
});

test('a job waits for its `after` in its place: nothing queued behind it overtakes it, and no transaction is open meanwhile', async () => {
  const { dir, cleanup } = tempDir();
  const db = open(dir);
  try {
    const gc = new GroupCommitter(db);
    const ins = db.prepare('INSERT INTO t (v) VALUES (?) RETURNING n');
    let release!: () => void;
    const signed = new Promise<void>((r) => (release = r));
    const first = gc.run(() => (ins.get('first') as { n: number }).n, signed);
    const second = gc.run(() => (ins.get('second') as { n: number }).n);
    const third = gc.run(() => (ins.get('third') as { n: number }).n, Promise.resolve());
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(db.inTransaction, false, 'no transaction waits for the head');
    assert.deepEqual(db.prepare('SELECT v FROM t').all(), [], 'the jobs behind the head did not run');
    release();
    assert.deepEqual(await Promise.all([first, second, third]), [1, 2, 3]);
  } finally {
    db.close();
    cleanup();
  }
});

test('a job whose `after` rejects still runs in its place (it decides what a failed preparation means)', async () => {
  const { dir, cleanup } = tempDir();
  const db = open(dir);
  try {
    const gc = new GroupCommitter(db);
    const ins = db.prepare('INSERT INTO t (v) VALUES (?) RETURNING n');
    const failed = Promise.reject(new Error('signature failed'));
    const a = gc.run(() => (ins.get('a') as { n: number }).n, failed);
    const b = gc.run(() => (ins.get('b') as { n: number }).n);
    assert.deepEqual(await Promise.all([a, b]), [1, 2]);
  } finally {
    db.close();
    cleanup();
  }
});

test('a ready head waits for the jobs queued behind it while they are signed (one commit), but not for jobs that arrive later', async () => {
  const { dir, cleanup } = tempDir();
  const db = open(dir);
  const other = new Database(join(dir, 'g.sqlite'), { readonly: true });
  const committed = () => (other.prepare('SELECT COUNT(*) c FROM t').get() as { c: number }).c;
  try {
    const gc = new GroupCommitter(db);
    const ins = db.prepare('INSERT INTO t (v) VALUES (?) RETURNING n');
    const gates = [0, 1].map(() => {
      let open!: () => void;
      return { promise: new Promise<void>((r) => (open = r)), open: () => open() };
    });
    const a = gc.run(() => (ins.get('a') as { n: number }).n, gates[0]!.promise);
    const b = gc.run(() => (ins.get('b') as { n: number }).n, gates[1]!.promise);
    gates[0]!.open();
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(committed(), 0, 'the ready head waits for the job being signed behind it');
    gates[1]!.open();
    assert.deepEqual(await Promise.all([a, b]), [1, 2]);

    // A head that is ready with nothing behind it goes at once; a job queued after that does not hold it.
    let late!: () => void;
    const c = gc.run(() => (ins.get('c') as { n: number }).n);
    const d = gc.run(() => (ins.get('d') as { n: number }).n, new Promise<void>((r) => (late = r)));
    assert.equal(await c, 3);
    assert.equal(committed(), 3);
    late();
    assert.equal(await d, 4);
  } finally {
    other.close();
    db.close();
    cleanup();
  }
});
