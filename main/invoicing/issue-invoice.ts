// The issue use case (DESIGN.md, Issuing pipeline): validate (sale-input.ts) → allocate number →
// document model (invoice-document-mapping.ts) → seal: CUF → XML → sign → gzip + SHA-256
// (seal.ts) → persist → submit online (submit-invoice.ts, through the submission queue), or
// issue offline in contingency → notify.
// The pure steps live in their own modules; this file is the I/O edge that strings them together.
//
// Failure rules (DESIGN.md, Offline-first): a POS in contingency issues offline at once
// (codigoEmision 2), no SIAT call; SIAT unreachable while the sale gets its CUFD opens an event and
// issues offline; what a failed send does is submit-invoice.ts's.
import { stageEnd, stageStart } from '../metrics/stage-times';
import { createHash } from 'node:crypto';
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord } from '../store/invoices';
import type { CufdRecord } from '../cuis-cufd/cuis-cufd-service';
import type { CatalogService } from '../catalogs/catalog-sync';
import { SiatTransportError, SiatMalformedError } from '../siat/errors';
import { TIPO_DOCUMENTO_IDENTIDAD } from '../siat/code-catalog';
import { seal, sealAsync, type SealInput, type Sealed } from './seal';
import { saleInvoiceRow, saleSealInput, type SaleFacts } from './sale-invoice';
import { NumberPredictor } from './number-prediction';
import { IssueError } from './issue-error';
import { catalogLookup } from './catalog-lookup';
import { invoiceEventData } from './invoice-event-data';
import { uuidv7 } from '../store/uuid7';
import { toBoliviaIso } from '../../shared/time';
import { invoiceType, type InvoiceTypeDef } from '../../shared/invoice-types';
import { sectorLayout } from './sectors/layouts';
import { sectorSpec } from '../../shared/sectors';
import { buildNoteSale, type NoteLineRequest } from './credit-debit-note';
import { resolveRefundMethod } from '../../shared/refund-method';
import { NOTE } from './credit-debit-note-data';
import { CONCILIATION } from './conciliation-note-data';
import { buildConciliationSale, type ConciliationLineRequest } from './conciliation-note';
import type { Doer } from '../till-users/doer';
import { validateSale, type Sale, type SaleRequest } from './sale-input';
import type { NitVerdicts } from '../cuis-cufd/nit-verdicts';
import type { ClientRepository } from '../store/clients';
import { SubmissionQueue } from './submission-queue';
import { InvoiceSubmitter, onlineOnly, type SubmitDeps } from './submit-invoice';
import { STORAGE_ERROR_CODE, storageFailureOf, type StorageFailure } from '../store/storage-failure';

/**
 * The disk refused the sale's transaction (issue #16): it rolled back whole — no number taken, no
 * row — so the cashier may simply retry once the disk is fixed. Said for the till's screen.
 */
const SALE_NOT_STORED: Record<StorageFailure, string> = {
  FULL: 'El disco del equipo está lleno: la venta no se registró. Libere espacio y vuelva a intentar.',
  READ_ONLY: 'La base de datos del equipo está en solo lectura: la venta no se registró. Revise el disco o los permisos de la carpeta de datos y vuelva a intentar.',
  IO: 'El disco del equipo no permite escribir (solo lectura o dañado): la venta no se registró. Revise el disco, reinicie Kipu y vuelva a intentar.',
};

export interface IssueOptions {
  idempotencyKey?: string | null;
  usuario: string;
  /** false: build, sign and store, but do not submit (benchmarks, tests). */
  submit?: boolean;
  /**
   * How long the caller waits for SIAT's verdict (issue #13). 0 or absent: the sale answers as
   * soon as the invoice is stored (PENDING) and submission runs in the background.
   */
  waitMs?: number;
  /** Who sells (issue 27): a cashier sells only in their own cash session (CashService.checkCanSell). */
  doer?: Doer | null;
  /**
   * Called inside the sale's own transaction once the document is stored: the act record of a
   * return, or of a sale a supervisor approved (decision 0069), so a stored document always has
   * its names and a failed one has none.
   */
  record?: (inv: InvoiceRecord) => void;
}

