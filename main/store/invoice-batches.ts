// Massive emission batches (migration 0016): the batch, its items (the invoice ↔ batch link) and
// the packages sent to recepcionMasivaFactura, always scoped by tenant. The invoices themselves
// live in invoices.ts; a batch only points at them.
import type { Db } from './db';
import { prepared } from './statements';
import type { InvoiceState, SiatMessageRecord } from './invoices';
import type { FieldProblem } from '../../shared/api-envelope';

export type BatchState = 'ISSUING' | 'SENDING' | 'VALIDATING' | 'COMPLETED';
export type BatchPackageState = 'BUILT' | 'SENT' | 'VALIDATED' | 'OBSERVED' | 'REJECTED';

export interface InvoiceBatch {
  id: string;
  tenantId: string;
  posId: string;
  usuario: string;
  itemCount: number;
  acceptedCount: number;
  idempotencyKey: string | null;
  requestHash: string | null;
  state: BatchState;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

/** One item of the request: accepted (a sale and the id its invoice gets) or refused (problems). */
export type NewBatchItem =
  | { index: number; invoiceType: string; sale: unknown; invoiceId: string }
  | { index: number; problems: FieldProblem[] };

/** An item's row: an accepted one has its type, sale (JSON) and invoice id; a refused one its problems (JSON). */
export interface StoredBatchItem {
  index: number;
  invoiceType: string | null;
  saleJson: string | null;
  invoiceId: string | null;
  problemsJson: string | null;
}

/** An accepted item whose invoice is not stored yet (the issuing step's work). */
export interface UnissuedItem {
  index: number;
  invoiceType: string;
  sale: unknown;
  invoiceId: string;
}

export interface BatchItemView {
  index: number;
  invoiceId: string | null;
  /** The invoice's number once issued (null while QUEUED or when refused). */
  invoiceNumber: number | null;
  state: InvoiceState | 'QUEUED' | 'REFUSED';
  problems: FieldProblem[];
}

export interface BatchPackage {
  id: string;
  batchId: string;
  seq: number;
  sector: number;
  modalidad: 1 | 2;
  tipoFactura: number;
  invoiceIds: string[];
  invoiceCount: number;
  archive: Buffer;
  hash: string;
  state: BatchPackageState;
  codigoRecepcion: string | null;
  siatCode: number | null;
  siatMessages: SiatMessageRecord[];
}

/** An issued invoice of the batch not yet in a package, as the package builder needs it. */
export interface UnpackagedBatchInvoice {
  id: string;
  number: number;
  sector: number;
  modalidad: 1 | 2;
  tipoFactura: number;
}

type Row = Record<string, unknown>;

const toBatch = (r: Row): InvoiceBatch => ({
  id: r.id as string,
  tenantId: r.tenant_id as string,
  posId: r.pos_id as string,
  usuario: r.usuario as string,
  itemCount: r.item_count as number,
  acceptedCount: r.accepted_count as number,
  idempotencyKey: (r.idempotency_key as string | null) ?? null,
  requestHash: (r.request_hash as string | null) ?? null,
  state: r.state as BatchState,
  lastError: (r.last_error as string | null) ?? null,
  createdAt: r.created_at as string,
  updatedAt: r.updated_at as string,
  completedAt: (r.completed_at as string | null) ?? null,
});

const toPackage = (r: Row): BatchPackage => ({
  id: r.id as string,
  batchId: r.batch_id as string,
  seq: r.seq as number,
  sector: r.sector as number,
  modalidad: (r.modalidad as number) === 1 ? 1 : 2,
  tipoFactura: r.tipo_factura as number,
  invoiceIds: JSON.parse(r.invoice_ids as string) as string[],
  invoiceCount: r.invoice_count as number,
  archive: r.archive as Buffer,
  hash: r.hash as string,
  state: r.state as BatchPackageState,
  codigoRecepcion: (r.codigo_recepcion as string | null) ?? null,
  siatCode: (r.siat_code as number | null) ?? null,
  siatMessages: r.siat_messages ? (JSON.parse(r.siat_messages as string) as SiatMessageRecord[]) : [],
});

export class InvoiceBatchRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stores a batch and all its items (call inside a transaction). */
  insert(
    batch: Pick<InvoiceBatch, 'id' | 'tenantId' | 'posId' | 'usuario' | 'idempotencyKey' | 'requestHash'>,
    items: NewBatchItem[],
  ): InvoiceBatch {
    this.beginReception(batch);
    for (const it of items) {
      if ('invoiceId' in it) this.addItem(batch.id, { index: it.index, invoiceType: it.invoiceType, saleJson: JSON.stringify(it.sale), invoiceId: it.invoiceId, problemsJson: null });
      else this.addItem(batch.id, { index: it.index, invoiceType: null, saleJson: null, invoiceId: null, problemsJson: JSON.stringify(it.problems) });
    }
    return this.completeReception(batch, items.length, items.filter((i) => 'invoiceId' in i).length);
  }

