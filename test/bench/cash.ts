// Cash sessions (issue 17, Benchmark): closing a session with 5,000 invoices — the expected per
// method, the Z report and storing the close — at the API (target < 200 ms). The invoices are
// written straight through the repositories (issuing 5,000 through SIAT's simulator would
// measure issuing, not the close); half are paid cash + card, a tenth by QR, 50 are cancelled.
import { performance } from 'node:perf_hooks';
import { startTestEngine } from '../fixtures/engine';
import { fmt } from './_stats';
import { uuidv7 } from '../../main/store/uuid7';

const N = 5_000;
const eng = await startTestEngine({ KIPU_RATE_LIMIT: '1000000' }, undefined, { scheduler: false });
try {
  const tenant = eng.store.tenants.byNit('7000123019')!;
  const pos = eng.store.pointsOfSale.list(tenant.id)[0]!;
  const samples: number[] = [];
  for (let round = 0; round < 5; round++) {
    const open = await (await eng.api('/api/v1/cash/sessions', { method: 'POST', json: { posId: pos.id, openingFloat: 500 } })).json();
    const sessionId = open.data.id as string;
    const at = new Date().toISOString();
    eng.store.transaction(() => {
      for (let i = 0; i < N; i++) {
        const id = uuidv7();
        const number = eng.store.invoices.allocateNumber(tenant.id, pos.id, 1);
        const total = 1_000 + (i % 977) * 10;
        eng.store.invoices.insert({
          id, tenantId: tenant.id, posId: pos.id, branchCode: pos.branchCode, posCode: pos.code, invoiceType: 'COMPUTERIZED_SALE', sector: 1,
          modalidad: 2, tipoFactura: 1, codigoEmision: i % 20 === 0 ? 2 : 1, number, cuf: `BENCH${round}X${i}`, cufd: 'C', fechaEmision: '2026-03-02T10:00:00.000',
          clientDocType: 1, clientDocNumber: '0', clientComplement: null, clientName: 'S/N', clientCode: '0', clientEmail: null,
          paymentMethod: i % 2 === 0 ? 10 : 1, cardNumber: null, currency: 1, exchangeRate: 100, subtotal: total, additionalDiscount: 0, giftCard: 0,
          total, totalSubjectIva: total, totalCurrency: total, exceptionCode: null, literal: '-', leyenda: '-', usuario: 'bench', details: [], sectorData: null, originalInvoiceId: null, xml: '<x/>',
          hash: 'h', idempotencyKey: null, requestHash: null, state: 'VALIDATED', needsReconcile: false, eventId: null, createdAt: at,
        });
        const rows = i % 2 === 0 ? [{ method: 'CASH', amount: total - 500, tendered: total }, { method: 'CARD', amount: 500, tendered: 500 }] : [{ method: i % 10 === 1 ? 'QR' : 'CASH', amount: total, tendered: total }];
        eng.store.cash.recordPayments(tenant.id, id, sessionId, rows);
        if (i % 100 === 0) eng.store.invoices.setState(id, { state: 'CANCELLED', cancellationReason: 1, cancellationDate: new Date().toISOString() });
      }
    });
    const t = performance.now();
    const res = await eng.api(`/api/v1/cash/sessions/${sessionId}/close`, { method: 'POST', json: { denominations: { '200': 10 }, counted: { CARD: 100, QR: 0 } } });
    await res.arrayBuffer();
    samples.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`close answered ${res.status}`);
  }
  samples.sort((a, b) => a - b);
  console.log(`cierre de caja con ${N.toLocaleString('es-BO')} facturas, POST /cash/sessions/{id}/close: mediana ${fmt(samples[2]!)}, peor ${fmt(samples[4]!)}  [meta: < 200 ms]`);
} finally {
  await eng.stop();
}
