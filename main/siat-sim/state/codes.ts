// CUIS and CUFD as SIAT issues, keeps and revokes them (CONTRACT §2.1, §5.4), over the
// simulator's SQLite database. Runs in: SIAT simulator only.

import { randomBytes } from 'node:crypto';
import type { SimDatabase } from '../db';
import type { SimClock } from './clock';
import { trimEndChars } from '../../../shared/trim-end';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** CONTRACT §5.4: CUIS 365 days, CUFD 24 h. */
const CUIS_VALIDITY_MS = 365 * DAY_MS;
const CUFD_VALIDITY_MS = DAY_MS;
/** §5.1.2/§5.4: a CUFD serves offline emission "hasta 72 horas" from its issue when SIAT cannot give another. */
export const CUFD_EXTENSION_MS = 3 * DAY_MS;
/** CONTRACT §2.1: a CUIS may be renewed from 5 days before it expires. */
export const CUIS_RENEWAL_WINDOW_MS = 5 * DAY_MS;

export interface CuisRow {
  codigo: string;
  nit: string;
  codigo_sistema: string;
  codigo_sucursal: number;
  codigo_punto_venta: number;
  modalidad: number;
  issued_at: number;
  expires_at: number;
  revoked: number;
}
export interface CufdRow {
  codigo: string;
  codigo_control: string;
  nit: string;
  codigo_sistema: string;
  codigo_sucursal: number;
  codigo_punto_venta: number;
  modalidad: number;
  cuis: string;
  direccion: string;
  issued_at: number;
  expires_at: number;
  revoked: number;
}

/** Random uppercase hex of `n` characters. */
function randomHex(n: number): string {
  return randomBytes(Math.ceil(n / 2)).toString('hex').toUpperCase().slice(0, n);
}

export class CodeRegistry {
  constructor(
    private readonly db: SimDatabase,
    private readonly clock: SimClock,
  ) {}

  cuis(codigo: string): CuisRow | undefined {
    return this.db.prepare('SELECT * FROM cuis WHERE codigo = ?').get(codigo) as CuisRow | undefined;
  }

  /** The CUIS in force for (nit, sistema, sucursal, PV, modalidad), if any. */
  currentCuis(nit: string, sistema: string, sucursal: number, pv: number, modalidad: number): CuisRow | undefined {
    return this.db
      .prepare(
        `SELECT * FROM cuis WHERE nit = ? AND codigo_sistema = ? AND codigo_sucursal = ? AND codigo_punto_venta = ? AND modalidad = ?
         AND revoked = 0 AND expires_at > ? ORDER BY issued_at DESC LIMIT 1`,
      )
      .get(nit, sistema, sucursal, pv, modalidad, this.clock.now().getTime()) as CuisRow | undefined;
  }

  issueCuis(nit: string, sistema: string, sucursal: number, pv: number, modalidad: number): CuisRow {
    const now = this.clock.now().getTime();
    let codigo = randomHex(8);
    while (this.cuis(codigo)) codigo = randomHex(8);
    const row: CuisRow = {
      codigo,
      nit,
      codigo_sistema: sistema,
      codigo_sucursal: sucursal,
      codigo_punto_venta: pv,
      modalidad,
      issued_at: now,
      expires_at: now + CUIS_VALIDITY_MS,
      revoked: 0,
    };
    this.db
      .prepare(
        `INSERT INTO cuis (codigo, nit, codigo_sistema, codigo_sucursal, codigo_punto_venta, modalidad, issued_at, expires_at)
         VALUES (@codigo, @nit, @codigo_sistema, @codigo_sucursal, @codigo_punto_venta, @modalidad, @issued_at, @expires_at)`,
      )
      .run(row);
    return row;
  }

  cufd(codigo: string): CufdRow | undefined {
    return this.db.prepare('SELECT * FROM cufds WHERE codigo = ?').get(codigo) as CufdRow | undefined;
  }

  /**
   * A new CUFD on every request (§2.1); older ones stay valid until their own vigencia.
   * Shape as observed (§1.6): ~50 base64-like characters; codigoControl 15 uppercase hex.
   */
  issueCufd(cuis: CuisRow, direccion: string): CufdRow {
    const now = this.clock.now().getTime();
    let codigo = 'BQ' + trimEndChars(randomBytes(36).toString('base64'), '=');
    while (this.cufd(codigo)) codigo = 'BQ' + trimEndChars(randomBytes(36).toString('base64'), '=');
    const row: CufdRow = {
      codigo,
      codigo_control: randomHex(15),
      nit: cuis.nit,
      codigo_sistema: cuis.codigo_sistema,
      codigo_sucursal: cuis.codigo_sucursal,
      codigo_punto_venta: cuis.codigo_punto_venta,
      modalidad: cuis.modalidad,
      cuis: cuis.codigo,
      direccion,
      issued_at: now,
      expires_at: now + CUFD_VALIDITY_MS,
      revoked: 0,
    };
    this.db
      .prepare(
        `INSERT INTO cufds (codigo, codigo_control, nit, codigo_sistema, codigo_sucursal, codigo_punto_venta, modalidad, cuis, direccion, issued_at, expires_at)
         VALUES (@codigo, @codigo_control, @nit, @codigo_sistema, @codigo_sucursal, @codigo_punto_venta, @modalidad, @cuis, @direccion, @issued_at, @expires_at)`,
      )
      .run(row);
    return row;
  }

  cufdValid(row: CufdRow, at = this.clock.now().getTime()): boolean {
    return row.revoked === 0 && row.issued_at <= at + 60_000 && at < row.expires_at;
  }

  /** /admin/expire-cufds: every CUFD is now expired. */
  expireAllCufds(): number {
    const now = this.clock.now().getTime();
    return this.db.prepare('UPDATE cufds SET expires_at = ? WHERE expires_at > ?').run(now - 1, now - 1).changes;
  }

  /** Disables the CUIS and CUFD of a branch/PV (cierrePuntoVenta, cierreOperacionesSistema, §2.3). */
  revokeCodes(nit: string, sucursal: number, pv: number | null, codigoSistema?: string): void {
    const sys = codigoSistema ?? null;
    for (const table of ['cuis', 'cufds']) {
      this.db
        .prepare(
          `UPDATE ${table} SET revoked = 1 WHERE nit = ? AND codigo_sucursal = ? AND (? IS NULL OR codigo_punto_venta = ?) AND (? IS NULL OR codigo_sistema = ?)`,
        )
        .run(nit, sucursal, pv, pv, sys, sys);
    }
  }

  /** notificaCertificadoRevocado (§2.1): the taxpayer's CUFDs of the electronic modality stop. */
  revokeElectronicCufds(nit: string): void {
    this.db.prepare('UPDATE cufds SET revoked = 1 WHERE nit = ? AND modalidad = 1').run(nit);
  }
}
