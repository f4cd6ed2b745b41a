// Manual invoices under CAFC (issue 17; CONTRACT §5.3, §5.4) through the simulator: the
// transcribed booklet becomes an event of motive 5–7 registered with SIAT and one package with
// `cafc`; SIAT's 1045 (CAFC), 1046 (date) and 1047 (number) land on the invoices verbatim; past
// 72 h after the event the transcription is refused with a clear 422 before anything is stored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockedTill, waitFor } from './helpers';
import { toBoliviaIso } from '../../../shared/time';
import { TRAINING_CAFC } from '../../../main/siat-sim/training-taxpayer';
import { sqliteConnection } from '../../../main/store/store';

const MIN = 60_000;
const HOUR = 60 * MIN;


const manual = (invoiceNumber: number, emissionDate: string, priceUnit = 12.5) => ({
  invoiceNumber,
  emissionDate,
  clientDocumentType: 1,
  clientDocumentNumber: '4455667',
  clientBusinessName: 'CLIENTE DEL TALONARIO',
  clientCode: `M${invoiceNumber}`,
  paymentMethodCode: 1,
  details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Producto escrito a mano', quantity: 2, unitMeasure: 57, priceUnit }],
});

test('a CAFC booklet is transcribed, its event registered and its package validated; booklet numbers do not touch the till’s', { timeout: 300_000 }, async () => {
  const { till, shift } = await clockedTill();
  const { eng, posId } = till;
  try {
    const [online] = await till.sell(1);
    assert.equal(online.invoiceNumber, 1);
    const t0 = eng.codes.siatNow(till.tenantId).getTime();
    const at = (ms: number) => toBoliviaIso(new Date(t0 + ms)).slice(0, 16);
    await shift(2 * HOUR);

    const res = await eng.api('/api/v1/contingency/cafc', {
      method: 'POST',
      json: {
        posId,
        cafc: TRAINING_CAFC.codigo,
        eventMotive: 5,
        eventStart: at(10 * MIN),
        eventEnd: at(60 * MIN),
        invoices: [manual(1, at(15 * MIN)), manual(2, at(20 * MIN), 30), manual(3, `${at(40 * MIN)}:30`)],
      },
    });
    const body = await res.json();
    assert.equal(res.status, 202, JSON.stringify(body));
    assert.equal(body.data.cafc, TRAINING_CAFC.codigo);
    assert.equal(body.data.eventMotive, 5);
    assert.equal(body.data.invoices.length, 3);

    const done = await waitFor('CAFC event closed', async () => {
      const e = (await (await eng.api(`/api/v1/contingency/cafc/${body.data.eventId}`)).json()).data;
      return e.state === 'CLOSED' ? e : null;
    });
    assert.ok(done.siatEventCode > 0, 'registered with SIAT');
    assert.deepEqual(done.invoices.map((i: any) => [i.invoiceNumber, i.state]), [[1, 'VALIDATED'], [2, 'VALIDATED'], [3, 'VALIDATED']]);

    // SIAT got an event of motive 5 and one package carrying the CAFC.
    const sim = eng.simulator!.state;
    const ev = sim.reception.event(done.siatEventCode)!;
    assert.equal(ev.codigo_motivo, 5);
    const pkgs = sim.db.prepare(`SELECT cafc, emision, cantidad FROM packages WHERE codigo_evento = ?`).all(done.siatEventCode);
    assert.deepEqual(pkgs, [{ cafc: TRAINING_CAFC.codigo, emision: 2, cantidad: 3 }]);
    const stored = eng.invoices.byId(till.tenantId, done.invoices[2].id)!;
    assert.equal(stored.cafc, TRAINING_CAFC.codigo);
    assert.equal(stored.fechaEmision.slice(0, 19), `${at(40 * MIN)}:30`);
    assert.match(stored.xml, new RegExp(`<cafc>${TRAINING_CAFC.codigo}</cafc>`));
    assert.equal(stored.cufd, eng.invoices.byId(till.tenantId, online.id)!.cufd, 'the CUFD in force when the event began');

    // The till's own numbering goes on (N° 2), beside the booklet's N° 1–3.
    const [next] = await till.sell(1);
    assert.equal(next.invoiceNumber, 2);

    // A booklet number transcribed twice is refused.
    const again = await eng.api('/api/v1/contingency/cafc', {
      method: 'POST',
      json: { posId, cafc: TRAINING_CAFC.codigo, eventMotive: 6, eventStart: at(70 * MIN), eventEnd: at(80 * MIN), invoices: [manual(2, at(75 * MIN))] },
    });
    const ab = await again.json();
    assert.equal(again.status, 422);
    assert.equal(ab.error.fields[0].field, 'invoices[0].invoiceNumber');
    assert.equal(ab.error.fields[0].rule, 'ALREADY_TRANSCRIBED');
  } finally {
    await eng.stop();
  }
});

