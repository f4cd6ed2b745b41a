// Branches and points of sale, always read through the tenant that owns them. Fiscal data is
// never deleted: a point of sale closed in SIAT (cierrePuntoVenta) keeps its row with closed_at,
// leaves the lists, and its invoices stay readable.
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { prepared } from './statements';
import { SettingsStore } from './settings-store';
import type { BranchOffice } from './branches';
import { DEFAULT_TYPE, defaultTypeKey, parseDefaultType } from './pos-default-type';

// The shape is the API's (shared/api/point-of-sale.ts): one definition for the store, the routes and the till.
import type { PointOfSale } from '../../shared/api/point-of-sale';
export type { PointOfSale };

/** A point of sale with what only its own management needs. */
export interface PointOfSaleDetails extends PointOfSale {
  /** SIAT codigoTipoPuntoVenta (null for a PV 0, which SIAT creates with the branch). */
  type: number | null;
  /** ISO 8601 (UTC) when it was closed in SIAT; null while open. */
  closedAt: string | null;
}

/** Name Kipu gives a PV 0 (the branch itself) it records; the casa matriz's is created with the tenant. */
export const BRANCH_POS_NAME = 'Caja principal';

/** An open branch as the contingency routes read it (branches.ts has the full record). */
export type Branch = Omit<BranchOffice, 'closedAt'>;

interface PosRow {
  id: string;
  code: number;
  branch_id: number;
  codigo_sucursal: number;
  name: string;
  default_invoice_type: string | null;
}

const POS_SELECT = `SELECT p.id, p.code, p.branch_id, b.codigo_sucursal, p.name, ${DEFAULT_TYPE}
  FROM points_of_sale p JOIN branches b ON b.id = p.branch_id`;

function toPos(r: PosRow): PointOfSale {
  return { id: r.id, code: r.code, branchId: r.branch_id, branchCode: r.codigo_sucursal, name: r.name, defaultInvoiceType: parseDefaultType(r.default_invoice_type) };
}

interface DetailsRow extends PosRow {
  tipo: number | null;
  closed_at: string | null;
}

const DETAILS_SELECT = `SELECT p.id, p.code, p.branch_id, b.codigo_sucursal, p.name, ${DEFAULT_TYPE}, p.tipo, p.closed_at
  FROM points_of_sale p JOIN branches b ON b.id = p.branch_id`;

function toDetails(r: DetailsRow): PointOfSaleDetails {
  return { ...toPos(r), type: r.tipo, closedAt: r.closed_at };
}

export class PointOfSaleRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(tenantId: string): PointOfSale[] {
    return (
      prepared(this.db, `${POS_SELECT} WHERE p.tenant_id = ? AND p.closed_at IS NULL ORDER BY b.codigo_sucursal, p.code`)
        .all(tenantId) as PosRow[]
    ).map(toPos);
  }

  byId(tenantId: string, id: string): PointOfSale | null {
    const r = prepared(this.db, `${POS_SELECT} WHERE p.tenant_id = ? AND p.id = ?`).get(tenantId, id) as PosRow | undefined;
    return r ? toPos(r) : null;
  }

  /** A point of sale of the tenant, open or closed, with its type and closing time. */
  details(tenantId: string, id: string): PointOfSaleDetails | null {
    const r = prepared(this.db, `${DETAILS_SELECT} WHERE p.tenant_id = ? AND p.id = ?`).get(tenantId, id) as DetailsRow | undefined;
    return r ? toDetails(r) : null;
  }

  /**
   * PV 0 of a branch: in SIAT the branch itself, which exists as soon as the branch is in the
   * padrón (registroPuntoVenta and cierrePuntoVenta ask for its CUIS, CONTRACT §2.3). The casa
   * matriz's is created with the tenant; another branch's is recorded the first time it is needed.
   */
  ensureBranchPos(tenantId: string, branchId: number): PointOfSale {
    const find = () =>
      prepared(this.db, `${POS_SELECT} WHERE p.tenant_id = ? AND p.branch_id = ? AND p.code = 0`).get(tenantId, branchId) as PosRow | undefined;
    const tx = this.db.transaction(() => {
      const found = find();
      if (found) return found;
      prepared(this.db, 'INSERT INTO points_of_sale (id, tenant_id, branch_id, code, name, created_at) VALUES (?, ?, ?, 0, ?, ?)')
        .run(randomUUID(), tenantId, branchId, BRANCH_POS_NAME, this.now().toISOString());
      return find()!;
    });
    return toPos(tx.immediate());
  }

  /** The codigoPuntoVenta of every point of sale Kipu has in a branch, open or closed. */
  codesOf(tenantId: string, branchId: number): number[] {
    return (prepared(this.db, 'SELECT code FROM points_of_sale WHERE tenant_id = ? AND branch_id = ?').all(tenantId, branchId) as { code: number }[]).map((r) => r.code);
  }

  /**
   * Records a point of sale SIAT has just registered (registroPuntoVenta answered `code`), in one
   * transaction. Throws if the branch already has that code (SIAT never hands out a code twice).
   */
  addRegistered(tenantId: string, branchId: number, fields: { code: number; name: string; type: number }): PointOfSaleDetails {
    const id = randomUUID();
    const tx = this.db.transaction(() => {
      prepared(this.db, 'INSERT INTO points_of_sale (id, tenant_id, branch_id, code, name, tipo, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(id, tenantId, branchId, fields.code, fields.name, fields.type, this.now().toISOString());
    });
    tx.immediate();
    return this.details(tenantId, id)!;
  }

  /**
   * Sets the document the till issues by default at this point of sale (an invoiceType name;
   * null = the taxpayer's compra-venta). The caller checks the name. Returns null when the point
   * of sale is not the tenant's.
   */
  setDefaultInvoiceType(tenantId: string, id: string, invoiceType: string | null): PointOfSale | null {
    if (!this.byId(tenantId, id)) return null;
    new SettingsStore(this.db, this.now).set(tenantId, defaultTypeKey(id), invoiceType);
    return this.byId(tenantId, id);
  }

  /** Marks an open point of sale closed (after SIAT's cierrePuntoVenta); the row stays. */
  markClosed(tenantId: string, id: string): PointOfSaleDetails {
    prepared(this.db, 'UPDATE points_of_sale SET closed_at = ? WHERE tenant_id = ? AND id = ? AND closed_at IS NULL')
      .run(this.now().toISOString(), tenantId, id);
    return this.details(tenantId, id)!;
  }

  /** The tenant's first point of sale (branch 0, PV 0): the default when a caller names none. */
  defaultFor(tenantId: string): PointOfSale | null {
    return this.list(tenantId)[0] ?? null;
  }

  branches(tenantId: string): Branch[] {
    return (
      prepared(this.db, 
          `SELECT id, codigo_sucursal AS codigoSucursal, name, municipality, address, city, phone, description
           FROM branches WHERE tenant_id = ? AND closed_at IS NULL ORDER BY codigo_sucursal`,
        )
        .all(tenantId) as Branch[]
    );
  }
}
