// The owner's views over the chain, every query scoped by tenant. "Sales" = invoices issued and
// not refused or cancelled, credit-debit notes (sector 24) apart; days are Bolivia's. The sums read
// sales_daily, which statement triggers keep (migration 0001).
import type { Pool } from './pg';
import type { ChainInvoicePage, SalesByDay, SalesToday, TillOverview } from '../../../shared/api/central';

export class DashboardRepository {
  constructor(private readonly pool: Pool) {}

  /** Bolivia's date today (America/La_Paz has no daylight saving: UTC-4). */
  async today(): Promise<string> {
    const { rows } = await this.pool.query<{ d: string }>(`SELECT to_char((now() AT TIME ZONE 'America/La_Paz')::date, 'YYYY-MM-DD') AS d`);
    return rows[0]!.d;
  }

  async salesOn(tenantId: string, date: string): Promise<SalesToday> {
    const { rows } = await this.pool.query(
      `SELECT i.branch_code, COALESCE(s.name, 'Sucursal ' || i.branch_code) AS store_name, i.till_id, t.name AS till_name,
              i.invoices::int AS invoices, i.total_cents::bigint AS total
       FROM (SELECT branch_code, till_id, SUM(invoices) AS invoices, SUM(total_cents) AS total_cents FROM sales_daily
             WHERE tenant_id = $1 AND issued_on = $2::date GROUP BY branch_code, till_id HAVING SUM(invoices) > 0) i
       JOIN tills t ON t.id = i.till_id AND t.tenant_id = $1
       LEFT JOIN stores s ON s.tenant_id = $1 AND s.branch_code = i.branch_code
       ORDER BY i.branch_code, t.name`,
      [tenantId, date],
    );
    const out = rows.map((r) => ({ branchCode: r.branch_code, storeName: r.store_name, tillId: r.till_id, tillName: r.till_name, invoices: r.invoices, totalCents: r.total }));
    return { date, rows: out, invoices: out.reduce((a, r) => a + r.invoices, 0), totalCents: out.reduce((a, r) => a + r.totalCents, 0) };
  }

  async salesByDay(tenantId: string, from: string, to: string): Promise<SalesByDay> {
    const { rows } = await this.pool.query(
      `SELECT to_char(d.issued_on, 'YYYY-MM-DD') AS day, d.branch_code, COALESCE(s.name, 'Sucursal ' || d.branch_code) AS store_name, d.invoices, d.total
       FROM (SELECT issued_on, branch_code, SUM(invoices)::int AS invoices, SUM(total_cents)::bigint AS total FROM sales_daily
             WHERE tenant_id = $1 AND issued_on BETWEEN $2::date AND $3::date GROUP BY issued_on, branch_code HAVING SUM(invoices) > 0) d
       LEFT JOIN stores s ON s.tenant_id = $1 AND s.branch_code = d.branch_code
       ORDER BY d.issued_on, d.branch_code`,
      [tenantId, from, to],
    );
    return { days: rows.map((r) => ({ date: r.day, branchCode: r.branch_code, storeName: r.store_name, invoices: r.invoices, totalCents: r.total })) };
  }

