// Safer voids (issue 17): SIAT's term for annulments and their reversal (CONTRACT §5.4), with the
// engine's clock and the simulator's moved together; the reversal once only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockedTill, verdictOf, type Till } from '../contingency/helpers';
import { toBoliviaIso } from '../../../shared/time';
import { callDocumentOperation } from '../../../main/siat/document-call';


/** Day 9 (or 10) of the month after `fechaEmision`, at hh:mm:ss. */
/** The operation sent to SIAT (the simulator) directly, bypassing Kipu's own checks. */
async function askSiat(till: Till, invoiceId: string, operation: 'anulacionFactura' | 'reversionAnulacionFactura', extra: Record<string, unknown> = {}) {
  const { eng } = till;
  const tenant = eng.store.tenants.byId(till.tenantId)!;
  const pos = eng.store.pointsOfSale.byId(till.tenantId, till.posId)!;
  const id = eng.gateway.identity(tenant);
  const stored = eng.invoices.byId(till.tenantId, invoiceId)!;
  return (await callDocumentOperation(eng.gateway.client(tenant), 'compraVenta', operation, {
    codigoAmbiente: id.codigoAmbiente,
    codigoDocumentoSector: 1,
    codigoEmision: 1,
    codigoModalidad: stored.modalidad,
    codigoPuntoVenta: pos.code,
    codigoSistema: id.codigoSistema,
    codigoSucursal: pos.branchCode,
    cufd: (await eng.codes.ensureCufd(tenant, pos)).codigo,
    cuis: (await eng.codes.ensureCuis(tenant, pos)).codigo,
    nit: id.nit,
    tipoFacturaDocumento: 1,
    ...extra,
    cuf: stored.cuf,
  })) as { codigoEstado: number; mensajesList: { codigo: number }[] };
}

function nextMonthDay(fechaEmision: string, day: number, time: string): string {
  const y = Number(fechaEmision.slice(0, 4));
  const m = Number(fechaEmision.slice(5, 7));
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return `${ny}-${String(nm).padStart(2, '0')}-${String(day).padStart(2, '0')}T${time}.000`;
}

test('cancel and reverse within the term; the reversal only once; SIAT says 968 for a second one', { timeout: 300_000 }, async () => {
  const { till } = await clockedTill();
  const { eng } = till;
  try {
    const [sold] = await till.sell(1);
    const inv = await verdictOf(till, sold.id);
    assert.equal(inv.state, 'VALIDATED');
    const cancel = await eng.api(`/api/v1/invoices/${inv.id}/cancel?motivo=1`, { method: 'POST' });
    assert.equal(cancel.status, 200, await cancel.clone().text());

    const rev = await eng.api(`/api/v1/invoices/${inv.id}/reverse-cancellation`, { method: 'POST' });
    const body = await rev.json();
    assert.equal(rev.status, 200, JSON.stringify(body));
    assert.equal(body.data.state, 'VALIDATED');
    assert.equal(body.data.siatCode, 907);
    const after = (await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()).data;
    assert.equal(after.state, 'VALIDATED');
    assert.equal(after.cancellationReason, null);
    const status = (await (await eng.api(`/api/v1/invoices/${inv.id}/status`)).json()).data;
    assert.equal(status.siatCode, 908, 'SIAT holds it valid again');

    // Not CANCELLED: nothing to reverse.
    const notCancelled = await eng.api(`/api/v1/invoices/${inv.id}/reverse-cancellation`, { method: 'POST' });
    assert.equal(notCancelled.status, 422);
    assert.equal((await notCancelled.json()).error.code, 'NOT_REVERSIBLE');

    // Annulled again, a second reversal is refused here, before SIAT.
    assert.equal((await eng.api(`/api/v1/invoices/${inv.id}/cancel?motivo=3`, { method: 'POST' })).status, 200);
    const second = await eng.api(`/api/v1/invoices/${inv.id}/reverse-cancellation`, { method: 'POST' });
    const sb = await second.json();
    assert.equal(second.status, 422);
    assert.equal(sb.error.code, 'ALREADY_REVERTED');
    assert.match(sb.error.detail, /una sola vez/);
    assert.equal((await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()).data.state, 'CANCELLED');

    // And SIAT (the simulator) itself refuses a second reversal with 968.
    const res = await askSiat(till, inv.id, 'reversionAnulacionFactura');
    assert.notEqual(res.codigoEstado, 907);
    assert.deepEqual(res.mensajesList.map((m) => m.codigo), [968]);
  } finally {
    await eng.stop();
  }
});

test('the term ends on day 9 of the next month: 23:59 still annuls and reverses, day 10 is a 422 before SIAT is asked', { timeout: 300_000 }, async () => {
  const { till, at } = await clockedTill();
  const { eng } = till;
  try {
    const sold = await till.sell(3, 1);
    const [a, b, c] = await Promise.all(sold.map((s) => verdictOf(till, s.id)));
    for (const inv of [a, b, c]) assert.equal(inv.state, 'VALIDATED');
    const emitted = eng.invoices.byId(till.tenantId, a.id)!.fechaEmision;
    assert.equal((await eng.api(`/api/v1/invoices/${c.id}/cancel?motivo=1`, { method: 'POST' })).status, 200);

    await at(nextMonthDay(emitted, 9, '23:58:30'));
    const lastMinute = await eng.api(`/api/v1/invoices/${a.id}/cancel?motivo=1`, { method: 'POST' });
    assert.equal(lastMinute.status, 200, await lastMinute.clone().text());
    const reversed = await eng.api(`/api/v1/invoices/${a.id}/reverse-cancellation`, { method: 'POST' });
    assert.equal(reversed.status, 200, await reversed.clone().text());

    await at(nextMonthDay(emitted, 10, '00:00:05'));
    assert.ok(toBoliviaIso(eng.codes.siatNow(till.tenantId)) > nextMonthDay(emitted, 9, '23:59:59'));
    // A forced answer SIAT would give to the next annulment stays unused: SIAT was never asked.
    await till.admin('/admin/force-code', { operation: 'anulacionFactura', codigo: 999, times: 1 });
    const late = await eng.api(`/api/v1/invoices/${b.id}/cancel?motivo=1`, { method: 'POST' });
    const lb = await late.json();
    assert.equal(late.status, 422);
    assert.equal(lb.error.code, 'CANCELLATION_TERM_OVER');
    assert.match(lb.error.detail, /Fuera de plazo: la factura \d+ se emitió el \d{2}\/\d{2}\/\d{4} .* hasta el 09\/\d{2}\/\d{4}/);
    assert.equal(lb.error.fields[0].field, 'id');
    assert.equal(eng.simulator!.state.faults.forcedCodes.get('anulacionFactura')?.remaining, 1, 'SIAT was not asked');
    assert.equal((await (await eng.api(`/api/v1/invoices/${b.id}`)).json()).data.state, 'VALIDATED');

    const lateReversal = await eng.api(`/api/v1/invoices/${c.id}/reverse-cancellation`, { method: 'POST' });
    assert.equal(lateReversal.status, 422);
    assert.equal((await lateReversal.json()).error.code, 'REVERSAL_TERM_OVER');
    await till.admin('/admin/reset-faults');

    // The simulator enforces the same term: asked directly, it answers 934.
    const res = await askSiat(till, b.id, 'anulacionFactura', { codigoMotivo: 1 });
    assert.deepEqual(res.mensajesList.map((m) => m.codigo), [934]);
  } finally {
    await eng.stop();
  }
});