/** What a sale does with a NIT SIAT said is invalid: ask the cashier (422), or issue with codigoExcepcion 1. */
export type NitInvalidPolicy = 'ask' | 'exception';
export const NIT_POLICY_SETTING = 'sales.nitInvalidPolicy';

export interface IssueResult {
  invoice: InvoiceRecord;
  /** True when an earlier request with the same Idempotency-Key produced this invoice. */
  replayed: boolean;
}

export interface InvoicingDeps extends SubmitDeps {
  /** Transactions (group commit on the sale path, one transaction for a re-issue); cash: the original's payment split a note's refund defaults to. */
  store: Pick<Store, 'transaction' | 'groupCommit' | 'cash'>;
  catalogs: CatalogService;
  /** SIAT's remembered verdicts on NITs: the sale path never calls verificarNit itself. */
  nits: NitVerdicts;
  /** The till's clients, remembered with each sale (suggestions while typing). */
  clients: ClientRepository;
  /** Per tenant: what a sale to a NIT known to be invalid does (default 'ask'). */
  nitPolicy?: (tenantId: string) => NitInvalidPolicy;
  /** SIAT calls in flight per point of sale (submission-queue.ts). */
  inFlightPerPos?: number;
  /** Background submission failures that are not SIAT's (a bug, a closed store). */
  onBackgroundError?: (err: unknown, inv: InvoiceRecord) => void;
  /** Cash sessions (main/cash): a sale may need an open session; its payment split is stored with it. */
  cash?: { checkCanSell(tenant: Tenant, pos: PointOfSale, doer?: Doer | null, what?: string): void; recordSale(inv: InvoiceRecord, sale: Sale): void };
  random?: () => number;
}

function requestHash(req: SaleRequest): string {
  return createHash('sha256').update(JSON.stringify(req)).digest('hex');
}

export class InvoicingService {
  private readonly now: () => Date;
  private readonly random: () => number;
  /** Sends a stored invoice to SIAT and persists the outcome (submit-invoice.ts). */
  readonly submitter: InvoiceSubmitter;
  /** Background submission to SIAT, per point of sale (issue #13). */
  readonly submissions: SubmissionQueue;
  /** Numbers known before their transaction, so signing can start before it (decision 0038). */
  readonly numbers: NumberPredictor;

  constructor(private readonly deps: InvoicingDeps) {
    this.numbers = new NumberPredictor((tenantId, posId, sector) => deps.invoices.lastNumber(tenantId, posId, sector));
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
    const submitter = (this.submitter = new InvoiceSubmitter(deps));
    this.submissions = new SubmissionQueue(
      {
        submitOnline: (t, p, inv) => submitter.submitOnline(t, p, inv),
        submitAfterCheck: (t, p, inv) => submitter.submitAfterCheck(t, p, inv),
        activeEvent: (tenantId, posId) => deps.contingency.activeEvent(tenantId, posId),
        // Never sent: it joins the offline packages with the same number and date. A note has no
        // offline form (CONTRACT §2.5): it is sent anyway, and a failure keeps it PENDING for recovery.
        whileOffline: async (t, p, inv, ev) =>
          onlineOnly(inv.sector) ? submitter.submitOnline(t, p, inv) : submitter.reissueOffline(t, p, inv, ev, 'en cola para el envío en línea al abrirse la contingencia; reemitida fuera de línea'),
      },
      deps.inFlightPerPos,
      deps.onBackgroundError,
    );
  }

