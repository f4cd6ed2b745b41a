// SIAT hangs instead of refusing; a sale SIAT received before the client's time-out is
// reconciled (VALIDATED, never resent). A package answered 904 keeps the two rejected files'
// observations verbatim and validates the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KipuEvent } from '../../../main/events/event-map';
import { assertGapless, assertRegisteredOnce, openTill, stateCounts, waitFor } from './helpers';
import { sqliteConnection } from '../../../main/store/store';

test('hanging SIAT: the sale SIAT received before the time-out is kept, never re-issued (sent again only with its own CUF); the rest go in a package', { timeout: 300_000 }, async () => {
  const till = await openTill();
  const { eng, posId } = till;
  try {
    eng.simulator!.state.packageValidationDelayMs = 20;
    await till.admin('/admin/faults', { mode: 'hang' });
    await till.admin('/admin/accept-before-timeout', { enabled: true });

    const [first] = await till.sell(1, 1);
    assert.equal(first.state, 'PENDING', 'outcome unknown: kept PENDING for reconciliation');
    const received = (await till.admin('/admin/received')) as { cuf: string; timesRegistered: number }[];
    assert.equal(received.find((r) => r.cuf === first.cuf)?.timesRegistered, 1, 'SIAT registered it before the client gave up');

    const rest = await till.sell(150);
    assert.ok(rest.every((i) => i.state === 'CONTINGENCY'));
    const event = eng.contingencyEvents.activeFor(till.tenantId, posId)!;
    assert.equal(sqliteConnection(eng.store).prepare('SELECT needs_reconcile FROM invoices WHERE cuf = ?').pluck().get(first.cuf), 1);

    await till.admin('/admin/reset-faults');
    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, event.id)?.state === 'CLOSED', 60_000);

    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { VALIDATED: 151 });
    const firstNow = eng.invoices.byId(till.tenantId, first.id)!;
    assert.equal(firstNow.cuf, first.cuf, 'same CUF: it was never re-issued');
    assert.equal(firstNow.codigoEmision, 1);
    assert.equal(firstNow.packageId, null, 'never packaged');
    // Registered once. Received at most twice: before leaving contingency the monitor sends it
    // again with the same CUF as a trial (decision 0057), which SIAT answers 1000.
    await assertRegisteredOnce(till, sqliteConnection(eng.store), posId);
    const firstReceived = ((await till.admin('/admin/received')) as { cuf: string; timesReceived: number }[]).find((r) => r.cuf === first.cuf)!;
    assert.ok(firstReceived.timesReceived <= 2, `received ${firstReceived.timesReceived} times`);
    assertGapless(sqliteConnection(eng.store), posId);
  } finally {
    await eng.stop();
  }
});

test('online sales SIAT never got (time-out without acceptance): the oldest is sent again with its CUF when SIAT answers, the other re-issued offline with the same number after the window', { timeout: 300_000 }, async () => {
  const till = await openTill();
  const { eng, posId } = till;
  try {
    eng.simulator!.state.packageValidationDelayMs = 20;
    await till.admin('/admin/faults', { mode: 'hang' });
    const [first, second] = await till.sell(2, 2);
    assert.equal(first.state, 'PENDING');
    assert.equal(second.state, 'PENDING');
    await till.sell(3);
    const event = eng.contingencyEvents.activeFor(till.tenantId, posId)!;
    await till.admin('/admin/reset-faults');
    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, event.id)?.state === 'CLOSED', 30_000);
    const [a, b] = [first, second].sort((x, y) => x.invoiceNumber - y.invoiceNumber);
    // The monitor's trial: the oldest, as it was (codigoEmision 1, same CUF), validated online.
    const trial = eng.invoices.byId(till.tenantId, a.id)!;
    assert.equal(trial.state, 'VALIDATED');
    assert.equal(trial.cuf, a.cuf);
    assert.equal(trial.codigoEmision, 1);
    // The other: SIAT does not know its CUF once the window has passed → re-issued offline.
    const inv = eng.invoices.byId(till.tenantId, b.id)!;
    assert.equal(inv.state, 'VALIDATED');
    assert.equal(inv.number, b.invoiceNumber ?? inv.number);
    assert.equal(inv.codigoEmision, 2, 're-issued offline');
    assert.notEqual(inv.cuf, b.cuf);
    assert.equal(eng.invoices.byCuf(till.tenantId, b.cuf)?.id, b.id, 'the first CUF still finds it');
    assertGapless(sqliteConnection(eng.store), posId);
    await assertRegisteredOnce(till, sqliteConnection(eng.store), posId, { receivedOnce: true });
    assert.deepEqual(await till.admin('/admin/duplicates'), []);
  } finally {
    await eng.stop();
  }
});

