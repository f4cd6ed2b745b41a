// Issue 26, finding 3: one tenant cannot freeze Kipu Central. Per-item caps (SIAT's 500 lines, the
// largest item a till can send), a push body sized to what a till sends, rate limits per till
// credential and per owner key (429 + Retry-After), and invoice PDFs rendered off the request
// thread. A real till engine makes the largest invoice it can issue; Central on a real PostgreSQL.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { assertConverged, centralStack, centralTill } from './helpers';
import { saleBody } from '../contingency/helpers';
import { startCentral } from '../../../main/central/central';
import { AccountRepository } from '../../../main/central/store/accounts';
import { PUSH_BODY_LIMIT_BYTES, PUSH_BUDGET_BYTES, PUSH_ITEM_LIMIT_BYTES, type InvoiceReplica, type PushRequest } from '../../../shared/api/central';

const stack = await centralStack();
after(() => stack.close());

/** `n` characters of the kind a long Spanish text has: accents, guillemets, and what XML escapes. */
const text = (n: number, seed: string) => `${seed} ñandú «ÁÉÍÓÚ» & <x> "q" `.repeat(Math.ceil(n / 20)).slice(0, n);

/** The largest invoice a till can issue: 500 lines, every text at its longest. */
function longestSale(posId: string, i: number) {
  return {
    ...saleBody(posId, i),
    clientBusinessName: text(500, 'CLIENTE'),
    details: Array.from({ length: 500 }, (_, k) => ({
      activityEconomic: '471110',
      codeProductSin: '99100',
      codeProduct: text(50, `P${k}`),
      description: text(500, `Producto ${k}`),
      quantity: 1234.56,
      unitMeasure: 57,
      priceUnit: 98765.43,
      amountDiscount: 1.23,
    })),
  };
}

let heavy: { tillId: string; id: string } | null = null;

