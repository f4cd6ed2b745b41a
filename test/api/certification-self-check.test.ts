// The SIN inspection's self-check (issue 29, Phase II, the 14 checklist items) and the manager's
// "Autorización SIN" routes, on one training engine: a default installation passes, each item with
// its evidence; a sale sent as "S/N" with document 0 (what an integration or a misconfigured till
// could send, and SIAT accepts up to Bs 3.000) makes item 1 fail, naming that invoice; go-live is
// refused for a training taxpayer, saying why.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';

let eng: TestEngine;
let posId: string;

const sale = (doc: { type: number; number: string; name: string }) => ({
  invoiceType: 'COMPUTERIZED_SALE',
  posId,
  clientDocumentType: doc.type,
  clientDocumentNumber: doc.number,
  clientBusinessName: doc.name,
  clientCode: doc.number,
  paymentMethodCode: 1,
  details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 2, unitMeasure: 57, priceUnit: 9.5 }],
});

interface Item {
  item: number;
  estado: string;
  titulo: string;
  evidencia: string[];
}
const selfCheck = async () => {
  const res = await eng.api('/api/v1/certification/self-check');
  assert.equal(res.status, 200);
  return (await res.json()).data as { aprobado: boolean; items: Item[] };
};

before(async () => {
  eng = await startTestEngine();
  posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
});
after(async () => {
  await eng.stop();
});

test('a default installation passes the 14 items, each with its evidence; an S/N sale with document 0 fails item 1 naming the invoice', async () => {
  const quick = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: sale({ type: 5, number: '99002', name: 'CONTROL TRIBUTARIO' }) });
  assert.equal(quick.status, 201);

  const first = await selfCheck();
  assert.deepEqual(first.items.map((i) => i.item), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  assert.equal(first.aprobado, true, JSON.stringify(first.items.filter((i) => i.estado === 'falla')));
  for (const i of first.items) assert.ok(i.evidencia.length > 0 && i.evidencia.every((e) => e.trim()), `item ${i.item} has its evidence`);
  const byItem = (r: { items: Item[] }, n: number) => r.items.find((i) => i.item === n)!;
  assert.equal(byItem(first, 1).estado, 'ok');
  // The evidence is Kipu's own rules on a sample, not a constant: the catalog's combination code, the masked card, day 9.
  assert.match(byItem(first, 3).evidencia[0]!, /Efectivo \+ tarjeta se envía con el código \d+ «.*TARJETA.*»/i);
  assert.match(byItem(first, 6).evidencia[0]!, /4111000000004444/);
  assert.match(byItem(first, 10).evidencia[0]!, /hasta el 09\/\d\d\/\d{4}/);
  assert.match(byItem(first, 12).evidencia.join(' '), /ENERG/);

  const sn = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: sale({ type: 1, number: '0', name: 'S/N' }) });
  const snBody = await sn.json();
  assert.equal(sn.status, 201, JSON.stringify(snBody));
  assert.equal(snBody.data.state, 'VALIDATED', 'SIAT accepts document 0 under Bs 3.000: only the inspection refuses it');

  const second = await selfCheck();
  assert.equal(second.aprobado, false);
  const failed = second.items.filter((i) => i.estado === 'falla');
  assert.deepEqual(failed.map((i) => i.item), [1], 'only nominativity fails');
  assert.match(failed[0]!.titulo, /Nominatividad/);
  assert.match(failed[0]!.evidencia[0]!, new RegExp(`factura N° ${snBody.data.invoiceNumber} .*documento «0»`));
});

test('go-live is refused for the training taxpayer, saying what is missing; the certification status starts empty', async () => {
  const res = await eng.api('/api/v1/certification/onboarding');
  assert.equal(res.status, 200);
  const { listo, checks } = (await res.json()).data as { listo: boolean; checks: { clave: string; ok: boolean; detalle: string }[] };
  assert.equal(listo, false);
  const ambiente = checks.find((c) => c.clave === 'ambiente')!;
  assert.equal(ambiente.ok, false);
  assert.match(ambiente.detalle, /entrenamiento/);
  assert.equal(checks.find((c) => c.clave === 'sistema')!.ok, true);
  assert.equal(checks.find((c) => c.clave === 'cufd')!.ok, true, 'the training till has its CUFD');

  const refused = await eng.api('/api/v1/certification/go-live', { method: 'POST', json: {} });
  assert.equal(refused.status, 422);
  const refusal = await refused.json();
  assert.match(refusal.error.detail ?? refusal.message ?? JSON.stringify(refusal), /No se puede iniciar la facturación en producción: falta Ambiente y URL de producción/);
  assert.equal(eng.store.settings.get(eng.store.tenants.byNit('7000123019')!.id, 'certification.goLive'), null, 'nothing recorded');

  const status = await eng.api('/api/v1/certification');
  assert.equal(status.status, 200);
  assert.equal((await status.json()).data.run, null);
  assert.equal((await eng.api('/api/v1/certification/report.pdf')).status, 404);
});
