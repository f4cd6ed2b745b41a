// Issue 32 item 2: a well-formed recepcionFacturaResponse with transaccion=true and no
// codigoEstado says nothing about the invoice (the simulator's `garble` fault registers it and
// then drops the state). It must never become a final REJECTED: SIAT is asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sqliteConnection } from '../../../main/store/store';
import { assertGapless, assertRegisteredOnce, openTill, stateCounts, waitFor } from './helpers';

/** How many times any invoice of the point of sale was ever marked REJECTED. */
function everRejected(db: ReturnType<typeof sqliteConnection>, posId: string): number {
  return db.prepare(`SELECT COUNT(*) FROM invoice_transitions t JOIN invoices i ON i.id = t.invoice_id WHERE i.pos_id = ? AND t.to_state = 'REJECTED'`).pluck().get(posId) as number;
}

test('recepcionFactura answers without codigoEstado: SIAT is asked (verificacionEstadoFactura) and the sale is VALIDATED, never REJECTED', { timeout: 90_000 }, async () => {
  // No time-out is part of this case: generous ones, so a loaded machine does not open contingency.
  const till = await openTill({}, { siatTimeouts: { saleMs: 10_000, defaultMs: 10_000, packageMs: 10_000 } });
  const { eng, posId } = till;
  try {
    await till.admin('/admin/faults', { mode: 'garble', garble: 'omit-codigoEstado', operations: ['recepcionFactura'] });
    const sold = await till.sell(3, 1);
    const db = sqliteConnection(eng.store);
    assert.deepEqual(sold.map((s) => s.state), ['VALIDATED', 'VALIDATED', 'VALIDATED'], JSON.stringify(sold.map((s) => [s.state, s.siatCode])));
    assert.equal(everRejected(db, posId), 0);
    assert.equal(db.prepare('SELECT COUNT(*) FROM contingency_events WHERE pos_id = ?').pluck().get(posId), 0, 'SIAT answered: no contingency');
    assert.deepEqual(await till.admin('/admin/duplicates'), []);
    await assertRegisteredOnce(till, db, posId, { receivedOnce: true });
  } finally {
    await eng.stop();
  }
});

test('the verification says nothing either: the sale stays PENDING (not REJECTED); the same CUF sent again is answered 1000 and it is VALIDATED, never re-issued', { timeout: 90_000 }, async () => {
  const till = await openTill();
  const { eng, posId } = till;
  try {
    eng.simulator!.state.packageValidationDelayMs = 20;
    await till.admin('/admin/faults', { mode: 'garble', garble: 'omit-codigoEstado', operations: ['recepcionFactura', 'verificacionEstadoFactura'] });
    const [first] = await till.sell(1, 1);
    assert.equal(first.state, 'PENDING', 'outcome unknown, not a rejection');
    const db = sqliteConnection(eng.store);
    const event = eng.invoices.byId(till.tenantId, first.id)!.eventId!;
    assert.ok(event, 'the unknown outcome is reconciled by a contingency recovery');
    // Still garbled: the monitor's trial sends the same CUF; SIAT's "already registered" (1000)
    // comes without a state too, and says enough.
    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, event)?.state === 'CLOSED', 30_000);
    assert.deepEqual(stateCounts(db, posId), { VALIDATED: 1 });
    const now = eng.invoices.byId(till.tenantId, first.id)!;
    assert.equal(now.cuf, first.cuf, 'SIAT had registered it: kept, never re-issued');
    assert.equal(now.codigoEmision, 1);
    assert.equal(everRejected(db, posId), 0);
    await till.admin('/admin/reset-faults');
    assert.deepEqual(await till.admin('/admin/duplicates'), []);
    await assertRegisteredOnce(till, db, posId);
    assertGapless(db, posId);
  } finally {
    await eng.stop();
  }
});
