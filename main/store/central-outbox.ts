// The till's side of Kipu Central (issue 15): the outbox the triggers of migration 0018 fill in
// the same transaction as each fact, the push cursor, the facts as they are now (what a push
// carries), and the catalog that comes down. Every read is scoped by tenant.
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { prepared } from './statements';
import type { CashReplica, CentralProduct, EventReplica, InvoiceReplica, PosReplica } from '../../shared/api/central';

export interface OutboxRow {
  seq: number;
  tenantId: string;
  kind: 'invoice' | 'event' | 'cash' | 'pos';
  entityId: string;
}

export interface SyncCursor {
  ackedSeq: number;
  catalogVersion: number;
  lastPushAt: string | null;
  lastError: string | null;
}

type Row = Record<string, unknown>;

const json = <T>(v: unknown, fallback: T): T => (typeof v === 'string' && v !== '' ? (JSON.parse(v) as T) : fallback);

/** Columns of the till's record that travel only inside `record` (the PDF's material). */
const RECORD_ONLY: Record<string, string> = {
  modalidad: 'modalidad', tipo_factura: 'tipoFactura', client_doc_type: 'clientDocType', client_complement: 'clientComplement',
  client_code: 'clientCode', client_email: 'clientEmail', payment_method: 'paymentMethod', card_number: 'cardNumber',
  exchange_rate: 'exchangeRate', subtotal: 'subtotal', additional_discount: 'additionalDiscount', gift_card: 'giftCard',
  total_subject_iva: 'totalSubjectIva', total_currency: 'totalCurrency', exception_code: 'exceptionCode', literal: 'literal',
  leyenda: 'leyenda', usuario: 'usuario', hash: 'hash', siat_reception_code: 'siatReceptionCode',
};

function toInvoiceReplica(r: Row): InvoiceReplica {
  const record: Record<string, unknown> = {};
  for (const [col, key] of Object.entries(RECORD_ONLY)) record[key] = r[col] ?? null;
  record.details = json(r.details, []);
  record.sectorData = json(r.sector_data, null);
  return {
    id: r.id as string,
    posId: r.pos_id as string,
    branchCode: r.branch_code as number,
    posCode: r.pos_code as number,
    invoiceType: r.invoice_type as string,
    sector: r.sector as number,
    codigoEmision: r.codigo_emision as number,
    number: r.number as number,
    cuf: r.cuf as string,
    cufd: r.cufd as string,
    fechaEmision: r.fecha_emision as string,
    clientDocNumber: r.client_doc_number as string,
    clientName: r.client_name as string,
    currency: r.currency as number,
    total: r.total as number,
    state: r.state as InvoiceReplica['state'],
    siatCode: (r.siat_code as number | null) ?? null,
    siatDescription: (r.siat_description as string | null) ?? null,
    siatMessages: json(r.siat_messages, []),
    needsReconcile: r.needs_reconcile === 1,
    eventId: (r.event_id as string | null) ?? null,
    originalInvoiceId: (r.original_invoice_id as string | null) ?? null,
    cancellationReason: (r.cancellation_reason as number | null) ?? null,
    cancellationDate: (r.cancellation_date as string | null) ?? null,
    xml: r.xml as string,
    record,
    createdAt: r.created_at as string,
    updatedAt: r.updated_at as string,
  };
}