  async issue(tenant: Tenant, pos: PointOfSale, req: SaleRequest, opts: IssueOptions): Promise<IssueResult> {
    const { invoices } = this.deps;
    const type = invoiceType(req.invoiceType);
    if (!type) {
      throw new IssueError('BAD_REQUEST', `El tipo de factura (invoiceType) «${req.invoiceType}» no existe; los tipos admitidos están en la documentación de la API (/docs), p. ej. ELECTRONIC_SALE o COMPUTERIZED_SALE`, [
        { field: 'invoiceType', rule: 'enum', message: 'no es un tipo de factura de la semilla' },
      ]);
    }
    const layout = sectorLayout(type.sector);
    if (!layout) throw new IssueError('NOT_SUPPORTED', `El tipo de factura ${type.name} no tiene formato de documento en Kipu`);
    if (!layout.detalle) {
      // Words a cashier can act on (decision 0087's rule: no route nor API field in what a person
      // reads); the rule MASSIVE_ONLY tells a program why (CONTRACT §2.7: sector 30 by batches only).
      throw new IssueError('VALIDATION_FAILED', `${sectorSpec(type.sector)?.label ?? `El documento del sector ${type.sector}`} no se emite venta por venta: el SIAT lo recibe solo en lotes (emisión masiva), que envía el sistema de la empresa; su avance se ve en la pantalla Lotes.`, [
        { field: 'invoiceType', rule: 'MASSIVE_ONLY', message: 'el SIAT lo recibe solo en lotes (emisión masiva)' },
      ]);
    }
    if (!tenant.training && type.modalidad !== tenant.modalidad) {
      throw new IssueError('VALIDATION_FAILED', `El contribuyente está habilitado en modalidad ${tenant.modalidad === 1 ? 'electrónica' : 'computarizada'}; ${type.name} no corresponde`, [
        { field: 'invoiceType', rule: 'SIAT_937', message: 'modalidad no habilitada para el NIT (SIAT 937)' },
      ]);
    }

    // Only a request with an Idempotency-Key can be replayed, so only that one needs its hash.
    const hash = opts.idempotencyKey ? requestHash(req) : null;
    if (opts.idempotencyKey) {
      const prior = invoices.byIdempotencyKey(tenant.id, opts.idempotencyKey);
      if (prior) return this.replay(prior, hash!);
    }
    this.deps.cash?.checkCanSell(tenant, pos, opts.doer ?? null, type.sector === NOTE.SECTOR ? 'devolver' : 'vender');

    if (type.sector !== NOTE.SECTOR && req.refundMethodCode !== undefined && req.refundMethodCode !== null) {
      throw new IssueError('VALIDATION_FAILED', 'refundMethodCode: solo la nota de crédito-débito (devolución) lleva método de devolución', [
        { field: 'refundMethodCode', rule: 'NOTE_ONLY', message: 'solo la nota de crédito-débito (devolución) lleva método de devolución' },
      ]);
    }
    const t = stageStart();
    const v = type.sector === NOTE.SECTOR ? this.noteSale(tenant, req) : type.sector === CONCILIATION.SECTOR ? this.conciliationSale(tenant, req) : validateSale(req, catalogLookup(this.deps.catalogs, tenant.id), layout);
    stageEnd('validate', t);
    if ('problems' in v) {
      throw new IssueError('VALIDATION_FAILED', v.problems.map((p) => `${p.field}: ${p.message}`).join('; '), v.problems);
    }
    const sale = v.sale;
    const legends = this.deps.catalogs.items(tenant.id, 'legends', { actividad: sale.lines[0]!.activityEconomic });
    if (legends.length === 0) {
      throw new IssueError('VALIDATION_FAILED', `No hay leyendas sincronizadas para la actividad ${sale.lines[0]!.activityEconomic}; sincronice los catálogos`);
    }
    // SIAT: the activity's legend is chosen at random per invoice.
    const leyenda = legends[Math.floor(this.random() * legends.length)]!.descripcion;

    const event = this.deps.contingency.activeEvent(tenant.id, pos.id);
    if (event && onlineOnly(type.sector)) throw this.noteOnlineOnly();
    if (event) return this.issueOffline(tenant, pos, type, sale, leyenda, event, opts, hash);

    // Online path. A NIT client is checked against SIAT's remembered verdict (never a call on the
    // sale path, issue #13) unless the caller forces it (excepción 1).
    let cufd: CufdRecord;
    try {
      if (sale.clientDocType === TIPO_DOCUMENTO_IDENTIDAD.NIT && sale.exceptionCode !== 1 && opts.submit !== false && !onlineOnly(type.sector)) {
        const nit = Number(sale.clientDocNumber);
        const verdict = this.deps.nits.fresh(tenant.id, sale.clientDocNumber);
        if (!verdict) this.deps.nits.checkInBackground(tenant, pos, nit);
        else if (!verdict.valid && (this.deps.nitPolicy?.(tenant.id) ?? 'ask') === 'exception') sale.exceptionCode = 1;
        else if (!verdict.valid) {
          throw new IssueError('NIT_INVALID', `NIT ${nit} no válido según SIAT (${verdict.siatCode} ${verdict.siatMessage}); envíe exceptionCode 1 para emitir igualmente`, [
            { field: 'clientDocumentNumber', rule: `SIAT_${verdict.siatCode}`, message: verdict.siatMessage },
          ], { code: verdict.siatCode, messages: [{ codigo: verdict.siatCode, descripcion: verdict.siatMessage }] });
        }
      }
      cufd = await this.deps.codes.ensureCufd(tenant, pos);
    } catch (err) {
      if (err instanceof SiatTransportError || err instanceof SiatMalformedError) {
        if (onlineOnly(type.sector)) throw this.noteOnlineOnly();
        const ev = this.submitter.openEvent(tenant, pos, err);
        return this.issueOffline(tenant, pos, type, sale, leyenda, ev, opts, hash);
      }
      throw err;
    }

    const inv = await this.persist(tenant, pos, type, sale, leyenda, cufd, 1, null, opts, hash);
    if ('replayed' in inv) return inv;
    this.deps.bus.publish({ type: 'invoice.created', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(inv) });
    if (opts.submit === false) return { invoice: inv, replayed: false };
    const outcome = this.submissions.enqueue(tenant, pos, inv);
    if (!opts.waitMs || opts.waitMs <= 0) {
      void outcome.catch(() => {}); // reported by onBackgroundError; the stored state is the truth
      return { invoice: inv, replayed: false };
    }
    return { invoice: await this.waitFor(outcome, opts.waitMs, tenant.id, inv.id), replayed: false };
  }

