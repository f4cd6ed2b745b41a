// Issue #12: sector invoices go offline and into packages like compra-venta. A package holds one
// sector (and modality), the event lifecycle is unchanged, and a kill -9 mid-flush resumes for
// every sector alike: all VALIDATED, each registered once, numbers gapless per sector.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSiatSimulator } from '../../../main/siat-sim/simulator';
import { tempDir } from '../../fixtures/tmp';
import { engineApi, kill9, peeker, spawnEngine } from '../../fixtures/engine-process';
import { sqliteConnection } from '../../../main/store/store';
import { packPackage } from '../../../main/invoicing/archive';
import { adminCall, assertRegisteredOnce, openTill, saleBody, waitFor } from './helpers';

/** A sale of one of three sectors besides compra-venta, by `i`. */
function sectorSale(posId: string, i: number): Record<string, unknown> {
  const base = saleBody(posId, i);
  const line = base.details[0]!;
  switch (i % 4) {
    case 0:
      return { ...base, invoiceType: 'COMPUTERIZED_SECTOR_EDUCATION', nameStudent: `Estudiante ${i}`, billedPeriod: 'NOVIEMBRE 2026' };
    case 1:
      return { ...base, invoiceType: 'COMPUTERIZED_HOSPITAL', serviceMode: 'AMBULATORIO', details: [{ ...line, nameLastNameDoctor: 'Dra. Rosa Flores', nitDocumentDoctor: 4455667, nroOperatingRoom: 3 }] };
    case 2:
      return { ...base, invoiceType: 'COMPUTERIZED_TELECOM', nitSet: 1020304022 };
    default:
      return base; // compra-venta
  }
}

/** Numbers 1..n with no gap per sector of a point of sale. */
function assertGaplessPerSector(db: Database.Database, posId: string): void {
  const rows = db.prepare('SELECT sector, number FROM invoices WHERE pos_id = ? ORDER BY sector, number').all(posId) as { sector: number; number: number }[];
  const bySector = new Map<number, number[]>();
  for (const r of rows) bySector.set(r.sector, [...(bySector.get(r.sector) ?? []), r.number]);
  for (const [sector, nums] of bySector) nums.forEach((n, i) => assert.equal(n, i + 1, `sector ${sector}: position ${i} holds ${n}`));
}

const statesBySector = (db: Database.Database, posId: string) =>
  Object.fromEntries((db.prepare('SELECT sector, state, COUNT(*) n FROM invoices WHERE pos_id = ? GROUP BY sector, state').all(posId) as { sector: number; state: string; n: number }[]).map((r) => [`${r.sector}:${r.state}`, r.n]));

test('an outage with four sectors: offline sales of each, one package per sector on reconnect, all validated once', { timeout: 300_000 }, async () => {
  const till = await openTill();
  const { eng, posId } = till;
  try {
    eng.simulator!.state.packageValidationDelayMs = 50;
    const packed = eng.packWorkers.completed;
    await till.admin('/admin/faults', { mode: 'refuse' });
    for (let i = 0; i < 80; i++) {
      const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: sectorSale(posId, i) });
      const body = (await res.json()) as any;
      assert.equal(res.status, 201, JSON.stringify(body));
      assert.equal(body.data.state, 'CONTINGENCY');
    }
    const active = (await (await eng.api(`/api/v1/events/active/${posId}`)).json()).data;
    await till.admin('/admin/reset-faults');
    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, active.id)?.state === 'CLOSED', 60_000);
    const db = sqliteConnection(eng.store);
    assert.deepEqual(statesBySector(db, posId), { '1:VALIDATED': 20, '11:VALIDATED': 20, '17:VALIDATED': 20, '22:VALIDATED': 20 });
    const packages = db.prepare(`SELECT p.invoice_count n, p.state, (SELECT DISTINCT i.sector FROM invoices i WHERE i.package_id = p.id) sector FROM contingency_packages p ORDER BY sector`).all();
    assert.deepEqual(packages, [
      { n: 20, state: 'VALIDATED', sector: 1 },
      { n: 20, state: 'VALIDATED', sector: 11 },
      { n: 20, state: 'VALIDATED', sector: 17 },
      { n: 20, state: 'VALIDATED', sector: 22 },
    ]);
    // Packed on the pack worker (issue 25, decision 0078), byte for byte what the inline packer
    // makes of the same invoices (the tar.gz SIAT validated above and its hashArchivo).
    assert.equal(eng.packWorkers.completed - packed, 4, 'the four packages were tarred, gzipped and hashed on the pack worker');
    for (const p of eng.contingencyEvents.packages(active.id)) {
      const files = p.invoiceIds.map((id) => db.prepare('SELECT number, xml FROM invoices WHERE id = ?').get(id) as { number: number; xml: string }).map((r) => ({ name: `${r.number}.xml`, xml: r.xml }));
      const inline = packPackage(files);
      assert.ok(p.archive.equals(inline.tarGz), `package ${p.seq}: the stored tar.gz is the inline packer's`);
      assert.equal(p.hash, inline.hashArchivo);
    }
    // Each package went to its sector's service (telecom to ServicioFacturacionTelecomunicaciones).
    const received = (await till.admin('/admin/received')) as { cuf: string; timesRegistered: number }[];
    assert.equal(received.length, 80);
    await assertRegisteredOnce(till, db, posId, { receivedOnce: true });
    assertGaplessPerSector(db, posId);
  } finally {
    await eng.stop();
  }
});


