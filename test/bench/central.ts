// Kipu Central's benchmark (issue 15), on a real PostgreSQL started in a temp dir (fsync off:
// this machine's disk is not a server's, and the till, not Central, is where a sale is durable).
//  1. Ingest: 50 simulated tills pushing 10,000 invoices each over HTTP. Target ≥ 5,000 invoices/s.
//  2. Dashboard queries over 5 million invoices (rows made with generate_series). Target p99 < 200 ms.
//  3. The cost the outbox row adds to a sale (the trigger's INSERT). Target < 0.1 ms.
// BENCH_CENTRAL_TILLS, BENCH_CENTRAL_PER_TILL and BENCH_CENTRAL_ROWS shrink the runs for a quick look.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { startTestPostgres } from '../fixtures/postgres';
import { startTestEngine } from '../fixtures/engine';
import { saleRequest } from '../fixtures/issued-invoice';
import { startCentral } from '../../main/central/central';
import { AccountRepository } from '../../main/central/store/accounts';
import { DashboardRepository, parseSearchCursor } from '../../main/central/store/dashboard';
import { sqliteConnection } from '../../main/store/store';
import type { InvoiceReplica, PushRequest } from '../../shared/api/central';
import type { NewInvoice } from '../../main/store/invoices';
import { fmt, summarize } from './_stats';

const TILLS = Number(process.env.BENCH_CENTRAL_TILLS ?? 50);
const PER_TILL = Number(process.env.BENCH_CENTRAL_PER_TILL ?? 10_000);
const ROWS = Number(process.env.BENCH_CENTRAL_ROWS ?? 5_000_000);
const BATCH = 500;

