// Massive emission end to end (issue #12): POST /api/v1/invoices/batch on a real engine with the
// embedded SIAT simulator — local verdicts per item, codigoEmision 3, packages of ≤ 1,000 by
// recepcionMasivaFactura, polling, each invoice VALIDATED or REJECTED with SIAT's code.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openTill, stateCounts, type Till } from '../contingency/helpers';
import { sqliteConnection } from '../../../main/store/store';
import { decodeCuf } from '../../../main/invoicing/cuf';
import type { KipuEvent } from '../../../main/events/event-map';
import { airlineItem, educationItem, submitBatch, waitCompleted } from './helpers';

let till: Till;
const events: KipuEvent[] = [];

before(async () => {
  till = await openTill({}, { massive: { poll: { initialMs: 50, maxMs: 300 }, retry: { initialMs: 100, maxMs: 500 } } });
  till.eng.bus.subscribe((e) => {
    if (e.type.startsWith('batch.')) events.push(e);
  });
});
after(async () => {
  await till.eng.stop();
});

const db = () => sqliteConnection(till.eng.store);

test('a batch of mixed items: each bad item gets its own problems, the good ones are issued with codigoEmision 3 and VALIDATED', async () => {
  const { eng, posId } = till;
  const items = [
    educationItem(1),
    { ...educationItem(2), nameStudent: undefined }, // the sector's required field missing → 422-style
    { ...educationItem(3), details: [{ ...educationItem(3).details[0], quantity: 'dos' }] }, // schema: wrong type
    educationItem(4),
    { ...educationItem(5), posId }, // posId is the batch's
    { ...educationItem(6), invoiceType: 'NOTE_CREDIT_DEBIT' }, // notes are not received massively
    { ...educationItem(7), invoiceType: 'NO_EXISTE' },
  ];
  const data = await submitBatch(eng.api, posId, items);
  assert.equal(data.items, 7);
  assert.equal(data.accepted, 2);
  assert.equal(data.refused, 5);
  const v = data.verdicts;
  assert.deepEqual(v.map((x: any) => x.accepted), [true, false, false, true, false, false, false]);
  assert.match(v[0].invoiceId, /^[0-9a-f-]{36}$/);
  assert.ok(v[1].problems.some((p: any) => p.field === 'items[1].nameStudent'), JSON.stringify(v[1].problems));
  assert.ok(v[2].problems.some((p: any) => p.field === 'items[2].details[0].quantity'), JSON.stringify(v[2].problems));
  assert.deepEqual(v[4].problems.map((p: any) => p.field), ['items[4].posId']);
  assert.deepEqual(v[5].problems.map((p: any) => p.rule), ['NOT_MASSIVE']);
  assert.deepEqual(v[6].problems.map((p: any) => p.field), ['items[6].invoiceType']);

  const done = await waitCompleted(eng.api, data.batchId);
  assert.deepEqual(done.counts, { VALIDATED: 2, REFUSED: 5 });
  assert.deepEqual(done.packages, { total: 1, sent: 1, settled: 1 });
  assert.deepEqual(done.invoices.map((i: any) => i.state), ['VALIDATED', 'REFUSED', 'REFUSED', 'VALIDATED', 'REFUSED', 'REFUSED', 'REFUSED']);

  const inv = await (await eng.api(`/api/v1/invoices/${v[0].invoiceId}`)).json();
  assert.equal(inv.data.state, 'VALIDATED');
  assert.equal(inv.data.invoiceType, 'COMPUTERIZED_SECTOR_EDUCATION');
  assert.equal(inv.data.emissionType, 'MASSIVE');
  const row = db().prepare('SELECT codigo_emision, cuf, cufd, xml FROM invoices WHERE id = ?').get(v[0].invoiceId) as { codigo_emision: number; cuf: string; cufd: string; xml: string };
  assert.equal(row.codigo_emision, 3);
  const control = db().prepare('SELECT codigo_control FROM cufds WHERE codigo = ?').pluck().get(row.cufd) as string;
  assert.equal(decodeCuf(row.cuf, control)?.tipoEmision, 3, 'CUF tipo emisión 3 (CONTRACT §4)');
  assert.match(row.xml, /<nombreEstudiante>ESTUDIANTE 1<\/nombreEstudiante>/);

  const mine = events.filter((e) => e.data.batchId === data.batchId);
  assert.ok(mine.some((e) => e.type === 'batch.progress'), 'batch.progress published');
  const completed = mine.find((e) => e.type === 'batch.completed');
  assert.ok(completed, 'batch.completed published');
  assert.equal(completed.data.validated, 2);
  assert.equal(completed.data.refused, 5);
});

