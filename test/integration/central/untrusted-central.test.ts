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
