// What the simulated SIAT knows of purchase registers (ServicioRecepcionCompras, CONTRACT §2.6):
// packages received, purchases registered by buyers, and — in training — purchases "invoiced
// to" the demo NIT by other taxpayers, so that consultaCompras has something to return.
// Runs in: SIAT simulator only. Times are epoch milliseconds.
import type { SimDatabase } from '../db';
import { TRAINING_TAXPAYER } from '../training-taxpayer';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS compras_packages (
  codigo_recepcion TEXT PRIMARY KEY,
  kind TEXT NOT NULL,                 -- RECEPCION | CONFIRMACION
  nit TEXT NOT NULL,
  gestion INTEGER NOT NULL,
  periodo INTEGER NOT NULL,
  cantidad INTEGER NOT NULL,
  archivo BLOB NOT NULL,
  received_at INTEGER NOT NULL,
  ready_at INTEGER NOT NULL,          -- wall clock: validated once this has passed
  estado INTEGER NOT NULL,            -- 901, then 908 | 904 | 902
  result TEXT                         -- JSON mensajesList
);
CREATE TABLE IF NOT EXISTS compras (
  nit TEXT NOT NULL,                  -- the buyer
  nit_emisor TEXT NOT NULL,
  codigo_autorizacion TEXT NOT NULL,
  numero_factura TEXT NOT NULL,
  numero_dui_dim TEXT NOT NULL,
  razon_social_emisor TEXT NOT NULL,
  fecha_emision TEXT NOT NULL,
  monto_total TEXT NOT NULL,
  credito_fiscal TEXT NOT NULL,
  tipo_compra INTEGER NOT NULL,
  origin TEXT NOT NULL,               -- REGISTRADA (buyer's package) | REPORTADA (issuer's invoice)
  confirmed INTEGER NOT NULL DEFAULT 0,
  deleted INTEGER NOT NULL DEFAULT 0,
  package_id TEXT,
  PRIMARY KEY (nit, nit_emisor, codigo_autorizacion, numero_factura)
);
`;

export interface CompraRow {
  nit: string;
  nit_emisor: string;
  codigo_autorizacion: string;
  numero_factura: string;
  numero_dui_dim: string;
  razon_social_emisor: string;
  fecha_emision: string;
  monto_total: string;
  credito_fiscal: string;
  tipo_compra: number;
  origin: 'REGISTRADA' | 'REPORTADA';
  confirmed: number;
  deleted: number;
  package_id: string | null;
}

export interface ComprasPackageRow {
  codigo_recepcion: string;
  kind: 'RECEPCION' | 'CONFIRMACION';
  nit: string;
  gestion: number;
  periodo: number;
  cantidad: number;
  archivo: Buffer;
  received_at: number;
  ready_at: number;
  estado: number;
  result: string | null;
}

/**
 * Purchases other taxpayers invoiced to the training taxpayer (fictitious suppliers; the CUFs are
 * shaped like real ones). Dated relative to `now` so a trainee always finds some this month.
 */
function trainingPurchases(now: Date): Omit<CompraRow, 'nit' | 'origin' | 'confirmed' | 'deleted' | 'package_id'>[] {
  const y = now.getUTCFullYear();
  const m = String(now.getUTCMonth() + 1).padStart(2, '0');
  return [
    { nit_emisor: '1003579028', codigo_autorizacion: '44AAEC00DBCBA35880091FEE05E92DC65368558BA467A75AC82F24C74', numero_factura: '137', numero_dui_dim: '0', razon_social_emisor: 'DISTRIBUIDORA ANDINA S.R.L.', fecha_emision: `${y}-${m}-02T10:15:00.000`, monto_total: '1450.00', credito_fiscal: '188.50', tipo_compra: 1 },
    { nit_emisor: '374803027', codigo_autorizacion: '19A522E68ED20E82F3FADFE11D8545827010889F04159318EB7846D74', numero_factura: '24', numero_dui_dim: '0', razon_social_emisor: 'ELECTROPAZ S.A.', fecha_emision: `${y}-${m}-03T08:00:00.000`, monto_total: '130.00', credito_fiscal: '13.00', tipo_compra: 1 },
    { nit_emisor: '142591020', codigo_autorizacion: '1', numero_factura: '784512', numero_dui_dim: '0', razon_social_emisor: 'AEROLINEAS DEL SUR S.A.', fecha_emision: `${y}-${m}-05T14:30:00.000`, monto_total: '980.00', credito_fiscal: '127.40', tipo_compra: 1 },
  ];
}

export class ComprasLog {
  constructor(
    private readonly db: SimDatabase,
    now: () => Date,
  ) {
    db.exec(SCHEMA);
    const tp = String(TRAINING_TAXPAYER.nit);
    const insert = db.prepare(
      `INSERT OR IGNORE INTO compras (nit, nit_emisor, codigo_autorizacion, numero_factura, numero_dui_dim, razon_social_emisor, fecha_emision, monto_total, credito_fiscal, tipo_compra, origin)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'REPORTADA')`,
    );
    db.transaction(() => {
      const seeded = (db.prepare(`SELECT COUNT(*) AS n FROM compras WHERE nit = ? AND origin = 'REPORTADA'`).get(tp) as { n: number }).n > 0;
      if (seeded) return;
      for (const c of trainingPurchases(now())) {
        insert.run(tp, c.nit_emisor, c.codigo_autorizacion, c.numero_factura, c.numero_dui_dim, c.razon_social_emisor, c.fecha_emision, c.monto_total, c.credito_fiscal, c.tipo_compra);
      }
    })();
  }

  insertPackage(p: Omit<ComprasPackageRow, 'estado' | 'result'>): void {
    this.db
      .prepare(
        `INSERT INTO compras_packages (codigo_recepcion, kind, nit, gestion, periodo, cantidad, archivo, received_at, ready_at, estado, result)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 901, NULL)`,
      )
      .run(p.codigo_recepcion, p.kind, p.nit, p.gestion, p.periodo, p.cantidad, p.archivo, p.received_at, p.ready_at);
  }

  package(codigo: string): ComprasPackageRow | undefined {
    return this.db.prepare('SELECT * FROM compras_packages WHERE codigo_recepcion = ?').get(codigo) as ComprasPackageRow | undefined;
  }

  finishPackage(codigo: string, estado: number, messages: unknown[]): void {
    this.db.prepare('UPDATE compras_packages SET estado = ?, result = ? WHERE codigo_recepcion = ?').run(estado, JSON.stringify(messages), codigo);
  }

  compra(nit: string, nitEmisor: string, codigoAutorizacion: string, numeroFactura: string): CompraRow | undefined {
    return this.db
      .prepare('SELECT * FROM compras WHERE nit = ? AND nit_emisor = ? AND codigo_autorizacion = ? AND numero_factura = ?')
      .get(nit, nitEmisor, codigoAutorizacion, numeroFactura) as CompraRow | undefined;
  }

  register(c: Omit<CompraRow, 'confirmed' | 'deleted'>): void {
    this.db
      .prepare(
        `INSERT INTO compras (nit, nit_emisor, codigo_autorizacion, numero_factura, numero_dui_dim, razon_social_emisor, fecha_emision, monto_total, credito_fiscal, tipo_compra, origin, package_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (nit, nit_emisor, codigo_autorizacion, numero_factura) DO UPDATE SET deleted = 0, origin = excluded.origin, package_id = excluded.package_id`,
      )
      .run(c.nit, c.nit_emisor, c.codigo_autorizacion, c.numero_factura, c.numero_dui_dim, c.razon_social_emisor, c.fecha_emision, c.monto_total, c.credito_fiscal, c.tipo_compra, c.origin, c.package_id);
  }

  confirm(nit: string, nitEmisor: string, codigoAutorizacion: string, numeroFactura: string): boolean {
    return this.db.prepare('UPDATE compras SET confirmed = 1 WHERE nit = ? AND nit_emisor = ? AND codigo_autorizacion = ? AND numero_factura = ? AND deleted = 0').run(nit, nitEmisor, codigoAutorizacion, numeroFactura).changes > 0;
  }

  delete(nit: string, nitEmisor: string, codigoAutorizacion: string, numeroFactura: string): boolean {
    return this.db.prepare('UPDATE compras SET deleted = 1, confirmed = 0 WHERE nit = ? AND nit_emisor = ? AND codigo_autorizacion = ? AND numero_factura = ? AND deleted = 0').run(nit, nitEmisor, codigoAutorizacion, numeroFactura).changes > 0;
  }

  /** What issuers reported to `nit` with an emission date on or before `until` (yyyy-MM-dd…). */
  reportedTo(nit: string, until: string): CompraRow[] {
    return this.db.prepare(`SELECT * FROM compras WHERE nit = ? AND deleted = 0 AND fecha_emision <= ? ORDER BY fecha_emision, nit_emisor`).all(nit, until) as CompraRow[];
  }
}
