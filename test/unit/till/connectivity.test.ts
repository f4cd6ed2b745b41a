import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventBus } from '../../../main/events/event-bus';
import { ConnectivityTracker } from '../../../main/till/connectivity';
import { SiatRejectionError, SiatTransportError } from '../../../main/siat/errors';

const ctx = { service: 'codigos', operation: 'verificarComunicacion' } as never;
const tick = () => new Promise((r) => setImmediate(r));

test('follows the bus: connection lost / restored, and SIAT answering an invoice', async () => {
  const bus = new EventBus();
  const t = new ConnectivityTracker({ bus, probe: async () => {} });
  const seen: boolean[] = [];
  t.onChange((s) => seen.push(s.reachable));
  assert.equal(t.snapshot().reachable, true);
  bus.publish({ type: 'siat.connection_lost', tenantId: 't', posId: null, data: { posId: 'p', reason: 'ECONNREFUSED' } });
  await tick();
  assert.equal(t.snapshot().reachable, false);
  bus.publish({ type: 'invoice.validated', tenantId: 't', posId: null, data: { id: 'i', cuf: 'C', invoiceNumber: 1, state: 'VALIDATED', amountTotal: 1, siatCode: 908, siatDescription: 'VALIDADA', siatMessages: [] } });
  await tick();
  assert.equal(t.snapshot().reachable, true);
  assert.deepEqual(seen, [false, true]);
  t.stop();
});

test('a probe that fails in transport means unreachable; a SIAT refusal still means SIAT answered', async () => {
  let fail: unknown = new SiatTransportError('refused', 'ECONNREFUSED', ctx);
  const t = new ConnectivityTracker({ bus: new EventBus(), probe: async () => { if (fail) throw fail; } });
  assert.equal(await t.probeNow(), false);
  fail = new SiatRejectionError([{ codigo: 989, descripcion: 'token' }] as never, null, ctx);
  assert.equal(await t.probeNow(), true);
  fail = null;
  assert.equal(await t.probeNow(), true);
  assert.ok(t.snapshot().checkedAt);
  t.stop();
});

test('the periodic probe runs faster while SIAT is away', async () => {
  let calls = 0;
  const t = new ConnectivityTracker({
    bus: new EventBus(),
    probe: async () => {
      calls++;
      throw new SiatTransportError('timeout', 'x', ctx);
    },
    onlineIntervalMs: 10_000,
    offlineIntervalMs: 20,
  });
  t.start();
  await new Promise((r) => setTimeout(r, 150));
  t.stop();
  assert.equal(t.snapshot().reachable, false);
  assert.ok(calls >= 3, `probed ${calls} times`);
});
