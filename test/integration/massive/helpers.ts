// Shared by the massive emission tests: item bodies per sector and waiting for a batch.
import assert from 'node:assert/strict';
import { waitFor } from '../contingency/helpers';
import type { ApiTestResponse } from '../../fixtures/engine';

/** A month's school fee (sector 11), computerized: no signature. */
export function educationItem(i: number, invoiceType = 'COMPUTERIZED_SECTOR_EDUCATION') {
  return {
    invoiceType,
    clientDocumentType: 1,
    clientDocumentNumber: String(5_000_000 + i),
    clientBusinessName: `FAMILIA ${i}`,
    clientCode: `EST${i}`,
    paymentMethodCode: 1,
    nameStudent: `ESTUDIANTE ${i}`,
    billedPeriod: 'MARZO 2025',
    details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'PENSION', description: 'Pensión escolar marzo', quantity: 1, unitMeasure: 58, priceUnit: 350 + (i % 7) }],
  };
}

/** A boleto aéreo (sector 30): its own header fields; the one line carries the fare. */
export function airlineItem(i: number) {
  return {
    invoiceType: 'ELECTRONIC_AIRLINE',
    clientDocumentType: 1,
    clientDocumentNumber: String(6_000_000 + i),
    clientBusinessName: `PASAJERO ${i}`,
    clientCode: `PAX${i}`,
    paymentMethodCode: 1,
    passengerName: `PASAJERO ${i}`,
    passengerDocument: String(6_000_000 + i),
    airlineIataCode: 930,
    serviceOrigin: 'LPB',
    fareAmount: 1200,
    transactionType: 'EMISION',
    details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'TKT', description: 'Boleto LPB-VVI', quantity: 1, unitMeasure: 58, priceUnit: 1200 }],
  };
}

type Api = (path: string, init?: RequestInit & { json?: unknown }) => Promise<ApiTestResponse>;

export async function submitBatch(api: Api, posId: string, items: unknown[], headers: Record<string, string> = {}): Promise<any> {
  const res = await api('/api/v1/invoices/batch', { method: 'POST', json: { posId, items }, headers });
  const body = await res.json();
  assert.equal(res.status, 202, JSON.stringify(body).slice(0, 2000));
  return body.data;
}

export async function waitCompleted(api: Api, batchId: string, timeoutMs = 60_000): Promise<any> {
  return waitFor(
    `batch ${batchId} COMPLETED`,
    async () => {
      const res = await api(`/api/v1/invoices/batch/${batchId}`);
      const body = await res.json();
      assert.equal(res.status, 200, JSON.stringify(body));
      return body.data.state === 'COMPLETED' ? body.data : null;
    },
    timeoutMs,
    100,
  );
}
