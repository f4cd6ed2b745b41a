// Central's search names a credit-debit note as a note with the invoice it refers to (issue 24,
// item 11): the row carries its sector and the original's number, looked up by the original's key.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { centralStack } from './helpers';
import { DashboardRepository } from '../../../main/central/store/dashboard';

const stack = await centralStack();
after(() => stack.close());

test('a note found by the search carries sector 24 and its original invoice\'s number; an invoice carries none', { timeout: 120_000 }, async () => {
  const till = await stack.newTill('Caja 1');
  const insert = (id: string, sector: number, number: number, original: string | null, at: string) =>
    stack.pool.query(
      `INSERT INTO invoices (tenant_id, till_id, id, pos_id, branch_code, pos_code, invoice_type, sector, codigo_emision, number, cuf, cufd, fecha_emision,
         issued_at, issued_on, client_doc_number, client_name, currency, total_cents, state, siat_messages, needs_reconcile, original_invoice_id, xml, record,
         created_at, updated_at, seq)
       VALUES ($1, $2, $3, 'pos', 0, 0, $4, $5, 1, $6, $7, 'cufd', $8::text, $8::text::timestamp, ($8::text::timestamp)::date, '5115889', 'JUAN PEREZ', 1, 1827, 'VALIDATED',
         '[]', false, $9, '<f/>', '{}', '', '', $6)`,
      [stack.tenantId, till.tillId, id, sector === 24 ? 'NOTE_CREDIT_DEBIT' : 'ELECTRONIC_SALE', sector, number, `CUF${id.toUpperCase()}`, at, original],
    );
  await insert('inv-123', 1, 123, null, '2026-11-26T10:00:00.000');
  await insert('note-7', 24, 7, 'inv-123', '2026-11-26T11:00:00.000');

  const dashboard = new DashboardRepository(stack.pool);
  for (const q of ['', 'perez']) {
    const page = await dashboard.searchInvoices(stack.tenantId, q, null, 20);
    const byId = new Map(page.items.map((i) => [i.id, i]));
    assert.deepEqual([byId.get('note-7')?.sector, byId.get('note-7')?.originalNumber], [24, 123], `search "${q}"`);
    assert.deepEqual([byId.get('inv-123')?.sector, byId.get('inv-123')?.originalNumber], [1, null], `search "${q}"`);
  }
});
