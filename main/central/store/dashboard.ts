// The owner's views over the chain, every query scoped by tenant. "Sales" = invoices issued and
// not refused or cancelled, credit-debit notes (sector 24) apart; today's figure is net of those
// notes (returns, migration 0005); days are Bolivia's. The sums read sales_daily, which statement
// triggers keep (migrations 0001, 0005).
import type pg from 'pg';
import type { Pool } from './pg';
import type { ChainInvoicePage, SalesByDay, SalesToday, TillOverview } from '../../../shared/api/central';

/**
 * How many of the newest invoices the search reads in order before it turns to the trigram index
 * (decision 0042): about 20–40 ms when the term is rare; a term in ≥ 0.1 % of them fills a page
 * of 20 long before.
 */
const RECENT_SLICE = 20_000;

/** Where a search page ended: the last invoice's key in the order (issued_at, till_id, id). */
export interface SearchCursor {
  issuedAt: string;
  tillId: string;
  id: string;
}

const encodeCursor = (c: SearchCursor) => Buffer.from(JSON.stringify([c.issuedAt, c.tillId, c.id])).toString('base64url');

/** The `after` of a search request, or null when it is not a cursor this service handed out. */
export function parseSearchCursor(text: string): SearchCursor | null {
  if (text.length > 400 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'string')) return null;
  const [issuedAt, tillId, id] = v as string[];
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/.test(issuedAt!) || Number.isNaN(Date.parse(issuedAt!.replace(' ', 'T') + 'Z'))) return null;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(tillId!) || id!.length === 0 || id!.length > 200) return null;
  return { issuedAt: issuedAt!, tillId: tillId!, id: id! };
}

export class DashboardRepository {
  constructor(private readonly pool: Pool) {}

  /** Bolivia's date today (America/La_Paz has no daylight saving: UTC-4). */
  async today(): Promise<string> {
    const { rows } = await this.pool.query<{ d: string }>(`SELECT to_char((now() AT TIME ZONE 'America/La_Paz')::date, 'YYYY-MM-DD') AS d`);
    return rows[0]!.d;
  }

