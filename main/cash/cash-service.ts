// Cash sessions (arqueo de caja, issue 17): open with a float, cash in and out, close with the
// count, reopen as a new session, X/Z reports, and what the sale path asks of them (a sale needs
// an open session where the point of sale requires one; each sale's payment split is stored in
// the sale's own transaction).
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord } from '../store/invoices';
import type { CashSessionRecord, CashSessionState, PaymentRow } from '../store/cash-sessions';
import type { CatalogService } from '../catalogs/catalog-sync';
import type { CashMovement, CashReport, CashSessionListItem, CashSessionView, CashSettings } from '../../shared/api/cash';
import { DENOMINATION_KEYS } from '../../shared/api/cash';
import { formatBs, fromHundredths, toHundredths, type Cents } from '../../shared/money';
import type { Sale } from '../invoicing/sale-input';
import { componentsOf, kindOfDescription } from '../../shared/payment-methods';
import { expectedCash, sessionFigures, type CloseCount, type SessionFigures } from './close-arithmetic';
import { buildCashReport, storedReport } from './cash-report';
import { listItem, type CloseData } from './stored-close';
import { actRecord, sameDoer, type Doer } from '../till-users/doer';
import type { ActRecord } from '../store/till-users';
import { DomainError, fieldProblem } from '../errors/domain-error';

export type CashErrorCode = 'NOT_FOUND' | 'POS_NOT_FOUND' | 'ALREADY_OPEN' | 'NOT_OPEN' | 'ALREADY_REOPENED' | 'SESSION_REQUIRED' | 'NOT_YOUR_SESSION' | 'REASON_REQUIRED' | 'INVALID';

export class CashError extends DomainError<CashErrorCode> {
  readonly domain = 'cash';
  override name = 'CashError';
  constructor(
    code: CashErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(code, message, field ? { fields: fieldProblem(field, 'cash', message) } : {});
  }
}

const SETTINGS_KEY = 'cash';

interface StoredSettings {
  /** Per point of sale id; absent = the default (on outside training). */
  requireSession?: Record<string, boolean>;
}

export interface CloseInput {
  denominations: Record<string, number>;
  counted?: { CARD?: number; QR?: number };
  note?: string;
  /** Why someone other than the session's owner closes it (required then; decision 0069). */
  reason?: string;
}

export interface CashServiceDeps {
  store: Pick<Store, 'cash' | 'pointsOfSale' | 'settings' | 'transaction' | 'tillUsers'>;
  catalogs: Pick<CatalogService, 'items'>;
  training: boolean;
  now?: () => Date;
}

const money = (value: number, field: string): Cents => {
  const c = toHundredths(value);
  if (c === null) throw new CashError('INVALID', `${field}: debe ser un monto positivo con 2 decimales como máximo`, field);
  return c;
};

export class CashService {
  private readonly now: () => Date;