test('boleto aéreo (sector 30) goes only by massive reception: one by one is refused, a batch ends VALIDATED on ServicioFacturacionBoletoAereo', async () => {
  const { eng, posId } = till;
  const single = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: { ...airlineItem(0), posId } });
  assert.equal(single.status, 422);
  // Where it goes instead, in a person's words (no route path: decision 0087).
  assert.match(JSON.stringify(await single.json()), /solo en lotes \(emisión masiva\)/);

  const data = await submitBatch(eng.api, posId, [airlineItem(1), airlineItem(2), airlineItem(3)]);
  assert.equal(data.accepted, 3, JSON.stringify(data.verdicts));
  const done = await waitCompleted(eng.api, data.batchId);
  assert.deepEqual(done.counts, { VALIDATED: 3 });
  const xml = db().prepare('SELECT xml FROM invoices WHERE id = ?').pluck().get(data.verdicts[0].invoiceId) as string;
  assert.match(xml, /<facturaElectronicaBoletoAereo[ >]/);
  assert.doesNotMatch(xml, /<detalle>/, 'sector 30 has no detalle');
  assert.match(xml, /<nombrePasajero>PASAJERO 1<\/nombrePasajero>/);
  assert.match(xml, /<ds:Signature|<Signature/, 'electronic modality: signed');
  const state = await till.admin('/admin/state');
  const codigo = db().prepare('SELECT codigo_recepcion FROM invoice_batch_packages WHERE batch_id = ?').pluck().get(data.batchId);
  const pkg = (state.packages as any[]).find((p) => p.codigo_recepcion === codigo);
  assert.equal(pkg?.service, 'ServicioFacturacionBoletoAereo');
  assert.equal(pkg.kind, 'masiva');
  assert.equal(pkg.cantidad, 3);
});

test('2,500 school fees → 3 packages of ≤ 1,000 → every invoice VALIDATED, numbers without gaps', { timeout: 300_000 }, async () => {
  const { eng, posId } = till;
  const before = (db().prepare('SELECT COALESCE(MAX(number), 0) FROM invoices WHERE pos_id = ? AND sector = 11').pluck().get(posId) as number);
  const data = await submitBatch(eng.api, posId, Array.from({ length: 2500 }, (_, i) => educationItem(100 + i)));
  assert.equal(data.accepted, 2500);
  const done = await waitCompleted(eng.api, data.batchId, 150_000);
  assert.deepEqual(done.counts, { VALIDATED: 2500 });
  const packages = db().prepare('SELECT invoice_count n, state, sector FROM invoice_batch_packages WHERE batch_id = ? ORDER BY seq').all(data.batchId);
  assert.deepEqual(packages, [
    { n: 1000, state: 'VALIDATED', sector: 11 },
    { n: 1000, state: 'VALIDATED', sector: 11 },
    { n: 500, state: 'VALIDATED', sector: 11 },
  ]);
  const numbers = db().prepare('SELECT number FROM invoices WHERE id IN (SELECT invoice_id FROM invoice_batch_items WHERE batch_id = ?) ORDER BY number').pluck().all(data.batchId) as number[];
  assert.deepEqual(numbers, Array.from({ length: 2500 }, (_, i) => before + 1 + i));
});

test('an item SIAT rejects inside a package ends REJECTED with SIAT\'s code; the others VALIDATED', async () => {
  const { eng, posId } = till;
  await till.admin('/admin/reject-files', { numeroArchivo: [1], codigo: 1013 });
  const data = await submitBatch(eng.api, posId, [educationItem(9001), educationItem(9002), educationItem(9003)]);
  const done = await waitCompleted(eng.api, data.batchId);
  assert.deepEqual(done.counts, { VALIDATED: 2, REJECTED: 1 });
  const rejected = await (await eng.api(`/api/v1/invoices/${data.verdicts[1].invoiceId}`)).json();
  assert.equal(rejected.data.state, 'REJECTED');
  assert.deepEqual(rejected.data.siatMessages.map((m: any) => m.codigo), [1013]);
  assert.equal(rejected.data.siatMessages[0].descripcion, 'EL CALCULO DEL MONTO TOTAL ES ERRONEO');
  const pkg = db().prepare('SELECT state, siat_code FROM invoice_batch_packages WHERE batch_id = ?').get(data.batchId);
  assert.deepEqual(pkg, { state: 'OBSERVED', siat_code: 904 });
});

test('a NIT not registered for massive issuance: SIAT answers 955 and every invoice of the package ends REJECTED with it', async () => {
  const { eng, posId } = till;
  await till.admin('/admin/massive', { enabled: false });
  try {
    const data = await submitBatch(eng.api, posId, [educationItem(9101), educationItem(9102)]);
    const done = await waitCompleted(eng.api, data.batchId);
    assert.deepEqual(done.counts, { REJECTED: 2 });
    const inv = await (await eng.api(`/api/v1/invoices/${data.verdicts[0].invoiceId}`)).json();
    assert.deepEqual(inv.data.siatMessages.map((m: any) => m.codigo), [955]);
  } finally {
    await till.admin('/admin/massive', { enabled: true });
  }
  assert.deepEqual(stateCounts(db(), posId).PENDING ?? 0, 0, 'nothing left PENDING');
});
