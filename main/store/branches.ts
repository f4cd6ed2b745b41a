// Branch offices (SIAT sucursales) of a tenant, for the envelope-style API (seed 001, "Branch
// offices"). Always read through the tenant that owns them. Fiscal data is never deleted: a
// branch is closed (closed_at), its code stays taken, and its invoices stay retrievable.
import type { Db } from './db';
import { prepared } from './statements';
import { DEFAULT_TYPE, parseDefaultType } from './pos-default-type';
import type { PointOfSale } from '../../shared/api/point-of-sale';
import { DomainError } from '../errors/domain-error';

export interface BranchOffice {
  id: number;
  /** SIAT codigoSucursal (0 = casa matriz). */
  codigoSucursal: number;
  name: string;
  municipality: string;
  address: string;
  city: string;
  phone: string;
  description: string;
  closedAt: string | null;
}

export type BranchFields = Pick<BranchOffice, 'name' | 'municipality' | 'address' | 'city' | 'phone' | 'description'>;

/** A point of sale as listed under its branch. */
export interface BranchPointOfSale {
  id: string;
  code: number;
  name: string;
}

export type BranchErrorCode = 'NOT_FOUND' | 'MAIN_BRANCH' | 'OPEN_POINTS_OF_SALE' | 'UNSENT_INVOICES' | 'DUPLICATE_NAME' | 'CODES_EXHAUSTED';

export class BranchError extends DomainError<BranchErrorCode> {
  readonly domain = 'branch';
  override name = 'BranchError';
}

/** SIAT's codigoSucursal range (branches.codigo_sucursal CHECK). */
export const MAX_BRANCH_CODE = 9999;

interface Row {
  id: number;
  codigo_sucursal: number;
  name: string;
  municipality: string;
  address: string;
  city: string;
  phone: string;
  description: string;
  closed_at: string | null;
}

const SELECT = 'SELECT id, codigo_sucursal, name, municipality, address, city, phone, description, closed_at FROM branches';

