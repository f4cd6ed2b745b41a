// Issue 32, item 5: a package SIAT keeps pending (901) no longer blocks the point of sale. Its event
// is set aside after the validation wait, the manager is told SIAT's 48 h deadline once, a later
// event of the same point of sale is registered, sent and closed meanwhile, and the first one
// closes once SIAT validates it. A real engine over HTTP and the embedded simulator, whose package
// validation delay is set per package at reception.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KipuEvent } from '../../../main/events/event-map';
import { FAST_CONTINGENCY, openTill, waitFor } from './helpers';
import { fromBoliviaIso } from '../../../shared/time';

test('a package SIAT never settles is set aside with its deadline; a later event of the point of sale closes first', { timeout: 120_000 }, async () => {
  const till = await openTill({}, { contingency: { ...FAST_CONTINGENCY, validationWaitMs: 1000 } });
  const { eng, posId, tenantId } = till;
  const events: KipuEvent[] = [];
  eng.bus.subscribe((e) => events.push(e));
  const sim = eng.simulator!.state;
  const outage = async (): Promise<string> => {
    await till.admin('/admin/faults', { mode: 'refuse' });
    const [sale] = await till.sell(1, 1);
    assert.equal(sale.state, 'CONTINGENCY');
    const active = await (await eng.api(`/api/v1/events/active/${posId}`)).json();
    await till.admin('/admin/reset-faults');
    return active.data.id as string;
  };
  const stateOf = (id: string) => eng.contingencyEvents.byId(tenantId, id)?.state;
  try {
    // The first event's package stays pending at SIAT for ten minutes.
    sim.packageValidationDelayMs = 600_000;
    const first = await outage();
    const alert = await waitFor('the pending-validation alert', () => events.find((e) => e.type === 'contingency.validation_pending'));
    assert.equal(alert.data['eventId'], first);
    assert.equal(alert.data['pendingPackages'], 1);
    const fin = fromBoliviaIso(eng.contingencyEvents.byId(tenantId, first)!.fechaFin!)!;
    assert.equal(alert.data['deadline'], new Date(fin.getTime() + 48 * 3_600_000).toISOString(), "SIAT's 48 h term after the event's end");

    // A second outage: its package is validated at once, and it does not wait behind the first.
    sim.packageValidationDelayMs = 50;
    const second = await outage();
    assert.notEqual(second, first);
    await waitFor('the second event to close', () => stateOf(second) === 'CLOSED', 60_000);
    assert.equal(stateOf(first), 'RECOVERING', 'the first still waits for SIAT');

    // SIAT finally validates the first package: the set-aside event is asked again and closes.
    sim.db.prepare('UPDATE packages SET ready_at = 0').run();
    await waitFor('the first event to close', () => stateOf(first) === 'CLOSED', 60_000);
    assert.equal(events.filter((e) => e.type === 'contingency.validation_pending').length, 1, 'one alert per event');
  } finally {
    await eng.stop();
  }
});