  /**
   * A batch's row while its items are being stored (MassiveEmission.receive, in several short
   * transactions): its item_count is 0, which no batch received has (the body asks for at least
   * one item), so every read of batches here leaves it out until completeReception. One whose
   * reception never completed (the engine stopped or died) stays so: never listed, never resumed
   * or issued, never deleted; the client had no 202 and sends it again.
   */
  beginReception(batch: Pick<InvoiceBatch, 'id' | 'tenantId' | 'posId' | 'usuario'>): void {
    const at = this.now().toISOString();
    prepared(
      this.db,
      `INSERT INTO invoice_batches (id, tenant_id, pos_id, usuario, item_count, accepted_count, idempotency_key, request_hash, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, 0, 0, NULL, NULL, 'ISSUING', ?, ?)`,
    ).run(batch.id, batch.tenantId, batch.posId, batch.usuario, at, at);
  }

  /** One item of a batch as stored: an accepted one's sale, or a refused one's problems, as JSON text (call inside a transaction). */
  addItem(batchId: string, it: StoredBatchItem): void {
    prepared(this.db, 'INSERT INTO invoice_batch_items (batch_id, item_index, invoice_type, sale, invoice_id, problems) VALUES (?, ?, ?, ?, ?, ?)').run(
      batchId,
      it.index,
      it.invoiceType,
      it.saleJson,
      it.invoiceId,
      it.problemsJson,
    );
  }

  /** The received batch made whole: its counts, its Idempotency-Key, and its state (call inside a transaction). */
  completeReception(batch: Pick<InvoiceBatch, 'id' | 'tenantId' | 'idempotencyKey' | 'requestHash'>, itemCount: number, accepted: number): InvoiceBatch {
    const at = this.now().toISOString();
    prepared(
      this.db,
      `UPDATE invoice_batches SET item_count = ?, accepted_count = ?, idempotency_key = ?, request_hash = ?, state = ?, created_at = ?, updated_at = ?, completed_at = ?
        WHERE id = ? AND tenant_id = ? AND item_count = 0`,
    ).run(itemCount, accepted, batch.idempotencyKey, batch.requestHash, accepted > 0 ? 'ISSUING' : 'COMPLETED', at, at, accepted > 0 ? null : at, batch.id, batch.tenantId);
    return this.byId(batch.tenantId, batch.id)!;
  }

  byId(tenantId: string, id: string): InvoiceBatch | null {
    const r = prepared(this.db, 'SELECT * FROM invoice_batches WHERE tenant_id = ? AND id = ? AND item_count > 0').get(tenantId, id) as Row | undefined;
    return r ? toBatch(r) : null;
  }

  byIdempotencyKey(tenantId: string, key: string): InvoiceBatch | null {
    const r = prepared(this.db, 'SELECT * FROM invoice_batches WHERE tenant_id = ? AND idempotency_key = ? AND item_count > 0').get(tenantId, key) as Row | undefined;
    return r ? toBatch(r) : null;
  }

  /** One page of the tenant's batches, newest first, and how many it has in all (GET /invoices/batch). */
  list(tenantId: string, offset: number, limit: number): { items: InvoiceBatch[]; total: number } {
    const rows = prepared(this.db, 'SELECT * FROM invoice_batches WHERE tenant_id = ? AND item_count > 0 ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?').all(tenantId, limit, offset) as Row[];
    const total = (prepared(this.db, 'SELECT COUNT(*) n FROM invoice_batches WHERE tenant_id = ? AND item_count > 0').get(tenantId) as { n: number }).n;
    return { items: rows.map(toBatch), total };
  }

  /** Batches not COMPLETED, oldest first (engine start: resume them). */
  open(): InvoiceBatch[] {
    return (prepared(this.db, `SELECT * FROM invoice_batches WHERE state <> 'COMPLETED' AND item_count > 0 ORDER BY created_at`).all() as Row[]).map(toBatch);
  }