  constructor(private readonly deps: CashServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // ---- settings -----------------------------------------------------------------------

  settings(tenant: Tenant, posId: string): CashSettings {
    this.pos(tenant, posId);
    const s = this.deps.store.settings.get<StoredSettings>(tenant.id, SETTINGS_KEY);
    return { requireSession: s?.requireSession?.[posId] ?? !this.deps.training };
  }

  setSettings(tenant: Tenant, posId: string, value: CashSettings): CashSettings {
    this.pos(tenant, posId);
    const s = this.deps.store.settings.get<StoredSettings>(tenant.id, SETTINGS_KEY) ?? {};
    this.deps.store.settings.set(tenant.id, SETTINGS_KEY, { ...s, requireSession: { ...s.requireSession, [posId]: value.requireSession } });
    return this.settings(tenant, posId);
  }

  // ---- the sale path ------------------------------------------------------------------

  /** Before a sale: refused where the point of sale sells only inside an open session. */
  checkCanSell(tenant: Tenant, pos: PointOfSale, doer: Doer | null = null, what = 'vender'): void {
    const open = this.deps.store.cash.openFor(tenant.id, pos.id);
    if (open) {
      if (doer) this.checkDrawer(open, doer, what);
      return;
    }
    if (!this.settings(tenant, pos.id).requireSession) return;
    throw new CashError('SESSION_REQUIRED', `La caja del punto de venta ${pos.code} está cerrada: abra la caja (Caja, Alt+8) antes de vender`);
  }

  /**
   * Inside the sale's transaction: how it was paid, tied to the open session (if any). Without a
   * split the whole amount goes to the invoice's one method (its kind from the catalog), and the
   * gift card apart.
   */
  recordSale(inv: InvoiceRecord, sale: Sale): void {
    const session = this.deps.store.cash.openFor(inv.tenantId, inv.posId);
    this.deps.store.cash.recordPayments(inv.tenantId, inv.id, session?.id ?? null, sale.payments?.rows ?? this.singleMethodRows(inv));
    if (sale.refund) this.deps.store.cash.recordRefund(inv.tenantId, inv.id, sale.refund.code, sale.refund.defaulted);
  }

  /** Whether the drawer opens for this invoice's ticket: some of it was paid in cash (never a card-only sale). */
  paidInCash(tenantId: string, inv: Pick<InvoiceRecord, 'id' | 'paymentMethod'>): boolean {
    const rows = this.deps.store.cash.payments(tenantId, inv.id);
    if (rows.length > 0) return rows.some((r) => r.method === 'CASH');
    const description = this.methodDescription(tenantId, inv.paymentMethod);
    return description !== null && (componentsOf(description)?.has('EFECTIVO') ?? false);
  }

  private singleMethodRows(inv: Pick<InvoiceRecord, 'tenantId' | 'paymentMethod' | 'total' | 'giftCard'>): PaymentRow[] {
    const rows: PaymentRow[] = [];
    const rest = inv.total - inv.giftCard;
    if (rest > 0) {
      const kind = kindOfDescription(this.methodDescription(inv.tenantId, inv.paymentMethod));
      rows.push({ method: kind === 'GIFT_CARD' ? 'OTHER' : kind, amount: rest, tendered: rest });
    }
    if (inv.giftCard > 0) rows.push({ method: 'GIFT_CARD', amount: inv.giftCard, tendered: inv.giftCard });
    return rows;
  }

  private methodDescription(tenantId: string, code: number): string | null {
    return this.deps.catalogs.items(tenantId, 'payment-methods').find((i) => i.codigo === String(code))?.descripcion ?? null;
  }

  // ---- sessions -----------------------------------------------------------------------

  open(tenant: Tenant, posId: string, openingFloat: number, doer: Doer): CashSessionView {
    this.pos(tenant, posId);
    const float = money(openingFloat, 'openingFloat');
    const s = this.deps.store.transaction(() => {
      const open = this.deps.store.cash.openFor(tenant.id, posId);
      if (open) {
        throw new CashError(
          'ALREADY_OPEN',
          `La caja ya está abierta por ${ownerNameOf(this.owner(open), open)} — sesión ${open.number}, desde ${open.openedAt}; ` +
            'una caja es de una persona a la vez: quien la abrió la cierra con su arqueo (o un supervisor, con un motivo) antes de abrir otra',
        );
      }
      const opened = this.deps.store.cash.open({ tenantId: tenant.id, posId, openingFloat: float, openedBy: doer.usuario });
      this.deps.store.tillUsers.recordAct(tenant.id, actRecord(doer, 'cash-open', opened.id, opened.openedAt));
      return opened;
    });
    return this.view(tenant, s);
  }

  current(tenant: Tenant, posId: string): CashSessionView | null {
    this.pos(tenant, posId);
    const s = this.deps.store.cash.openFor(tenant.id, posId);
    return s ? this.view(tenant, s) : null;
  }

  get(tenant: Tenant, id: string): CashSessionView {
    return this.view(tenant, this.session(tenant, id));
  }

  /**
   * Sessions, newest first. A closed one's figures are read off its stored Z (the one source of
   * them, never computed again); an open one's are null (its live X is `current`).
   */
  list(tenant: Tenant, posId: string | null, state: CashSessionState | null, offset: number, limit: number): { items: CashSessionListItem[]; total: number } {
    const { rows, total } = this.deps.store.cash.list(tenant.id, posId, state, offset, limit);
    return {
      total,
      items: rows.map((s) => listItem(s, this.cashierOf(s), s.state === 'CLOSED' && this.deps.store.cash.reportPrinted(tenant.id, s.id))),
    };
  }

  addMovement(tenant: Tenant, sessionId: string, m: { kind: 'IN' | 'OUT'; amount: number; reason: string }, doer: Doer): CashSessionView {
    const amount = money(m.amount, 'amount');
    const reason = m.reason.trim();
    if (reason === '') throw new CashError('INVALID', 'reason: indique el motivo del movimiento', 'reason');
    this.deps.store.transaction(() => {
      const s = this.openSession(tenant, sessionId);
      this.checkDrawer(s, doer, m.kind === 'IN' ? 'registrar un ingreso' : 'retirar efectivo');
      if (m.kind === 'OUT') {
        const cash = expectedCash(this.figures(s, null));
        if (amount > cash) {
          throw new CashError('INVALID', `El retiro (${formatBs(amount)}) supera el efectivo que debería haber en caja (${formatBs(cash)})`, 'amount');
        }
      }
      const moved = this.deps.store.cash.addMovement({ tenantId: tenant.id, sessionId: s.id, kind: m.kind, amount, reason, usuario: doer.usuario });
      this.deps.store.tillUsers.recordAct(tenant.id, actRecord(doer, m.kind === 'IN' ? 'cash-in' : 'cash-out', s.id, moved.createdAt));
    });
    return this.get(tenant, sessionId);
  }

  /**
   * The Z. Whoever did not open the session (a supervisor closing a cashier's, a key closing a
   * person's) gives a reason: kept in the Z and in the act record (decision 0069).
   */
  close(tenant: Tenant, sessionId: string, input: CloseInput, doer: Doer): CashSessionView {
    const count = this.parseCount(input);
    const reason = input.reason?.trim() || null;
    const closed = this.deps.store.transaction(() => {
      const s = this.openSession(tenant, sessionId);
      const owner = this.owner(s);
      const another = owner ? !sameDoer(owner, doer) : doer.userId !== null;
      // A person's drawer, or a person closing what is not theirs; one integration key closing
      // another's session (no person on either side) is left as it was.
      const needsReason = another && (doer.userId !== null || (owner !== null && owner.userId !== null));
      if (needsReason && (reason === null || reason.length < 3)) {
        throw new CashError(
          'REASON_REQUIRED',
          `reason: la sesión ${s.number} es de ${ownerNameOf(this.owner(s), s)}; para cerrarla en su lugar indique el motivo (por ejemplo «terminó su turno sin cerrar»)`,
          'reason',
        );
      }
      const at = this.now().toISOString();
      const closeReason = another ? reason : null;
      const report = this.report(tenant, { ...s, state: 'CLOSED', closedAt: at, closedBy: doer.usuario }, { count, note: input.note?.trim() || null, closeReason });
      const data: CloseData = { count, note: input.note?.trim() || null, report };
      const done = this.deps.store.cash.close(tenant.id, s.id, doer.usuario, at, data);
      this.deps.store.tillUsers.recordAct(tenant.id, actRecord(doer, 'cash-close', s.id, at, closeReason));
      return done;
    });
    return this.view(tenant, closed);
  }

  /**
   * A session closed by mistake is never reopened in place: a new session starts, naming the
   * closed one and the reason, with the cash counted at that close as its float.
   */
  reopen(tenant: Tenant, sessionId: string, reason: string, doer: Doer): CashSessionView {
    const why = reason.trim();
    if (why.length < 3) throw new CashError('INVALID', 'reason: indique por qué se reabre la caja', 'reason');
    const s = this.deps.store.transaction(() => {
      const closed = this.session(tenant, sessionId);
      if (closed.state !== 'CLOSED') throw new CashError('NOT_OPEN', `La sesión ${closed.number} sigue abierta; no hay nada que reabrir`);
      const again = this.deps.store.cash.reopenedAs(tenant.id, closed.id);
      if (again) throw new CashError('ALREADY_REOPENED', `La sesión ${closed.number} ya se reabrió como la sesión ${again.number}`);
      const open = this.deps.store.cash.openFor(tenant.id, closed.posId);
      if (open) throw new CashError('ALREADY_OPEN', `La caja ya está abierta (sesión ${open.number}); ciérrela antes de reabrir otra`);
      const data = closed.closeData as CloseData;
      const float = data.report.cashCounted === null ? 0 : Math.round(data.report.cashCounted * 100);
      const opened = this.deps.store.cash.open({ tenantId: tenant.id, posId: closed.posId, openingFloat: float, openedBy: doer.usuario, reopenedFrom: closed.id, reopenReason: why });
      this.deps.store.tillUsers.recordAct(tenant.id, actRecord(doer, 'cash-reopen', opened.id, opened.openedAt, why));
      return opened;
    });
    return this.view(tenant, s);
  }

  /** X while open (live), Z once closed (as stored at the close). */
  reportOf(tenant: Tenant, sessionId: string): CashReport {
    return this.reportFor(tenant, this.session(tenant, sessionId));
  }

  /**
   * The report to print and whether the paper says COPIA: a Z that already came out of a printer
   * is a copy whoever asks (decision 0086); an X is a new report each time, a copy only if asked.
   */
  reportToPrint(tenant: Tenant, sessionId: string, askedCopy: boolean): { report: CashReport; copy: boolean } {
    const s = this.session(tenant, sessionId);
    const copy = askedCopy || (s.state === 'CLOSED' && this.deps.store.cash.reportPrinted(tenant.id, s.id));
    return { report: this.reportFor(tenant, s), copy };
  }

  /** A Z came out of a printer (real or virtual): any later paper of it is a copy. */
  zPrinted(tenant: Tenant, report: CashReport, copy: boolean, usuario: string): void {
    if (report.kind === 'Z') this.deps.store.cash.recordReportPrint(tenant.id, report.sessionId, copy, usuario);
  }

  // ---- internals ----------------------------------------------------------------------

  /** The cash-open (or reopen) record of a session: whose it is. Null: opened before act records. */
  private owner(s: CashSessionRecord): ActRecord | null {
    return this.deps.store.tillUsers.cashSessionOwner(s.tenantId, s.id);
  }

  /** The person a session belongs to, for the X/Z and the API; null when an API key opened it. */
  private cashierOf(s: CashSessionRecord): string | null {
    return cashierNameOf(this.owner(s));
  }


  /**
   * One drawer, one person (decision 0069): a cajero sells, refunds and moves cash only in the
   * session she opened. A supervisor or administrador may step into anyone's (their name is on
   * what they do); API keys are integrations and are not held to it.
   */
  private checkDrawer(s: CashSessionRecord, doer: Doer, what: string): void {
    const refusal = drawerRefusal(this.deps.store, s, doer, what);
    if (refusal) throw refusal;
  }

  /**
   * The session's cash in and out with the supervisor who approved each (a cajero's withdrawal).
   * The approver lives in the act record written in the movement's own transaction, whose subject
   * is the session: it is paired with its movement by kind, time and doer (decision 0086).
   */
  private movementLines(s: CashSessionRecord): CashMovement[] {
    const acts = this.deps.store.tillUsers.actsOn(s.tenantId, s.id).filter((a) => a.act === 'cash-in' || a.act === 'cash-out');
    return this.deps.store.cash.movements(s.tenantId, s.id).map((m) => {
      const i = acts.findIndex((a) => a.act === (m.kind === 'IN' ? 'cash-in' : 'cash-out') && a.createdAt === m.createdAt && a.usuario === m.usuario);
      const approver = i >= 0 ? acts.splice(i, 1)[0]!.approver : null;
      return { id: m.id, kind: m.kind, amount: fromHundredths(m.amount), reason: m.reason, usuario: m.usuario, approver, createdAt: m.createdAt };
    });
  }

  /** The stored Z (a closed session) or the live X; a Z stored before decision 0086 gets its header and movements here. */
  private reportFor(tenant: Tenant, s: CashSessionRecord): CashReport {
    if (s.state !== 'CLOSED') return this.report(tenant, s, null);
    return storedReport((s.closeData as CloseData).report, {
      razonSocial: tenant.razonSocial,
      nit: tenant.nit,
      posName: this.deps.store.pointsOfSale.details(tenant.id, s.posId)?.name ?? '',
      movements: () => this.movementLines(s),
    });
  }

  private view(tenant: Tenant, s: CashSessionRecord): CashSessionView {
    const report = this.reportFor(tenant, s);
    const owner = this.owner(s);
    return {
      id: s.id,
      posId: s.posId,
      number: s.number,
      state: s.state,
      openedAt: s.openedAt,
      openedBy: s.openedBy,
      openingFloat: s.openingFloat / 100,
      reopenedFrom: s.reopenedFrom,
      reopenReason: s.reopenReason,
      closedAt: s.closedAt,
      closedBy: s.closedBy,
      cashier: cashierNameOf(owner),
      cashierId: owner?.userId ?? null,
      movements: report.movements,
      report,
      zPrinted: s.state === 'CLOSED' && this.deps.store.cash.reportPrinted(tenant.id, s.id),
    };
  }

  /**
   * Documents of the point of sale annulled while the session was open, whichever session sold
   * them (their own line of the report), and the payment rows of those sold BEFORE it: their
   * money leaves this drawer (close-arithmetic.ts).
   */
  private annulled(s: CashSessionRecord, until: string | null) {
    const rows = this.deps.store.cash.cancelledBetween(s.tenantId, s.posId, s.openedAt, until);
    const earlier = rows
      .filter((r) => r.sessionId !== s.id)
      .flatMap((r) =>
        r.method !== null && r.amount !== null ? [{ sector: r.sector, method: r.method, amount: r.amount }] : this.singleMethodRows({ tenantId: s.tenantId, ...r }).map((p) => ({ sector: r.sector, ...p })),
      );
    const documents = new Map<string, { sector: number; total: Cents }>();
    for (const r of rows) documents.set(r.invoiceId, { sector: r.sector, total: r.total });
    return { earlier, documents: [...documents.values()] };
  }

  private figures(s: CashSessionRecord, count: CloseCount | null, until: string | null = null): SessionFigures {
    const cash = this.deps.store.cash;
    return sessionFigures({ openingFloat: s.openingFloat, movements: cash.movements(s.tenantId, s.id), sales: cash.sessionPayments(s.tenantId, s.id), cancelled: this.annulled(s, until).earlier, count });
  }

  private report(tenant: Tenant, s: CashSessionRecord, close: { count: CloseCount; note: string | null; closeReason: string | null } | null): CashReport {
    const pos = this.deps.store.pointsOfSale.details(tenant.id, s.posId);
    const until = s.state === 'CLOSED' ? s.closedAt : null;
    return buildCashReport({
      kind: close ? 'Z' : 'X',
      session: s,
      business: { razonSocial: tenant.razonSocial, nit: tenant.nit },
      pos: { code: pos?.code ?? 0, branchCode: pos?.branchCode ?? 0, name: pos?.name ?? '' },
      figures: this.figures(s, close?.count ?? null, until),
      movements: this.movementLines(s),
      sales: this.deps.store.cash.sessionPayments(s.tenantId, s.id),
      annulled: this.annulled(s, until).documents,
      denominations: close ? close.count.denominations : null,
      note: close?.note ?? null,
      cashier: this.cashierOf(s),
      closeReason: close?.closeReason ?? null,
      generatedAt: this.now().toISOString(),
      training: tenant.training,
    });
  }

  private parseCount(input: CloseInput): CloseCount {
    const denominations: Record<string, number> = {};
    for (const [key, pieces] of Object.entries(input.denominations)) {
      if (!DENOMINATION_KEYS.includes(key)) {
        throw new CashError('INVALID', `denominations.${key}: no es un corte boliviano; use ${DENOMINATION_KEYS.join(', ')}`, `denominations.${key}`);
      }
      if (!Number.isSafeInteger(pieces) || pieces < 0) throw new CashError('INVALID', `denominations.${key}: debe ser una cantidad entera de piezas`, `denominations.${key}`);
      if (pieces > 0) denominations[key] = pieces;
    }
    const counted: CloseCount['counted'] = {};
    for (const k of ['CARD', 'QR'] as const) {
      const v = input.counted?.[k];
      if (v !== undefined) counted[k] = money(v, `counted.${k}`);
    }
    return { denominations, counted };
  }

  private pos(tenant: Tenant, posId: string) {
    const p = this.deps.store.pointsOfSale.details(tenant.id, posId);
    if (!p) throw new CashError('POS_NOT_FOUND', `Punto de venta ${posId} no encontrado`);
    return p;
  }

  private session(tenant: Tenant, id: string): CashSessionRecord {
    const s = this.deps.store.cash.byId(tenant.id, id);
    if (!s) throw new CashError('NOT_FOUND', `Sesión de caja ${id} no encontrada`);
    return s;
  }

  private openSession(tenant: Tenant, id: string): CashSessionRecord {
    const s = this.session(tenant, id);
    if (s.state !== 'OPEN') throw new CashError('NOT_OPEN', `La sesión de caja ${s.number} está cerrada; reábrala como una nueva sesión si se cerró por error`);
    return s;
  }
}

/**
 * Why `doer` may not work this session's drawer, or null (decision 0069): a cajero sells, refunds
 * and moves cash only in the session she opened; a supervisor or administrador may step into
 * anyone's (their name is on what they do); API keys are integrations and are not held to it.
 * `what` is the verb the refusal says («vender», «devolver», «retirar efectivo»). The role hook
 * asks it before calling a supervisor over for an act the drawer refuses anyway.
 */
export function drawerRefusal(store: Pick<Store, 'tillUsers'>, s: CashSessionRecord, doer: Pick<Doer, 'userId' | 'apiKeyId' | 'role'>, what: string): CashError | null {
  if (doer.userId === null || doer.role !== 'cajero') return null;
  const o = store.tillUsers.cashSessionOwner(s.tenantId, s.id);
  if (o && sameDoer(o, doer)) return null;
  return new CashError(
    'NOT_YOUR_SESSION',
    `No puede ${what} en la caja de ${ownerNameOf(o, s)} — sesión ${s.number}: cada cajero trabaja en su propia caja. ` +
      `Que ${o && o.userId !== null ? o.usuario : 'quien la abrió'} la cierre con su arqueo (o un supervisor, con un motivo) y abra usted la suya.`,
  );
}

/** The person a session belongs to (its owner's name), null when an API key opened it. */
function cashierNameOf(o: ActRecord | null): string | null {
  return o && o.userId !== null ? o.usuario : null;
}

/** Whose a session is, as a sentence names it: a person, «la clave «…»», or who opened it before people were recorded. */
function ownerNameOf(o: ActRecord | null, s: CashSessionRecord): string {
  if (!o) return s.openedBy;
  return o.userId !== null ? o.usuario : `la clave «${o.usuario}»`;
}