const pg = await startTestPostgres({ fast: true });
let failed = false;
try {
  // A real sale's record and XML, from a real till: what each simulated invoice carries.
  const eng = await startTestEngine({}, undefined, { scheduler: false });
  const pos = (await (await eng.api('/api/v1/pos')).json()).data[0];
  await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: { posId: pos.id } });
  await eng.api('/api/v1/codes/cufd', { method: 'POST', json: { posId: pos.id } });
  const sold = (await (await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(pos.id) })).json()).data;
  const tenantId = eng.store.pointsOfSale.byId(eng.store.tenants.list()[0]!.id, pos.id) ? eng.store.tenants.list()[0]!.id : '';
  const template = eng.store.central.invoices(tenantId, [sold.id])[0]!;

  // ── 3. Outbox cost per sale ──
  {
    const db = sqliteConnection(eng.store);
    const base = eng.store.invoices.byId(tenantId, sold.id)!;
    let n = 0;
    const round = (count: number) => {
      const t0 = process.hrtime.bigint();
      eng.store.transaction(() => {
        for (let i = 0; i < count; i++) {
          n++;
          const inv: NewInvoice = { ...base, id: randomUUID(), number: 1_000_000 + n, cuf: `${base.cuf}${n}`, idempotencyKey: null };
          eng.store.invoices.insert(inv);
        }
      });
      return Number(process.hrtime.bigint() - t0) / 1e6 / count;
    };
    const trigger = (db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'central_outbox_invoice_insert'`).pluck().get() as string);
    round(2000); // warm-up
    const withOutbox: number[] = [];
    const without: number[] = [];
    for (let r = 0; r < 8; r++) {
      withOutbox.push(round(3000));
      db.exec('DROP TRIGGER central_outbox_invoice_insert');
      without.push(round(3000));
      db.exec(trigger);
    }
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    const cost = med(withOutbox) - med(without);
    console.log(`outbox row per sale: ${(cost * 1000).toFixed(1)} µs (insert with outbox ${fmt(med(withOutbox))}, without ${fmt(med(without))}; median of 8 rounds × 3,000; target < 0.1 ms)`);
    if (cost >= 0.1) failed = true;
  }
  await eng.stop();

  // ── 1. Ingest ──
  const central = await startCentral({ databaseUrl: pg.url, host: '127.0.0.1', port: 0, tls: null, poolSize: 20 }, { logger: pino({ level: 'silent' }), dashboardDir: null });
  const accounts = new AccountRepository(central.pool);
  const tenant = await accounts.createTenant('7000123019', 'COMERCIAL KIPU DEMO S.R.L.');
  const tills = await Promise.all(Array.from({ length: TILLS }, (_, i) => accounts.createTill(tenant.id, `Caja ${i + 1}`, i % 10)));
  const report = { nit: '7000123019', razonSocial: 'COMERCIAL KIPU DEMO S.R.L.', certificateExpiresAt: null, training: true, tenant: {} };
  const replica = (till: number, n: number): InvoiceReplica => ({
    ...template,
    id: `${till}-${n}`,
    posId: `pos-${till}`,
    branchCode: till % 10,
    number: n,
    cuf: `${template.cuf.slice(0, 20)}${till}X${n}`,
    clientName: `CLIENTE ${n % 997}`,
  });
  const t0 = Date.now();
  await Promise.all(
    tills.map(async (t, ti) => {
      for (let start = 0; start < PER_TILL; start += BATCH) {
        const items = Array.from({ length: Math.min(BATCH, PER_TILL - start) }, (_, k) => ({ seq: start + k + 1, kind: 'invoice' as const, data: replica(ti, start + k + 1) }));
        const body: PushRequest = { after: start, upTo: start + items.length, report, items };
        const res = await fetch(`${central.url}/central/v1/push`, { method: 'POST', headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (res.status !== 200) throw new Error(`push: HTTP ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  const secs = (Date.now() - t0) / 1000;
  const total = TILLS * PER_TILL;
  const held = (await central.pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM invoices')).rows[0]!.n;
  const rate = total / secs;
  console.log(`ingest: ${total.toLocaleString('en')} invoices from ${TILLS} tills in ${secs.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} invoices/s (batches of ${BATCH}, each with its ~${Math.round(template.xml.length / 1024)} KB XML; target ≥ 5,000/s); rows held ${held}`);
  if (rate < 5000 || held !== total) failed = true;

  // ── 2. Dashboard over ROWS invoices ──
  const g0 = Date.now();
  const missing = Math.max(0, ROWS - held);
  // 80 tills in 10 stores over a year; today's share like any other day's.
  const more = await Promise.all(Array.from({ length: 30 }, (_, i) => accounts.createTill(tenant.id, `Caja generada ${i + 1}`, i % 10)));
  const tillIds = [...tills.map((t) => t.tillId), ...more.map((t) => t.tillId)];
  await central.pool.query(
    `INSERT INTO invoices (tenant_id, till_id, id, pos_id, branch_code, pos_code, invoice_type, sector, codigo_emision, number, cuf, cufd, fecha_emision,
       issued_at, issued_on, client_doc_number, client_name, currency, total_cents, state, siat_messages, needs_reconcile, xml, record, created_at, updated_at, seq)
     SELECT $1, ($2::uuid[])[1 + g % array_length($2::uuid[], 1)], 'g' || g, 'pos', (g % array_length($2::uuid[], 1)) % 10, 0, 'COMPUTERIZED_SALE', 1, 1, g,
       'GEN' || lpad(g::text, 12, '0'), 'cufd', to_char(ts, 'YYYY-MM-DD"T"HH24:MI:SS.MS'), ts, ts::date, (4000000 + g % 100000)::text,
       'CLIENTE ' || (g % 997), 1, 1000 + g % 50000,
       CASE WHEN g % 50 = 0 THEN 'CONTINGENCY' WHEN g % 97 = 0 THEN 'CANCELLED' ELSE 'VALIDATED' END, '[]', false, '<facturaComputarizadaCompraVenta/>', '{}', '', '', g
     FROM generate_series(1, $3::int) g, LATERAL (SELECT (now() AT TIME ZONE 'America/La_Paz') - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second' AS ts) t`,
    [tenant.id, tillIds, missing],
  );
  await central.pool.query('VACUUM ANALYZE invoices');
  const rows = (await central.pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM invoices')).rows[0]!.n;
  console.log(`dashboard data: ${rows.toLocaleString('en')} invoices (generated in ${((Date.now() - g0) / 1000).toFixed(0)} s)`);
  const dash = new DashboardRepository(central.pool);
  const today = await dash.today();
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const secondPage = parseSearchCursor((await dash.searchInvoices(tenant.id, 'cliente 99', null, 20)).next ?? '');
  const queries: [string, () => Promise<unknown>][] = [
    ['sales today per store and till', () => dash.salesOn(tenant.id, today)],
    ['sales by day, 30 days', () => dash.salesByDay(tenant.id, from, today)],
    ['tills: mode, queue, expiries', () => dash.tills(tenant.id)],
    ['search newest page', () => dash.searchInvoices(tenant.id, '', null, 20)],
    ['search by CUF prefix', () => dash.searchInvoices(tenant.id, 'GEN00000123', null, 20)],
    // ~1 % of the chain ("CLIENTE 99", "CLIENTE 990"…"996"): found among the newest invoices.
    ['search by client name', () => dash.searchInvoices(tenant.id, 'cliente 99', null, 20)],
    ['search by client name, page 2', () => dash.searchInvoices(tenant.id, 'cliente 99', secondPage, 20)],
    // ~0.1 % ("CLIENTE 996"): the newest slice is not enough, the trigram index finds the rest.
    ['search by rare client name', () => dash.searchInvoices(tenant.id, 'cliente 996', null, 20)],
    // Invoice 364 is a year old (no newest slice holds it): found through invoices_number (decision 0045).
    ['search by an old invoice number', () => dash.searchInvoices(tenant.id, '364', null, 20)],
  ];
  for (const [name, q] of queries) {
    await q();
    const samples: number[] = [];
    for (let i = 0; i < 40; i++) {
      const s = process.hrtime.bigint();
      await q();
      samples.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    const st = summarize(samples);
    console.log(`dashboard ${name}: p50 ${fmt(st.p50)}, p99 ${fmt(st.p99)} (${st.n} runs; target p99 < 200 ms)`);
    if (st.p99 >= 200) failed = true;
  }
  await central.close();
} finally {
  pg.stop();
}
if (failed) process.exitCode = 1;
