// The store's products (catalog of what the till sells). Scoped by tenant in every query.
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import type { Cents } from '../../shared/money';
import { prepared } from './statements';

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

export class ProductConflictError extends Error {
  constructor(readonly field: 'code' | 'barcode', value: string) {
    super(field === 'code' ? `Ya existe un producto con el código ${value}` : `Ya existe un producto con el código de barras ${value}`);
    this.name = 'ProductConflictError';
  }
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
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

  /** Search by code/barcode prefix or a word of the description; codes first. */
  search(tenantId: string, q: string | undefined, offset: number, limit: number): { items: Product[]; total: number } {
    const term = (q ?? '').trim();
    if (term === '') {
      const total = (prepared(this.db, 'SELECT COUNT(*) n FROM products WHERE tenant_id = ?').get(tenantId) as { n: number }).n;
      const items = (prepared(this.db, 'SELECT * FROM products WHERE tenant_id = ? ORDER BY description COLLATE NOCASE, code LIMIT ? OFFSET ?').all(tenantId, limit, offset) as Row[]).map(toProduct);
      return { items, total };
    }
    const prefix = `${escapeLike(term)}%`;
    const word = `%${escapeLike(term)}%`;
    const where = `tenant_id = ? AND (code LIKE ? ESCAPE '\\' OR barcode LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')`;
    const total = (prepared(this.db, `SELECT COUNT(*) n FROM products WHERE ${where}`).get(tenantId, prefix, prefix, word) as { n: number }).n;
    const items = (
      prepared(this.db, 
          `SELECT * FROM products WHERE ${where}
           ORDER BY (code = ? OR barcode = ?) DESC, (code LIKE ? ESCAPE '\\') DESC, description COLLATE NOCASE LIMIT ? OFFSET ?`,
        )
        .all(tenantId, prefix, prefix, word, term, term, prefix, limit, offset) as Row[]
    ).map(toProduct);
    return { items, total };
  }
}
