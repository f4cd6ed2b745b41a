// Cash sessions, their movements and the payment split of each invoice (issue 17), always scoped
// by tenant. Nothing here is deleted or rewritten: a closed session is immutable (migration 0013's
// triggers) and is reopened as a new one.
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { prepared } from './statements';
import type { Cents } from '../../shared/money';

export type CashSessionState = 'OPEN' | 'CLOSED';

export interface CashSessionRecord {
  id: string;
  tenantId: string;
  posId: string;
  number: number;
  state: CashSessionState;
  openedAt: string;
  openedBy: string;
  openingFloat: Cents;
  reopenedFrom: string | null;
  reopenReason: string | null;
  closedAt: string | null;
  closedBy: string | null;
  /** The stored close (JSON as written by main/cash), null while open. */
  closeData: unknown;
}

export interface CashMovementRecord {
  id: string;
  sessionId: string;
  kind: 'IN' | 'OUT';
  amount: Cents;
  reason: string;
  usuario: string;
  createdAt: string;
}

export interface PaymentRow {
  method: string;
  amount: Cents;
  tendered: Cents;
}

/** One payment row of a session's invoice, with what the close needs to know of the invoice. */
export interface SessionPaymentRow {
  invoiceId: string;
  number: number;
  sector: number;
  state: string;
  codigoEmision: number;
  total: Cents;
  method: string;
  amount: Cents;
}

/** A cancelled invoice of the point of sale, with its payment rows (none for invoices issued outside sessions). */
export interface CancelledPaymentRow {
  invoiceId: string;
  sector: number;
  paymentMethod: number;
  total: Cents;
  giftCard: Cents;
  method: string | null;
  amount: Cents | null;
  /** The session the payment row was recorded in (null: sold outside the cash sessions). */
  sessionId: string | null;
}

type Row = Record<string, unknown>;

function toSession(r: Row): CashSessionRecord {
  return {
    id: r.id as string,
    tenantId: r.tenant_id as string,
    posId: r.pos_id as string,
    number: r.number as number,
    state: r.state as CashSessionState,
    openedAt: r.opened_at as string,
    openedBy: r.opened_by as string,
    openingFloat: r.opening_float as number,
    reopenedFrom: (r.reopened_from as string | null) ?? null,
    reopenReason: (r.reopen_reason as string | null) ?? null,
    closedAt: (r.closed_at as string | null) ?? null,
    closedBy: (r.closed_by as string | null) ?? null,
    closeData: r.close_data ? (JSON.parse(r.close_data as string) as unknown) : null,
  };
}

function toMovement(r: Row): CashMovementRecord {
  return {
    id: r.id as string,
    sessionId: r.session_id as string,
    kind: r.kind as 'IN' | 'OUT',
    amount: r.amount as number,
    reason: r.reason as string,
    usuario: r.usuario as string,
    createdAt: r.created_at as string,
  };
}

