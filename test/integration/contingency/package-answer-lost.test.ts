// A package's answer lost to the engine's time-out: SIAT received the package (and registers its
// invoices) but its answer never reached the engine, so the package stays BUILT and goes again
// once SIAT answers; SIAT says 1000 "already registered" for each invoice, read as VALIDATED.
// Registered once, received twice — the one double reception the contingency helpers admit
// besides the trial send (assertRegisteredOnce), told apart from two different packages by the
// codigoRecepcion the engine kept (a loaded CI run of 28/11 met it with the tests' 2 s package
// time-out).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertGapless, assertRegisteredOnce, openTill, stateCounts, waitFor } from './helpers';
import { sqliteConnection } from '../../../main/store/store';

test('a package SIAT received whose answer the engine never got is sent again, and each invoice is registered once', { timeout: 300_000 }, async () => {
  const till = await openTill();
  const { eng, posId } = till;
  try {
    eng.simulator!.state.packageValidationDelayMs = 20;
    await till.admin('/admin/faults', { mode: 'refuse' });
    const sold = await till.sell(3, 1);
    assert.ok(sold.every((i) => i.state === 'CONTINGENCY'));
    const event = eng.contingencyEvents.activeFor(till.tenantId, posId)!;

    // SIAT answers again, but takes the package in and never answers its reception.
    await till.admin('/admin/faults', { mode: 'hang', operations: ['recepcionPaqueteFactura'] });
    await till.admin('/admin/accept-before-timeout', { enabled: true });
    const cufs = sold.map((i) => i.cuf as string);
    const received = async () => (await till.admin('/admin/received')) as { cuf: string; timesReceived: number; timesRegistered: number }[];
    await waitFor('SIAT to register the package it never answered', async () => {
      const r = await received();
      return cufs.every((c) => r.find((x) => x.cuf === c)?.timesRegistered === 1);
    }, 120_000);
    assert.equal(sqliteConnection(eng.store).prepare(`SELECT COUNT(*) FROM contingency_packages WHERE event_id = ? AND state = 'BUILT'`).pluck().get(event.id), 1, 'no answer: the package is still BUILT');

    await till.admin('/admin/reset-faults');
    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, event.id)?.state === 'CLOSED', 120_000);
    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { VALIDATED: 3 });
    const again = await received();
    for (const c of cufs) assert.ok((again.find((x) => x.cuf === c)?.timesReceived ?? 0) >= 2, `${c}: the package went again`);
    await assertRegisteredOnce(till, sqliteConnection(eng.store), posId, { receivedOnce: true });
    assertGapless(sqliteConnection(eng.store), posId);
  } finally {
    await eng.stop();
  }
});
