// Simulator state: the clock, fault-injection settings and the data SIAT keeps, over the
// simulator's SQLite database. Runs in: SIAT simulator only.

import { randomBytes } from 'node:crypto';
import type { SimDatabase } from './db';
import { insertBranch } from './seed';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** CONTRACT §5.4: CUIS 365 days, CUFD 24 h. */
export const CUIS_VALIDITY_MS = 365 * DAY_MS;
export const CUFD_VALIDITY_MS = DAY_MS;
/** §5.1.2/§5.4: a CUFD serves offline emission "hasta 72 horas" from its issue when SIAT cannot give another. */
export const CUFD_EXTENSION_MS = 3 * DAY_MS;
/** §5.4: offline packages are sent at most 48 h after the contingency ends (983). */
export const PACKAGE_WINDOW_MS = 2 * DAY_MS;
/** CONTRACT §2.1: a CUIS may be renewed from 5 days before it expires. */
export const CUIS_RENEWAL_WINDOW_MS = 5 * DAY_MS;

export type FaultMode = 'none' | 'refuse' | 'hang' | 'http500' | 'latency';

export interface FaultConfig {
  mode: FaultMode;
  latencyMs?: number;
  /** Service paths (or client module names) the fault applies to; empty = all. */
  services?: string[];
  operations?: string[];
}

export interface ForcedCode {
  codigo: number;
  remaining: number;
}

export interface RejectFilesRule {
  numeroArchivo?: number[];
  cufs?: string[];
  codigo: number;
}

export interface TaxpayerRow {
  nit: string;
  razon_social: string;
  municipio: string;
  telefono: string | null;
  modalidades: string;
  masiva: number;
}
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
export interface InvoiceRow {
  cuf: string;
  nit: string;
  codigo_sucursal: number;
  codigo_punto_venta: number;
  sector: number;
  numero: number;
  modalidad: number;
  emision: number;
  fecha_emision: string;
  cufd: string;
  codigo_recepcion: string;
  package_id: string | null;
  estado: 'VALIDA' | 'ANULADA';
  motivo_anulacion: number | null;
  reverted: number;
  registered_at: number;
  xml: string;
}
export interface EventRow {
  codigo_recepcion: number;
  nit: string;
  codigo_sucursal: number;
  codigo_punto_venta: number;
  codigo_motivo: number;
  descripcion: string;
  cufd: string;
  cufd_evento: string;
  inicio: number;
  fin: number;
  inicio_text: string;
  fin_text: string;
  registered_at: number;
}
export interface PackageRow {
  codigo_recepcion: string;
  kind: 'paquete' | 'masiva' | 'compras';
  service: string;
  nit: string;
  codigo_sucursal: number;
  codigo_punto_venta: number;
  sector: number;
  modalidad: number;
  emision: number;
  tipo_factura: number;
  cufd: string;
  codigo_evento: number | null;
  cafc: string | null;
  cantidad: number;
  archivo: Buffer;
  received_at: number;
  ready_at: number;
  estado: number;
  result: string | null;
  forced_rejections: string | null;
}

export interface ReceivedDocument {
  cuf: string;
  /** Times SIAT received a document with this CUF (online sends and package files). */
  timesReceived: number;
  /** Times it was registered as valid: never more than 1 (duplicates answer 1000). */
  timesRegistered: number;
  estado: 'VALIDA' | 'ANULADA' | 'RECHAZADA';
  packages: string[];
  receptions: { operation: string; packageId: string | null; numeroArchivo: number | null; receivedAt: string; outcome: string; codigos: number[] }[];
}

export interface SimulatorStateOptions {
  db: SimDatabase;
  token: string;
  ambiente: number;
  now: () => Date;
  packageValidationDelayMs: number;
}

/** Random uppercase hex of `n` characters. */
export function randomHex(n: number): string {
  return randomBytes(Math.ceil(n / 2)).toString('hex').toUpperCase().slice(0, n);
}

