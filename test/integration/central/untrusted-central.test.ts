// Issue 26, finding 1 (the till's side): whatever a Central answers, the till never moves its
// cursor past the facts it sent and Central acknowledged. A Central on loopback that claims a far
// cursor (200 or 409) cannot make the till skip its outbox. No PostgreSQL: the other side is a
// plain HTTP server of the test standing in for a hostile or broken Central.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTill, waitFor } from '../contingency/helpers';
import { FAST_CENTRAL } from './helpers';
import { TRAINING_TAXPAYER } from '../../../main/siat-sim/training-taxpayer';

const TILL_ID = '11111111-2222-4333-8444-555555555555';
const FAR = 9007199254740000;

test('a Central that answers a far cursor (200 or 409) never makes the till skip its facts', { timeout: 90_000 }, async () => {
  let mode: '200' | '409' = '200';
  const pushes: { after: number; upTo: number; items: unknown[] }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/central/v1/till')) return res.end(JSON.stringify({ tillId: TILL_ID, name: 'Caja', nit: String(TRAINING_TAXPAYER.nit), branchCode: 0 }));
      if (req.url?.startsWith('/central/v1/catalog')) return res.end(JSON.stringify({ version: 0, allowLocalPrices: true, products: [], more: false }));
      if (req.url?.startsWith('/central/v1/push')) {
        pushes.push(JSON.parse(body) as never);
        res.statusCode = mode === '200' ? 200 : 409;
        return res.end(JSON.stringify(mode === '200' ? { ackedSeq: FAR, skipped: 0 } : { error: 409, message: 'cursor', ackedSeq: FAR }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const till = await openTill({ KIPU_CENTRAL_URL: url, KIPU_CENTRAL_TOKEN: `kct_${TILL_ID}_${'s'.repeat(40)}` }, { central: FAST_CENTRAL });
  const { eng } = till;
  try {
    const newest = () => Math.max(0, ...eng.store.central.after(0, 100_000).map((r) => r.seq));
    await till.sell(2);
    await waitFor('a push carrying the sales', () => pushes.some((p) => p.items.length > 0));
    await waitFor('the acknowledgement stored', () => eng.store.central.cursor().ackedSeq > 0);
    const acked = eng.store.central.cursor().ackedSeq;
    assert.ok(acked <= newest(), `the cursor (${acked}) stays within what the till wrote (${newest()}), not ${FAR}`);
    for (const p of pushes) assert.ok(p.upTo <= newest());

    // A 409 claiming more than was acknowledged is refused: the cursor stays, the error says why.
    mode = '409';
    await till.sell(1);
    await waitFor('a refused 409', () => /más de lo que confirmó/.test(eng.store.central.cursor().lastError ?? ''));
    const held = eng.store.central.cursor().ackedSeq;
    const at = pushes.length;
    await waitFor('two more attempts', () => pushes.length >= at + 2);
    assert.equal(eng.store.central.cursor().ackedSeq, held, 'the cursor did not jump');
    assert.ok(held < newest(), "the new sale's facts are still ahead of the cursor, waiting to be sent");
  } finally {
    await eng.stop();
    server.close();
  }
});

// Issue 26, finding 2: the credential is bound, on the till, to the taxpayer it was configured
// for (KIPU_CENTRAL_NIT); a Central naming another of the till's taxpayers gets nothing of it.
test("a Central that names another of the till's taxpayers gets none of its facts and reprices nothing", { timeout: 90_000 }, async () => {
  const OTHER_NIT = '1020304050';
  let named = String(TRAINING_TAXPAYER.nit);
  const calls = { till: 0, push: 0, catalog: 0 };
  const pushes: { items: { kind: string; data: { id: string } }[] }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/central/v1/till')) {
        calls.till++;
        return res.end(JSON.stringify({ tillId: TILL_ID, name: 'Caja', nit: named, branchCode: 0 }));
      }
      if (req.url?.startsWith('/central/v1/catalog')) {
        calls.catalog++;
        const product = { id: 'p1', version: 7, code: 'DEMO-0001', barcode: null, description: 'Precio de Central', priceCents: 1, unitMeasure: 58, activityEconomic: '620100', codeProductSin: '83141', active: true };
        return res.end(JSON.stringify({ version: 7, allowLocalPrices: false, products: [product], more: false }));
      }
      if (req.url?.startsWith('/central/v1/push')) {
        calls.push++;
        const p = JSON.parse(body) as { upTo: number; items: never[] };
        pushes.push(p);
        return res.end(JSON.stringify({ ackedSeq: p.upTo, skipped: 0 }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const till = await openTill({ KIPU_CENTRAL_URL: url, KIPU_CENTRAL_TOKEN: `kct_${TILL_ID}_${'s'.repeat(40)}`, KIPU_CENTRAL_NIT: OTHER_NIT }, { central: FAST_CENTRAL });
  const { eng } = till;
  try {
    // The till holds two taxpayers: the demo one, which sells, and the one the credential is for.
    const other = eng.store.tenants.create({ nit: OTHER_NIT, razonSocial: 'OTRA EMPRESA S.R.L.' });
    await till.sell(2);
    const demoId = till.tenantId;
    await waitFor('the refusal as the sync error', () => /dice que esta caja es del NIT .*se configuró aquí para el NIT 1020304050/.test(eng.store.central.cursor().lastError ?? ''));
    const asked = calls.till;
    await waitFor('the till to ask again (and be refused again)', () => calls.till >= asked + 2);
    assert.equal(calls.push, 0, 'nothing was pushed');
    assert.equal(calls.catalog, 0, "Central's catalog was not even asked for");
    assert.equal(eng.store.products.byCode(demoId, 'DEMO-0001'), null, 'the demo taxpayer got no product from Central');
    assert.equal(eng.store.central.cursor().ackedSeq, 0);

    // A Central that names the bound taxpayer: only that taxpayer's facts go up, and the catalog
    // lands in that taxpayer alone.
    named = OTHER_NIT;
    await waitFor('a push', () => calls.push > 0 && calls.catalog > 0);
    await waitFor('the catalog applied', () => eng.store.products.byCode(other.id, 'DEMO-0001') !== null);
    assert.equal(eng.store.products.byCode(demoId, 'DEMO-0001'), null, "the demo taxpayer's catalog is untouched");
    const demoPos = new Set(eng.store.central.pointsOfSale(demoId, eng.store.central.after(0, 100_000).filter((r) => r.kind === 'pos').map((r) => r.entityId)).map((p) => p.id));
    const sent = pushes.flatMap((p) => p.items);
    assert.ok(sent.length > 0, "the bound taxpayer's points of sale went up");
    for (const it of sent) {
      assert.equal(it.kind, 'pos', 'no demo invoice went up');
      assert.ok(!demoPos.has(it.data.id), 'no demo point of sale went up');
    }
  } finally {
    await eng.stop();
    server.close();
  }
});

// Issue 26, finding 3 (the till's side): Central's 429 is a wait it asks for, said as such.
test("a Central that answers 429 gets its Retry-After waited, and the till says so", { timeout: 90_000 }, async () => {
  let pushes = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/central/v1/till')) return res.end(JSON.stringify({ tillId: TILL_ID, name: 'Caja', nit: String(TRAINING_TAXPAYER.nit), branchCode: 0 }));
      if (req.url?.startsWith('/central/v1/push')) pushes++;
      res.statusCode = 429;
      res.setHeader('retry-after', '3');
      res.end(JSON.stringify({ error: 429, message: 'Límite de 600 solicitudes por minuto alcanzado; reintente en 3 s' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const till = await openTill({ KIPU_CENTRAL_URL: url, KIPU_CENTRAL_TOKEN: `kct_${TILL_ID}_${'s'.repeat(40)}` }, { central: FAST_CENTRAL });
  try {
    await till.sell(1);
    await waitFor('the 429 as the sync error', () => /pidió esperar 3 s/.test(till.eng.store.central.cursor().lastError ?? ''));
    assert.ok(pushes >= 1);
    assert.equal(till.eng.store.central.cursor().ackedSeq, 0, 'nothing acknowledged');
  } finally {
    await till.eng.stop();
    server.close();
  }
});