  /**
   * A day's sales per store and till, net of returns: totalCents = the standing invoices' sum minus
   * what the day's standing credit-debit notes gave back (annulled and refused documents count
   * nowhere); grossCents and returnsCents say how it was reached.
   */
  async salesOn(tenantId: string, date: string): Promise<SalesToday> {
    const { rows } = await this.pool.query(
      `SELECT i.branch_code, COALESCE(s.name, 'Sucursal ' || i.branch_code) AS store_name, i.till_id, t.name AS till_name,
              i.invoices::int AS invoices, i.total_cents::bigint AS gross, i.returns::int AS returns, i.returns_cents::bigint AS returns_cents
       FROM (SELECT branch_code, till_id, SUM(invoices) AS invoices, SUM(total_cents) AS total_cents, SUM(returns) AS returns, SUM(returns_cents) AS returns_cents
             FROM sales_daily
             WHERE tenant_id = $1 AND issued_on = $2::date GROUP BY branch_code, till_id HAVING SUM(invoices) > 0 OR SUM(returns) > 0) i
       JOIN tills t ON t.id = i.till_id AND t.tenant_id = $1
       LEFT JOIN stores s ON s.tenant_id = $1 AND s.branch_code = i.branch_code
       ORDER BY i.branch_code, t.name`,
      [tenantId, date],
    );
    const out = rows.map((r) => ({
      branchCode: r.branch_code,
      storeName: r.store_name,
      tillId: r.till_id,
      tillName: r.till_name,
      invoices: r.invoices,
      grossCents: Number(r.gross),
      returns: r.returns,
      returnsCents: Number(r.returns_cents),
      totalCents: Number(r.gross) - Number(r.returns_cents),
    }));
    const sum = (k: 'invoices' | 'grossCents' | 'returns' | 'returnsCents' | 'totalCents') => out.reduce((a, r) => a + r[k], 0);
    return { date, rows: out, invoices: sum('invoices'), grossCents: sum('grossCents'), returns: sum('returns'), returnsCents: sum('returnsCents'), totalCents: sum('totalCents') };
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
      // A till without a credential in force is revoked: its latest revocation says when, who, why.
      `SELECT t.id, t.name, to_char(t.last_contact AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_contact, t.report->>'certificateExpiresAt' AS cert,
         to_char(r.revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS revoked_at, r.revoked_by, r.revoked_reason
       FROM tills t
       LEFT JOIN LATERAL (SELECT c.revoked_at, c.revoked_by, c.revoked_reason FROM till_credentials c
                          WHERE c.tenant_id = t.tenant_id AND c.till_id = t.id ORDER BY c.revoked_at DESC NULLS FIRST LIMIT 1) r ON true
       WHERE t.tenant_id = $1 ORDER BY t.name`,
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
        revoked: t.revoked_at ? { at: t.revoked_at, by: t.revoked_by, reason: t.revoked_reason } : null,
        pointsOfSale: pos.rows
          .filter((p) => p.till_id === t.id)
          .map((p) => ({ posId: p.id, branchCode: p.branch_code, code: p.code, name: p.name, mode: p.contingency ? ('CONTINGENCY' as const) : ('ONLINE' as const), queued: p.queued, cufdExpiresAt: p.cufd })),
      })),
    };
  }

  /**
   * Any invoice of the chain: by number, CUF or client document prefix, or a piece of the client's
   * name, accents and case ignored (kipu_fold, migration 0006); newest first in the total order (issued_at, till_id, id), `after` = the previous page's
   * `next` (docs/decisions/0042). Two phases, same result as one ORDER BY over every match:
   *  1. the newest RECENT_SLICE invoices after the cursor, read in index order and filtered, stopping
   *     as soon as the page is full: a common term ("cliente 99", 1 % of the chain) is done here
   *     after a few thousand rows, instead of the trigram index handing over every match to sort;
   *  2. only when the slice did not fill the page (a rare term), the older invoices through the
   *     trigram/CUF/document indexes, where a rare term has few matches to sort.
   */
  async searchInvoices(tenantId: string, q: string, after: SearchCursor | null, limit: number): Promise<ChainInvoicePage> {
    const text = q.trim();
    const args: unknown[] = [tenantId];
    let match = 'TRUE';
    if (text !== '') {
      args.push(text);
      match = /^\d+$/.test(text)
        ? `(i.number = $2::bigint OR i.client_doc_number LIKE $2 || '%' OR i.cuf LIKE $2 || '%')`
        : `(kipu_fold(i.client_name) LIKE '%' || kipu_fold($2) || '%' OR i.cuf LIKE upper($2) || '%')`;
    }
    const want = Number(limit) + 1;
    const key = (k: SearchCursor | null, n: number) => {
      if (!k) return { sql: 'TRUE', args: [] as unknown[] };
      return { sql: `(i.issued_at, i.till_id, i.id) < ($${n}::timestamp, $${n + 1}::uuid, $${n + 2}::text)`, args: [k.issuedAt, k.tillId, k.id] };
    };
    // A credit-debit note names the invoice it refers to: its number, by the original's key.
    const cols = `i.till_id, t.name AS till_name, i.id, i.branch_code, i.pos_code, i.number, i.cuf, i.fecha_emision, i.client_name, i.client_doc_number,
         i.total_cents, i.state, i.siat_code, i.issued_at::text AS issued_at_key, i.sector,
         (SELECT o.number FROM invoices o WHERE o.tenant_id = $1 AND o.till_id = i.till_id AND o.id = i.original_invoice_id) AS original_number`;
    const order = 'ORDER BY i.issued_at DESC, i.till_id DESC, i.id DESC';
    let rows: pg.QueryResultRow[];
    if (text === '') {
      const k = key(after, 2);
      rows = (await this.pool.query(`SELECT ${cols} FROM invoices i JOIN tills t ON t.id = i.till_id WHERE i.tenant_id = $1 AND ${k.sql} ${order} LIMIT ${want}`, [...args, ...k.args])).rows;
    } else {
      // Phase 1: the slice is a subquery with its own LIMIT, read through invoices_newest in order;
      // row_number() streams, so the outer LIMIT stops the scan at the page's last match. The
      // slice's last row comes back too (marked), as the edge where phase 2 starts.
      const k = key(after, 3);
      const slice = (
        await this.pool.query(
          `SELECT ${cols}, ${match} AS hit, i.rn = ${RECENT_SLICE} AS edge
           FROM (SELECT i.*, row_number() OVER (${order}) AS rn
                 FROM (SELECT * FROM invoices i WHERE i.tenant_id = $1 AND ${k.sql} ${order} LIMIT ${RECENT_SLICE}) i) i
           JOIN tills t ON t.id = i.till_id WHERE ${match} OR i.rn = ${RECENT_SLICE} ${order} LIMIT ${want + 1}`,
          [...args, ...k.args],
        )
      ).rows;
      rows = slice.filter((r) => r.hit).slice(0, want);
      const edge = slice.find((r) => r.edge);
      if (rows.length < want && edge) {
        // Phase 2: a rare term; the invoices older than the slice, through the indexes on the match
        // (MATERIALIZED: the planner must not read invoices_newest in order again, filtering all
        // the way down for a term that may match nothing), then sorted.
        const older = key({ issuedAt: edge.issued_at_key, tillId: edge.till_id, id: edge.id }, 3);
        let found = match;
        const probeArgs: unknown[] = [];
        const probe = /^\d+$/.test(text) ? null : await this.rarestWord(text);
        if (probe) {
          // Only the rarest word goes to the trigram index; the whole text is checked on the rows it
          // finds (`|| ''`: not indexable, so the planner cannot add the common words' trigrams back).
          probeArgs.push(probe);
          found = `((kipu_fold(i.client_name) LIKE '%' || kipu_fold($6) || '%' AND (kipu_fold(i.client_name) || '') LIKE '%' || kipu_fold($2) || '%') OR i.cuf LIKE upper($2) || '%')`;
        }
        const more = await this.pool.query(
          `WITH m AS MATERIALIZED (SELECT i.till_id, i.id, i.branch_code, i.pos_code, i.number, i.cuf, i.fecha_emision, i.client_name, i.client_doc_number,
               i.total_cents, i.state, i.siat_code, i.issued_at, i.sector, i.original_invoice_id FROM invoices i WHERE i.tenant_id = $1 AND ${older.sql} AND ${found})
           SELECT ${cols} FROM m i JOIN tills t ON t.id = i.till_id ${order} LIMIT ${want - rows.length}`,
          [...args, ...older.args, ...probeArgs],
        );
        rows = [...rows, ...more.rows];
      }
    }
    const items = rows.slice(0, limit);
    const last = rows.length > limit ? items[items.length - 1] : undefined;
    return {
      more: last !== undefined,
      next: last ? encodeCursor({ issuedAt: last.issued_at_key, tillId: last.till_id, id: last.id }) : null,
      items: items.map((r) => ({
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
        sector: r.sector,
        originalNumber: r.original_number === null || r.original_number === undefined ? null : Number(r.original_number),
      })),
    };
  }

  /**
   * Of a text of several words, the one (3+ characters, so it has trigrams of its own) that the
   * planner's statistics say fewest client names contain — or null when the whole text should go
   * to the index as it is. A word in most names ("cliente", "s.r.l.") makes the trigram index
   * read its posting lists whole (~100 ms over 5 million invoices) however rare the full text is.
   */
  private async rarestWord(text: string): Promise<string | null> {
    const words = [...new Set(text.split(/\s+/).filter((w) => w.length >= 3))];
    if (words.length < 2) return null;
    const estimates: { word: string; rows: number }[] = [];
    for (const word of words) {
      const plan = (await this.pool.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM invoices WHERE kipu_fold(client_name) LIKE '%' || kipu_fold($1::text) || '%'`, [word])).rows[0]['QUERY PLAN'];
      const rows = Number(plan?.[0]?.Plan?.['Plan Rows']);
      if (!Number.isFinite(rows)) return null;
      estimates.push({ word, rows });
    }
    estimates.sort((a, b) => a.rows - b.rows);
    // No difference the statistics can see: the whole text, as before.
    return estimates[0]!.rows < estimates[estimates.length - 1]!.rows ? estimates[0]!.word : null;
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
