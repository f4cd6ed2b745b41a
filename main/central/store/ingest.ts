// A till's push, committed in one transaction: idempotent upserts keyed by (tenant, till, the
// till's id), ordered and resumable through the till's cursor (tills.acked_seq, locked for the
// push). A replay — the till crashed before it saw the answer, or an old request arrives late —
// finds its items at or below the cursor and skips them; and a row never goes back to an older
// state (`WHERE <table>.seq < excluded.seq`). Every statement is scoped by the till's tenant.
import type { PoolClient, Pool } from './pg';
import { inTransaction } from './pg';
import type { PushItem, PushRequest, TillReport } from '../../../shared/api/central';
import type { TillPrincipal } from './accounts';

export class CursorAheadError extends Error {
  constructor(readonly ackedSeq: number) {
    super(`La caja cree que Central tiene hasta ${ackedSeq}; Central continúa desde su propio cursor`);
    this.name = 'CursorAheadError';
  }
}

/**
 * A fact of the push names a branch or point of sale the till's credential is not bound to (issue
 * 26, finding 6): the push is refused whole and nothing is stored.
 */
export class OutsideBindingError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'OutsideBindingError';
  }
}

/**
 * The first fact that names a branch or point of sale other than the credential's, or null.
 * Points of sale and invoices carry the codes; events and cash sessions name the till's own
 * point-of-sale ids (kept under the till, they cannot reach another store's figures).
 */
export function outsideBinding(till: Pick<TillPrincipal, 'tillId' | 'branchCode' | 'posCode'>, items: readonly PushItem[]): OutsideBindingError | null {
  for (const [i, it] of items.entries()) {
    if (it.kind !== 'pos' && it.kind !== 'invoice') continue;
    const branch = it.data.branchCode;
    const pos = it.kind === 'pos' ? it.data.code : it.data.posCode;
    const what = it.kind === 'pos' ? 'el punto de venta' : `la factura ${it.data.number}`;
    if (till.branchCode === null) {
      return new OutsideBindingError(
        `items[${i}].data.branchCode: la credencial de esta caja no está ligada a una sucursal; el administrador debe emitirle una nueva con su sucursal (npm run central -- till reissue --till ${till.tillId} --branch N [--pos M])`,
        `items[${i}].data.branchCode`,
      );
    }
    if (branch !== till.branchCode) {
      return new OutsideBindingError(
        `items[${i}].data.branchCode: ${what} es de la sucursal ${branch}, pero la credencial de esta caja es de la sucursal ${till.branchCode}; no se guardó nada de este envío`,
        `items[${i}].data.branchCode`,
      );
    }
    if (till.posCode !== null && pos !== till.posCode) {
      const field = `items[${i}].data.${it.kind === 'pos' ? 'code' : 'posCode'}`;
      return new OutsideBindingError(
        `${field}: ${what} es del punto de venta ${pos}, pero la credencial de esta caja es del punto de venta ${till.posCode} (sucursal ${till.branchCode}); no se guardó nada de este envío`,
        field,
      );
    }
  }
  return null;
}

type Of<K extends PushItem['kind']> = Extract<PushItem, { kind: K }>;

/** One entry per id, the highest seq winning (a batch should already be so; this keeps ON CONFLICT valid). */
function latest<K extends PushItem['kind']>(items: readonly PushItem[], kind: K): Of<K>[] {
  const m = new Map<string, Of<K>>();
  for (const it of items) {
    if (it.kind !== kind) continue;
    const prev = m.get(it.data.id);
    if (!prev || prev.seq < it.seq) m.set(it.data.id, it as Of<K>);
  }
  return [...m.values()];
}

export class IngestRepository {
  constructor(private readonly pool: Pool) {}