test('SIAT checks the booklet: 1045 unknown CAFC, 1046 date outside the booklet, 1047 number outside its range', { timeout: 300_000 }, async () => {
  const { till, shift } = await clockedTill();
  const { eng, posId } = till;
  try {
    const t0 = eng.codes.siatNow(till.tenantId).getTime();
    const at = (ms: number) => toBoliviaIso(new Date(t0 + ms)).slice(0, 16);
    const yesterday = toBoliviaIso(new Date(t0 - 24 * HOUR)).slice(0, 10);
    await till.admin('/admin/cafc', { codigo: 'OLDBOOK000001', desde: 1, hasta: 100, fechaDesde: '2024-01-01', fechaHasta: yesterday });
    await shift(3 * HOUR);
    const send = async (cafc: string, from: number, invoices: unknown[]) => {
      const res = await eng.api('/api/v1/contingency/cafc', {
        method: 'POST',
        json: { posId, cafc, eventMotive: 7, eventStart: at(from), eventEnd: at(from + 20 * MIN), invoices },
      });
      const body = await res.json();
      assert.equal(res.status, 202, JSON.stringify(body));
      return body.data.eventId as string;
    };
    const unknown = await send('ZZZZ9999ZZZZ9', 10 * MIN, [manual(1, at(15 * MIN))]);
    const old = await send('OLDBOOK000001', 40 * MIN, [manual(1, at(45 * MIN))]);
    const range = await send(TRAINING_CAFC.codigo, 70 * MIN, [manual(TRAINING_CAFC.hasta + 1, at(75 * MIN)), manual(7, at(76 * MIN))]);

    const verdict = async (id: string) =>
      waitFor(`event ${id} closed`, async () => {
        const e = (await (await eng.api(`/api/v1/contingency/cafc/${id}`)).json()).data;
        return e.state === 'CLOSED' ? e.invoices.map((i: any) => [i.invoiceNumber, i.state, i.siatMessages.map((m: any) => m.codigo)]) : null;
      });
    assert.deepEqual(await verdict(unknown), [[1, 'REJECTED', [1045]]]);
    assert.deepEqual(await verdict(old), [[1, 'REJECTED', [1046]]]);
    assert.deepEqual(await verdict(range), [
      [7, 'VALIDATED', []],
      [TRAINING_CAFC.hasta + 1, 'REJECTED', [1047]],
    ]);
    const list = (await (await eng.api(`/api/v1/contingency/cafc?posId=${posId}`)).json()).data;
    assert.equal(list.length, 3);
  } finally {
    await eng.stop();
  }
});

test('72 hours after the event the transcription is a 422 that says so, and nothing is stored', { timeout: 300_000 }, async () => {
  const { till, shift } = await clockedTill();
  const { eng, posId } = till;
  try {
    const t0 = eng.codes.siatNow(till.tenantId).getTime();
    const at = (ms: number) => toBoliviaIso(new Date(t0 + ms)).slice(0, 16);
    const body = (invoices: unknown[]) => ({ posId, cafc: TRAINING_CAFC.codigo, eventMotive: 5, eventStart: at(10 * MIN), eventEnd: at(60 * MIN), invoices });
    await shift(60 * MIN + 72 * HOUR + 5 * MIN);
    const before = sqliteConnection(eng.store).prepare('SELECT COUNT(*) FROM invoices').pluck().get();
    const res = await eng.api('/api/v1/contingency/cafc', { method: 'POST', json: body([manual(1, at(15 * MIN))]) });
    const b = await res.json();
    assert.equal(res.status, 422);
    assert.equal(b.error.code, 'CAFC_TERM_OVER');
    assert.match(b.error.detail, /72 horas después del fin del evento/);
    assert.equal(b.error.fields[0].field, 'eventEnd');
    assert.equal(sqliteConnection(eng.store).prepare('SELECT COUNT(*) FROM invoices').pluck().get(), before);
    assert.equal(eng.contingencyEvents.cafcEvents(till.tenantId, posId).length, 0);
  } finally {
    await eng.stop();
  }
});

test('an invoice dated outside its event, or a motive other than 5–7, is refused naming the field', { timeout: 300_000 }, async () => {
  const { till, shift } = await clockedTill();
  const { eng, posId } = till;
  try {
    const t0 = eng.codes.siatNow(till.tenantId).getTime();
    const at = (ms: number) => toBoliviaIso(new Date(t0 + ms)).slice(0, 16);
    await shift(2 * HOUR);
    const base = { posId, cafc: TRAINING_CAFC.codigo, eventMotive: 5, eventStart: at(10 * MIN), eventEnd: at(60 * MIN) };
    const outside = await eng.api('/api/v1/contingency/cafc', { method: 'POST', json: { ...base, invoices: [manual(1, at(61 * MIN))] } });
    const ob = await outside.json();
    assert.equal(outside.status, 422);
    assert.deepEqual([ob.error.fields[0].field, ob.error.fields[0].rule], ['invoices[0].emissionDate', 'SIAT_1040']);
    const motive = await eng.api('/api/v1/contingency/cafc', { method: 'POST', json: { ...base, eventMotive: 2, invoices: [manual(1, at(15 * MIN))] } });
    assert.equal(motive.status, 422, 'a range rule of the body (README: Limits)');
    assert.match(JSON.stringify((await motive.json()).error), /eventMotive/);
  } finally {
    await eng.stop();
  }
});