/** `?, ?, …` for an IN list (SQLite's default limit of host parameters is far above a batch). */
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export class CentralOutboxRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  cursor(): SyncCursor {
    const r = prepared(this.db, 'SELECT acked_seq, catalog_version, last_push_at, last_error FROM central_sync WHERE id = 1').get() as Row;
    return {
      ackedSeq: r.acked_seq as number,
      catalogVersion: r.catalog_version as number,
      lastPushAt: (r.last_push_at as string | null) ?? null,
      lastError: (r.last_error as string | null) ?? null,
    };
  }

  /** Central acknowledged everything up to `seq` (or told the till where it really stands). */
  setAcked(seq: number): void {
    prepared(this.db, 'UPDATE central_sync SET acked_seq = ?, last_push_at = ?, last_error = NULL WHERE id = 1').run(seq, this.now().toISOString());
  }

  setError(message: string): void {
    prepared(this.db, 'UPDATE central_sync SET last_error = ? WHERE id = 1').run(message);
  }

  /**
   * The next outbox rows after `seq`, in push order; with `tenantId`, that taxpayer's only (the
   * one a Central credential serves: the last row is then always a fact the push carries).
   */
  after(seq: number, limit: number, tenantId?: string): OutboxRow[] {
    const rows = tenantId
      ? prepared(this.db, 'SELECT seq, tenant_id, kind, entity_id FROM central_outbox WHERE seq > ? AND tenant_id = ? ORDER BY seq LIMIT ?').all(seq, tenantId, limit)
      : prepared(this.db, 'SELECT seq, tenant_id, kind, entity_id FROM central_outbox WHERE seq > ? ORDER BY seq LIMIT ?').all(seq, limit);
    return (rows as Row[]).map((r) => ({
      seq: r.seq as number,
      tenantId: r.tenant_id as string,
      kind: r.kind as OutboxRow['kind'],
      entityId: r.entity_id as string,
    }));
  }

  /** How many outbox rows Central has not acknowledged yet. */
  backlog(): number {
    const c = this.cursor();
    return (prepared(this.db, 'SELECT COUNT(*) n FROM central_outbox WHERE seq > ?').get(c.ackedSeq) as { n: number }).n;
  }

  invoices(tenantId: string, ids: string[]): InvoiceReplica[] {
    if (ids.length === 0) return [];
    return (this.db.prepare(`SELECT * FROM invoices WHERE tenant_id = ? AND id IN (${marks(ids.length)})`).all(tenantId, ...ids) as Row[]).map(toInvoiceReplica);
  }

  events(tenantId: string, ids: string[]): EventReplica[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT id, pos_id, codigo_motivo, descripcion, state, fecha_inicio, fecha_fin, codigo_evento_siat, updated_at FROM contingency_events WHERE tenant_id = ? AND id IN (${marks(ids.length)})`)
      .all(tenantId, ...ids) as Row[];
    return rows.map((r) => ({
      id: r.id as string,
      posId: r.pos_id as string,
      codigoMotivo: r.codigo_motivo as number,
      descripcion: r.descripcion as string,
      state: r.state as EventReplica['state'],
      fechaInicio: r.fecha_inicio as string,
      fechaFin: (r.fecha_fin as string | null) ?? null,
      codigoEventoSiat: (r.codigo_evento_siat as number | null) ?? null,
      updatedAt: r.updated_at as string,
    }));
  }

  cashSessions(tenantId: string, ids: string[]): CashReplica[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT id, pos_id, number, state, opened_at, opened_by, opening_float, closed_at, closed_by, close_data FROM cash_sessions WHERE tenant_id = ? AND id IN (${marks(ids.length)})`)
      .all(tenantId, ...ids) as Row[];
    return rows.map((r) => ({
      id: r.id as string,
      posId: r.pos_id as string,
      number: r.number as number,
      state: r.state as CashReplica['state'],
      openedAt: r.opened_at as string,
      openedBy: r.opened_by as string,
      openingFloat: r.opening_float as number,
      closedAt: (r.closed_at as string | null) ?? null,
      closedBy: (r.closed_by as string | null) ?? null,
      closeData: json(r.close_data, null),
    }));
  }

  pointsOfSale(tenantId: string, ids: string[]): PosReplica[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT p.id, b.codigo_sucursal, b.name AS branch_name, p.code, p.name, p.closed_at,
           (SELECT fecha_vigencia FROM cufds c WHERE c.tenant_id = p.tenant_id AND c.pos_id = p.id ORDER BY c.id DESC LIMIT 1) AS cufd_expires
         FROM points_of_sale p JOIN branches b ON b.id = p.branch_id WHERE p.tenant_id = ? AND p.id IN (${marks(ids.length)})`,
      )
      .all(tenantId, ...ids) as Row[];
    return rows.map((r) => ({
      id: r.id as string,
      branchCode: r.codigo_sucursal as number,
      branchName: r.branch_name as string,
      code: r.code as number,
      name: r.name as string,
      closedAt: (r.closed_at as string | null) ?? null,
      cufdExpiresAt: (r.cufd_expires as string | null) ?? null,
    }));
  }

  /**
   * Applies one page of Central's catalog in ONE transaction (all or nothing) and moves the
   * catalog cursor with it. The conflict rule (docs/decisions/0031-central-catalog-conflicts.md):
   * Central's fields win; the price a till set itself is kept only while the chain allows local
   * prices. A local product with the same code is adopted (it becomes Central's).
   */
  applyCatalog(tenantId: string, page: { version: number; allowLocalPrices: boolean; products: readonly CentralProduct[] }): { created: number; updated: number } {
    const out = { created: 0, updated: 0 };
    const at = this.now().toISOString();
    this.db
      .transaction(() => {
        for (const p of page.products) {
          const existing = (prepared(this.db, 'SELECT id, local_price_cents FROM products WHERE tenant_id = ? AND central_id = ?').get(tenantId, p.id) ??
            prepared(this.db, 'SELECT id, local_price_cents FROM products WHERE tenant_id = ? AND code = ?').get(tenantId, p.code)) as
            | { id: string; local_price_cents: number | null }
            | undefined;
          // A barcode another local product holds stays with that product: Central's row keeps none here.
          const barcodeOwner = p.barcode
            ? (prepared(this.db, 'SELECT id FROM products WHERE tenant_id = ? AND barcode = ?').get(tenantId, p.barcode) as { id: string } | undefined)
            : undefined;
          const barcode = barcodeOwner && barcodeOwner.id !== existing?.id ? null : p.barcode;
          if (existing) {
            const keepLocal = page.allowLocalPrices && existing.local_price_cents !== null;
            prepared(this.db,
              `UPDATE products SET central_id = ?, central_version = ?, code = ?, barcode = ?, description = ?, price_cents = ?, unit_measure = ?,
                 activity_economic = ?, code_product_sin = ?, active = ?, local_price_cents = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`,
            ).run(
              p.id, p.version, p.code, barcode, p.description, keepLocal ? existing.local_price_cents : p.priceCents, p.unitMeasure,
              p.activityEconomic, p.codeProductSin, p.active ? 1 : 0, keepLocal ? existing.local_price_cents : null, at, tenantId, existing.id,
            );
            out.updated++;
          } else {
            prepared(this.db,
              `INSERT INTO products (id, tenant_id, code, barcode, description, price_cents, unit_measure, activity_economic, code_product_sin, active,
                 created_at, updated_at, central_id, central_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            ).run(randomUUID(), tenantId, p.code, barcode, p.description, p.priceCents, p.unitMeasure, p.activityEconomic, p.codeProductSin, p.active ? 1 : 0, at, at, p.id, p.version);
            out.created++;
          }
        }
        prepared(this.db, 'UPDATE central_sync SET catalog_version = ? WHERE id = 1').run(page.version);
      })
      .immediate();
    return out;
  }
}
