// Branches and points of sale, always read through the tenant that owns them.
import type { Db } from './db';
import { prepared } from './statements';

export interface PointOfSale {
  id: string;
  code: number;
  branchId: number;
  branchCode: number;
  name: string;
}

export interface Branch {
  id: number;
  codigoSucursal: number;
  name: string;
  municipality: string;
  address: string;
  city: string;
  phone: string;
  description: string;
}

interface PosRow {
  id: string;
  code: number;
  branch_id: number;
  codigo_sucursal: number;
  name: string;
}

const POS_SELECT = `SELECT p.id, p.code, p.branch_id, b.codigo_sucursal, p.name
  FROM points_of_sale p JOIN branches b ON b.id = p.branch_id`;

function toPos(r: PosRow): PointOfSale {
  return { id: r.id, code: r.code, branchId: r.branch_id, branchCode: r.codigo_sucursal, name: r.name };
}

export class PointOfSaleRepository {
  constructor(private readonly db: Db) {}

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
