// The store's products (catalog of what the till sells). Scoped by tenant in every query.
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import type { Cents } from '../../shared/money';
import { prepared } from './statements';
import { searchWords } from './text-search';
import { DomainError, fieldProblem } from '../errors/domain-error';

export interface Product {
  id: string;
  code: string;
  barcode: string | null;
  description: string;
  priceCents: Cents;
  unitMeasure: number;
  activityEconomic: string;
  codeProductSin: string;
  active: boolean;
}

export type ProductInput = Omit<Product, 'id' | 'active'> & { active?: boolean };

interface Row {
  id: string;
  code: string;
  barcode: string | null;
  description: string;
  price_cents: number;
  unit_measure: number;
  activity_economic: string;
  code_product_sin: string;
  active: number;
}

function toProduct(r: Row): Product {
  return {
    id: r.id,
    code: r.code,
    barcode: r.barcode,
    description: r.description,
    priceCents: r.price_cents,
    unitMeasure: r.unit_measure,
    activityEconomic: r.activity_economic,
    codeProductSin: r.code_product_sin,
    active: r.active === 1,
  };
}

export class ProductConflictError extends DomainError<'DUPLICATE'> {
  readonly domain = 'product';
  override name = 'ProductConflictError';
  constructor(
    readonly field: 'code' | 'barcode',
    value: string,
  ) {
    const message = field === 'code' ? `Ya existe un producto con el código ${value}` : `Ya existe un producto con el código de barras ${value}`;
    super('DUPLICATE', message, { fields: fieldProblem(field, 'unique', message) });
  }
}

/** At most this many matches are read and ordered per search (see `search`). */
export const SEARCH_CAP = 1000;

interface Candidate {
  rid: number;
  code: string;
  barcode: string | null;
  description: string;
}