function toBranch(r: Row): BranchOffice {
  return {
    id: r.id,
    codigoSucursal: r.codigo_sucursal,
    name: r.name,
    municipality: r.municipality,
    address: r.address,
    city: r.city,
    phone: r.phone,
    description: r.description,
    closedAt: r.closed_at,
  };
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

export class BranchRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Open branches, by SIAT code (casa matriz first). */
  list(tenantId: string): BranchOffice[] {
    return (prepared(this.db, `${SELECT} WHERE tenant_id = ? AND closed_at IS NULL ORDER BY codigo_sucursal`).all(tenantId) as Row[]).map(toBranch);
  }

  /** A branch of the tenant; closed ones only when asked (invoice retrieval still finds them). */
  byId(tenantId: string, id: number, opts: { includeClosed?: boolean } = {}): BranchOffice | null {
    const r = prepared(this.db, `${SELECT} WHERE tenant_id = ? AND id = ?`).get(tenantId, id) as Row | undefined;
    if (!r || (r.closed_at !== null && !opts.includeClosed)) return null;
    return toBranch(r);
  }

  /** The casa matriz (codigoSucursal 0), created with the tenant. */
  main(tenantId: string): BranchOffice | null {
    const r = prepared(this.db, `${SELECT} WHERE tenant_id = ? AND codigo_sucursal = 0`).get(tenantId) as Row | undefined;
    return r ? toBranch(r) : null;
  }

  /**
   * Creates a branch with the next code never used by the tenant (closed branches keep theirs:
   * invoices and SIAT's padrón refer to them). Refuses a name an open branch already has, so a
   * retried request does not register the same branch twice.
   */
  create(tenantId: string, fields: BranchFields): BranchOffice {
    const tx = this.db.transaction(() => {
      this.assertNameFree(tenantId, fields.name, null);
      const { next } = prepared(this.db, 'SELECT COALESCE(MAX(codigo_sucursal), -1) + 1 AS next FROM branches WHERE tenant_id = ?').get(tenantId) as { next: number };
      if (next > MAX_BRANCH_CODE) {
        throw new BranchError('CODES_EXHAUSTED', `No quedan códigos de sucursal libres (SIAT admite hasta ${MAX_BRANCH_CODE})`);
      }
      const res = prepared(this.db,
        `INSERT INTO branches (tenant_id, codigo_sucursal, name, municipality, address, city, phone, description, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(tenantId, next, fields.name, fields.municipality, fields.address, fields.city, fields.phone, fields.description, this.now().toISOString());
      return Number(res.lastInsertRowid);
    });
    return this.byId(tenantId, tx.immediate())!;
  }

  /** Replaces the descriptive fields of an open branch; the SIAT code never changes. */
  update(tenantId: string, id: number, fields: BranchFields): BranchOffice {
    const tx = this.db.transaction(() => {
      if (!this.byId(tenantId, id)) throw new BranchError('NOT_FOUND', `Sucursal ${id} no encontrada`);
      this.assertNameFree(tenantId, fields.name, id);
      prepared(this.db,
        'UPDATE branches SET name = ?, municipality = ?, address = ?, city = ?, phone = ?, description = ? WHERE tenant_id = ? AND id = ?',
      ).run(fields.name, fields.municipality, fields.address, fields.city, fields.phone, fields.description, tenantId, id);
    });
    tx.immediate();
    return this.byId(tenantId, id)!;
  }

  /** How many points of sale of the branch are open, leaving out PV 0 (the branch itself). */
  openPointsOfSaleCount(tenantId: string, id: number): number {
    return (prepared(this.db, 'SELECT COUNT(*) n FROM points_of_sale WHERE tenant_id = ? AND branch_id = ? AND code <> 0 AND closed_at IS NULL').get(tenantId, id) as { n: number }).n;
  }

  /** Marks the branch and its PV 0 closed; the rows stay. Whether it may close is close-branch.ts's. */
  markClosed(tenantId: string, id: number): BranchOffice {
    const at = this.now().toISOString();
    prepared(this.db, 'UPDATE branches SET closed_at = ? WHERE tenant_id = ? AND id = ?').run(at, tenantId, id);
    prepared(this.db, 'UPDATE points_of_sale SET closed_at = ? WHERE tenant_id = ? AND branch_id = ? AND code = 0 AND closed_at IS NULL').run(at, tenantId, id);
    return this.byId(tenantId, id, { includeClosed: true })!;
  }

  /** Open points of sale per branch id, by SIAT code. */
  pointsOfSale(tenantId: string): Map<number, BranchPointOfSale[]> {
    const rows = prepared(this.db,
      'SELECT id, code, name, branch_id FROM points_of_sale WHERE tenant_id = ? AND closed_at IS NULL ORDER BY branch_id, code',
    ).all(tenantId) as { id: string; code: number; name: string; branch_id: number }[];
    const out = new Map<number, BranchPointOfSale[]>();
    for (const r of rows) {
      const list = out.get(r.branch_id) ?? [];
      list.push({ id: r.id, code: r.code, name: r.name });
      out.set(r.branch_id, list);
    }
    return out;
  }

  /**
   * The point of sale with SIAT code `code` (codigoPuntoVenta) in a branch of the tenant, also a
   * closed one: its invoices stay retrievable.
   */
  posByCode(tenantId: string, branchId: number, code: number): PointOfSale | null {
    const r = prepared(this.db,
      `SELECT p.id, p.code, p.branch_id, b.codigo_sucursal, p.name, ${DEFAULT_TYPE} FROM points_of_sale p JOIN branches b ON b.id = p.branch_id
       WHERE p.tenant_id = ? AND p.branch_id = ? AND p.code = ?`,
    ).get(tenantId, branchId, code) as { id: string; code: number; branch_id: number; codigo_sucursal: number; name: string; default_invoice_type: string | null } | undefined;
    return r ? { id: r.id, code: r.code, branchId: r.branch_id, branchCode: r.codigo_sucursal, name: r.name, defaultInvoiceType: parseDefaultType(r.default_invoice_type) } : null;
  }

  private assertNameFree(tenantId: string, name: string, exceptId: number | null): void {
    const clash = this.list(tenantId).find((b) => b.id !== exceptId && sameName(b.name, name));
    if (clash) throw new BranchError('DUPLICATE_NAME', `Ya existe la sucursal ${clash.codigoSucursal} con el nombre "${clash.name}"`);
  }
}
