// Issue 32 item 1: SIAT slower than the sale time-out registers the online send late. The till
// must never issue a second CUF for the same number while that send may still be registered:
// 0 numbers registered twice at the simulator, every sale VALIDATED, the online ones kept.
//
// Time scale 1/10 of production, which keeps the logic: the 5 s sale time-out is 500 ms, SIAT's
// 8 s and 20 s are 800 ms and 2 s (the simulator registers the invoice only after its latency),
// and the 2 min processing window is 12 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sqliteConnection } from '../../../main/store/store';
import { assertGapless, assertRegisteredOnce, FAST_CONTINGENCY, openTill, stateCounts, waitFor, type Till } from './helpers';

const SCALED = {
  siatTimeouts: { saleMs: 500, defaultMs: 2_000, packageMs: 4_000 },
  contingency: { ...FAST_CONTINGENCY, probeTimeoutMs: 1_000, settleWindowMs: 12_000 },
};

/** The sales' invoices as the engine has them now. */
function invoicesOf(till: Till, sold: { id: string }[]) {
  return sold.map((s) => till.eng.invoices.byId(till.tenantId, s.id)!);
}

async function slowSiat(latencyMs: number, opts: { holdUntilRegistered: boolean }): Promise<void> {
  const till = await openTill({}, SCALED);
  const { eng, posId } = till;
  try {
    eng.simulator!.state.packageValidationDelayMs = 20;
    await till.admin('/admin/faults', { mode: 'latency', latencyMs, operations: ['recepcionFactura'] });
    // Four sales at once: all four are sent before the first time-out opens the event.
    const online = await till.sell(4, 4);
    const pending = invoicesOf(till, online).filter((i) => i.state === 'PENDING' && i.needsReconcile);
    assert.ok(pending.length >= 1, `some online send timed out: ${JSON.stringify(online.map((i) => i.state))}`);
    const offline = await till.sell(2, 1);
    assert.ok(offline.every((i) => i.state === 'CONTINGENCY'), 'the point of sale is in contingency');
    const event = { id: pending[0]!.eventId! };

    if (opts.holdUntilRegistered) {
      // SIAT stays slow while its probe answers, until it has registered every late send.
      await waitFor('SIAT to register the late online sends', async () => {
        const received = (await till.admin('/admin/received')) as { cuf: string; timesRegistered: number }[];
        return pending.every((p) => received.some((r) => r.cuf === p.cuf && r.timesRegistered === 1));
      }, 30_000, 50);
      assert.equal(eng.contingencyEvents.byId(till.tenantId, event.id)!.state, 'ACTIVE', 'recepcionFactura still slow: the event stays open though the probe answers');
    }
    // Faster from now on; sends SIAT already holds are still in its pipeline.
    await till.admin('/admin/reset-faults');
    const total = online.length + offline.length;
    await waitFor('every sale VALIDATED', () => stateCounts(sqliteConnection(eng.store), posId).VALIDATED === total, 60_000, 50);
    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, event.id)?.state === 'CLOSED', 30_000);

    const duplicates = (await till.admin('/admin/duplicates')) as unknown[];
    assert.deepEqual(duplicates, [], 'no invoice number registered under two CUFs at SIAT');
    for (const [before, now] of pending.map((p) => [p, eng.invoices.byId(till.tenantId, p.id)!] as const)) {
      assert.equal(now.cuf, before.cuf, `invoice ${now.number}: SIAT registered the online send; it is kept, not re-issued`);
      assert.equal(now.codigoEmision, 1);
    }
    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { VALIDATED: total });
    assert.equal(sqliteConnection(eng.store).prepare('SELECT COUNT(*) FROM contingency_events WHERE pos_id = ?').pluck().get(posId), 1, 'one contingency event');
    await assertRegisteredOnce(till, sqliteConnection(eng.store), posId);
    assertGapless(sqliteConnection(eng.store), posId);
  } finally {
    await eng.stop();
  }
}

test('recepcionFactura taking 8 s (scaled): SIAT stays slow while the probe answers, then recovers — 0 duplicates at SIAT', { timeout: 120_000 }, async () => {
  await slowSiat(800, { holdUntilRegistered: true });
});

test('recepcionFactura taking 20 s (scaled): SIAT recovers while it still holds the late sends — nothing re-issued before its window, 0 duplicates', { timeout: 120_000 }, async () => {
  await slowSiat(2_000, { holdUntilRegistered: false });
});
