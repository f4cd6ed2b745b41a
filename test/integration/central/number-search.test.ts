// Searching Central's invoices by number goes through an index (migration 0003's invoices_number,
// decision 0045). The plan checked is the one PostgreSQL really ran for the repository's own query:
// auto_explain, loaded in the test's session, hands every plan back to the client as a NOTICE.
// 60,000 invoices of one tenant, ANALYZEd, and the planner's default settings (enable_seqscan on):
// the planner picks the index by cost, nothing forces it (no enable_seqscan = off).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { centralStack, owner } from './helpers';
import { DashboardRepository } from '../../../main/central/store/dashboard';
import { openPool, type Pool } from '../../../main/central/store/pg';

const stack = await centralStack();
after(() => stack.close());

const ROWS = 60_000;

test('a search by invoice number reads invoices_number (BitmapOr with the document and CUF indexes), not every invoice of the tenant', { timeout: 300_000 }, async () => {
  const tills = [await stack.newTill('Caja 1'), await stack.newTill('Caja 2'), await stack.newTill('Caja 3')];
  // Each till numbers its own invoices 1, 2, 3…: every number is on three tills. The newest first.
  await stack.pool.query(
    `INSERT INTO invoices (tenant_id, till_id, id, pos_id, branch_code, pos_code, invoice_type, sector, codigo_emision, number, cuf, cufd, fecha_emision,
       issued_at, issued_on, client_doc_number, client_name, currency, total_cents, state, siat_messages, needs_reconcile, xml, record, created_at, updated_at, seq)
     SELECT $1, ($2::uuid[])[1 + g % 3], 'inv-' || g, 'pos', 0, 0, 'COMPUTERIZED_SALE', 1, 1, 1 + g / 3,
       'ABC' || upper(md5(g::text)), 'cufd', to_char(ts, 'YYYY-MM-DD"T"HH24:MI:SS.MS'), ts, ts::date, (5000000 + g)::text,
       'CLIENTE ' || (g % 97), 1, 100 + g, 'VALIDATED', '[]', false, '<f/>', '{}', '', '', g
     FROM generate_series(0, $3::int - 1) g, LATERAL (SELECT timestamp '2026-03-01 12:00:00' + (g / 3) * interval '1 second' AS ts) t`,
    [stack.tenantId, tills.map((t) => t.tillId), ROWS],
  );
  await stack.pool.query('ANALYZE invoices');

  // One connection whose every statement's plan comes back as a NOTICE; the repository runs on it
  // (it only calls query(), which a pool and a client share).
  const plans: string[] = [];
  const pool = openPool(stack.databaseUrl, 1);
  const session = await pool.connect();
  session.on('notice', (n) => plans.push(n.message ?? ''));
  await session.query(`LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_level = 'notice'`);
  const dashboard = new DashboardRepository(session as unknown as Pool);
  try {
    // Number 12 is among the oldest invoices: the newest 20,000 do not hold it, so the search's
    // second phase (decision 0042) looks for it in the rest of the chain.
    plans.length = 0;
    const page = await dashboard.searchInvoices(stack.tenantId, '12', null, 20);
    assert.deepEqual(page.items.map((i) => i.number), [12, 12, 12], 'the three tills\' invoice 12');
    const phase2 = plans.filter((p) => p.includes('AS MATERIALIZED'));
    assert.equal(phase2.length, 1, `the second phase ran once:\n${plans.join('\n---\n')}`);
    assert.match(phase2[0]!, /Bitmap Index Scan on invoices_number/, phase2[0]);
    assert.match(phase2[0]!, /BitmapOr/, phase2[0]);
    assert.doesNotMatch(phase2[0]!, /Seq Scan on invoices/, phase2[0]);

    // Without the index (dropped inside a transaction that is rolled back) the same query has
    // nothing to look a number up with and reads the tenant's invoices: what migration 0003 fixes.
    await session.query('BEGIN');
    await session.query('DROP INDEX invoices_number');
    plans.length = 0;
    assert.deepEqual((await dashboard.searchInvoices(stack.tenantId, '12', null, 20)).items.map((i) => i.number), [12, 12, 12]);
    // Inside a transaction the last statement's portal (and its plan's NOTICE) ends with the next command.
    await session.query('ROLLBACK');
    const without = plans.find((p) => p.includes('AS MATERIALIZED'));
    assert.ok(without, plans.join('\n---\n'));
    assert.doesNotMatch(without, /invoices_number|BitmapOr/, without);
    assert.equal((await stack.pool.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'invoices_number'`)).rowCount, 1);
    // The owner's search over HTTP finds the same three.
    await stack.startCentral(0);
    const http = await owner(stack, '/central/api/invoices?q=12&size=20');
    assert.deepEqual(
      http.items.map((i: { tillId: string; number: number }) => `${i.tillId}:${i.number}`).sort(),
      tills.map((t) => `${t.tillId}:12`).sort(),
    );
  } finally {
    session.release();
    await pool.end();
  }
});