test('kill -9 mid-sending with four sectors in the event: the flush resumes, nothing lost or doubled', { timeout: 300_000 }, async () => {
  const tmp = tempDir();
  const sim = await startSiatSimulator({ port: 0, dataDir: join(tmp.dir, 'sim'), packageValidationDelayMs: 300 });
  const admin = (path: string, body?: unknown) => adminCall(sim.adminUrl, path, body);
  const dataDir = join(tmp.dir, 'engine');
  let child = await spawnEngine(dataDir, sim.url);
  const api = engineApi(() => child);

  const dbPath = join(dataDir, 'kipu.sqlite');
  const peek = peeker(dataDir);

  try {
    const pos = (await api('/api/v1/pos'))[0];
    await api('/api/v1/siat/sync/all', { posId: pos.id });
    await api('/api/v1/codes/cufd', { posId: pos.id });
    const ev = await api('/api/v1/events/start', { posId: pos.id, branchId: pos.branchId, codigoMotivo: 2, descripcion: 'SIAT inaccesible' });
    for (let i = 0; i < 200; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => api('/api/v1/invoices?wait=true', sectorSale(pos.id, i + k))));
    // Each package takes 700 ms to be received: the engine dies with some SENT and some BUILT.
    await admin('/admin/faults', { mode: 'latency', latencyMs: 700, operations: ['recepcionPaqueteFactura'] });
    await api('/api/v1/events/end', { posId: pos.id, branchId: pos.branchId, eventoId: ev.id });
    await waitFor('one package sent', () => peek<{ n: number }>(`SELECT COUNT(*) n FROM contingency_packages WHERE state = 'SENT'`).n >= 1, 30_000, 10);
    await kill9(child);
    assert.ok(peek<{ n: number }>(`SELECT COUNT(*) n FROM contingency_packages WHERE state = 'BUILT'`).n >= 1, 'killed mid-sending');
    await admin('/admin/reset-faults');

    child = await spawnEngine(dataDir, sim.url);
    await waitFor('the event to close', () => peek<{ state: string }>('SELECT state FROM contingency_events WHERE id = ?', ev.id).state === 'CLOSED', 60_000, 50);
    await kill9(child);
    const db = new Database(dbPath);
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      assert.deepEqual(statesBySector(db, pos.id), { '1:VALIDATED': 50, '11:VALIDATED': 50, '17:VALIDATED': 50, '22:VALIDATED': 50 });
      assertGaplessPerSector(db, pos.id);
      await assertRegisteredOnce({ admin }, db, pos.id);
    } finally {
      db.close();
    }
  } finally {
    await kill9(child);
    await sim.close();
    tmp.cleanup();
  }
});
