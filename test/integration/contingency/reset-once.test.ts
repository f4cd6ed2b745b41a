// One connection reset on a sale's reception is no outage (a kept-alive connection SIAT closed
// just as it was reused: nodejs/undici#3492). The SIAT client asks once more, within the sale's
// time-out: the sale is validated online and no contingency event opens. When SIAT had received
// and registered the invoice before the connection broke, the repeat is answered "already
// registered": the sale is validated, registered once. The simulator's scoped `refuse` with
// `times: 1` resets one request's connection (with accept-before-timeout, after processing it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertRegisteredOnce, openTill } from './helpers';
import { sqliteConnection } from '../../../main/store/store';

// Time-outs a loaded machine cannot outlive: this test is about the reset, not about speed.
const PATIENT = { siatTimeouts: { saleMs: 20_000, defaultMs: 20_000, packageMs: 20_000 } };

for (const received of [false, true]) {
  test(`a sale whose reception connection is reset once${received ? ' after SIAT registered it' : ''} is validated online, once, with no event`, async () => {
    const till = await openTill({}, PATIENT);
    const { eng, posId } = till;
    try {
      if (received) await till.admin('/admin/accept-before-timeout', { enabled: true });
      await till.admin('/admin/faults', { mode: 'refuse', operations: ['recepcionFactura'], times: 1 });

      const [sale] = await till.sell(1, 1);
      assert.equal(sale.state, 'VALIDATED', JSON.stringify(sale));
      const active = (await (await eng.api(`/api/v1/events/active/${posId}`)).json()).data;
      assert.equal(active, null, 'no contingency event for one reset');
      assert.equal(eng.contingencyStatus(till.tenantId, posId).mode, 'ONLINE');
      // The fault was spent: it is gone.
      assert.equal((await till.admin('/admin/state')).faults.mode, 'none');

      const [record] = (await till.admin('/admin/received')) as { cuf: string; timesReceived: number; timesRegistered: number }[];
      assert.ok(record);
      assert.equal(record.cuf, sale.cuf);
      assert.deepEqual([record.timesReceived, record.timesRegistered], received ? [2, 1] : [1, 1]);
      await assertRegisteredOnce(till, sqliteConnection(eng.store), posId);
    } finally {
      await eng.stop();
    }
  });
}