  async tills(tenantId: string): Promise<TillOverview> {
    const tills = await this.pool.query(
      `SELECT id, name, to_char(last_contact AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_contact, report->>'certificateExpiresAt' AS cert
       FROM tills WHERE tenant_id = $1 AND revoked_at IS NULL ORDER BY name`,
      [tenantId],
    );
    const pos = await this.pool.query(
      `SELECT p.till_id, p.id, p.branch_code, p.code, p.name, to_char(p.cufd_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS cufd,
         EXISTS (SELECT 1 FROM contingency_events e WHERE e.tenant_id = p.tenant_id AND e.till_id = p.till_id AND e.pos_id = p.id AND e.state = 'ACTIVE') AS contingency,
         (SELECT COUNT(*) FROM invoices i WHERE i.tenant_id = p.tenant_id AND i.till_id = p.till_id AND i.pos_id = p.id
            AND (i.state = 'CONTINGENCY' OR (i.state = 'PENDING' AND i.needs_reconcile)))::int AS queued
       FROM points_of_sale p WHERE p.tenant_id = $1 AND p.closed_at IS NULL ORDER BY p.branch_code, p.code`,
      [tenantId],
    );
    return {
      tills: tills.rows.map((t) => ({
        tillId: t.id,
        name: t.name,
        lastContact: t.last_contact,
        certificateExpiresAt: t.cert,
        pointsOfSale: pos.rows
          .filter((p) => p.till_id === t.id)
          .map((p) => ({ posId: p.id, branchCode: p.branch_code, code: p.code, name: p.name, mode: p.contingency ? ('CONTINGENCY' as const) : ('ONLINE' as const), queued: p.queued, cufdExpiresAt: p.cufd })),
      })),
    };
  }

  /** Any invoice of the chain: by number, CUF or client document prefix, or a piece of the client's name. */
  async searchInvoices(tenantId: string, q: string, offset: number, limit: number): Promise<ChainInvoicePage> {
    const where = ['i.tenant_id = $1'];
    const args: unknown[] = [tenantId];
    const text = q.trim();
    if (text !== '') {
      args.push(text);
      if (/^\d+$/.test(text)) where.push(`(i.number = $2::bigint OR i.client_doc_number LIKE $2 || '%' OR i.cuf LIKE $2 || '%')`);
      else where.push(`(i.client_name ILIKE '%' || $2 || '%' OR i.cuf LIKE upper($2) || '%')`);
    }
    const w = where.join(' AND ');
    const { rows } = await this.pool.query(
      `SELECT i.till_id, t.name AS till_name, i.id, i.branch_code, i.pos_code, i.number, i.cuf, i.fecha_emision, i.client_name, i.client_doc_number,
         i.total_cents, i.state, i.siat_code
       FROM invoices i JOIN tills t ON t.id = i.till_id WHERE ${w} ORDER BY i.issued_at DESC LIMIT ${Number(limit) + 1} OFFSET ${Number(offset)}`,
      args,
    );
    return {
      more: rows.length > limit,
      items: rows.slice(0, limit).map((r) => ({
        tillId: r.till_id,
        tillName: r.till_name,
        id: r.id,
        branchCode: r.branch_code,
        posCode: r.pos_code,
        number: r.number,
        cuf: r.cuf,
        fechaEmision: r.fecha_emision,
        clientName: r.client_name,
        clientDocNumber: r.client_doc_number,
        totalCents: r.total_cents,
        state: r.state,
        siatCode: r.siat_code,
      })),
    };
  }

  /** One invoice with what its PDF needs. */
  async invoice(tenantId: string, tillId: string, id: string): Promise<{ row: Record<string, unknown>; tenantReport: Record<string, unknown> | null } | null> {
    const { rows } = await this.pool.query(
      `SELECT i.*, t.report->'tenant' AS tenant_report FROM invoices i JOIN tills t ON t.id = i.till_id WHERE i.tenant_id = $1 AND i.till_id = $2 AND i.id = $3`,
      [tenantId, tillId, id],
    );
    const r = rows[0];
    return r ? { row: r, tenantReport: r.tenant_report ?? null } : null;
  }

  /** Per till: how many invoices and their sum (tests and the reconciliation view). */
  async tillTotals(tenantId: string): Promise<{ tillId: string; invoices: number; totalCents: number }[]> {
    const { rows } = await this.pool.query(
      'SELECT till_id, COUNT(*)::int AS n, COALESCE(SUM(total_cents), 0)::bigint AS s FROM invoices WHERE tenant_id = $1 GROUP BY till_id',
      [tenantId],
    );
    return rows.map((r) => ({ tillId: r.till_id, invoices: r.n, totalCents: r.s }));
  }
}