export class SimulatorState {
  readonly db: SimDatabase;
  token: string;
  /** 2 = pruebas/piloto (default), 1 = producción (CONTRACT §1.1). */
  ambiente: number;
  packageValidationDelayMs: number;
  private readonly baseNow: () => Date;
  /** Admin clock skew: simulator clock = base clock + skew. */
  clockSkewMs = 0;
  faults: FaultConfig = { mode: 'none' };
  /** For hang mode: process the request (e.g. register the invoice), then never answer. */
  acceptBeforeTimeout = false;
  readonly forcedCodes = new Map<string, ForcedCode>();
  rejectFilesNext: RejectFilesRule | null = null;
  /** Base of `numeroArchivo` in package answers: 0 (default) or 1 — SIAT's is undocumented. */
  fileNumberBase: 0 | 1 = 0;

  constructor(opts: SimulatorStateOptions) {
    this.db = opts.db;
    this.token = opts.token;
    this.ambiente = opts.ambiente;
    this.baseNow = opts.now;
    this.packageValidationDelayMs = opts.packageValidationDelayMs;
  }

  /** The simulator clock (SIAT's clock: what sincronizarFechaHora answers). */
  now(): Date {
    return new Date(this.baseNow().getTime() + this.clockSkewMs);
  }

  /** Sets the clock so that it reads `date` now and keeps running from there. */
  setClock(date: Date): void {
    this.clockSkewMs = date.getTime() - this.baseNow().getTime();
  }

  resetFaults(): void {
    this.faults = { mode: 'none' };
    this.acceptBeforeTimeout = false;
    this.forcedCodes.clear();
    this.rejectFilesNext = null;
    this.fileNumberBase = 0;
  }

  // -------------------------------------------------------------------------------------
  // Taxpayers, systems, branches, points of sale

  taxpayer(nit: string): TaxpayerRow | undefined {
    return this.db.prepare('SELECT * FROM taxpayers WHERE nit = ?').get(nit) as TaxpayerRow | undefined;
  }