export class CashSessionRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The open session of a point of sale, or null. */
  openFor(tenantId: string, posId: string): CashSessionRecord | null {
    const r = prepared(this.db, "SELECT * FROM cash_sessions WHERE tenant_id = ? AND pos_id = ? AND state = 'OPEN'").get(tenantId, posId) as Row | undefined;
    return r ? toSession(r) : null;
  }

  byId(tenantId: string, id: string): CashSessionRecord | null {
    const r = prepared(this.db, 'SELECT * FROM cash_sessions WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return r ? toSession(r) : null;
  }

  /** Opens session number n+1 of the point of sale. The caller checks that none is open (the unique index enforces it too). */
  open(s: { tenantId: string; posId: string; openingFloat: Cents; openedBy: string; reopenedFrom?: string; reopenReason?: string }): CashSessionRecord {
    const next = prepared(this.db, 'SELECT COALESCE(MAX(number), 0) + 1 AS n FROM cash_sessions WHERE tenant_id = ? AND pos_id = ?').get(s.tenantId, s.posId) as { n: number };
    const id = randomUUID();
    prepared(
      this.db,
      `INSERT INTO cash_sessions (id, tenant_id, pos_id, number, state, opened_at, opened_by, opening_float, reopened_from, reopen_reason)
       VALUES (?, ?, ?, ?, 'OPEN', ?, ?, ?, ?, ?)`,
    ).run(id, s.tenantId, s.posId, next.n, this.now().toISOString(), s.openedBy, s.openingFloat, s.reopenedFrom ?? null, s.reopenReason ?? null);
    return this.byId(s.tenantId, id)!;
  }

  close(tenantId: string, id: string, closedBy: string, closedAt: string, closeData: unknown): CashSessionRecord {
    prepared(this.db, "UPDATE cash_sessions SET state = 'CLOSED', closed_at = ?, closed_by = ?, close_data = ? WHERE tenant_id = ? AND id = ? AND state = 'OPEN'").run(
      closedAt,
      closedBy,
      JSON.stringify(closeData),
      tenantId,
      id,
    );
    return this.byId(tenantId, id)!;
  }

  /** The session that was reopened from `id`, if any (a session is reopened once). */
  reopenedAs(tenantId: string, id: string): CashSessionRecord | null {
    const r = prepared(this.db, 'SELECT * FROM cash_sessions WHERE tenant_id = ? AND reopened_from = ?').get(tenantId, id) as Row | undefined;
    return r ? toSession(r) : null;
  }

  list(tenantId: string, posId: string | null, state: CashSessionState | null, offset: number, limit: number): { rows: CashSessionRecord[]; total: number } {
    const where = ['tenant_id = ?', ...(posId === null ? [] : ['pos_id = ?']), ...(state === null ? [] : ['state = ?'])].join(' AND ');
    const args = [tenantId, ...(posId === null ? [] : [posId]), ...(state === null ? [] : [state])];
    const rows = prepared(this.db, `SELECT * FROM cash_sessions WHERE ${where} ORDER BY opened_at DESC, number DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as Row[];
    const total = (prepared(this.db, `SELECT COUNT(*) AS n FROM cash_sessions WHERE ${where}`).get(...args) as { n: number }).n;
    return { rows: rows.map(toSession), total };
  }

  /** A Z that came out of a printer (migration 0028); `copy`: the paper said COPIA. */
  recordReportPrint(tenantId: string, sessionId: string, copy: boolean, usuario: string): void {
    prepared(this.db, 'INSERT INTO cash_report_prints (tenant_id, session_id, copy, usuario, printed_at) VALUES (?, ?, ?, ?, ?)').run(
      tenantId,
      sessionId,
      copy ? 1 : 0,
      usuario,
      this.now().toISOString(),
    );
  }

  /** Whether the session's Z has already come out of a printer once (a new paper is then a copy). */
  reportPrinted(tenantId: string, sessionId: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM cash_report_prints WHERE tenant_id = ? AND session_id = ? LIMIT 1').get(tenantId, sessionId) !== undefined;
  }

  addMovement(m: { tenantId: string; sessionId: string; kind: 'IN' | 'OUT'; amount: Cents; reason: string; usuario: string }): CashMovementRecord {
    const id = randomUUID();
    const at = this.now().toISOString();
    prepared(this.db, 'INSERT INTO cash_movements (id, tenant_id, session_id, kind, amount, reason, usuario, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      id,
      m.tenantId,
      m.sessionId,
      m.kind,
      m.amount,
      m.reason,
      m.usuario,
      at,
    );
    return { id, sessionId: m.sessionId, kind: m.kind, amount: m.amount, reason: m.reason, usuario: m.usuario, createdAt: at };
  }

  movements(tenantId: string, sessionId: string): CashMovementRecord[] {
    return (prepared(this.db, 'SELECT * FROM cash_movements WHERE tenant_id = ? AND session_id = ? ORDER BY created_at, id').all(tenantId, sessionId) as Row[]).map(toMovement);
  }

  /** Stores how an invoice was paid; called inside the sale's own transaction. */
  recordPayments(tenantId: string, invoiceId: string, sessionId: string | null, rows: readonly PaymentRow[]): void {
    const stmt = prepared(this.db, 'INSERT INTO invoice_payments (invoice_id, seq, tenant_id, session_id, method, amount, tendered) VALUES (?, ?, ?, ?, ?, ?, ?)');
    rows.forEach((p, i) => stmt.run(invoiceId, i + 1, tenantId, sessionId, p.method, p.amount, p.tendered));
  }

  /** How a credit-debit note's money went back (SIAT payment-method code), in the note's transaction (migration 0020). */
  recordRefund(tenantId: string, noteId: string, refundMethod: number, defaulted: boolean): void {
    prepared(this.db, 'INSERT INTO note_refunds (invoice_id, tenant_id, refund_method, defaulted) VALUES (?, ?, ?, ?)').run(noteId, tenantId, refundMethod, defaulted ? 1 : 0);
  }

  /** A note's refund method, or null (not a note, or issued before migration 0020). */
  refundMethod(tenantId: string, noteId: string): number | null {
    const r = prepared(this.db, 'SELECT refund_method FROM note_refunds WHERE tenant_id = ? AND invoice_id = ?').get(tenantId, noteId) as { refund_method: number } | undefined;
    return r?.refund_method ?? null;
  }

  payments(tenantId: string, invoiceId: string): PaymentRow[] {
    return prepared(this.db, 'SELECT method, amount, tendered FROM invoice_payments WHERE tenant_id = ? AND invoice_id = ? ORDER BY seq').all(tenantId, invoiceId) as PaymentRow[];
  }

  /** Every payment row of the invoices sold in a session. */
  sessionPayments(tenantId: string, sessionId: string): SessionPaymentRow[] {
    return prepared(
      this.db,
      `SELECT i.id AS invoiceId, i.number AS number, i.sector AS sector, i.state AS state, i.codigo_emision AS codigoEmision,
              i.total AS total, p.method AS method, p.amount AS amount
         FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
        WHERE p.tenant_id = ? AND p.session_id = ? AND i.tenant_id = ?
        ORDER BY i.number, p.seq`,
    ).all(tenantId, sessionId, tenantId) as SessionPaymentRow[];
  }

  /**
   * Invoices of the point of sale cancelled between `from` and `to` (ISO, to exclusive; null =
   * open end), whichever session sold them: the money goes back out of the drawer when the
   * cancellation is made.
   */
  cancelledBetween(tenantId: string, posId: string, from: string, to: string | null): CancelledPaymentRow[] {
    return prepared(
      this.db,
      `SELECT i.id AS invoiceId, i.sector AS sector, i.payment_method AS paymentMethod, i.total AS total, i.gift_card AS giftCard,
              p.method AS method, p.amount AS amount, p.session_id AS sessionId
         FROM invoices i LEFT JOIN invoice_payments p ON p.invoice_id = i.id
        WHERE i.tenant_id = ? AND i.pos_id = ? AND i.state = 'CANCELLED'
          AND i.cancellation_date >= ? AND (? IS NULL OR i.cancellation_date < ?)
        ORDER BY i.id, p.seq`,
    ).all(tenantId, posId, from, to, to) as CancelledPaymentRow[];
  }
}