test('a package answered 904: the two rejected files keep SIAT observations verbatim, the rest are validated', { timeout: 300_000 }, async () => {
  const till = await openTill();
  const { eng, posId } = till;
  const events: KipuEvent[] = [];
  eng.bus.subscribe((e) => events.push(e));
  try {
    eng.simulator!.state.packageValidationDelayMs = 20;
    const start = await eng.api('/api/v1/events/start', { method: 'POST', json: { posId, branchId: till.branchId, codigoMotivo: 1, descripcion: 'Corte de internet en la sucursal' } });
    assert.equal(start.status, 200);
    const ev = (await start.json()).data;
    const sold = await till.sell(40);
    await till.admin('/admin/reject-files', { numeroArchivo: [3, 17], codigo: 1013 });
    const end = await eng.api('/api/v1/events/end', { method: 'POST', json: { posId, branchId: String(till.branchId), eventoId: ev.id } });
    assert.equal(end.status, 200, await end.clone().text());
    assert.equal((await end.json()).data.finalizado, true);
    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, ev.id)?.state === 'CLOSED', 30_000);

    const pkg = eng.contingencyEvents.packages(ev.id)[0]!;
    assert.equal(pkg.state, 'OBSERVED');
    assert.equal(pkg.siatCode, 904);
    const rejected = [pkg.invoiceIds[3]!, pkg.invoiceIds[17]!];
    for (const id of pkg.invoiceIds) {
      const inv = eng.invoices.byId(till.tenantId, id)!;
      if (rejected.includes(id)) {
        assert.equal(inv.state, 'REJECTED');
        assert.deepEqual(inv.siatMessages.map((m) => m.codigo), [1013]);
        assert.equal(inv.siatMessages[0]!.descripcion, 'EL CALCULO DEL MONTO TOTAL ES ERRONEO');
        assert.equal(inv.siatMessages[0]!.numeroArchivo, rejected.indexOf(id) === 0 ? 3 : 17);
      } else {
        assert.equal(inv.state, 'VALIDATED', `${inv.number}`);
      }
    }
    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { VALIDATED: sold.length - 2, REJECTED: 2 });
    const pr = events.filter((e) => e.type === 'contingency.package_rejected');
    assert.equal(pr.length, 1);
    assert.equal(pr[0]!.data.rejected, 2);
    assert.equal(events.filter((e) => e.type === 'invoice.rejected').length, 2);
  } finally {
    await eng.stop();
  }
});

test('the same 904 when SIAT numbers files from 1: SIAT is asked, and the right two invoices are rejected', { timeout: 300_000 }, async () => {
  const till = await openTill();
  const { eng, posId } = till;
  try {
    eng.simulator!.state.packageValidationDelayMs = 20;
    await till.admin('/admin/file-numbering', { base: 1 });
    const start = await eng.api('/api/v1/events/start', { method: 'POST', json: { posId, branchId: till.branchId, codigoMotivo: 1, descripcion: 'Corte de internet' } });
    const ev = (await start.json()).data;
    const sold = await till.sell(12);
    // Reject by CUF: the 1-based answer then says numeroArchivo 5 and 9 for files 4 and 8.
    const bad = [sold[4]!, sold[8]!];
    await till.admin('/admin/reject-files', { cufs: bad.map((i) => i.cuf), codigo: 1013 });
    const end = await eng.api('/api/v1/events/end', { method: 'POST', json: { posId, branchId: till.branchId, eventoId: ev.id } });
    assert.equal(end.status, 200);
    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, ev.id)?.state === 'CLOSED', 30_000);
    const pkg = eng.contingencyEvents.packages(ev.id)[0]!;
    assert.equal(pkg.siatCode, 904);
    for (const id of pkg.invoiceIds) {
      const inv = eng.invoices.byId(till.tenantId, id)!;
      const isBad = bad.some((b) => b.cuf === inv.cuf);
      assert.equal(inv.state, isBad ? 'REJECTED' : 'VALIDATED', `invoice ${inv.number}`);
      if (isBad) assert.deepEqual(inv.siatMessages.map((m) => m.codigo), [1013], 'the observation lands on the right invoice');
    }
    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { VALIDATED: sold.length - 2, REJECTED: 2 });
  } finally {
    await eng.stop();
  }
});
