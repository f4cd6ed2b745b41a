// Issue #19, finding 10: the data directory holds invoices, customers' data, logs and the SIAT
// token, so only its owner may read it — 0700 folders and 0600 files on POSIX, whatever the umask,
// for a new installation and for one an older version left world-readable.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestEngine, type TestEngine } from '../../fixtures/engine';
import { tempDir } from '../../fixtures/tmp';
import { makePng } from '../../fixtures/issued-invoice';
import { createLogger } from '../../../main/engine/logger';
import { SCOPES } from '../../../shared/api-scopes';

const posix = process.platform !== 'win32';

before(() => {
  // What most systems use: without the fix, new files come out 0644 and folders 0755.
  process.umask(0o022);
});

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every folder and file under `dir` with its mode: "0700 logs/", "0600 logs/kipu.log" ("./" is `dir`). */
function modesUnder(dir: string, rel = ''): string[] {
  const out = [`${mode(dir).toString(8).padStart(4, '0')} ${rel || '.'}/`];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const r = rel ? `${rel}/${name}` : name;
    if (statSync(path).isDirectory()) out.push(...modesUnder(path, r));
    else out.push(`${mode(path).toString(8).padStart(4, '0')} ${r}`);
  }
  return out;
}

/** Folders 0700, files 0600. */
const ownerOnly = (line: string) => line.startsWith(line.endsWith('/') ? '0700 ' : '0600 ');

/** An engine on `dataDir` that logs to <dataDir>/logs, as `npm run serve` does. */
async function engineWithFileLog(dataDir: string) {
  const log = createLogger({ level: 'info', dataDir, stdout: false });
  const eng = await startTestEngine({}, dataDir, { logger: log.logger, scheduler: false });
  return {
    eng,
    stop: async () => {
      await eng.stop();
      await log.close();
    },
  };
}

/** A write through the API (WAL), a logo (objects/) and a logged request. */
async function useIt(eng: TestEngine) {
  const tenantId = eng.store.apiKeys.authenticate(eng.demoApiKey!)!.tenantId;
  const admin = eng.store.apiKeys.create(tenantId, 'administración', SCOPES).key;
  const product = await eng.api('/api/v1/products', {
    key: admin,
    method: 'POST',
    json: { code: 'MODO-1', description: 'Leche entera 1 L', priceUnit: 7.5, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' },
  });
  assert.equal(product.status, 201);
  const logo = await eng.api(`/api/v1/storage/brand/logo?companyId=${tenantId}`, {
    key: admin,
    method: 'POST',
    headers: { 'content-type': 'image/png' },
    body: new Uint8Array(makePng(220, 220)),
  });
  assert.equal(logo.status, 200, await logo.clone().text());
}

test('a new installation: data folder, database, WAL, logs, objects and the simulator are owner-only under umask 022', { skip: !posix }, async () => {
  const tmp = tempDir();
  // Not created beforehand: the engine creates it (mkdtemp would already give 0700).
  const dataDir = join(tmp.dir, 'kipu-datos');
  try {
    const { eng, stop } = await engineWithFileLog(dataDir);
    await useIt(eng);
    // While the engine runs: the WAL and shared-memory files exist only then.
    assert.ok(existsSync(join(dataDir, 'kipu.sqlite-wal')), 'the WAL is there to check');
    const running = modesUnder(dataDir);
    await stop();
    const stopped = modesUnder(dataDir);
    for (const line of [...running, ...stopped]) assert.ok(ownerOnly(line), line);
    for (const must of ['0700 ./', '0600 kipu.sqlite', '0600 kipu.sqlite-wal', '0600 kipu.sqlite-shm', '0700 logs/', '0700 objects/', '0700 siat-sim/', '0600 siat-sim/siat-sim.sqlite']) {
      assert.ok(running.includes(must), `${must} in\n${running.join('\n')}`);
    }
    assert.ok(stopped.includes('0600 logs/kipu.log'), `the log file in\n${stopped.join('\n')}`);
    assert.ok(stopped.some((l) => /^0600 objects\/brand\/.+\.png$/.test(l)), `the logo in\n${stopped.join('\n')}`);
  } finally {
    tmp.cleanup();
  }
});

test('an installation an older version left world-readable is made owner-only at start-up; other files are left alone', { skip: !posix }, async () => {
  const tmp = tempDir();
  const dataDir = join(tmp.dir, 'kipu-datos');
  try {
    const first = await engineWithFileLog(dataDir);
    await useIt(first.eng);
    await first.stop();
    // What an older version left: everything 0755/0644, a migration backup, a plain secret file,
    // and a file of the user's own that Kipu must not touch.
    writeFileSync(join(dataDir, 'kipu.sqlite.v9-2026-01-01T00-00-00-000Z.bak'), 'copia');
    writeFileSync(join(dataDir, 'secrets.json'), '{"v":1,"enc":"none","data":"{}"}');
    writeFileSync(join(dataDir, 'notas-del-usuario.txt'), 'mías');
    (function loosen(dir: string) {
      chmodSync(dir, 0o755);
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) loosen(path);
        else chmodSync(path, 0o644);
      }
    })(dataDir);

    const again = await engineWithFileLog(dataDir);
    const running = modesUnder(dataDir);
    await again.stop();
    for (const line of running) {
      if (line.endsWith(' notas-del-usuario.txt')) assert.equal(line, '0644 notas-del-usuario.txt', 'not Kipu’s file: untouched');
      else assert.ok(ownerOnly(line), line);
    }
    for (const must of ['0600 kipu.sqlite.v9-2026-01-01T00-00-00-000Z.bak', '0600 secrets.json', '0600 logs/kipu.log', '0600 siat-sim/siat-sim.sqlite']) {
      assert.ok(running.includes(must), `${must} in\n${running.join('\n')}`);
    }
    assert.ok(running.some((l) => /^0600 objects\/brand\/.+\.png$/.test(l)), `the logo in\n${running.join('\n')}`);
  } finally {
    tmp.cleanup();
  }
});
