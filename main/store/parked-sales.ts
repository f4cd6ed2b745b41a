// Held (parked) sales (issue 27, migration 0025): a sale the till set aside, per tenant and point
// of sale. Never deleted: recalling marks the row (once; a trigger refuses anything else).
import type { Db } from './db';
import { prepared } from './statements';
import { uuidv7 } from './uuid7';
import type { Cents } from '../../shared/money';

export interface ParkedSale {
  id: string;
  tenantId: string;
  posId: string;
  parkedBy: string;
  parkedByUserId: string | null;
  label: string | null;
  lineCount: number;
  totalCents: Cents;
  /** JSON as stored: `{ lines, additionalDiscount, draft }`. */
  sale: string;
  parkedAt: string;
  recalledAt: string | null;
  recalledBy: string | null;
  recalledByUserId: string | null;
}

interface Row {
  id: string;
  tenant_id: string;
  pos_id: string;
  parked_by: string;
  parked_by_user_id: string | null;
  label: string | null;
  line_count: number;
  total_cents: number;
  sale: string;
  parked_at: string;
  recalled_at: string | null;
  recalled_by: string | null;
  recalled_by_user_id: string | null;
}

const toParked = (r: Row): ParkedSale => ({
  id: r.id,
  tenantId: r.tenant_id,
  posId: r.pos_id,
  parkedBy: r.parked_by,
  parkedByUserId: r.parked_by_user_id,
  label: r.label,
  lineCount: r.line_count,
  totalCents: r.total_cents,
  sale: r.sale,
  parkedAt: r.parked_at,
  recalledAt: r.recalled_at,
  recalledBy: r.recalled_by,
  recalledByUserId: r.recalled_by_user_id,
});

export type ParkedStatus = 'WAITING' | 'RECALLED' | 'ALL';

const STATUS_SQL: Record<ParkedStatus, string> = {
  WAITING: 'AND recalled_at IS NULL',
  RECALLED: 'AND recalled_at IS NOT NULL',
  ALL: '',
};

export class ParkedSaleRepository {
  constructor(private readonly db: Db) {}

  park(p: Omit<ParkedSale, 'id' | 'recalledAt' | 'recalledBy' | 'recalledByUserId'>): ParkedSale {
    const id = uuidv7(Date.parse(p.parkedAt));
    prepared(
      this.db,
      `INSERT INTO parked_sales (id, tenant_id, pos_id, parked_by, parked_by_user_id, label, line_count, total_cents, sale, parked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, p.tenantId, p.posId, p.parkedBy, p.parkedByUserId, p.label, p.lineCount, p.totalCents, p.sale, p.parkedAt);
    return this.byId(p.tenantId, id)!;
  }

  byId(tenantId: string, id: string): ParkedSale | null {
    const r = prepared(this.db, 'SELECT * FROM parked_sales WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return r ? toParked(r) : null;
  }

  /** Oldest first: the customer who has waited longest is served first. */
  list(tenantId: string, posId: string, status: ParkedStatus, offset: number, limit: number): { items: ParkedSale[]; total: number } {
    const where = `WHERE tenant_id = ? AND pos_id = ? ${STATUS_SQL[status]}`;
    const items = (prepared(this.db, `SELECT * FROM parked_sales ${where} ORDER BY parked_at, id LIMIT ? OFFSET ?`).all(tenantId, posId, limit, offset) as Row[]).map(toParked);
    const total = (prepared(this.db, `SELECT COUNT(*) AS n FROM parked_sales ${where}`).get(tenantId, posId) as { n: number }).n;
    return { items, total };
  }

  /** Marks it recalled; false when it already was (someone else took it first). */
  recall(tenantId: string, id: string, by: string, byUserId: string | null, at: string): boolean {
    const r = prepared(
      this.db,
      'UPDATE parked_sales SET recalled_at = ?, recalled_by = ?, recalled_by_user_id = ? WHERE tenant_id = ? AND id = ? AND recalled_at IS NULL',
    ).run(at, by, byUserId, tenantId, id);
    return r.changes === 1;
  }
}
