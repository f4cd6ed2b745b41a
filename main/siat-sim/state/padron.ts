// The SIN's register as SIAT sees it: taxpayers and their systems, branches (padrón) and points
// of sale, the verificarNit register and certificates pinned to a NIT. Over the simulator's
// SQLite database. Runs in: SIAT simulator only.

import type { SimDatabase } from '../db';
import { insertBranch } from '../seed';
import type { CodeRegistry } from './codes';

export interface TaxpayerRow {
  nit: string;
  razon_social: string;
  municipio: string;
  telefono: string | null;
  modalidades: string;
  masiva: number;
}

export class Padron {
  constructor(
    private readonly db: SimDatabase,
    /** Closing a point of sale revokes its codes in the same transaction. */
    private readonly codes: CodeRegistry,
  ) {}

  taxpayer(nit: string): TaxpayerRow | undefined {
    return this.db.prepare('SELECT * FROM taxpayers WHERE nit = ?').get(nit) as TaxpayerRow | undefined;
  }

  modalidades(tp: TaxpayerRow): number[] {
    return JSON.parse(tp.modalidades) as number[];
  }

  /** The document sectors the NIT may issue (SIAT 940 for any other). */
  sectors(nit: string): number[] {
    return (this.db.prepare('SELECT sector FROM taxpayer_sectors WHERE nit = ? ORDER BY sector').all(nit) as { sector: number }[]).map((r) => r.sector);
  }

  sectorEnabled(nit: string, sector: number): boolean {
    return this.db.prepare('SELECT 1 FROM taxpayer_sectors WHERE nit = ? AND sector = ?').get(nit, sector) !== undefined;
  }

  /** Replaces the NIT's sectors, as the SIN does when it enables or withdraws a document sector. */
  setSectors(nit: string, sectors: readonly number[]): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM taxpayer_sectors WHERE nit = ?').run(nit);
      const insert = this.db.prepare('INSERT OR IGNORE INTO taxpayer_sectors (nit, sector) VALUES (?, ?)');
      for (const s of sectors) insert.run(nit, s);
    })();
  }

  systemNit(codigoSistema: string): string | undefined {
    const row = this.db.prepare('SELECT nit FROM systems WHERE codigo_sistema = ?').get(codigoSistema) as { nit: string } | undefined;
    return row?.nit;
  }

  branch(nit: string, sucursal: number): { direccion: string; municipio: string } | undefined {
    return this.db.prepare('SELECT direccion, municipio FROM branches WHERE nit = ? AND codigo_sucursal = ?').get(nit, sucursal) as
      | { direccion: string; municipio: string }
      | undefined;
  }

  /**
   * Adds a sucursal (with its point of sale 0) to a taxpayer's padrón, as the SIN's portal does;
   * an existing one gets the new address. False when the NIT is unknown.
   */
  addBranch(nit: string, b: { codigoSucursal: number; direccion: string; municipio: string }): boolean {
    if (!this.taxpayer(nit)) return false;
    this.db.transaction(() => insertBranch(this.db, nit, b))();
    return true;
  }

  branches(nit: string): { codigo_sucursal: number; direccion: string; municipio: string }[] {
    return this.db.prepare('SELECT codigo_sucursal, direccion, municipio FROM branches WHERE nit = ? ORDER BY codigo_sucursal').all(nit) as {
      codigo_sucursal: number;
      direccion: string;
      municipio: string;
    }[];
  }

  pointOfSale(nit: string, sucursal: number, pv: number): { nombre: string; tipo: number; closed: number } | undefined {
    return this.db
      .prepare('SELECT nombre, tipo, closed FROM points_of_sale WHERE nit = ? AND codigo_sucursal = ? AND codigo_punto_venta = ?')
      .get(nit, sucursal, pv) as { nombre: string; tipo: number; closed: number } | undefined;
  }

  pointsOfSale(nit: string, sucursal: number): { codigo_punto_venta: number; nombre: string; tipo: number }[] {
    return this.db
      .prepare('SELECT codigo_punto_venta, nombre, tipo FROM points_of_sale WHERE nit = ? AND codigo_sucursal = ? AND closed = 0 ORDER BY codigo_punto_venta')
      .all(nit, sucursal) as { codigo_punto_venta: number; nombre: string; tipo: number }[];
  }

  registerPointOfSale(nit: string, sucursal: number, nombre: string, descripcion: string, tipo: number): number {
    const row = this.db
      .prepare('SELECT MAX(codigo_punto_venta) AS max FROM points_of_sale WHERE nit = ? AND codigo_sucursal = ?')
      .get(nit, sucursal) as { max: number | null };
    const codigo = (row.max ?? -1) + 1;
    this.db
      .prepare('INSERT INTO points_of_sale (nit, codigo_sucursal, codigo_punto_venta, nombre, descripcion, tipo) VALUES (?, ?, ?, ?, ?, ?)')
      .run(nit, sucursal, codigo, nombre, descripcion, tipo);
    return codigo;
  }

  closePointOfSale(nit: string, sucursal: number, pv: number): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE points_of_sale SET closed = 1 WHERE nit = ? AND codigo_sucursal = ? AND codigo_punto_venta = ?').run(nit, sucursal, pv);
      this.codes.revokeCodes(nit, sucursal, pv);
    })();
  }

  /** Registration for massive issuance in the SIN's portal (955 on recepcionMasivaFactura without it). */
  setMassive(nit: string, enabled: boolean): boolean {
    return this.db.prepare('UPDATE taxpayers SET masiva = ? WHERE nit = ?').run(enabled ? 1 : 0, nit).changes > 0;
  }

  /** verificarNit register (/admin/nit-status; seeded INACTIVO and ACTIVO NITs). */
  nitStatus(nit: string): string | undefined {
    const row = this.db.prepare('SELECT status FROM nit_status WHERE nit = ?').get(nit) as { status: string } | undefined;
    return row?.status;
  }

  setNitStatus(nit: string, status: string): void {
    this.db.prepare('INSERT INTO nit_status (nit, status) VALUES (?, ?) ON CONFLICT(nit) DO UPDATE SET status = excluded.status').run(nit, status);
  }

  /** A certificate accepted as the taxpayer's besides one naming the NIT (922 check). */
  pinnedCertificate(nit: string): string | undefined {
    const row = this.db.prepare('SELECT cert_pem FROM pinned_certificates WHERE nit = ?').get(nit) as { cert_pem: string } | undefined;
    return row?.cert_pem;
  }

  pinCertificate(nit: string, certPem: string): void {
    this.db.prepare('INSERT INTO pinned_certificates (nit, cert_pem) VALUES (?, ?) ON CONFLICT(nit) DO UPDATE SET cert_pem = excluded.cert_pem').run(nit, certPem);
  }
}
