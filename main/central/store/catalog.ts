// The chain's catalog, edited at Central and pulled by the tills of each store. Every write takes
// a new version from one sequence; a till asks for "what changed after V" for its store (rows for
// its branch and chain-wide rows). A store's own row wins over the chain-wide row of the same code.
import { randomUUID } from 'node:crypto';
import { inTransaction, type Pool } from './pg';
import type { CentralProduct } from '../../../shared/api/central';

export interface CentralProductInput {
  code: string;
  barcode: string | null;
  description: string;
  priceCents: number;
  unitMeasure: number;
  activityEconomic: string;
  codeProductSin: string;
  active: boolean;
  /** NULL = every store of the chain. */
  branchCode: number | null;
}

export class CatalogRepository {
  constructor(private readonly pool: Pool) {}

  /** Creates or changes (by store and code) a product; returns it with its new version. */
  async upsert(tenantId: string, p: CentralProductInput): Promise<CentralProduct & { branchCode: number | null }> {
    // Catalog writes commit one at a time, so versions become visible in order: a till reading
    // "after V" can never pass a version that commits later.
    const rows = await inTransaction(this.pool, async (c) => {
      await c.query(`SELECT pg_advisory_xact_lock(hashtext('kipu-central-catalog'))`);
      return (await c.query(
      `INSERT INTO products (tenant_id, id, branch_code, code, barcode, description, price_cents, unit_measure, activity_economic, code_product_sin, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (tenant_id, COALESCE(branch_code, -1), code) DO UPDATE SET barcode = excluded.barcode, description = excluded.description,
         price_cents = excluded.price_cents, unit_measure = excluded.unit_measure, activity_economic = excluded.activity_economic,
         code_product_sin = excluded.code_product_sin, active = excluded.active, version = nextval('catalog_version_seq'), updated_at = now()
       RETURNING *`,
      [tenantId, randomUUID(), p.branchCode, p.code, p.barcode, p.description, p.priceCents, p.unitMeasure, p.activityEconomic, p.codeProductSin, p.active],
      )).rows;
    });
    return { ...toProduct(rows[0]), branchCode: rows[0].branch_code };
  }

  /**
   * The changes a till of `branchCode` has not applied: versions after `after`, oldest first,
   * at most `limit`. A chain-wide row shadowed by its store's own row of the same code is left out.
   */
  async changesFor(tenantId: string, branchCode: number | null, after: number, limit: number): Promise<{ products: CentralProduct[]; more: boolean }> {
    const { rows } = await this.pool.query(
      `SELECT p.* FROM products p
       WHERE p.tenant_id = $1 AND p.version > $2 AND (p.branch_code IS NULL OR p.branch_code = $3)
         AND NOT (p.branch_code IS NULL AND $3::int IS NOT NULL AND EXISTS (
           SELECT 1 FROM products o WHERE o.tenant_id = p.tenant_id AND o.branch_code = $3 AND o.code = p.code))
       ORDER BY p.version LIMIT $4`,
      [tenantId, after, branchCode, limit + 1],
    );
    return { products: rows.slice(0, limit).map(toProduct), more: rows.length > limit };
  }

  async list(tenantId: string): Promise<(CentralProduct & { branchCode: number | null })[]> {
    const { rows } = await this.pool.query('SELECT * FROM products WHERE tenant_id = $1 ORDER BY code, branch_code NULLS FIRST', [tenantId]);
    return rows.map((r) => ({ ...toProduct(r), branchCode: r.branch_code }));
  }
}

// pg returns rows untyped; the columns are those of migration 0001's products table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function toProduct(r: Record<string, any>): CentralProduct {
  return {
    id: r.id,
    version: r.version,
    code: r.code,
    barcode: r.barcode,
    description: r.description,
    priceCents: r.price_cents,
    unitMeasure: r.unit_measure,
    activityEconomic: r.activity_economic,
    codeProductSin: r.code_product_sin,
    active: r.active,
  };
}