  /** Applies a push; returns the cursor now committed and how many items were replays. */
  push(till: TillPrincipal, req: PushRequest): Promise<{ ackedSeq: number; skipped: number }> {
    const outside = outsideBinding(till, req.items);
    if (outside) return Promise.reject(outside);
    return inTransaction(this.pool, async (c) => {
      const { rows } = await c.query<{ acked_seq: number }>('SELECT acked_seq FROM tills WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [till.tillId, till.tenantId]);
      const acked = rows[0]!.acked_seq;
      if (req.after > acked) throw new CursorAheadError(acked);
      const fresh = req.items.filter((i) => i.seq > acked);
      const skipped = req.items.length - fresh.length;
      await this.upsertPos(c, till, latest(fresh, 'pos'));
      await this.upsertEvents(c, till, latest(fresh, 'event'));
      await this.upsertCash(c, till, latest(fresh, 'cash'));
      await this.upsertInvoices(c, till, latest(fresh, 'invoice'));
      const next = Math.max(acked, req.upTo);
      await c.query('UPDATE tills SET acked_seq = $3, last_contact = now(), report = $4 WHERE id = $1 AND tenant_id = $2', [till.tillId, till.tenantId, next, reportJson(req.report)]);
      return { ackedSeq: next, skipped };
    });
  }

  private async upsertPos(c: PoolClient, till: TillPrincipal, items: Of<'pos'>[]): Promise<void> {
    if (items.length === 0) return;
    const data = JSON.stringify(items.map((i) => ({ ...i.data, seq: i.seq })));
    await c.query(
      `INSERT INTO stores (tenant_id, branch_code, name)
       SELECT DISTINCT ON (x."branchCode") $1::uuid, x."branchCode", x."branchName" FROM jsonb_to_recordset($2::jsonb) AS x("branchCode" int, "branchName" text)
       ON CONFLICT (tenant_id, branch_code) DO UPDATE SET name = excluded.name`,
      [till.tenantId, data],
    );
    await c.query(
      `INSERT INTO points_of_sale (tenant_id, till_id, id, branch_code, code, name, closed_at, cufd_expires_at, seq)
       SELECT $1, $2, x.id, x."branchCode", x.code, x.name, x."closedAt", x."cufdExpiresAt"::timestamptz, x.seq
       FROM jsonb_to_recordset($3::jsonb) AS x(id text, "branchCode" int, code int, name text, "closedAt" text, "cufdExpiresAt" text, seq bigint)
       ON CONFLICT (tenant_id, till_id, id) DO UPDATE SET branch_code = excluded.branch_code, code = excluded.code, name = excluded.name,
         closed_at = excluded.closed_at, cufd_expires_at = excluded.cufd_expires_at, seq = excluded.seq
       WHERE points_of_sale.seq < excluded.seq`,
      [till.tenantId, till.tillId, data],
    );
  }

  private async upsertEvents(c: PoolClient, till: TillPrincipal, items: Of<'event'>[]): Promise<void> {
    if (items.length === 0) return;
    await c.query(
      `INSERT INTO contingency_events (tenant_id, till_id, id, pos_id, codigo_motivo, descripcion, state, fecha_inicio, fecha_fin, codigo_evento_siat, seq)
       SELECT $1, $2, x.id, x."posId", x."codigoMotivo", x.descripcion, x.state, x."fechaInicio", x."fechaFin", x."codigoEventoSiat", x.seq
       FROM jsonb_to_recordset($3::jsonb) AS x(id text, "posId" text, "codigoMotivo" int, descripcion text, state text, "fechaInicio" text, "fechaFin" text, "codigoEventoSiat" int, seq bigint)
       ON CONFLICT (tenant_id, till_id, id) DO UPDATE SET state = excluded.state, fecha_inicio = excluded.fecha_inicio, fecha_fin = excluded.fecha_fin,
         codigo_evento_siat = excluded.codigo_evento_siat, seq = excluded.seq
       WHERE contingency_events.seq < excluded.seq`,
      [till.tenantId, till.tillId, JSON.stringify(items.map((i) => ({ ...i.data, seq: i.seq })))],
    );
  }

  private async upsertCash(c: PoolClient, till: TillPrincipal, items: Of<'cash'>[]): Promise<void> {
    if (items.length === 0) return;
    await c.query(
      `INSERT INTO cash_sessions (tenant_id, till_id, id, pos_id, number, state, opened_at, opened_by, opening_float, closed_at, closed_by, close_data, seq)
       SELECT $1, $2, x.id, x."posId", x.number, x.state, x."openedAt", x."openedBy", x."openingFloat", x."closedAt", x."closedBy", x."closeData", x.seq
       FROM jsonb_to_recordset($3::jsonb) AS x(id text, "posId" text, number int, state text, "openedAt" text, "openedBy" text, "openingFloat" bigint,
         "closedAt" text, "closedBy" text, "closeData" jsonb, seq bigint)
       ON CONFLICT (tenant_id, till_id, id) DO UPDATE SET state = excluded.state, closed_at = excluded.closed_at, closed_by = excluded.closed_by,
         close_data = excluded.close_data, seq = excluded.seq
       WHERE cash_sessions.seq < excluded.seq`,
      [till.tenantId, till.tillId, JSON.stringify(items.map((i) => ({ ...i.data, seq: i.seq })))],
    );
  }

  private async upsertInvoices(c: PoolClient, till: TillPrincipal, items: Of<'invoice'>[]): Promise<void> {
    if (items.length === 0) return;
    await c.query(
      `INSERT INTO invoices (tenant_id, till_id, id, pos_id, branch_code, pos_code, invoice_type, sector, codigo_emision, number, cuf, cufd,
         fecha_emision, issued_at, issued_on, client_doc_number, client_name, currency, total_cents, state, siat_code, siat_description, siat_messages,
         needs_reconcile, event_id, original_invoice_id, cancellation_reason, cancellation_date, xml, record, created_at, updated_at, seq)
       SELECT $1, $2, x.id, x."posId", x."branchCode", x."posCode", x."invoiceType", x.sector, x."codigoEmision", x.number, x.cuf, x.cufd,
         x."fechaEmision", x."fechaEmision"::timestamp, (x."fechaEmision"::timestamp)::date, x."clientDocNumber", x."clientName", x.currency, x.total,
         x.state, x."siatCode", x."siatDescription", COALESCE(x."siatMessages", '[]'::jsonb), x."needsReconcile", x."eventId", x."originalInvoiceId",
         x."cancellationReason", x."cancellationDate", x.xml, x.record, x."createdAt", x."updatedAt", x.seq
       FROM jsonb_to_recordset($3::jsonb) AS x(id text, "posId" text, "branchCode" int, "posCode" int, "invoiceType" text, sector int, "codigoEmision" smallint,
         number bigint, cuf text, cufd text, "fechaEmision" text, "clientDocNumber" text, "clientName" text, currency int, total bigint, state text,
         "siatCode" int, "siatDescription" text, "siatMessages" jsonb, "needsReconcile" boolean, "eventId" text, "originalInvoiceId" text,
         "cancellationReason" int, "cancellationDate" text, xml text, record jsonb, "createdAt" text, "updatedAt" text, seq bigint)
       ON CONFLICT (tenant_id, till_id, id) DO UPDATE SET state = excluded.state, siat_code = excluded.siat_code, siat_description = excluded.siat_description,
         siat_messages = excluded.siat_messages, needs_reconcile = excluded.needs_reconcile, event_id = excluded.event_id, cuf = excluded.cuf, cufd = excluded.cufd,
         codigo_emision = excluded.codigo_emision, xml = excluded.xml, record = excluded.record, cancellation_reason = excluded.cancellation_reason,
         cancellation_date = excluded.cancellation_date, updated_at = excluded.updated_at, seq = excluded.seq, received_at = now()
       WHERE invoices.seq < excluded.seq`,
      [till.tenantId, till.tillId, JSON.stringify(items.map((i) => ({ ...i.data, seq: i.seq })))],
    );
  }
}

function reportJson(r: TillReport): string {
  return JSON.stringify(r);
}