  modalidades(tp: TaxpayerRow): number[] {
    return JSON.parse(tp.modalidades) as number[];
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
      this.revokeCodes(nit, sucursal, pv);
    })();
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

  // -------------------------------------------------------------------------------------
  // CUIS and CUFD

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
      .get(nit, sistema, sucursal, pv, modalidad, this.now().getTime()) as CuisRow | undefined;
  }

  issueCuis(nit: string, sistema: string, sucursal: number, pv: number, modalidad: number): CuisRow {
    const now = this.now().getTime();
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
    const now = this.now().getTime();
    let codigo = 'BQ' + randomBytes(36).toString('base64').replace(/=+$/, '');
    while (this.cufd(codigo)) codigo = 'BQ' + randomBytes(36).toString('base64').replace(/=+$/, '');
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

  /** /admin/expire-cufds: every CUFD is now expired. */
  expireAllCufds(): number {
    return this.db.prepare('UPDATE cufds SET expires_at = ? WHERE expires_at > ?').run(this.now().getTime() - 1, this.now().getTime() - 1).changes;
  }

  cufdValid(row: CufdRow, at = this.now().getTime()): boolean {
    return row.revoked === 0 && row.issued_at <= at + 60_000 && at < row.expires_at;
  }

  // -------------------------------------------------------------------------------------
  // Documents

  invoice(cuf: string): InvoiceRow | undefined {
    return this.db.prepare('SELECT * FROM invoices WHERE cuf = ?').get(cuf) as InvoiceRow | undefined;
  }

  registerInvoice(row: Omit<InvoiceRow, 'estado' | 'motivo_anulacion' | 'reverted' | 'registered_at'>): void {
    this.db
      .prepare(
        `INSERT INTO invoices (cuf, nit, codigo_sucursal, codigo_punto_venta, sector, numero, modalidad, emision, fecha_emision, cufd,
           codigo_recepcion, package_id, estado, registered_at, xml)
         VALUES (@cuf, @nit, @codigo_sucursal, @codigo_punto_venta, @sector, @numero, @modalidad, @emision, @fecha_emision, @cufd,
           @codigo_recepcion, @package_id, 'VALIDA', @registered_at, @xml)`,
      )
      .run({ ...row, registered_at: this.now().getTime() });
  }

  recordReception(r: {
    cuf: string | null;
    nit: string | null;
    operation: string;
    packageId?: string | null;
    numeroArchivo?: number | null;
    outcome: 'VALIDADA' | 'RECHAZADA' | 'DUPLICADA';
    messages: unknown[];
  }): void {
    this.db
      .prepare(
        `INSERT INTO receptions (cuf, nit, operation, package_id, numero_archivo, received_at, outcome, messages) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(r.cuf, r.nit, r.operation, r.packageId ?? null, r.numeroArchivo ?? null, this.now().getTime(), r.outcome, JSON.stringify(r.messages));
  }

  /** Messages of the last rejected reception of a CUF that was never registered. */
  lastRejection(cuf: string): { codigo: number; descripcion: string }[] | undefined {
    const row = this.db
      .prepare(`SELECT messages FROM receptions WHERE cuf = ? AND outcome = 'RECHAZADA' ORDER BY id DESC LIMIT 1`)
      .get(cuf) as { messages: string } | undefined;
    return row ? (JSON.parse(row.messages) as { codigo: number; descripcion: string }[]) : undefined;
  }

  /** Every document received, grouped by CUF (GET /admin/received; tests assert "received once"). */
  receivedDocuments(): ReceivedDocument[] {
    const rows = this.db.prepare('SELECT * FROM receptions WHERE cuf IS NOT NULL ORDER BY id').all() as {
      cuf: string;
      operation: string;
      package_id: string | null;
      numero_archivo: number | null;
      received_at: number;
      outcome: string;
      messages: string;
    }[];
    const byCuf = new Map<string, ReceivedDocument>();
    for (const r of rows) {
      let doc = byCuf.get(r.cuf);
      if (!doc) {
        const inv = this.invoice(r.cuf);
        doc = { cuf: r.cuf, timesReceived: 0, timesRegistered: 0, estado: inv ? inv.estado : 'RECHAZADA', packages: [], receptions: [] };
        byCuf.set(r.cuf, doc);
      }
      doc.timesReceived++;
      if (r.outcome === 'VALIDADA') doc.timesRegistered++;
      if (r.package_id && !doc.packages.includes(r.package_id)) doc.packages.push(r.package_id);
      doc.receptions.push({
        operation: r.operation,
        packageId: r.package_id,
        numeroArchivo: r.numero_archivo,
        receivedAt: new Date(r.received_at).toISOString(),
        outcome: r.outcome,
        codigos: (JSON.parse(r.messages) as { codigo: number }[]).map((m) => m.codigo),
      });
    }
    return [...byCuf.values()];
  }

  // -------------------------------------------------------------------------------------
  // Significant events and packages

  event(codigo: number): EventRow | undefined {
    return this.db.prepare('SELECT * FROM events WHERE codigo_recepcion = ?').get(codigo) as EventRow | undefined;
  }

  registerEvent(e: Omit<EventRow, 'codigo_recepcion' | 'registered_at'>): number {
    const row = this.db.prepare('SELECT MAX(codigo_recepcion) AS max FROM events').get() as { max: number | null };
    // Shape of real reception codes (§1.6, e.g. 12822810).
    const codigo = Math.max(row.max ?? 0, 12822800) + 1;
    this.db
      .prepare(
        `INSERT INTO events (codigo_recepcion, nit, codigo_sucursal, codigo_punto_venta, codigo_motivo, descripcion, cufd, cufd_evento,
           inicio, fin, inicio_text, fin_text, registered_at)
         VALUES (@codigo_recepcion, @nit, @codigo_sucursal, @codigo_punto_venta, @codigo_motivo, @descripcion, @cufd, @cufd_evento,
           @inicio, @fin, @inicio_text, @fin_text, @registered_at)`,
      )
      .run({ ...e, codigo_recepcion: codigo, registered_at: this.now().getTime() });
    return codigo;
  }

  events(nit: string, sucursal: number, pv: number): EventRow[] {
    return this.db
      .prepare('SELECT * FROM events WHERE nit = ? AND codigo_sucursal = ? AND codigo_punto_venta = ? ORDER BY codigo_recepcion')
      .all(nit, sucursal, pv) as EventRow[];
  }

  package(codigo: string): PackageRow | undefined {
    return this.db.prepare('SELECT * FROM packages WHERE codigo_recepcion = ?').get(codigo) as PackageRow | undefined;
  }

  insertPackage(p: PackageRow): void {
    this.db
      .prepare(
        `INSERT INTO packages (codigo_recepcion, kind, service, nit, codigo_sucursal, codigo_punto_venta, sector, modalidad, emision, tipo_factura,
           cufd, codigo_evento, cafc, cantidad, archivo, received_at, ready_at, estado, result, forced_rejections)
         VALUES (@codigo_recepcion, @kind, @service, @nit, @codigo_sucursal, @codigo_punto_venta, @sector, @modalidad, @emision, @tipo_factura,
           @cufd, @codigo_evento, @cafc, @cantidad, @archivo, @received_at, @ready_at, @estado, @result, @forced_rejections)`,
      )
      .run(p);
  }

  finishPackage(codigo: string, estado: number, result: unknown[]): void {
    this.db.prepare('UPDATE packages SET estado = ?, result = ? WHERE codigo_recepcion = ?').run(estado, JSON.stringify(result), codigo);
  }

  // -------------------------------------------------------------------------------------
  // Certificates and NIT register

  pinnedCertificate(nit: string): string | undefined {
    const row = this.db.prepare('SELECT cert_pem FROM pinned_certificates WHERE nit = ?').get(nit) as { cert_pem: string } | undefined;
    return row?.cert_pem;
  }

  pinCertificate(nit: string, certPem: string): void {
    this.db.prepare('INSERT INTO pinned_certificates (nit, cert_pem) VALUES (?, ?) ON CONFLICT(nit) DO UPDATE SET cert_pem = excluded.cert_pem').run(nit, certPem);
  }

  nitStatus(nit: string): string | undefined {
    const row = this.db.prepare('SELECT status FROM nit_status WHERE nit = ?').get(nit) as { status: string } | undefined;
    return row?.status;
  }

  setNitStatus(nit: string, status: string): void {
    this.db.prepare('INSERT INTO nit_status (nit, status) VALUES (?, ?) ON CONFLICT(nit) DO UPDATE SET status = excluded.status').run(nit, status);
  }

  /** GET /admin/state: a summary for people and tests. */
  summary(): Record<string, unknown> {
    const count = (sql: string): number => (this.db.prepare(sql).get() as { n: number }).n;
    return {
      now: this.now().toISOString(),
      clockSkewMs: this.clockSkewMs,
      ambiente: this.ambiente,
      faults: this.faults,
      acceptBeforeTimeout: this.acceptBeforeTimeout,
      forcedCodes: Object.fromEntries(this.forcedCodes),
      rejectFilesNext: this.rejectFilesNext,
      counts: {
        taxpayers: count('SELECT COUNT(*) AS n FROM taxpayers'),
        pointsOfSale: count('SELECT COUNT(*) AS n FROM points_of_sale'),
        cuis: count('SELECT COUNT(*) AS n FROM cuis'),
        cufds: count('SELECT COUNT(*) AS n FROM cufds'),
        invoices: count('SELECT COUNT(*) AS n FROM invoices'),
        receptions: count('SELECT COUNT(*) AS n FROM receptions'),
        events: count('SELECT COUNT(*) AS n FROM events'),
        packages: count('SELECT COUNT(*) AS n FROM packages'),
      },
      branches: this.db.prepare('SELECT nit, codigo_sucursal, direccion, municipio FROM branches ORDER BY nit, codigo_sucursal').all(),
      pointsOfSale: this.db.prepare('SELECT nit, codigo_sucursal, codigo_punto_venta, nombre, tipo, closed FROM points_of_sale').all(),
      events: this.db.prepare('SELECT codigo_recepcion, nit, codigo_sucursal, codigo_punto_venta, codigo_motivo, inicio_text, fin_text FROM events').all(),
      packages: this.db.prepare('SELECT codigo_recepcion, kind, service, cantidad, estado, result FROM packages').all(),
    };
  }
}