  update(id: string, patch: { state?: BatchState; lastError?: string | null }): void {
    const at = this.now().toISOString();
    if (patch.state !== undefined) {
      prepared(this.db, 'UPDATE invoice_batches SET state = ?, updated_at = ?, completed_at = CASE WHEN ? = \'COMPLETED\' THEN ? ELSE completed_at END WHERE id = ?')
        .run(patch.state, at, patch.state, at, id);
    }
    if (patch.lastError !== undefined) prepared(this.db, 'UPDATE invoice_batches SET last_error = ?, updated_at = ? WHERE id = ?').run(patch.lastError, at, id);
  }

  /**
   * An accepted item whose document failed Kipu's own check before it was stored: it becomes a
   * refused item with those problems (it never had an invoice, so no number is lost).
   */
  refuseAtIssue(tenantId: string, batchId: string, index: number, problems: { field: string; rule: string; message: string }[]): void {
    const r = prepared(
      this.db,
      `UPDATE invoice_batch_items SET invoice_id = NULL, problems = ?
        WHERE batch_id = (SELECT id FROM invoice_batches WHERE id = ? AND tenant_id = ?) AND item_index = ? AND invoice_id IS NOT NULL`,
    ).run(JSON.stringify(problems), batchId, tenantId, index);
    if (r.changes > 0) prepared(this.db, 'UPDATE invoice_batches SET accepted_count = accepted_count - 1 WHERE id = ? AND tenant_id = ?').run(batchId, tenantId);
  }

  /**
   * Lines (sale.lines) of the next `limit` items unissued() would give, in the same order: counted
   * by SQLite in the stored JSON, so a step is sized before any sale is parsed in JavaScript. The
   * reading stops at the first item that takes the sum past `maxLines` (a step cannot hold more):
   * counting 200 items of 500 lines each parsed ~16 MB of JSON per step of two invoices, 50 s of
   * the engine's thread for a batch of 350 (issue 25, decision 0095).
   */
  unissuedLineCounts(batchId: string, limit: number, maxLines = Number.POSITIVE_INFINITY): number[] {
    const counts: number[] = [];
    let lines = 0;
    const rows = prepared(
      this.db,
      `SELECT coalesce(json_array_length(b.sale, '$.lines'), 1) FROM invoice_batch_items b INDEXED BY invoice_batch_items_progress
        WHERE b.batch_id = ? AND b.invoice_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = b.invoice_id)
        ORDER BY b.item_index LIMIT ?`,
    )
      .pluck()
      .iterate(batchId, limit) as IterableIterator<number>;
    for (const count of rows) {
      counts.push(count);
      lines += count;
      if (lines > maxLines) break;
    }
    return counts;
  }

  /** Accepted items whose invoice is not stored yet, in request order. */
  unissued(batchId: string, limit: number): UnissuedItem[] {
    const rows = prepared(
      this.db,
      `SELECT b.item_index, b.invoice_type, b.sale, b.invoice_id FROM invoice_batch_items b INDEXED BY invoice_batch_items_progress
        WHERE b.batch_id = ? AND b.invoice_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = b.invoice_id)
        ORDER BY b.item_index LIMIT ?`,
    ).all(batchId, limit) as Row[];
    return rows.map((r) => ({ index: r.item_index as number, invoiceType: r.invoice_type as string, sale: JSON.parse(r.sale as string), invoiceId: r.invoice_id as string }));
  }

  /**
   * Issued invoices of the batch not yet in a package, in request order, without their XML
   * (invoiceXml(), read in lots: 350 invoices of 500 lines are ~70 MB; decision 0097).
   */
  unpackaged(batchId: string): UnpackagedBatchInvoice[] {
    const rows = prepared(
      this.db,
      `SELECT i.id, i.number, i.sector, i.modalidad, i.tipo_factura FROM invoice_batch_items b INDEXED BY invoice_batch_items_progress
         JOIN invoices i ON i.id = b.invoice_id
        WHERE b.batch_id = ? AND b.package_id IS NULL ORDER BY b.item_index`,
    ).all(batchId) as Row[];
    return rows.map((r) => ({
      id: r.id as string,
      number: r.number as number,
      sector: r.sector as number,
      modalidad: (r.modalidad as number) === 1 ? 1 : 2,
      tipoFactura: r.tipo_factura as number,
    }));
  }

  /** An issued invoice's signed XML, as it goes into its package. */
  invoiceXml(invoiceId: string): string {
    return (prepared(this.db, 'SELECT xml FROM invoices WHERE id = ?').get(invoiceId) as { xml: string }).xml;
  }