test("the largest invoices a till can issue reach Central in pushes under the cap; over-long or oversized items are refused with 422 naming them", { timeout: 300_000 }, async () => {
  let central = await stack.startCentral(0);
  const till = await centralTill(stack, central.url, 'Caja de facturas largas');
  try {
    // Eight of them, made while Central is away, are more than one push may carry: the till splits
    // them by size when Central is back.
    await stack.stopCentral();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await till.eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: longestSale(till.posId, i) });
      assert.equal(res.status, 201, await res.clone().text());
      ids.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    const replica = till.eng.store.central.invoices(till.tenantId, [ids[0]!])[0]!;
    const itemBytes = Buffer.byteLength(JSON.stringify({ seq: 1, kind: 'invoice', data: replica }));
    console.log(`largest push item a till sends (500 lines, longest texts): ${itemBytes} bytes; budget ${PUSH_BUDGET_BYTES}, body cap ${PUSH_BODY_LIMIT_BYTES}, item cap ${PUSH_ITEM_LIMIT_BYTES}`);
    assert.ok(itemBytes <= PUSH_ITEM_LIMIT_BYTES, 'the largest real item is within the item cap');
    assert.ok(8 * itemBytes > PUSH_BODY_LIMIT_BYTES, 'eight of them would not fit one push');
    assert.ok(till.eng.store.central.backlog() >= 8, 'they wait in the outbox together');
    central = await stack.startCentral();
    await assertConverged(stack, till, till.eng.store.path, () => till.eng.store.central.backlog(), 180_000);
    heavy = { tillId: till.tillId, id: ids[0]! };

    // Crafted pushes with the till's own credential.
    const cursor = Number((await stack.pool.query('SELECT acked_seq FROM tills WHERE id = $1', [till.tillId])).rows[0].acked_seq);
    const report = { nit: till.eng.store.tenants.byId(till.tenantId)!.nit, razonSocial: 'x', certificateExpiresAt: null, training: true, tenant: {} };
    const send = (data: InvoiceReplica) => {
      const body: PushRequest = { after: cursor, upTo: cursor + 1, report, items: [{ seq: cursor + 1, kind: 'invoice', data }] };
      return fetch(`${central.url}/central/v1/push`, { method: 'POST', headers: { authorization: `Bearer ${till.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    };
    const details = replica.record.details as unknown[];
    const tooLong = { ...replica, id: 'long-501', cuf: 'CUF-501', record: { ...replica.record, details: [...details, details[0]] } };
    const r501 = await send(tooLong);
    const b501 = (await r501.json()) as { field: string; message: string };
    assert.equal(r501.status, 422, JSON.stringify(b501));
    assert.equal(b501.field, 'items[0].data.record.details');
    assert.match(b501.message, /501 líneas; SIAT admite como máximo 500/);
    const fat = { ...replica, id: 'fat', cuf: 'CUF-FAT', record: { ...replica.record, padding: 'x'.repeat(PUSH_ITEM_LIMIT_BYTES) } };
    const rFat = await send(fat);
    assert.equal(rFat.status, 422);
    assert.equal(((await rFat.json()) as { field: string }).field, 'items[0]');
    // 15,000 lines (the review's push): over the body cap before anything is parsed.
    const huge = { ...replica, id: 'huge', cuf: 'CUF-HUGE', record: { ...replica.record, details: Array.from({ length: 15_000 }, () => details[0]) } };
    assert.equal((await send(huge)).status, 413);
    const stored = await stack.pool.query(`SELECT 1 FROM invoices WHERE till_id = $1 AND id IN ('long-501', 'fat', 'huge')`, [till.tillId]);
    assert.equal(stored.rowCount, 0, 'nothing of the refused pushes was stored');
  } finally {
    await till.eng.stop();
  }
});

test('rate limits: per till credential and per owner key, 429 with Retry-After; others unaffected', { timeout: 120_000 }, async () => {
  await stack.stopCentral();
  const central = await startCentral(
    { databaseUrl: stack.databaseUrl, host: '127.0.0.1', port: 0, tls: null, poolSize: 4, rateLimits: { tillPerMinute: 5, ownerPerMinute: 5 } },
    { logger: pino({ level: 'silent' }), dashboardDir: null },
  );
  try {
    const a = await stack.newTill('Caja con límite A');
    const b = await stack.newTill('Caja con límite B');
    const heartbeat = (token: string) =>
      fetch(`${central.url}/central/v1/till`, { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 5; i++) assert.equal((await heartbeat(a.token)).status, 200, `request ${i + 1} of 5`);
    const over = await heartbeat(a.token);
    assert.equal(over.status, 429);
    assert.ok(Number(over.headers.get('retry-after')) >= 1, `Retry-After: ${over.headers.get('retry-after')}`);
    assert.match(((await over.json()) as { message: string }).message, /Límite de 5 solicitudes por minuto/);
    // The push too (the same credential's bucket), before its body is read.
    const push = await fetch(`${central.url}/central/v1/push`, { method: 'POST', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' }, body: '{}' });
    assert.equal(push.status, 429);
    assert.equal((await heartbeat(b.token)).status, 200, "another till's credential has its own bucket");

    const accounts = new AccountRepository(stack.pool);
    const other = await accounts.createOwnerKey(stack.tenantId, 'Otra clave');
    const dash = (key: string) => fetch(`${central.url}/central/api/tills`, { headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < 5; i++) assert.equal((await dash(stack.ownerKey)).status, 200);
    const tooMany = await dash(stack.ownerKey);
    assert.equal(tooMany.status, 429);
    assert.ok(Number(tooMany.headers.get('retry-after')) >= 1);
    assert.equal((await dash(other.key)).status, 200, 'another owner key has its own bucket');
  } finally {
    await central.close();
  }
});

test("a heavy PDF renders off the request thread: another tenant's dashboard answers while it renders", { timeout: 180_000 }, async () => {
  assert.ok(heavy, 'the first test left a 500-line invoice at Central');
  await stack.stopCentral();
  const central = await startCentral(
    { databaseUrl: stack.databaseUrl, host: '127.0.0.1', port: 0, tls: null, poolSize: 8 },
    { logger: pino({ level: 'silent' }), dashboardDir: null, pdf: { perTenantMax: 8, queueMax: 16 } },
  );
  try {
    const accounts = new AccountRepository(stack.pool);
    const otherTenant = await accounts.createTenant('1020304050', 'OTRA CADENA S.R.L.');
    const otherKey = (await accounts.createOwnerKey(otherTenant.id, 'Dueño B')).key;
    const events: string[] = [];
    // Tenant A asks for its longest invoice's PDF eight times at once...
    const pdfs = Array.from({ length: 8 }, async (_, i) => {
      const res = await fetch(`${central.url}/central/api/invoices/${heavy!.tillId}/${heavy!.id}/pdf`, { headers: { authorization: `Bearer ${stack.ownerKey}` } });
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.equal(res.status, 200, bytes.toString('utf8', 0, 200));
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      events.push(`pdf ${i}`);
    });
    // ...while tenant B's dashboard asks five times, one after the other.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${central.url}/central/api/sales/today`, { headers: { authorization: `Bearer ${otherKey}` } });
      assert.equal(res.status, 200);
      await res.json();
      events.push(`dashboard ${i}`);
    }
    await Promise.all(pdfs);
    const lastDashboard = events.indexOf('dashboard 4');
    const pdfsBefore = events.slice(0, lastDashboard).filter((e) => e.startsWith('pdf')).length;
    assert.ok(pdfsBefore < 8, `tenant B's five answers came while tenant A's PDFs were still rendering (order: ${events.join(', ')})`);
  } finally {
    await central.close();
  }
});
