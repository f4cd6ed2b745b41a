// Issue #16: a sale on a full disk or a database that can no longer be written. The till gets a
// 503 that says so in Spanish, nothing of the sale is stored (no number taken, no row, the file
// intact), the engine stays up, and once the disk is fixed the next sale takes the next number.
// Real file systems, not mocks: a small tmpfs that a filler file fills, and an ext4 image on a
// loop device that the kernel turns read-only the way it does on a disk error
// (errors=remount-ro). Those two need root (mount); elsewhere they skip and say why. A third,
// without root, covers SQLITE_READONLY.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { startTestEngine, type TestEngine } from '../../fixtures/engine';
import { issueInvoice, saleRequest } from '../../fixtures/issued-invoice';
import { tempDir } from '../../fixtures/tmp';
import { createLogger } from '../../../main/engine/logger';
import { sqliteConnection } from '../../../main/store/store';
import { verifyXmlSignature } from '../../../main/invoicing/signing';
import type { EngineDeps } from '../../../main/engine/engine-types';

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

/** Why mounting cannot be tested here, or null when it can. */
function cannotMount(): string | null {
  if (process.platform !== 'linux') return 'montar sistemas de archivos de prueba requiere Linux';
  if (process.getuid?.() !== 0) return 'montar un tmpfs o un dispositivo loop requiere root';
  return null;
}

/** `mount …`, or the reason it is not permitted (EPERM in an unprivileged container). */
function tryMount(args: string[]): string | null {
  try {
    run('mount', args);
    return null;
  } catch (err) {
    return `mount ${args.join(' ')} no está permitido aquí: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`;
  }
}

function unmount(dir: string): void {
  // Lazy: a file the engine left open (it failed half-way) must not keep the mount forever.
  try {
    run('umount', ['-l', dir]);
  } catch {
    // Not mounted (the test skipped or failed before mounting).
  }
}