  /** The outcome if it comes within `ms`, else the invoice as stored now (still PENDING). */
  private async waitFor(outcome: Promise<InvoiceRecord>, ms: number, tenantId: string, id: string): Promise<InvoiceRecord> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
    try {
      const done = await Promise.race([outcome, late]);
      return done ?? this.deps.invoices.byId(tenantId, id)!;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * After a restart: online invoices stored but never settled (the engine stopped between the
   * commit and SIAT's answer). SIAT is asked first (verificacion…), so none is sent twice.
   */
  resumeSubmissions(tenantOf: (id: string) => Tenant | null, posOf: (tenantId: string, id: string) => PointOfSale | null, storedBefore?: Date): number {
    let n = 0;
    for (const inv of this.deps.invoices.unsettledOnline()) {
      // The periodic sweep (engine.ts): never what the queue holds, nor a sale between its commit and its enqueue.
      if (this.submissions.holds(inv.id) || (storedBefore && inv.createdAt >= storedBefore.toISOString())) continue;
      const tenant = tenantOf(inv.tenantId);
      const pos = tenant && posOf(tenant.id, inv.posId);
      if (!tenant || !pos) continue;
      void this.submissions.enqueue(tenant, pos, inv, true).catch(() => {});
      n++;
    }
    return n;
  }

  /** The note's sale from its original invoice (same tenant) and the returned lines. */
  private noteSale(tenant: Tenant, req: SaleRequest): ReturnType<typeof buildNoteSale> {
    const id = typeof req.originalInvoiceId === 'string' ? req.originalInvoiceId : '';
    const original = id ? this.deps.invoices.byId(tenant.id, id) : null;
    if (!original) {
      return { problems: [{ field: 'originalInvoiceId', rule: 'NOT_FOUND', message: id ? `no existe la factura ${id}` : 'indique la factura original (originalInvoiceId)' }] };
    }
    const built = buildNoteSale(original, this.deps.invoices.notesOf(tenant.id, original.id), req.details as unknown as NoteLineRequest[], req);
    if ('problems' in built) return built;
    // How the money goes back: booked by the cash session under that method, in the note's own
    // transaction (decision 0053); the note's XML has no payment method, so this is our record.
    const parts = this.deps.store.cash.payments(tenant.id, original.id);
    const refund = resolveRefundMethod(this.deps.catalogs.items(tenant.id, 'payment-methods'), { code: original.paymentMethod, parts }, req.refundMethodCode);
    if ('problems' in refund) return refund;
    const total = built.sale.totals.montoTotal;
    built.sale.payments = { rows: [{ method: refund.kind, amount: total, tendered: total }], change: 0 };
    built.sale.refund = { code: refund.code, defaulted: refund.defaulted };
    return built;
  }

  /** The conciliation note's sale from its original invoice (same tenant) and the conciliated lines. */
  private conciliationSale(tenant: Tenant, req: SaleRequest): ReturnType<typeof buildConciliationSale> {
    const id = typeof req.originalInvoiceId === 'string' ? req.originalInvoiceId : '';
    const original = id ? this.deps.invoices.byId(tenant.id, id) : null;
    if (!original) {
      return { problems: [{ field: 'originalInvoiceId', rule: 'NOT_FOUND', message: id ? `no existe la factura ${id}` : 'indique la factura original (originalInvoiceId)' }] };
    }
    return buildConciliationSale(original, this.deps.invoices.notesOf(tenant.id, original.id), req.details as unknown as ConciliationLineRequest[], req);
  }

  /** CONTRACT §2.5: ServicioFacturacionDocumentoAjuste has no package reception; notes go online only. */
  private noteOnlineOnly(): IssueError {
    return new IssueError('SIAT_UNAVAILABLE', 'SIAT no responde: las notas (crédito-débito, conciliación) se emiten solo en línea (SIAT no las recibe en paquetes). Vuelva a intentar cuando haya conexión.');
  }

  /**
   * The invoice an earlier request with this Idempotency-Key issued (409 if the body differs),
   * or null. Lets a retry get its invoice back even where a new sale would now be refused
   * (a point of sale closed since).
   */
  replayOf(tenant: Tenant, idempotencyKey: string, req: SaleRequest): IssueResult | null {
    const prior = this.deps.invoices.byIdempotencyKey(tenant.id, idempotencyKey);
    return prior ? this.replay(prior, requestHash(req)) : null;
  }

  private replay(prior: InvoiceRecord, hash: string): IssueResult {
    if (prior.requestHash !== hash) {
      throw new IssueError('IDEMPOTENCY_CONFLICT', 'La Idempotency-Key ya se usó con otro cuerpo de solicitud; use una clave nueva por venta');
    }
    return { invoice: prior, replayed: true };
  }

  private async issueOffline(
    tenant: Tenant,
    pos: PointOfSale,
    type: InvoiceTypeDef,
    sale: Sale,
    leyenda: string,
    event: { id: string; cufdEvento: string },
    opts: IssueOptions,
    hash: string | null,
  ): Promise<IssueResult> {
    const cufd = this.deps.codes.byCodigo(tenant.id, event.cufdEvento);
    if (!cufd) throw new IssueError('SIAT_UNAVAILABLE', 'No hay CUFD para emitir fuera de línea');
    const inv = await this.persist(tenant, pos, type, sale, leyenda, cufd, 2, event.id, opts, hash);
    if ('replayed' in inv) return inv;
    this.deps.bus.publish({ type: 'invoice.contingency', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(inv) });
    return { invoice: inv, replayed: false };
  }

  /**
   * Builds the document and stores it with its number in one transaction (shared with the
   * sales that arrive at the same moment: group commit), answering after the commit.
   *
   * Electronic invoices are signed before their transaction, on libuv's thread pool, with a
   * predicted number (decision 0038): the main thread builds and stores other sales meanwhile.
   * The transaction allocates the number as always; if it is not the predicted one, the invoice
   * is rebuilt and signed again here, synchronously, with the number allocated. No transaction is
   * open while the signature is under way: the job enters the committer's queue now (its place
   * is its prediction's) and its batch starts only once it is signed.
   */
  private persist(
    tenant: Tenant,
    pos: PointOfSale,
    type: InvoiceTypeDef,
    sale: Sale,
    leyenda: string,
    cufd: CufdRecord,
    codigoEmision: 1 | 2,
    eventId: string | null,
    opts: IssueOptions,
    hash: string | null,
  ): Promise<InvoiceRecord | IssueResult> {
    const { invoices } = this.deps;
    // Offline with a NIT client SIAT cannot verify: codigoExcepcion 1 (CONTRACT.md §3.7).
    const exceptionCode = codigoEmision === 2 && sale.clientDocType === TIPO_DOCUMENTO_IDENTIDAD.NIT ? 1 : sale.exceptionCode;
    const signer = type.modalidad === 1 ? this.deps.signers.forTenant(tenant) : null;
    const facts: SaleFacts = {
      tenant,
      pos,
      type,
      sale,
      cufd,
      fechaEmision: toBoliviaIso(this.deps.codes.siatNow(tenant.id)),
      codigoEmision,
      leyenda,
      exceptionCode,
      usuario: opts.usuario,
    };
    const sealing = (number: number): SealInput => saleSealInput(facts, number, signer);
    // Every sale predicts (a computerized one takes a number too), but only a signature is worth
    // making early: a computerized document is built in the transaction as before.
    const predicted = this.numbers.predict(tenant.id, pos.id, type.sector);
    let early: Sealed | null = null;
    // A failed early signature is not reported here: the transaction seals again and fails the same way.
    const signed = signer ? sealAsync(sealing(predicted.number)).then((s) => void (early = s), () => {}) : undefined;
    const committed = this.deps.store.groupCommit((): InvoiceRecord | IssueResult => {
      if (opts.idempotencyKey) {
        const prior = invoices.byIdempotencyKey(tenant.id, opts.idempotencyKey);
        if (prior) return this.replay(prior, hash!);
      }
      const number = invoices.allocateNumber(tenant.id, pos.id, type.sector);
      const held = this.numbers.confirm(predicted, number);
      const { cuf, xml, gzip, hashArchivo } = held && early ? early : seal(sealing(number));
      const at = this.now().toISOString();
      const id = uuidv7(); // time-ordered: the sale touches the index pages the last one did
      const stored = invoices.insert(
        saleInvoiceRow(facts, {
          id,
          number,
          sealed: { cuf, xml, hashArchivo },
          state: codigoEmision === 2 ? 'CONTINGENCY' : 'PENDING',
          eventId,
          createdAt: at,
          idempotencyKey: opts.idempotencyKey ?? null,
          requestHash: hash,
        }),
      );
      this.deps.clients.remember(
        tenant.id,
        { docType: sale.clientDocType, docNumber: sale.clientDocNumber, complement: sale.clientComplement, name: sale.clientName, code: sale.clientCode, email: sale.clientEmail },
        at,
      );
      this.deps.cash?.recordSale(stored, sale);
      opts.record?.(stored);
      if (codigoEmision === 1 && opts.submit !== false) {
        this.submitter.keepGzip(id, gzip, hashArchivo);
      }
      return stored;
    }, signed);
    return committed.finally(() => this.numbers.release(predicted)).catch((err: unknown) => {
      const failure = storageFailureOf(err);
      if (failure) throw new IssueError(STORAGE_ERROR_CODE[failure], SALE_NOT_STORED[failure]);
      throw err;
    });
  }
}
