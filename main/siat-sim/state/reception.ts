// What SIAT received: invoices (registered, annulled, reverted), every reception of a document
// and its outcome, significant events and packages. Over the simulator's SQLite database.
// Runs in: SIAT simulator only.

import type { SimDatabase } from '../db';
import type { SimClock } from './clock';
import { DAY_MS } from './codes';

/** §5.4: offline packages are sent at most 48 h after the contingency ends (983). */
export const PACKAGE_WINDOW_MS = 2 * DAY_MS;

interface InvoiceRow {
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
  /** codigoDocumentoSector of the request that brought it (null: received before it was recorded). */
  sector: number | null;
  /** Times SIAT received a document with this CUF (online sends and package files). */
  timesReceived: number;
  /** Times it was registered as valid: never more than 1 (duplicates answer 1000). */
  timesRegistered: number;
  estado: 'VALIDA' | 'ANULADA' | 'RECHAZADA';
  packages: string[];
  receptions: { operation: string; packageId: string | null; numeroArchivo: number | null; receivedAt: string; outcome: string; codigos: number[] }[];
}

export class ReceptionLog {
  constructor(
    private readonly db: SimDatabase,
    private readonly clock: SimClock,
  ) {}

  // -------------------------------------------------------------------------------------
  // Invoices and receptions

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
      .run({ ...row, registered_at: this.clock.now().getTime() });
  }

  annulInvoice(cuf: string, motivo: number): void {
    this.db.prepare(`UPDATE invoices SET estado = 'ANULADA', motivo_anulacion = ? WHERE cuf = ?`).run(motivo, cuf);
  }

  /** reversionAnulacionFactura: valid again, and marked so that a second reversal is refused (968). */
  revertAnnulment(cuf: string): void {
    this.db.prepare(`UPDATE invoices SET estado = 'VALIDA', reverted = 1 WHERE cuf = ?`).run(cuf);
  }

  recordReception(r: {
    cuf: string | null;
    nit: string | null;
    operation: string;
    sector: number | null;
    packageId?: string | null;
    numeroArchivo?: number | null;
    outcome: 'VALIDADA' | 'RECHAZADA' | 'DUPLICADA';
    messages: unknown[];
  }): void {
    this.db
      .prepare(
        `INSERT INTO receptions (cuf, nit, operation, sector, package_id, numero_archivo, received_at, outcome, messages) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(r.cuf, r.nit, r.operation, r.sector, r.packageId ?? null, r.numeroArchivo ?? null, this.clock.now().getTime(), r.outcome, JSON.stringify(r.messages));
  }

  /**
   * Invoice numbers registered under more than one CUF (issue 32: one sale registered twice, online
   * and re-issued offline), per NIT, branch, point of sale, sector and CAFC booklet. A number is
   * unique within its numbering: the system's own (no CAFC) per point of sale and sector, or a
   * manual booklet's (a transcribed contingency invoice carries its CAFC, CONTRACT §5.3). So the
   * same number under two CAFCs, or under a CAFC and the system's numbering, is no duplicate. An
   * invoice's CAFC is its package's: SIAT registers a transcribed document only when its <cafc> is
   * the package's (1045). Annulled CUFs count: SIAT did register them; `valid` says how many of the
   * group are still VALIDA.
   */
  duplicateNumbers(): {
    nit: string;
    codigoSucursal: number;
    codigoPuntoVenta: number;
    sector: number;
    /** The booklet the number is from; null: the system's own numbering. */
    cafc: string | null;
    numero: number;
    valid: number;
    cufs: { cuf: string; emision: number; estado: string }[];
  }[] {
    const rows = this.db
      .prepare(
        `WITH numbered AS (
           SELECT i.nit, i.codigo_sucursal, i.codigo_punto_venta, i.sector, p.cafc, i.numero, i.cuf, i.emision, i.estado, i.registered_at
             FROM invoices i LEFT JOIN packages p ON p.codigo_recepcion = i.package_id)
         SELECT n.* FROM numbered n
           JOIN (SELECT nit, codigo_sucursal, codigo_punto_venta, sector, COALESCE(cafc, '') booklet, numero FROM numbered
                  GROUP BY nit, codigo_sucursal, codigo_punto_venta, sector, booklet, numero HAVING COUNT(*) > 1) d
             ON d.nit = n.nit AND d.codigo_sucursal = n.codigo_sucursal AND d.codigo_punto_venta = n.codigo_punto_venta
            AND d.sector = n.sector AND d.booklet = COALESCE(n.cafc, '') AND d.numero = n.numero
          ORDER BY n.nit, n.codigo_sucursal, n.codigo_punto_venta, n.sector, COALESCE(n.cafc, ''), n.numero, n.registered_at`,
      )
      .all() as (Pick<InvoiceRow, 'nit' | 'codigo_sucursal' | 'codigo_punto_venta' | 'sector' | 'numero' | 'cuf' | 'emision' | 'estado'> & { cafc: string | null })[];
    const out: ReturnType<ReceptionLog['duplicateNumbers']> = [];
    for (const r of rows) {
      let g = out.at(-1);
      if (!g || g.nit !== r.nit || g.codigoSucursal !== r.codigo_sucursal || g.codigoPuntoVenta !== r.codigo_punto_venta || g.sector !== r.sector || g.cafc !== r.cafc || g.numero !== r.numero) {
        out.push((g = { nit: r.nit, codigoSucursal: r.codigo_sucursal, codigoPuntoVenta: r.codigo_punto_venta, sector: r.sector, cafc: r.cafc, numero: r.numero, valid: 0, cufs: [] }));
      }
      g.cufs.push({ cuf: r.cuf, emision: r.emision, estado: r.estado });
      if (r.estado === 'VALIDA') g.valid++;
    }
    return out;
  }

  /** Messages of the last rejected reception of a CUF that was never registered. */
  lastRejection(cuf: string): { codigo: number; descripcion: string }[] | undefined {
    const row = this.db
      .prepare(`SELECT messages FROM receptions WHERE cuf = ? AND outcome = 'RECHAZADA' ORDER BY id DESC LIMIT 1`)
      .get(cuf) as { messages: string } | undefined;
    return row ? (JSON.parse(row.messages) as { codigo: number; descripcion: string }[]) : undefined;
  }

  /**
   * Every document received, grouped by CUF (GET /admin/received; tests assert "received once"),
   * or only those of one document sector.
   */
  receivedDocuments(filter: { sector?: number } = {}): ReceivedDocument[] {
    const rows = (
      filter.sector === undefined
        ? this.db.prepare('SELECT * FROM receptions WHERE cuf IS NOT NULL ORDER BY id').all()
        : this.db.prepare('SELECT * FROM receptions WHERE cuf IS NOT NULL AND sector = ? ORDER BY id').all(filter.sector)
    ) as {
      cuf: string;
      sector: number | null;
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
        doc = { cuf: r.cuf, sector: r.sector ?? inv?.sector ?? null, timesReceived: 0, timesRegistered: 0, estado: inv ? inv.estado : 'RECHAZADA', packages: [], receptions: [] };
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
      .run({ ...e, codigo_recepcion: codigo, registered_at: this.clock.now().getTime() });
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
}