/** Writes `path` until the file system has no block left. */
function fillDisk(path: string): void {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  try {
    for (const size of [chunk.length, 4096, 512, 1]) {
      for (;;) {
        try {
          if (writeSync(fd, chunk, 0, size) < size) break;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw err;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** An engine that also logs to <dataDir>/logs, as `npm run serve` does: the log shares the disk. */
async function engineOn(dataDir: string, extra: Partial<EngineDeps> = {}): Promise<{ eng: TestEngine; stop: () => Promise<void> }> {
  const log = createLogger({ level: 'info', dataDir, stdout: false });
  const eng = await startTestEngine({}, dataDir, { logger: log.logger, scheduler: false, ...extra });
  return {
    eng,
    stop: async () => {
      await eng.stop();
      await log.close();
    },
  };
}


/** What is on disk: invoice rows, the counter, and SQLite's own check of the file. */
function onDisk(eng: TestEngine) {
  const db = sqliteConnection(eng.store);
  return {
    invoices: (db.prepare('SELECT COUNT(*) n FROM invoices').get() as { n: number }).n,
    lastNumber: (db.prepare('SELECT MAX(last_number) n FROM invoice_counters').get() as { n: number }).n,
    integrity: db.pragma('integrity_check', { simple: true }),
  };
}

/** Unhandled rejections and exceptions while `fn` runs: the engine must not crash on a full disk. */
async function withoutCrashes(fn: () => Promise<void>): Promise<void> {
  const seen: unknown[] = [];
  const note = (err: unknown) => seen.push(err);
  process.on('unhandledRejection', note);
  process.on('uncaughtException', note);
  try {
    await fn();
    // Whatever the failed writes scheduled (WAL checkpoint, log flush) has had its turn.
    await new Promise((r) => setTimeout(r, 200));
  } finally {
    process.off('unhandledRejection', note);
    process.off('uncaughtException', note);
  }
  assert.deepEqual(seen, [], 'no unhandled rejection or exception');
}

/**
 * A fresh engine on a 24 MiB tmpfs (room for the engine, the simulator and a few sales; a filler
 * takes the rest), stopped and unmounted afterwards. Skipped where mounting is not allowed.
 */
async function onTmpfs(t: TestContext, prefix: string, body: (eng: TestEngine, mnt: string) => Promise<void>, extra: Partial<EngineDeps> = {}): Promise<void> {
  const why = cannotMount();
  if (why) return t.skip(why);
  const tmp = tempDir(prefix);
  const mnt = join(tmp.dir, 'disco');
  mkdirSync(mnt);
  const refused = tryMount(['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', mnt]);
  if (refused) {
    tmp.cleanup();
    return t.skip(refused);
  }
  let stop: (() => Promise<void>) | null = null;
  try {
    const started = await engineOn(join(mnt, 'kipu'), extra);
    stop = started.stop;
    await body(started.eng, mnt);
  } finally {
    await stop?.();
    unmount(mnt);
    tmp.cleanup();
  }
}

test('a full disk: the sale is a 503 STORAGE_FULL, nothing is stored, and after freeing space the next number follows', (t) =>
  onTmpfs(t, 'kipu-disk-full-', async (eng, mnt) => {
    const first = await issueInvoice(eng);
    const second = await issueInvoice(eng);
    assert.equal(second.invoiceNumber, first.invoiceNumber + 1);
    const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
    const before = onDisk(eng);

    // An empty WAL: SQLite reuses a WAL's old space after a checkpoint, so without this the
    // next sale could still fit in space the WAL already holds.
    sqliteConnection(eng.store).pragma('wal_checkpoint(TRUNCATE)');
    const filler = join(mnt, 'relleno.bin');
    fillDisk(filler);

    await withoutCrashes(async () => {
      // Sales that arrive together share one group-commit batch: all of it fails, none is stored.
      const answers = await Promise.all([1, 2, 3].map(() => eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(posId) })));
      for (const res of answers) {
        const body = await res.json();
        assert.equal(res.status, 503, JSON.stringify(body));
        assert.equal(body.success, false);
        assert.equal(body.error.code, 'STORAGE_FULL');
        assert.equal(body.error.detail, 'El disco del equipo está lleno: la venta no se registró. Libere espacio y vuelva a intentar.');
      }
      // Reading still works: the till can show and reprint what was sold.
      const list = await eng.api('/api/v1/invoices');
      assert.equal(list.status, 200);
      assert.equal(((await list.json()) as { data: { content: unknown[] } }).data.content.length, 2);
    });

    rmSync(filler);
    assert.deepEqual(onDisk(eng), { ...before, integrity: 'ok' }, 'no row, no number taken, the file intact');
    const next = await issueInvoice(eng);
    assert.equal(next.invoiceNumber, second.invoiceNumber + 1, 'gapless: the failed sales took no number');
    assert.equal(onDisk(eng).invoices, before.invoices + 1);
  }),
);

test('a full disk under electronic sales signed ahead (decision 0038): after freeing space the next sales are signed again with the numbers they store, gapless', (t) =>
  onTmpfs(t, 'kipu-disk-full-signed-', async (eng, mnt) => {
    await issueInvoice(eng); // catalogs synced, a CUFD
    const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
    const sell = async (n: number) => {
      const answers = await Promise.all(Array.from({ length: n }, () => eng.api('/api/v1/invoices', { method: 'POST', json: { ...saleRequest(posId), invoiceType: 'ELECTRONIC_SALE' } })));
      return Promise.all(answers.map(async (r) => (await r.arrayBuffer(), r.status)));
    };
    assert.deepEqual(await sell(2), [201, 201]);
    const before = onDisk(eng);

    sqliteConnection(eng.store).pragma('wal_checkpoint(TRUNCATE)');
    const filler = join(mnt, 'relleno.bin');
    fillDisk(filler);
    await withoutCrashes(async () => {
      // Signed ahead with the next numbers, then their batch cannot be stored.
      assert.deepEqual(await sell(4), [503, 503, 503, 503]);
    });
    rmSync(filler);
    assert.deepEqual(onDisk(eng), { ...before, integrity: 'ok' }, 'no row, no number taken');

    const missed = eng.invoicing.numbers.mispredicted;
    assert.deepEqual(await sell(4), [201, 201, 201, 201]);
    assert.ok(eng.invoicing.numbers.mispredicted > missed, 'the predictions ran ahead of the numbers the failed batch gave back');
    const rows = sqliteConnection(eng.store).prepare('SELECT number, cuf, xml FROM invoices WHERE pos_id = ? ORDER BY number').all(posId) as { number: number; cuf: string; xml: string }[];
    assert.deepEqual(rows.map((r) => r.number), [1, 2, 3, 4, 5, 6, 7], 'gapless');
    for (const r of rows.slice(1)) {
      assert.ok(r.xml.includes(`<numeroFactura>${r.number}</numeroFactura>`) && r.xml.includes(`<cuf>${r.cuf}</cuf>`), `invoice ${r.number}: its XML carries its stored number and CUF`);
      assert.equal(verifyXmlSignature(r.xml).valid, true, `invoice ${r.number}: signature valid`);
    }
  }),
);

test('a database the disk no longer lets it write: 503 with a Spanish detail, reads answer, and after the repair the next number follows', async (t) => {
  const why = cannotMount();
  if (why) return t.skip(why);
  const tmp = tempDir('kipu-disk-ro-');
  const mnt = join(tmp.dir, 'disco');
  const image = join(tmp.dir, 'disco.img');
  mkdirSync(mnt);
  // Not `mount -o remount,ro`: Linux refuses it (EBUSY) while the engine holds the database open
  // for writing, and root writes through any file mode. A disk error is what turns a till's disk
  // read-only under a running engine: ext4 with errors=remount-ro, here triggered on purpose.
  try {
    run('truncate', ['-s', '32M', image]);
    run('mkfs.ext4', ['-q', image]);
  } catch (err) {
    tmp.cleanup();
    return t.skip(`no se puede crear un ext4 de prueba: ${String(err)}`);
  }
  const mountArgs = ['-o', 'loop,errors=remount-ro', image, mnt];
  const refused = tryMount(mountArgs);
  if (refused) {
    tmp.cleanup();
    return t.skip(refused);
  }
  let stop: (() => Promise<void>) | null = null;
  try {
    const dataDir = join(mnt, 'kipu');
    let started = await engineOn(dataDir);
    let eng = started.eng;
    stop = started.stop;
    const first = await issueInvoice(eng);
    const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
    const before = onDisk(eng);

    const device = basename(run('findmnt', ['-n', '-o', 'SOURCE', mnt]).trim());
    const trigger = `/sys/fs/ext4/${device}/trigger_fs_error`;
    if (!existsSync(trigger)) return t.skip(`el núcleo no ofrece ${trigger}`);
    run('sh', ['-c', `echo 1 > ${trigger}`]);
    assert.match(run('findmnt', ['-n', '-o', 'OPTIONS', mnt]), /emergency_ro|(^|,)ro(,|$)/, 'the file system is read-only now');

    await withoutCrashes(async () => {
      const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(posId) });
      const body = await res.json();
      assert.equal(res.status, 503, JSON.stringify(body));
      // The kernel answers EROFS, which SQLite reports as SQLITE_IOERR_WRITE.
      assert.equal(body.error.code, 'STORAGE_IO_ERROR');
      assert.equal(
        body.error.detail,
        'El disco del equipo no permite escribir (solo lectura o dañado): la venta no se registró. Revise el disco, reinicie Kipu y vuelva a intentar.',
      );
      const list = await eng.api('/api/v1/invoices');
      assert.equal(list.status, 200, 'SQLite still reads a read-only file');
    });
    assert.deepEqual(onDisk(eng), { ...before, integrity: 'ok' }, 'no row, no number taken');

    // The repair: stop Kipu, check the file system, mount it again, start Kipu.
    await stop();
    stop = null;
    run('umount', [mnt]);
    try {
      run('e2fsck', ['-fy', image]);
    } catch {
      // Exit 1: errors corrected — the error this test provoked is recorded in the superblock.
    }
    run('mount', mountArgs);
    started = await engineOn(dataDir);
    eng = started.eng;
    stop = started.stop;
    assert.deepEqual(onDisk(eng), { ...before, integrity: 'ok' });
    const next = await issueInvoice(eng);
    assert.equal(next.invoiceNumber, first.invoiceNumber + 1, 'gapless after the repair');
  } finally {
    await stop?.();
    unmount(mnt);
    tmp.cleanup();
  }
});

test('a database SQLite opened read-only: the sale is a 503 STORAGE_READ_ONLY, and writable again the next number follows', async () => {
  // SQLITE_READONLY is what SQLite answers when it may not write the file (opened read-only, a
  // file mode it cannot get past); query_only gives the same code without needing root.
  const tmp = tempDir();
  const { eng, stop } = await engineOn(join(tmp.dir, 'kipu'));
  try {
    const first = await issueInvoice(eng);
    const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
    const before = onDisk(eng);
    const db = sqliteConnection(eng.store);
    db.pragma('query_only = ON');
    await withoutCrashes(async () => {
      const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(posId) });
      const body = await res.json();
      assert.equal(res.status, 503, JSON.stringify(body));
      assert.equal(body.error.code, 'STORAGE_READ_ONLY');
      assert.equal(
        body.error.detail,
        'La base de datos del equipo está en solo lectura: la venta no se registró. Revise el disco o los permisos de la carpeta de datos y vuelva a intentar.',
      );
      assert.equal((await eng.api('/api/v1/invoices')).status, 200);
    });
    db.pragma('query_only = OFF');
    assert.deepEqual(onDisk(eng), { ...before, integrity: 'ok' });
    assert.equal((await issueInvoice(eng)).invoiceNumber, first.invoiceNumber + 1);
  } finally {
    await stop();
    tmp.cleanup();
  }
});

