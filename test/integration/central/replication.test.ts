// Two real tills push to one Central on a real PostgreSQL: every invoice arrives once with its
// XML and its latest state; a replayed push changes nothing; Central stopped while the tills sell,
// and a long cut (Central's port closed) end with the same counts and sums as each till's SQLite.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { centralStack, centralTill, assertConverged, owner, FAST_CENTRAL, sqliteTotals, centralTotals } from './helpers';
import { openTill, waitFor } from '../contingency/helpers';
import { closedPort } from '../../fixtures/loopback';
import type { PushRequest } from '../../../shared/api/central';

const stack = await centralStack();
after(() => stack.close());

test('two tills replicate to one Central: counts, sums, XML, state changes; a replay is skipped', { timeout: 300_000 }, async () => {
  const central = await stack.startCentral(0);
  const a = await centralTill(stack, central.url, 'Caja A');
  const b = await centralTill(stack, central.url, 'Caja B');
  try {
    const soldA = await a.sell(12);
    await b.sell(7);
    // A cancellation is a state change of the invoice: it replicates too.
    const victim = soldA[0];
    // Only a VALIDATED invoice is cancelled; on a loaded machine SIAT's verdict may come after the sale's answer.
    await waitFor('the first sale validated', () => a.eng.store.invoices.byId(a.tenantId, victim.id)?.state === 'VALIDATED', 120_000, 50);
    const cancel = await a.eng.api(`/api/v1/invoices/${victim.id}/cancel?motivo=1`, { method: 'POST' });
    assert.equal(cancel.status, 200, await cancel.text());
    for (const t of [a, b]) await assertConverged(stack, t, t.eng.store.path, () => t.eng.store.central.backlog());

    const row = await stack.pool.query('SELECT state, xml, cancellation_reason FROM invoices WHERE tenant_id = $1 AND till_id = $2 AND id = $3', [stack.tenantId, a.tillId, victim.id]);
    const local = a.eng.store.invoices.byId(a.tenantId, victim.id)!;
    assert.equal(row.rows[0].state, 'CANCELLED');
    // The core seed's motivo 1 ("error en los datos") is SIAT's 3, DATOS DE EMISION INCORRECTOS
    // (decision 0065): Central keeps the code SIAT got.
    assert.equal(row.rows[0].cancellation_reason, 3);
    assert.equal(row.rows[0].xml, local.xml, 'the XML is stored exactly as the till sent it to SIAT');
    const pos = await stack.pool.query('SELECT cufd_expires_at FROM points_of_sale WHERE tenant_id = $1 AND till_id = $2', [stack.tenantId, a.tillId]);
    assert.ok(pos.rows[0].cufd_expires_at instanceof Date, 'the point of sale arrives with its CUFD expiry');

    // The dashboard sees both tills' sales today (the cancelled invoice is not a sale).
    const today = await owner(stack, '/central/api/sales/today');
    const byTill = new Map<string, any>(today.rows.map((r: any) => [r.tillId, r]));
    assert.equal(byTill.get(a.tillId).invoices, 11);
    assert.equal(byTill.get(b.tillId).invoices, 7);
    // A day that does not exist is the caller's mistake (400 naming it), not Central's.
    for (const [query, field] of [['from=2026-02-30&to=2026-03-05', 'from'], ['date=2026-13-01', 'date']] as const) {
      const path = query.startsWith('date') ? `/central/api/sales/today?${query}` : `/central/api/sales/by-day?${query}`;
      const bad = await fetch(`${central.url}${path}`, { headers: { authorization: `Bearer ${stack.ownerKey}` } });
      assert.equal(bad.status, 400, path);
      assert.equal(((await bad.json()) as { field: string }).field, field);
    }
    const tills = await owner(stack, '/central/api/tills');
    assert.equal(tills.tills.length, 2);
    assert.ok(tills.tills.every((t: any) => t.lastContact && t.pointsOfSale[0].mode === 'ONLINE'));
    const found = await owner(stack, `/central/api/invoices?q=${victim.cuf}`);
    assert.equal(found.items[0].id, victim.id);
    const pdf = await fetch(`${central.url}/central/api/invoices/${a.tillId}/${victim.id}/pdf`, { headers: { authorization: `Bearer ${stack.ownerKey}` } });
    assert.equal(pdf.status, 200);
    assert.equal(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');

    // A till that crashed before it saw Central's answer sends the same batch again: skipped.
    const rows = a.eng.store.central.after(0, 10);
    const replay: PushRequest = {
      after: 0,
      upTo: rows[rows.length - 1]!.seq,
      report: { nit: '7000123019', razonSocial: 'x', certificateExpiresAt: null, training: true, tenant: {} },
      items: a.eng.store.central.invoices(a.tenantId, [soldA[1].id]).map((data) => ({ seq: rows[rows.length - 1]!.seq, kind: 'invoice' as const, data: { ...data, state: 'REJECTED' as const } })),
    };
    const res = await fetch(`${central.url}/central/v1/push`, { method: 'POST', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' }, body: JSON.stringify(replay) });
    const ack = (await res.json()) as { skipped: number };
    assert.equal(res.status, 200, JSON.stringify(ack));
    assert.equal(ack.skipped, 1);
    const still = await stack.pool.query('SELECT state FROM invoices WHERE tenant_id = $1 AND id = $2', [stack.tenantId, soldA[1].id]);
    assert.equal(still.rows[0].state, 'VALIDATED', 'an old state never overwrites a newer one');

    // Bad input: a clear 422 naming the field; another till's credential is refused.
    const bad = await fetch(`${central.url}/central/v1/push`, { method: 'POST', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ...replay, upTo: 'x' }) });
    assert.equal(bad.status, 422);
    assert.equal(((await bad.json()) as { field: string }).field, 'upTo');
    // A push cannot move Central's cursor past the facts it carries (issue 26, finding 1).
    const cursorOf = async () => Number((await stack.pool.query('SELECT acked_seq FROM tills WHERE id = $1', [a.tillId])).rows[0].acked_seq);
    const before = await cursorOf();
    for (const hiding of [{ ...replay, after: before, upTo: 9007199254740000, items: [] }, { ...replay, after: before, upTo: before + 50, items: replay.items.map((i) => ({ ...i, seq: before + 1 })) }]) {
      const res = await fetch(`${central.url}/central/v1/push`, { method: 'POST', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' }, body: JSON.stringify(hiding) });
      assert.equal(res.status, 422, JSON.stringify(hiding.upTo));
      assert.equal(((await res.json()) as { field: string }).field, 'upTo');
    }
    assert.equal(await cursorOf(), before, "Central's cursor did not move");
    const anon = await fetch(`${central.url}/central/v1/push`, { method: 'POST', headers: { authorization: 'Bearer kct_00000000-0000-0000-0000-000000000000_abcdefabcdefabcdefabcdefabcdefabcdef', 'content-type': 'application/json' }, body: '{}' });
    assert.equal(anon.status, 401);
  } finally {
    await a.eng.stop();
    await b.eng.stop();
    await stack.stopCentral();
  }
});

test('Central stopped while the tills sell, then back: the tills never wait and catch up', { timeout: 300_000 }, async () => {
  const central = await stack.startCentral();
  const a = await centralTill(stack, central.url, 'Caja C');
  try {
    await a.sell(5);
    await assertConverged(stack, a, a.eng.store.path, () => a.eng.store.central.backlog());
    await stack.stopCentral();
    const t0 = Date.now();
    await a.sell(25);
    const elapsed = Date.now() - t0;
    assert.ok(a.eng.store.central.backlog() >= 25, 'the sales wait in the outbox');
    assert.ok(elapsed < 60_000, `selling with Central away took ${elapsed} ms`);
    await waitFor('the pusher to notice Central is away', () => a.eng.store.central.cursor().lastError !== null, 10_000);
    await stack.startCentral();
    await assertConverged(stack, a, a.eng.store.path, () => a.eng.store.central.backlog());
  } finally {
    await a.eng.stop();
    await stack.stopCentral();
  }
});

test('a long network cut (Central on a closed port) then reconnection: the backlog drains in order', { timeout: 300_000 }, async () => {
  const port = await closedPort();
  const cred = await stack.newTill('Caja D');
  const a = await openTill({ KIPU_CENTRAL_URL: `http://127.0.0.1:${port}`, KIPU_CENTRAL_TOKEN: cred.token }, { central: FAST_CENTRAL });
  try {
    await a.sell(60, 6);
    await waitFor('failed attempts', () => a.eng.store.central.cursor().lastError !== null, 10_000);
    assert.equal(a.eng.store.central.cursor().ackedSeq, 0);
    assert.deepEqual(await centralTotals(stack, cred.tillId), { invoices: 0, totalCents: 0 });
    await stack.startCentral(port);
    await assertConverged(stack, { tillId: cred.tillId }, a.eng.store.path, () => a.eng.store.central.backlog());
    assert.equal(sqliteTotals(a.eng.store.path).invoices, 60);
  } finally {
    await a.eng.stop();
    await stack.stopCentral();
  }
});
