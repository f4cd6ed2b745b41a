// Issue 32 item 6: recepcionFactura fails while SIAT's probe (verificarComunicacion) answers.
// The point of sale used to leave contingency at every healthy probe and enter it again at the
// next online sale: many significant events a minute. It leaves only once a real send works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sqliteConnection } from '../../../main/store/store';
import { assertGapless, openTill, stateCounts, waitFor } from './helpers';

test('recepcionFactura hangs and the probe is healthy for a few seconds: one significant event, not one per probe', { timeout: 120_000 }, async () => {
  const till = await openTill();
  const { eng, posId } = till;
  try {
    eng.simulator!.state.packageValidationDelayMs = 20;
    await till.admin('/admin/faults', { mode: 'hang', operations: ['recepcionFactura'] });
    // Sales keep coming for a bounded period: ten times the probe's longest back-off (400 ms).
    let sold = 0;
    const until = Date.now() + 4_000;
    while (Date.now() < until) {
      await till.sell(1, 1);
      sold++;
      // A cashier's pace, not a wait for a state: each sale gives the monitor a chance to probe.
      await new Promise((r) => setTimeout(r, 100));
    }
    const db = sqliteConnection(eng.store);
    const events = () => db.prepare('SELECT COUNT(*) FROM contingency_events WHERE pos_id = ?').pluck().get(posId) as number;
    assert.equal(events(), 1, 'one contingency event while recepcionFactura fails');

    await till.admin('/admin/reset-faults');
    await waitFor('every sale VALIDATED', () => stateCounts(db, posId).VALIDATED === sold, 60_000, 50);
    await waitFor('the event to close', () => (db.prepare(`SELECT COUNT(*) FROM contingency_events WHERE pos_id = ? AND state <> 'CLOSED'`).pluck().get(posId) as number) === 0, 30_000);
    assert.equal(events(), 1);
    const state = (await till.admin('/admin/state')) as { counts: { events: number } };
    assert.equal(state.counts.events, 1, 'one significant event registered at SIAT');
    assert.deepEqual(await till.admin('/admin/duplicates'), []);
    assertGapless(db, posId);
  } finally {
    await eng.stop();
  }
});