test('SIAT validated a sale but the disk was full when its verdict was written: once space is freed it becomes VALIDATED without a restart (issue 32, item 4)', (t) =>
  onTmpfs(
    t,
    'kipu-disk-full-verdict-',
    async (eng, mnt) => {
      await issueInvoice(eng); // catalogs synced, a CUFD
      const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
      const sim = eng.simulator!.adminUrl;
      const admin = (path: string, body: unknown) => fetch(`${sim}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      // SIAT answers the sale slowly: the disk fills between the sale's commit and SIAT's verdict.
      assert.equal((await admin('/faults', { mode: 'latency', latencyMs: 1500, operations: ['recepcionFactura'] })).status, 200);
      const res = await eng.api('/api/v1/invoices', { method: 'POST', json: saleRequest(posId) });
      const sale = ((await res.json()) as { data: { id: string; cuf: string; state: string } }).data;
      assert.equal(res.status, 201);
      assert.equal(sale.state, 'PENDING');

      sqliteConnection(eng.store).pragma('wal_checkpoint(TRUNCATE)');
      const filler = join(mnt, 'relleno.bin');
      fillDisk(filler);
      await withoutCrashes(async () => {
        // SIAT answered and the engine tried to write the verdict: nothing is in flight any more.
        const until = Date.now() + 60_000;
        while (eng.invoicing.submissions.pending() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        assert.equal(eng.invoicing.submissions.pending(), 0, 'the submission settled (its write failed)');
      });
      const stored = sqliteConnection(eng.store).prepare('SELECT state FROM invoices WHERE id = ?').pluck().get(sale.id);
      assert.equal(stored, 'PENDING', 'the verdict could not be stored');
      rmSync(filler);
      await admin('/reset-faults', {});

      const until = Date.now() + 60_000;
      let state = 'PENDING';
      while (Date.now() < until) {
        state = ((await (await eng.api(`/api/v1/invoices/${sale.id}`)).json()) as { data: { state: string } }).data.state;
        if (state !== 'PENDING') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(state, 'VALIDATED');
      const received = (await (await fetch(`${sim}/received`)).json()) as { cuf: string }[];
      assert.equal(received.filter((d) => d.cuf === sale.cuf).length, 1, 'SIAT received it once: the sweep asked before sending');
      assert.deepEqual(await (await fetch(`${sim}/duplicates`)).json(), [], 'no number registered under two CUFs');
    },
    { sweepMs: 500 },
  ),
);
