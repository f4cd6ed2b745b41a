// SIAT refuses connections: the first sale opens an automatic event and still completes offline;
// the following sales never touch SIAT; on reconnect the monitor ends the event and the recovery
// sends 500/500/200 and every invoice is validated, each CUF received exactly once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KipuEvent } from '../../../main/events/event-map';
import { assertGapless, assertRegisteredOnce, openTill, stateCounts, waitFor } from './helpers';
import { sqliteConnection } from '../../../main/store/store';

test('refused connections: 1,200 offline sales, three packages on reconnect, all validated once', { timeout: 300_000 }, async () => {
  const till = await openTill();
  const { eng, posId } = till;
  const events: KipuEvent[] = [];
  eng.bus.subscribe((e) => events.push(e));
  try {
    eng.simulator!.state.packageValidationDelayMs = 50;
    await till.admin('/admin/faults', { mode: 'refuse' });

    const [first] = await till.sell(1, 1);
    assert.equal(first.state, 'CONTINGENCY');
    const active = await (await eng.api(`/api/v1/events/active/${posId}`)).json();
    assert.equal(active.data.codigoMotivo, 2, 'SIAT unreachable while the network works: motive 2');
    assert.equal(active.data.finalizado, false);

    const before = (await till.admin('/admin/state')).counts;
    const rest = await till.sell(1199);
    assert.ok(rest.every((i) => i.state === 'CONTINGENCY'));
    const after = (await till.admin('/admin/state')).counts;
    assert.deepEqual(after, before, 'SIAT received nothing while the point of sale was offline');
    const status = eng.contingencyStatus(till.tenantId, posId);
    assert.equal(status.mode, 'CONTINGENCY');
    assert.equal(status.queued, 1200);
    assert.equal(status.activeEvent?.id, active.data.id);

    await till.admin('/admin/reset-faults');
    // Three packages of up to 500 validated: minutes on a loaded machine (how fast: npm run bench -- contingency).
    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, active.data.id)?.state === 'CLOSED', 240_000);
    const done = eng.contingencyStatus(till.tenantId, posId);
    assert.deepEqual([done.mode, done.queued, done.flush.running], ['ONLINE', 0, false]);

    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { VALIDATED: 1200 });
    const packages = sqliteConnection(eng.store).prepare('SELECT invoice_count n, state FROM contingency_packages ORDER BY seq').all() as { n: number; state: string }[];
    assert.deepEqual(packages, [
      { n: 500, state: 'VALIDATED' },
      { n: 500, state: 'VALIDATED' },
      { n: 200, state: 'VALIDATED' },
    ]);
    await assertRegisteredOnce(till, sqliteConnection(eng.store), posId, { receivedOnce: true });
    assertGapless(sqliteConnection(eng.store), posId);
    const ev = (await (await eng.api(`/api/v1/events/active/${posId}`)).json()).data;
    assert.equal(ev, null, 'online again: no active event');
    const types = new Set(events.map((e) => e.type));
    for (const t of ['contingency.opened', 'siat.connection_lost', 'siat.connection_restored', 'contingency.closed', 'invoice.validated'] as const) assert.ok(types.has(t), `${t} published`);
    assert.equal(events.filter((e) => e.type === 'invoice.validated').length, 1200);
  } finally {
    await eng.stop();
  }
});