  /** Stores a package (call inside a transaction); its invoices are linked to it by linkToPackage(), in lots. */
  insertPackage(p: Omit<BatchPackage, 'state' | 'codigoRecepcion' | 'siatCode' | 'siatMessages' | 'seq'> & { tenantId: string }): BatchPackage {
    const at = this.now().toISOString();
    const seq = ((prepared(this.db, 'SELECT MAX(seq) s FROM invoice_batch_packages WHERE batch_id = ?').get(p.batchId) as { s: number | null }).s ?? 0) + 1;
    prepared(
      this.db,
      `INSERT INTO invoice_batch_packages (id, batch_id, tenant_id, seq, sector, modalidad, tipo_factura, invoice_ids, invoice_count, archive, hash, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'BUILT', ?, ?)`,
    ).run(p.id, p.batchId, p.tenantId, seq, p.sector, p.modalidad, p.tipoFactura, JSON.stringify(p.invoiceIds), p.invoiceCount, p.archive, p.hash, at, at);
    return toPackage(prepared(this.db, 'SELECT * FROM invoice_batch_packages WHERE id = ?').get(p.id) as Row);
  }

  /** Links an item's invoice to its package, once (an item already linked is left as it is). */
  linkToPackage(batchId: string, packageId: string, invoiceId: string): void {
    prepared(this.db, 'UPDATE invoice_batch_items SET package_id = ? WHERE batch_id = ? AND invoice_id = ? AND package_id IS NULL').run(packageId, batchId, invoiceId);
  }

  packages(batchId: string): BatchPackage[] {
    return (prepared(this.db, 'SELECT * FROM invoice_batch_packages WHERE batch_id = ? ORDER BY seq').all(batchId) as Row[]).map(toPackage);
  }

  updatePackage(id: string, patch: { state: BatchPackageState; codigoRecepcion?: string | null; siatCode?: number | null; siatMessages?: SiatMessageRecord[] }): void {
    const cur = prepared(this.db, 'SELECT codigo_recepcion, siat_code, siat_messages FROM invoice_batch_packages WHERE id = ?').get(id) as Row;
    prepared(this.db, 'UPDATE invoice_batch_packages SET state = ?, codigo_recepcion = ?, siat_code = ?, siat_messages = ?, updated_at = ? WHERE id = ?').run(
      patch.state,
      patch.codigoRecepcion !== undefined ? patch.codigoRecepcion : cur.codigo_recepcion,
      patch.siatCode !== undefined ? patch.siatCode : cur.siat_code,
      patch.siatMessages !== undefined ? JSON.stringify(patch.siatMessages) : cur.siat_messages,
      this.now().toISOString(),
      id,
    );
  }

  /**
   * Progress: accepted items per state of their invoice (QUEUED = not issued yet) and the
   * refused ones. This and items() read indexes alone (migration 0029): the rows hold each sale's
   * JSON and each invoice's XML before the columns read here (decision 0097).
   */
  counts(batchId: string): Record<string, number> {
    const rows = prepared(
      this.db,
      `SELECT CASE WHEN b.invoice_id IS NULL THEN 'REFUSED' ELSE COALESCE(i.state, 'QUEUED') END AS s, COUNT(*) AS n
         FROM invoice_batch_items b INDEXED BY invoice_batch_items_progress LEFT JOIN invoices i INDEXED BY invoices_progress ON i.id = b.invoice_id
        WHERE b.batch_id = ? GROUP BY s`,
    ).all(batchId) as { s: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.s, r.n]));
  }

  /** Every item in request order with its invoice and state (GET /invoices/batch/{id}). */
  items(batchId: string): BatchItemView[] {
    const rows = prepared(
      this.db,
      `SELECT b.item_index, b.invoice_id, b.problems, i.state, i.number
         FROM invoice_batch_items b INDEXED BY invoice_batch_items_progress LEFT JOIN invoices i INDEXED BY invoices_progress ON i.id = b.invoice_id
        WHERE b.batch_id = ? ORDER BY b.item_index`,
    ).all(batchId) as Row[];
    return rows.map((r) => ({
      index: r.item_index as number,
      invoiceId: (r.invoice_id as string | null) ?? null,
      invoiceNumber: (r.number as number | null) ?? null,
      state: r.invoice_id === null ? 'REFUSED' : ((r.state as InvoiceState | null) ?? 'QUEUED'),
      problems: r.problems ? (JSON.parse(r.problems as string) as FieldProblem[]) : [],
    }));
  }
}
