// A sale whose document would fail SIAT's schema is refused before anything is stored (issue
// #13: the self-checks run before the sale completes). The engine runs on a resources folder
// whose compra-venta XSDs allow 8 characters per line description: a rule the API's own
// validation does not know, as a schema detail it missed would be.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startTestEngine, type TestEngine } from '../../fixtures/engine';
import { saleRequest } from '../../fixtures/issued-invoice';
import { tempDir } from '../../fixtures/tmp';
import { waitCompleted } from '../massive/helpers';

const resources = tempDir('kipu-resources-');
let eng: TestEngine;
let posId: string;

before(async () => {
  cpSync(resolve('resources'), resources.dir, { recursive: true });
  for (const f of ['facturaComputarizadaCompraVenta.xsd', 'facturaElectronicaCompraVenta.xsd']) {
    const path = join(resources.dir, 'siat', 'xsd', f);
    const xsd = readFileSync(path, 'utf8');
    const strict = xsd.replace(/(<xs:element name="descripcion">[\s\S]*?<xs:maxLength value=")500(")/, '$18$2');
    assert.notEqual(strict, xsd);
    writeFileSync(path, strict);
  }
  process.env.KIPU_RESOURCES_DIR = resources.dir;
  eng = await startTestEngine();
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
});

after(async () => {
  await eng?.stop();
  delete process.env.KIPU_RESOURCES_DIR;
  resources.cleanup();
});

async function sell(invoiceType: string, description: string) {
  const body = saleRequest(posId);
  body.invoiceType = invoiceType;
  body.details[0]!.description = description;
  const res = await eng.api('/api/v1/invoices', { method: 'POST', json: body });
  return { status: res.status, body: (await res.json()) as { detail?: string; error?: { code: string; fields?: { field: string; message: string }[] }; data?: { invoiceNumber: number } } };
}

test('computerized and electronic: refused with the XSD’s words, nothing stored, no number spent', async () => {
  for (const [type, expected] of [['COMPUTERIZED_SALE', 1], ['ELECTRONIC_SALE', 2]] as const) {
    const refused = await sell(type, 'Arroz de grano largo 1 kg');
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.error?.code, 'XSD_INVALID');
    assert.match(refused.body.detail!, /esquema XSD de SIAT: .*'descripcion'.*maximum length of '8'\. No se emitió ni se guardó nada\.$/);
    assert.equal(refused.body.error?.fields?.[0]?.field, 'documento');
    // The next sale that fits takes the number the refused one would have had.
    const ok = await sell(type, 'Arroz');
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.data!.invoiceNumber, expected);
  }
  const list = (await (await eng.api('/api/v1/invoices')).json()) as { data: { totalElements: number } };
  assert.equal(list.data.totalElements, 2);
});

test('a massive batch: the item whose document fails the XSD is refused with libxml2’s words; the others are issued without a gap', async () => {
  const item = (description: string) => {
    const { posId: _pos, ...rest } = saleRequest(posId);
    return { ...rest, details: [{ ...rest.details[0]!, description }] };
  };
  const res = await eng.api('/api/v1/invoices/batch', { method: 'POST', json: { posId, items: [item('Azúcar'), item('Azúcar morena 5 kg'), item('Sal')] } });
  const accepted = (await res.json()) as { data: { batchId: string; accepted: number } };
  assert.equal(res.status, 202, JSON.stringify(accepted));
  assert.equal(accepted.data.accepted, 3, 'the API’s validation lets all three through');
  const done = await waitCompleted(eng.api, accepted.data.batchId);
  assert.deepEqual(done.counts, { VALIDATED: 2, REFUSED: 1 });
  assert.deepEqual(done.invoices.map((i: { state: string }) => i.state), ['VALIDATED', 'REFUSED', 'VALIDATED']);
  assert.match(JSON.stringify(done.invoices[1].problems), /descripcion.*maximum length of '8'/);
  const numbers = await Promise.all(
    [0, 2].map(async (i) => ((await (await eng.api(`/api/v1/invoices/${done.invoices[i].invoiceId}`)).json()) as { data: { invoiceNumber: number } }).data.invoiceNumber),
  );
  assert.equal(numbers[1], numbers[0]! + 1, 'the refused item took no number');
});