/** Case- and accent-insensitive sort key ("Café" sorts with "cafe"). */
function sortKey(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export class ProductRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private conflict(tenantId: string, p: ProductInput, exceptId: string | null): void {
    const byCode = prepared(this.db, 'SELECT id FROM products WHERE tenant_id = ? AND code = ?').get(tenantId, p.code) as { id: string } | undefined;
    if (byCode && byCode.id !== exceptId) throw new ProductConflictError('code', p.code);
    if (p.barcode) {
      const byBar = prepared(this.db, 'SELECT id FROM products WHERE tenant_id = ? AND barcode = ?').get(tenantId, p.barcode) as { id: string } | undefined;
      if (byBar && byBar.id !== exceptId) throw new ProductConflictError('barcode', p.barcode);
    }
  }

  create(tenantId: string, p: ProductInput): Product {
    this.conflict(tenantId, p, null);
    const id = randomUUID();
    const at = this.now().toISOString();
    prepared(this.db, 
        `INSERT INTO products (id, tenant_id, code, barcode, description, price_cents, unit_measure, activity_economic, code_product_sin, active, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, tenantId, p.code, p.barcode, p.description, p.priceCents, p.unitMeasure, p.activityEconomic, p.codeProductSin, p.active === false ? 0 : 1, at, at);
    return this.byId(tenantId, id)!;
  }

  update(tenantId: string, id: string, p: ProductInput): Product | null {
    if (!this.byId(tenantId, id)) return null;
    this.conflict(tenantId, p, id);
    prepared(this.db, 
        `UPDATE products SET code = ?, barcode = ?, description = ?, price_cents = ?, unit_measure = ?, activity_economic = ?,
           code_product_sin = ?, active = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`,
      )
      .run(p.code, p.barcode, p.description, p.priceCents, p.unitMeasure, p.activityEconomic, p.codeProductSin, p.active === false ? 0 : 1, this.now().toISOString(), tenantId, id);
    return this.byId(tenantId, id);
  }

  /**
   * Creates or updates, by code, each product of one chunk of an import, in ONE transaction: the
   * chunk is stored whole or not at all. A row whose barcode another product already has is
   * reported with its line and skipped, as the API's 409 would; any other error rolls the chunk
   * back and is thrown. Rows run in order, so a code repeated in the file ends with its last line.
   */
  upsertByCode(tenantId: string, rows: readonly { line: number; input: ProductInput }[]): { created: number; updated: number; errors: { line: number; message: string }[] } {
    const out = { created: 0, updated: 0, errors: [] as { line: number; message: string }[] };
    this.db
      .transaction(() => {
        for (const { line, input } of rows) {
          try {
            const existing = this.byCode(tenantId, input.code);
            if (existing) {
              this.update(tenantId, existing.id, input);
              out.updated++;
            } else {
              this.create(tenantId, input);
              out.created++;
            }
          } catch (err) {
            // The conflict check runs before any write, so a skipped row has written nothing.
            if (!(err instanceof ProductConflictError)) throw err;
            out.errors.push({ line, message: err.message });
          }
        }
      })
      .immediate();
    return out;
  }

  /** Deletes the products whose code starts with `prefix` (the training demo store; products are not fiscal rows). */
  removeByCodePrefix(tenantId: string, prefix: string): number {
    return prepared(this.db, 'DELETE FROM products WHERE tenant_id = ? AND substr(code, 1, length(?)) = ?').run(tenantId, prefix, prefix).changes;
  }

  countByCodePrefix(tenantId: string, prefix: string): number {
    return (prepared(this.db, 'SELECT COUNT(*) n FROM products WHERE tenant_id = ? AND substr(code, 1, length(?)) = ?').get(tenantId, prefix, prefix) as { n: number }).n;
  }

  /** The SIN pairs (activity, SIN product code) the active products use, with how many and one example (go-live matching check). */
  sinPairs(tenantId: string): { activity: string; codeProductSin: string; count: number; example: string }[] {
    return prepared(
      this.db,
      'SELECT activity_economic activity, code_product_sin codeProductSin, COUNT(*) count, MIN(code) example FROM products WHERE tenant_id = ? AND active = 1 GROUP BY activity_economic, code_product_sin',
    ).all(tenantId) as { activity: string; codeProductSin: string; count: number; example: string }[];
  }

  byId(tenantId: string, id: string): Product | null {
    const r = prepared(this.db, 'SELECT * FROM products WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return r ? toProduct(r) : null;
  }

  byCode(tenantId: string, code: string): Product | null {
    const r = prepared(this.db, 'SELECT * FROM products WHERE tenant_id = ? AND code = ?').get(tenantId, code) as Row | undefined;
    return r ? toProduct(r) : null;
  }

  /** Exact code or barcode: what a keyboard-wedge scanner types. */
  lookup(tenantId: string, code: string): Product | null {
    const r = prepared(this.db, 'SELECT * FROM products WHERE tenant_id = ? AND active = 1 AND (barcode = ? OR code = ?) ORDER BY barcode = ? DESC LIMIT 1')
      .get(tenantId, code, code, code) as Row | undefined;
    return r ? toProduct(r) : null;
  }

  /**
   * Search by any part of the code, barcode or description (every word must appear; accents and
   * case ignored): exact code/barcode first, then code prefix, then by description. Words of 3+
   * characters use the trigram index (migration 0006); shorter ones narrow those results, or
   * fall back to a scan. The work is bounded: at most SEARCH_CAP matches are read and sorted
   * (a till search with more needs refining anyway), and `truncated` says so.
   */
  search(tenantId: string, q: string | undefined, offset: number, limit: number): { items: Product[]; total: number; truncated: boolean } {
    const term = (q ?? '').trim();
    if (term === '') {
      const total = (prepared(this.db, 'SELECT COUNT(*) n FROM products WHERE tenant_id = ?').get(tenantId) as { n: number }).n;
      const items = (prepared(this.db, 'SELECT * FROM products WHERE tenant_id = ? ORDER BY description COLLATE NOCASE, code LIMIT ? OFFSET ?').all(tenantId, limit, offset) as Row[]).map(toProduct);
      return { items, total, truncated: false };
    }
    const { match, shortPatterns } = searchWords(term);
    const shortWhere = shortPatterns.map(() => `(p.code LIKE ? ESCAPE '\\' OR p.barcode LIKE ? ESCAPE '\\' OR p.description LIKE ? ESCAPE '\\')`);
    const shortArgs = shortPatterns.flatMap((w) => [w, w, w]);
    const cols = 'p.rowid AS rid, p.code, p.barcode, p.description';
    let rows: Candidate[];
    if (match !== null) {
      const where = ['products_fts MATCH ?', 'p.tenant_id = ?', ...shortWhere].join(' AND ');
      rows = prepared(this.db, `SELECT ${cols} FROM products_fts JOIN products p ON p.rowid = products_fts.rowid WHERE ${where} LIMIT ?`).all(
        match,
        tenantId,
        ...shortArgs,
        SEARCH_CAP + 1,
      ) as Candidate[];
    } else {
      const where = ['p.tenant_id = ?', ...shortWhere].join(' AND ');
      rows = prepared(this.db, `SELECT ${cols} FROM products p WHERE ${where} LIMIT ?`).all(tenantId, ...shortArgs, SEARCH_CAP + 1) as Candidate[];
    }
    const truncated = rows.length > SEARCH_CAP;
    const found = rows.slice(0, SEARCH_CAP);
    // The exact code or barcode always leads, even beyond the cap (unique indexes: cheap).
    const exact = prepared(this.db, 'SELECT rowid AS rid, code, barcode, description FROM products WHERE tenant_id = ? AND (code = ? OR barcode = ?) LIMIT 1').get(
      tenantId,
      term,
      term,
    ) as Candidate | undefined;
    if (exact && !found.some((c) => c.rid === exact.rid)) found.unshift(exact);
    const upper = term.toUpperCase();
    const keyed = found.map((c) => ({
      rid: c.rid,
      code: c.code,
      rank: c.code === term || c.barcode === term ? 0 : c.code.toUpperCase().startsWith(upper) ? 1 : 2,
      key: sortKey(c.description),
    }));
    keyed.sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const page = keyed.slice(offset, offset + limit).map((k) => k.rid);
    const full = new Map(
      (page.length ? (prepared(this.db, `SELECT rowid AS rid, * FROM products WHERE rowid IN (${page.map(() => '?').join(',')})`).all(...page) as (Row & { rid: number })[]) : []).map(
        (r) => [r.rid, toProduct(r)],
      ),
    );
    return { items: page.map((rid) => full.get(rid)!), total: found.length, truncated };
  }

}
