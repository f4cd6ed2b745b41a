// Issued invoices: numbering, persistence and state changes, always scoped by tenant.
import type { Db } from './db';
import { prepared } from './statements';
import { searchWords } from './text-search';
import type { InvoiceListItem, InvoiceRecord, InvoiceState, NewInvoice, PosInvoiceListItem, StateChange } from './invoice-records';
import { COLUMNS, toRecord, type Row } from './invoice-rows';

export type { InvoiceState, InvoiceLine, SectorValues, InvoiceRecord, NewInvoice, InvoiceListItem, PosInvoiceListItem, StateChange } from './invoice-records';
export type { SiatMessageRecord } from '../siat/messages';

export class InvoiceRepository {
  private readonly insertStmt;
  private readonly nextNumberStmt;
  private readonly initCounterStmt;
  private readonly lastNumberStmt;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.insertStmt = prepared(db, 
      `INSERT INTO invoices (${COLUMNS.map(([, c]) => c).join(', ')}, updated_at) VALUES (${COLUMNS.map(() => '?').join(', ')}, ?)`,
    );
    this.initCounterStmt = prepared(db, 'INSERT OR IGNORE INTO invoice_counters (tenant_id, pos_id, sector, last_number) VALUES (?, ?, ?, 0)');
    this.nextNumberStmt = prepared(db, 'UPDATE invoice_counters SET last_number = last_number + 1 WHERE pos_id = ? AND sector = ? RETURNING last_number');
    this.lastNumberStmt = prepared(db, 'SELECT last_number FROM invoice_counters WHERE tenant_id = ? AND pos_id = ? AND sector = ?');
  }

  /** The last number allocated for (point of sale, sector), 0 when none: where predictions start. */
  lastNumber(tenantId: string, posId: string, sector: number): number {
    const r = this.lastNumberStmt.get(tenantId, posId, sector) as { last_number: number } | undefined;
    return r?.last_number ?? 0;
  }

  /** Next invoice number; call inside the transaction that inserts the invoice. */
  allocateNumber(tenantId: string, posId: string, sector: number): number {
    this.initCounterStmt.run(tenantId, posId, sector);
    const r = this.nextNumberStmt.get(posId, sector) as { last_number: number };
    return r.last_number;
  }

  /** Inserts an issued invoice and returns it as stored (no read-back: this is the sale path). */
  insert(inv: NewInvoice): InvoiceRecord {
    const values = COLUMNS.map(([k]) => {
      const v = inv[k];
      if (k === 'details') return JSON.stringify(v);
      if (k === 'sectorData') return v === null ? null : JSON.stringify(v);
      if (typeof v === 'boolean') return v ? 1 : 0;
      return v ?? null;
    });
    this.insertStmt.run(...values, inv.createdAt);
    prepared(this.db, 'INSERT INTO invoice_transitions (invoice_id, at, from_state, to_state, detail) VALUES (?, ?, NULL, ?, ?)')
      .run(inv.id, inv.createdAt, inv.state, inv.cafc ? `factura manual transcrita (CAFC ${inv.cafc})` : inv.codigoEmision === 2 ? 'emitida fuera de línea' : 'emitida');
    return {
      ...inv,
      cafc: inv.cafc ?? null,
      siatCode: null,
      siatDescription: null,
      siatReceptionCode: null,
      siatMessages: [],
      packageId: null,
      lastChecked: null,
      cancellationReason: null,
      cancellationDate: null,
      updatedAt: inv.createdAt,
    };
  }

  byId(tenantId: string, id: string): InvoiceRecord | null {
    const r = prepared(this.db, 'SELECT * FROM invoices WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return r ? toRecord(r) : null;
  }

  /** By CUF, also an earlier CUF of an invoice re-issued offline. */
  byCuf(tenantId: string | null, cuf: string): InvoiceRecord | null {
    let r = prepared(this.db, 'SELECT * FROM invoices WHERE cuf = ?').get(cuf) as Row | undefined;
    if (!r) {
      const alias = prepared(this.db, 'SELECT invoice_id FROM invoice_aliases WHERE cuf = ?').get(cuf) as { invoice_id: string } | undefined;
      if (alias) r = prepared(this.db, 'SELECT * FROM invoices WHERE id = ?').get(alias.invoice_id) as Row | undefined;
    }
    if (!r || (tenantId !== null && r.tenant_id !== tenantId)) return null;
    return toRecord(r);
  }

  byIdempotencyKey(tenantId: string, key: string): InvoiceRecord | null {
    const r = prepared(this.db, 'SELECT * FROM invoices WHERE tenant_id = ? AND idempotency_key = ?').get(tenantId, key) as Row | undefined;
    return r ? toRecord(r) : null;
  }

  list(
    tenantId: string,
    offset: number,
    limit: number,
    filter: { q?: string; state?: InvoiceState; from?: string; to?: string; posId?: string } = {},
  ): { items: InvoiceListItem[]; total: number } {
    const where = ['tenant_id = ?'];
    const args: unknown[] = [tenantId];
    if (filter.state) {
      where.push('state = ?');
      args.push(filter.state);
    }
    if (filter.posId) {
      where.push('pos_id = ?');
      args.push(filter.posId);
    }
    if (filter.from) {
      where.push('fecha_emision >= ?');
      args.push(filter.from);
    }
    if (filter.to) {
      where.push('fecha_emision < ?');
      args.push(filter.to);
    }
    const q = filter.q?.trim() ?? '';
    if (q !== '') {
      if (/^\d+$/.test(q)) {
        where.push('(number = ? OR client_doc_number LIKE ? OR cuf LIKE ?)');
        args.push(Number(q), `${q}%`, `${q}%`);
      } else {
        // Client names through the accent- and case-insensitive trigram index (migration 0021),
        // as products are searched: "perez" finds "Pérez".
        const { match, shortPatterns } = searchWords(q);
        const name = [
          ...(match !== null ? ['rowid IN (SELECT rowid FROM invoices_fts WHERE invoices_fts MATCH ?)'] : []),
          ...shortPatterns.map(() => "client_name LIKE ? ESCAPE '\\'"),
        ].join(' AND ');
        where.push(`((${name}) OR cuf LIKE ?)`);
        args.push(...(match !== null ? [match] : []), ...shortPatterns, `${q.toUpperCase()}%`);
      }
    }
    const w = where.join(' AND ');
    const total = (prepared(this.db, `SELECT COUNT(*) n FROM invoices WHERE ${w}`).get(...args) as { n: number }).n;
    const rows = prepared(this.db, 
        `SELECT id, number, cuf, state, client_name, total, fecha_emision, codigo_emision, pos_id, sector, usuario,
                json_extract(sector_data, '$.originalInvoiceNumber') AS original_number FROM invoices WHERE ${w}
         ORDER BY created_at DESC, number DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, limit, offset) as Row[];
    return {
      items: rows.map((r) => ({
        id: r.id as string,
        invoiceNumber: r.number as number,
        cuf: r.cuf as string,
        state: r.state as InvoiceState,
        clientBusinessName: r.client_name as string,
        amountTotal: r.total as number,
        fechaEmision: r.fecha_emision as string,
        codigoEmision: r.codigo_emision as number,
        posId: r.pos_id as string,
        sector: r.sector as number,
        originalInvoiceNumber: (r.original_number as number | null) ?? null,
        usuario: r.usuario as string,
      })),
      total,
    };
  }

  /**
   * One point of sale's invoices, newest first, optionally of one sector (seed 001's invoice list
   * by point of sale).
   */
  listByPos(
    tenantId: string,
    posId: string,
    sector: number | null,
    offset: number,
    limit: number,
  ): { items: PosInvoiceListItem[]; total: number } {
    const w = sector === null ? 'tenant_id = ? AND pos_id = ?' : 'tenant_id = ? AND pos_id = ? AND sector = ?';
    const args: unknown[] = sector === null ? [tenantId, posId] : [tenantId, posId, sector];
    const total = (prepared(this.db, `SELECT COUNT(*) n FROM invoices WHERE ${w}`).get(...args) as { n: number }).n;
    const rows = prepared(this.db,
      `SELECT id, number, cuf, state, siat_code, sector FROM invoices WHERE ${w} ORDER BY created_at DESC, number DESC LIMIT ? OFFSET ?`,
    ).all(...args, limit, offset) as Row[];
    return {
      items: rows.map((r) => ({
        id: r.id as string,
        invoiceNumber: r.number as number,
        cuf: r.cuf as string,
        state: r.state as InvoiceState,
        siatCode: (r.siat_code as number | null) ?? null,
        sector: r.sector as number,
      })),
      total,
    };
  }

  /** The invoices numbered `number` at a point of sale: one per sector at most. */
  byNumber(tenantId: string, posId: string, number: number): InvoiceRecord[] {
    // The sectors come from the counters so the lookup seeks UNIQUE (pos_id, sector, number)
    // instead of scanning the point of sale's invoices.
    return (
      prepared(this.db,
        `SELECT * FROM invoices WHERE tenant_id = ? AND pos_id = ? AND number = ?
           AND sector IN (SELECT sector FROM invoice_counters WHERE pos_id = ?) ORDER BY sector`,
      ).all(tenantId, posId, number, posId) as Row[]
    ).map(toRecord);
  }

  /**
   * Online invoices stored and never settled, every tenant: PENDING without needs_reconcile and
   * outside any event — the engine stopped between the commit and SIAT's answer.
   */
  unsettledOnline(): InvoiceRecord[] {
    return (
      prepared(this.db,
        `SELECT * FROM invoices WHERE state = 'PENDING' AND needs_reconcile = 0 AND event_id IS NULL AND codigo_emision = 1 ORDER BY tenant_id, pos_id, number`,
      ).all() as Row[]
    ).map(toRecord);
  }

  /** The credit-debit notes issued against an invoice that SIAT has not refused (they count as returned). */
  notesOf(tenantId: string, originalInvoiceId: string): InvoiceRecord[] {
    return (
      prepared(this.db,
        `SELECT * FROM invoices WHERE tenant_id = ? AND original_invoice_id = ? AND state NOT IN ('REJECTED', 'CANCELLED') ORDER BY number`,
      ).all(tenantId, originalInvoiceId) as Row[]
    ).map(toRecord);
  }

  /**
   * True once an annulment of this invoice was reversed (a CANCELLED → VALIDATED transition):
   * SIAT reverses an annulment once only (CONTRACT §5.4, 968). The audit trail is the record.
   */
  cancellationReverted(tenantId: string, id: string): boolean {
    return (
      prepared(
        this.db,
        `SELECT 1 FROM invoice_transitions t JOIN invoices i ON i.id = t.invoice_id
          WHERE i.tenant_id = ? AND t.invoice_id = ? AND t.from_state = 'CANCELLED' AND t.to_state = 'VALIDATED' LIMIT 1`,
      ).get(tenantId, id) !== undefined
    );
  }

  /**
   * When the last online send of this invoice whose outcome is unknown gave up (real clock, ISO),
   * or null: SIAT may register such a send late, so nothing new is issued for it before a window
   * after this time has passed (contingency/unknown-outcome.ts).
   */
  siatAttemptAt(id: string): string | null {
    return (prepared(this.db, 'SELECT siat_attempt_at FROM invoices WHERE id = ?').pluck().get(id) as string | null | undefined) ?? null;
  }

  /** Changes state fields only, recording the transition. */
  setState(id: string, change: StateChange): InvoiceRecord {
    const cur = prepared(this.db, 'SELECT state, tenant_id FROM invoices WHERE id = ?').get(id) as { state: string; tenant_id: string } | undefined;
    if (!cur) throw new Error(`invoice ${id} not found`);
    const sets: string[] = ['state = ?', 'updated_at = ?'];
    const at = this.now().toISOString();
    const args: unknown[] = [change.state, at];
    const map: [keyof StateChange, string, (v: unknown) => unknown][] = [
      ['siatCode', 'siat_code', (v) => v],
      ['siatDescription', 'siat_description', (v) => v],
      ['siatReceptionCode', 'siat_reception_code', (v) => v],
      ['siatMessages', 'siat_messages', (v) => JSON.stringify(v)],
      ['needsReconcile', 'needs_reconcile', (v) => (v ? 1 : 0)],
      ['eventId', 'event_id', (v) => v],
      ['packageId', 'package_id', (v) => v],
      ['lastChecked', 'last_checked', (v) => v],
      ['cancellationReason', 'cancellation_reason', (v) => v],
      ['cancellationDate', 'cancellation_date', (v) => v],
      ['siatAttemptAt', 'siat_attempt_at', (v) => v],
    ];
    for (const [k, col, conv] of map) {
      if (change[k] !== undefined) {
        sets.push(`${col} = ?`);
        args.push(conv(change[k]));
      }
    }
    prepared(this.db, `UPDATE invoices SET ${sets.join(', ')} WHERE id = ?`).run(...args, id);
    if (cur.state !== change.state || change.detail) {
      prepared(this.db, 'INSERT INTO invoice_transitions (invoice_id, at, from_state, to_state, detail) VALUES (?, ?, ?, ?, ?)')
        .run(id, at, cur.state, change.state, change.detail ?? null);
    }
    return toRecord(prepared(this.db, 'SELECT * FROM invoices WHERE id = ?').get(id) as Row);
  }

  /**
   * Re-issues a PENDING invoice offline (same number and date; new CUF, XML and hash with
   * codigoEmision 2). The earlier CUF stays findable as an alias — and is what the new one
   * replaces (`replacedCuf`). Null, and nothing written, when the invoice is no longer PENDING
   * (settled meanwhile): there is then nothing to re-issue and no alias to record.
   * Call inside a transaction.
   */
  reissueOffline(id: string, next: { cuf: string; cufd: string; xml: string; hash: string; exceptionCode: number | null; eventId: string; detail: string }): { invoice: InvoiceRecord; previousCuf: string } | null {
    const cur = prepared(this.db, `SELECT cuf FROM invoices WHERE id = ? AND state = 'PENDING'`).get(id) as { cuf: string } | undefined;
    if (!cur) return null;
    const at = this.now().toISOString();
    prepared(this.db, 'INSERT OR IGNORE INTO invoice_aliases (cuf, invoice_id, created_at) VALUES (?, ?, ?)').run(cur.cuf, id, at);
    prepared(this.db, 
        `UPDATE invoices SET codigo_emision = 2, cuf = ?, cufd = ?, xml = ?, hash = ?, exception_code = ?, event_id = ?, needs_reconcile = 0,
           state = 'CONTINGENCY', updated_at = ? WHERE id = ? AND state = 'PENDING'`,
      )
      .run(next.cuf, next.cufd, next.xml, next.hash, next.exceptionCode, next.eventId, at, id);
    prepared(this.db, `INSERT INTO invoice_transitions (invoice_id, at, from_state, to_state, detail) VALUES (?, ?, 'PENDING', 'CONTINGENCY', ?)`)
      .run(id, at, next.detail);
    return { invoice: toRecord(prepared(this.db, 'SELECT * FROM invoices WHERE id = ?').get(id) as Row), previousCuf: cur.cuf };
  }

  /**
   * The CUF an invoice re-issued offline replaced (the online one its first ticket carries), null
   * for any other invoice. invoice_aliases holds it (reissueOffline is its only writer).
   */
  replacedCuf(tenantId: string, id: string): string | null {
    const r = prepared(
      this.db,
      `SELECT a.cuf FROM invoice_aliases a JOIN invoices i ON i.id = a.invoice_id
        WHERE i.tenant_id = ? AND a.invoice_id = ? ORDER BY a.created_at DESC, a.rowid DESC LIMIT 1`,
    ).get(tenantId, id) as { cuf: string } | undefined;
    return r?.cuf ?? null;
  }

  /**
   * How many invoices still wait for SIAT in a point of sale or a branch (`waitingForSiat`).
   * With `includeInFlight`, online sends still under way count too: what keeps a point of sale or
   * a branch from closing.
   */
  countWaitingForSiat(scope: WaitingScope): number {
    const { where, args } = waitingWhere(scope);
    return (prepared(this.db, `SELECT COUNT(*) n FROM invoices WHERE ${where}`).get(...args) as { n: number }).n;
  }

  /** The point of sale's invoices still waiting for SIAT (the till's queue), oldest number first. */
  waitingForSiat(tenantId: string, posId: string, limit: number): InvoiceRecord[] {
    const { where, args } = waitingWhere({ tenantId, posId });
    return (prepared(this.db, `SELECT * FROM invoices WHERE ${where} ORDER BY number LIMIT ?`).all(...args, limit) as Row[]).map(toRecord);
  }
}

/** Whose invoices: one point of sale, or every point of sale of a branch. */
export type WaitingScope = { tenantId: string; includeInFlight?: boolean } & ({ posId: string } | { branchId: number });

/**
 * "Waiting for SIAT", defined once: issued offline (CONTINGENCY), or sent online with an outcome
 * SIAT never gave (PENDING with needs_reconcile) — both go to SIAT in a contingency recovery.
 * A PENDING invoice without needs_reconcile is an online send under way.
 */
function waitingWhere(scope: WaitingScope): { where: string; args: unknown[] } {
  const states = scope.includeInFlight ? `state IN ('PENDING', 'CONTINGENCY')` : `(state = 'CONTINGENCY' OR (state = 'PENDING' AND needs_reconcile = 1))`;
  return 'posId' in scope
    ? { where: `tenant_id = ? AND pos_id = ? AND ${states}`, args: [scope.tenantId, scope.posId] }
    : { where: `tenant_id = ? AND pos_id IN (SELECT id FROM points_of_sale WHERE branch_id = ?) AND ${states}`, args: [scope.tenantId, scope.branchId] };
}
