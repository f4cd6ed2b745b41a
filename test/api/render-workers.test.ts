// Issue 25: an invoice's PDF and ticket are rendered on the engine's worker threads
// (main/workers/pool.ts, documents/render-worker.ts), so a long invoice's first download no longer
// holds the thread that answers every till: while two 500-line invoices render, a till's requests
// keep being answered, and the files are the invoices' own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice } from '../fixtures/issued-invoice';
import { pdfText } from '../unit/documents/pdf-tools';

let eng: TestEngine;
before(async () => {
  eng = await startTestEngine({ KIPU_PUBLIC_RATE_LIMIT: '100000' }, undefined, { scheduler: false });
});
after(async () => {
  await eng.stop();
});

const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ activityEconomic: '471110', codeProductSin: '99100', codeProduct: `P${i}`, description: `Producto de prueba número ${i} con una descripción larga`, quantity: 1, unitMeasure: 57, priceUnit: 2.5 }));

test('two 500-line invoices render on worker threads; a till is answered meanwhile; each file is its invoice’s', { timeout: 300_000 }, async () => {
  const a = await issueInvoice(eng, { details: lines(500) });
  const b = await issueInvoice(eng, { details: lines(500) });
  const before = eng.renderWorkers.completed;
  const order: string[] = [];
  const download = async (cuf: string, kind: 'pdf' | 'ticket') => {
    const res = await fetch(`${eng.url}/api/v1/public/invoice/${cuf}/${kind}`);
    assert.equal(res.status, 200);
    const body = Buffer.from(await res.arrayBuffer());
    order.push(`${kind} ${cuf.slice(0, 6)}`);
    return body;
  };
  const files = Promise.all([download(a.cuf, 'pdf'), download(b.cuf, 'pdf'), download(a.cuf, 'ticket'), download(b.cuf, 'ticket')]);
  // A till asks for its points of sale while the four files render.
  const till = (async () => {
    for (let i = 0; i < 5; i++) {
      const res = await eng.api('/api/v1/pos');
      assert.equal(res.status, 200);
      order.push('till');
    }
  })();
  const [pdfA, pdfB, ticketA] = await files;
  await till;
  assert.equal(eng.renderWorkers.completed - before, 4, 'the four files were rendered by worker threads');
  assert.ok(order.indexOf('till') < order.findLastIndex((e) => e !== 'till'), `the till was answered before the last file was done (${order.join(', ')})`);
  assert.match(await pdfText(pdfA!), new RegExp(String(a.invoiceNumber)));
  assert.match(await pdfText(pdfB!), new RegExp(String(b.invoiceNumber)));
  assert.equal(ticketA!.subarray(0, 5).toString(), '%PDF-');
});
