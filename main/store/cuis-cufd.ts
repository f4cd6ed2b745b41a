// CUIS and CUFD as SIAT handed them out, per point of sale. Every code is kept (history):
// contingency packages need the CUFD that was in force when an event began.
import type { Db } from './db';
import { prepared } from './statements';

export interface CufdRecord {
  id: number;
  posId: string;
  cuis: string;
  codigo: string;
  codigoControl: string;
  direccion: string;
  /** ISO 8601 (UTC) */
  fechaVigencia: string;
  obtainedAt: string;
}

export interface CuisRecord {
  codigo: string;
  fechaVigencia: string;
}

/** The newest code of one point of sale and when it stops being in force (ISO, UTC). */
export interface CodeExpiry {
  tenantId: string;
  posId: string;
  fechaVigencia: string;
}

interface CufdRow {
  id: number;
  pos_id: string;
  cuis: string;
  codigo: string;
  codigo_control: string;
  direccion: string;
  fecha_vigencia: string;
  obtained_at: string;
}

const toCufd = (r: CufdRow): CufdRecord => ({
  id: r.id,
  posId: r.pos_id,
  cuis: r.cuis,
  codigo: r.codigo,
  codigoControl: r.codigo_control,
  direccion: r.direccion,
  fechaVigencia: r.fecha_vigencia,
  obtainedAt: r.obtained_at,
});

export class CodeRepository {
  constructor(private readonly db: Db) {}

  /** The newest CUIS of the point of sale, in force or not. */
  latestCuis(tenantId: string, posId: string): CuisRecord | null {
    const r = prepared(this.db, 'SELECT codigo, fecha_vigencia FROM cuis WHERE tenant_id = ? AND pos_id = ? ORDER BY id DESC LIMIT 1').get(tenantId, posId) as
      | { codigo: string; fecha_vigencia: string }
      | undefined;
    return r ? { codigo: r.codigo, fechaVigencia: r.fecha_vigencia } : null;
  }

  addCuis(tenantId: string, posId: string, cuis: CuisRecord, obtainedAt: string): void {
    prepared(this.db, 'INSERT INTO cuis (tenant_id, pos_id, codigo, fecha_vigencia, obtained_at) VALUES (?, ?, ?, ?, ?)').run(
      tenantId,
      posId,
      cuis.codigo,
      cuis.fechaVigencia,
      obtainedAt,
    );
  }

  /** The newest CUFD of the point of sale, in force or not. */
  latestCufd(tenantId: string, posId: string): CufdRecord | null {
    const r = prepared(this.db, 'SELECT * FROM cufds WHERE tenant_id = ? AND pos_id = ? ORDER BY id DESC LIMIT 1').get(tenantId, posId) as CufdRow | undefined;
    return r ? toCufd(r) : null;
  }

  /** The newest CUFD obtained at or before `at` and still in force at `at` (ISO, UTC). */
  cufdInForceAt(tenantId: string, posId: string, at: string): CufdRecord | null {
    const r = prepared(this.db, `SELECT * FROM cufds WHERE tenant_id = ? AND pos_id = ? AND obtained_at <= ? AND fecha_vigencia > ? ORDER BY id DESC LIMIT 1`).get(
      tenantId,
      posId,
      at,
      at,
    ) as CufdRow | undefined;
    return r ? toCufd(r) : null;
  }

  cufdByCodigo(tenantId: string, codigo: string): CufdRecord | null {
    const r = prepared(this.db, 'SELECT * FROM cufds WHERE tenant_id = ? AND codigo = ? ORDER BY id DESC LIMIT 1').get(tenantId, codigo) as CufdRow | undefined;
    return r ? toCufd(r) : null;
  }

  cufdHistory(tenantId: string, posId: string): CufdRecord[] {
    return (prepared(this.db, 'SELECT * FROM cufds WHERE tenant_id = ? AND pos_id = ? ORDER BY id').all(tenantId, posId) as CufdRow[]).map(toCufd);
  }

  addCufd(tenantId: string, posId: string, c: Omit<CufdRecord, 'id' | 'posId'>): CufdRecord {
    const info = prepared(
      this.db,
      `INSERT INTO cufds (tenant_id, pos_id, cuis, codigo, codigo_control, direccion, fecha_vigencia, obtained_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(tenantId, posId, c.cuis, c.codigo, c.codigoControl, c.direccion, c.fechaVigencia, c.obtainedAt);
    return toCufd(prepared(this.db, 'SELECT * FROM cufds WHERE id = ?').get(Number(info.lastInsertRowid)) as CufdRow);
  }

  /**
   * The newest CUIS (or CUFD) of every open point of sale. Closed ones are left out: SIAT revoked
   * their codes with cierrePuntoVenta (CONTRACT §2.3).
   */
  latestOfOpenPointsOfSale(kind: 'cuis' | 'cufd'): CodeExpiry[] {
    const table = kind === 'cuis' ? 'cuis' : 'cufds';
    const rows = prepared(
      this.db,
      `SELECT c.tenant_id, c.pos_id, c.fecha_vigencia FROM ${table} c
         JOIN (SELECT pos_id, MAX(id) id FROM ${table} GROUP BY pos_id) last ON last.id = c.id
         JOIN points_of_sale p ON p.id = c.pos_id AND p.closed_at IS NULL`,
    ).all() as { tenant_id: string; pos_id: string; fecha_vigencia: string }[];
    return rows.map((r) => ({ tenantId: r.tenant_id, posId: r.pos_id, fechaVigencia: r.fecha_vigencia }));
  }
}
