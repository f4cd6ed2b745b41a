// Submitting a stored invoice to SIAT and persisting the outcome, whatever it is (DESIGN.md,
// Issuing pipeline, the step after the sale's commit). issue-invoice.ts stores the sale and hands
// it here through the submission queue; contingency recovery, the monitor's trial send and the
// certification reuse the same steps.
//
// Failure rules (DESIGN.md, Offline-first):
// - Online submission refused / unresolvable → SIAT never saw it: the same sale (same number and
//   date) is re-issued offline and a contingency event opens.
// - Time-out, reset, 5xx, malformed answer → SIAT may have it: the invoice stays PENDING with
//   needs_reconcile and the time the send gave up; recovery asks verificacionEstadoFactura and
//   re-issues nothing before SIAT's processing window has passed (online-outcome.ts, issue 32).
// - An answer that does not say what happened (no codigoEstado) → SIAT is asked at once; never a
//   rejection.
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord, InvoiceRepository, SiatMessageRecord } from '../store/invoices';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { SiatGateway } from '../cuis-cufd/siat-gateway';
import type { EventBus } from '../events/event-bus';
import { SiatTransportError, SiatMalformedError, SiatRejectionError } from '../siat/errors';
import { RETRYABLE_CODES, siatMessagesOf } from '../siat/messages';
import { documentOperations, TIPO_DOCUMENTO_IDENTIDAD } from '../siat/code-catalog';
import { callDocumentOperation } from '../siat/document-call';
import { packDocument } from './archive';
import { saleOfInvoice } from './invoice-document-mapping';
import { seal } from './seal';
import { saleSealInput, type SaleFacts } from './sale-invoice';
import { receptionVerdict, UNKNOWN_CUF } from './online-outcome';
import { ALREADY_REGISTERED } from './package-verdict';
import { IssueError } from './issue-error';
import { invoiceEventData } from './invoice-event-data';
import { toBoliviaIso } from '../../shared/time';
import { invoiceType } from '../../shared/invoice-types';
import { NOTE } from './credit-debit-note-data';
import { CONCILIATION } from './conciliation-note-data';
import type { SignerProvider } from './signer-provider';

/** What issuing and submitting need from the contingency machinery (main/contingency). */
export interface ContingencyPort {
  activeEvent(tenantId: string, posId: string): { id: string; cufdEvento: string } | null;
  /** Opens (or returns the already active) automatic event after a transport failure. */
  openAutomatic(tenant: Tenant, pos: PointOfSale, cause: unknown): { id: string; cufdEvento: string };
}

/** CONTRACT §2.5: the adjustment notes (24, 29) go to ServicioFacturacionDocumentoAjuste, which has no package reception. */
export const onlineOnly = (sector: number): boolean => sector === NOTE.SECTOR || sector === CONCILIATION.SECTOR;

/** The parts of RespuestaServicioFacturacion the sale path reads. */
interface SiatAnswer {
  codigoEstado?: number | null;
  codigoDescripcion?: string | null;
  codigoRecepcion?: string | null;
  mensajesList?: unknown;
  transaccion?: boolean;
}

/** What submitting needs: the store for a re-issue's transaction, SIAT, and where outcomes go. */
export interface SubmitDeps {
  store: Pick<Store, 'transaction'>;
  invoices: InvoiceRepository;
  codes: CodesService;
  gateway: SiatGateway;
  signers: SignerProvider;
  bus: EventBus;
  contingency: ContingencyPort;
  now?: () => Date;
}

export class InvoiceSubmitter {
  private readonly now: () => Date;
  /** Gzip of online invoices stored but not yet sent (the sale path sends it right away). */
  private readonly gzipFor = new Map<string, { gzip: Buffer; hashArchivo: string }>();

  constructor(private readonly deps: SubmitDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The gzip the sale made when it stored an online invoice: the send that follows uses it. */
  keepGzip(id: string, gzip: Buffer, hashArchivo: string): void {
    this.gzipFor.set(id, { gzip, hashArchivo });
    // Bounded: an entry whose sending never came (a failed commit) must not stay forever.
    if (this.gzipFor.size > 256) this.gzipFor.delete(this.gzipFor.keys().next().value!);
  }

  /** The fields verificación and recepción share: the invoice's own identity, CUFD and the point of sale's CUIS. */
  private async documentFields(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord) {
    const id = this.deps.gateway.identity(tenant);
    return {
      codigoAmbiente: id.codigoAmbiente,
      codigoDocumentoSector: inv.sector,
      codigoModalidad: inv.modalidad,
      codigoPuntoVenta: inv.posCode,
      codigoSistema: id.codigoSistema,
      codigoSucursal: inv.branchCode,
      cufd: inv.cufd,
      cuis: this.deps.codes.currentCuis(tenant.id, pos.id)?.codigo ?? (await this.deps.codes.ensureCuis(tenant, pos)).codigo,
      nit: id.nit,
      tipoFacturaDocumento: inv.tipoFactura,
    };
  }

  /** verificacionEstadoFactura (or the sector's) for the invoice's CUF, with its own CUFD. */
  private async verifyState(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord): Promise<SiatAnswer> {
    const ops = documentOperations(inv.sector, inv.modalidad);
    return (await callDocumentOperation(this.deps.gateway.client(tenant), ops.service, ops.verify, {
      ...(await this.documentFields(tenant, pos, inv)),
      codigoEmision: inv.codigoEmision,
      cuf: inv.cuf,
    })) as SiatAnswer;
  }

  /**
   * Sends the invoice unless SIAT already has it (verificación 908/905 settles it here). The
   * engine stopped while a send of it may have been under way: whatever fails now, it is never
   * re-issued at once (SIAT may register that earlier send), only reconciled.
   */
  async submitAfterCheck(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord): Promise<InvoiceRecord> {
    let res: SiatAnswer;
    try {
      res = await this.verifyState(tenant, pos, inv);
    } catch (err) {
      return this.onSubmitFailure(tenant, pos, inv, err, { maybeSentBefore: true });
    }
    const at = this.now().toISOString();
    if (res.codigoEstado === 908) {
      const done = this.deps.invoices.setState(inv.id, { state: 'VALIDATED', siatCode: 908, siatDescription: res.codigoDescripcion ?? 'VALIDADA', lastChecked: at, detail: 'SIAT ya la tenía (verificación al reanudar); no se reenvía' });
      this.deps.bus.publish({ type: 'invoice.validated', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
      return done;
    }
    if (res.codigoEstado === 905) {
      const done = this.deps.invoices.setState(inv.id, { state: 'CANCELLED', siatCode: 905, siatDescription: res.codigoDescripcion ?? 'ANULADA', lastChecked: at });
      this.deps.bus.publish({ type: 'invoice.cancelled', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
      return done;
    }
    return this.submitOnline(tenant, pos, inv, { maybeSentBefore: true });
  }

  /** The active contingency event, or a new automatic one (SIAT did not answer); 503 when none can open. */
  openEvent(tenant: Tenant, pos: PointOfSale, cause: unknown): { id: string; cufdEvento: string } {
    try {
      return this.deps.contingency.openAutomatic(tenant, pos, cause);
    } catch (err) {
      throw new IssueError('SIAT_UNAVAILABLE', `SIAT no responde y no se puede emitir fuera de línea: ${(err as Error).message}`);
    }
  }

  /**
   * What recepcionFactura carries for an invoice: the gzip made when it was stored when that
   * is at hand (the usual online sale), otherwise made now from the stored XML (a resubmission).
   */
  private packedFor(inv: InvoiceRecord): { archivo: string; hashArchivo: string } {
    const kept = this.gzipFor.get(inv.id);
    this.gzipFor.delete(inv.id);
    if (kept && kept.hashArchivo === inv.hash) return { archivo: kept.gzip.toString('base64'), hashArchivo: kept.hashArchivo };
    return packDocument(inv.xml);
  }

  /** recepcionFactura (or the sector's reception) of the invoice as it is stored: same CUF. */
  private async sendReception(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord): Promise<SiatAnswer> {
    const { gateway } = this.deps;
    const ops = documentOperations(inv.sector, inv.modalidad);
    if (!ops.reception) throw new Error(`documento sector ${inv.sector}: sin recepción en línea`);
    const packed = this.packedFor(inv);
    const call = callDocumentOperation(gateway.client(tenant), ops.service, ops.reception, {
      ...(await this.documentFields(tenant, pos, inv)),
      codigoEmision: 1,
      archivo: packed.archivo,
      fechaEnvio: toBoliviaIso(this.deps.codes.siatNow(tenant.id)),
      hashArchivo: packed.hashArchivo,
    });
    try {
      return (await call) as SiatAnswer;
    } catch (err) {
      // "Already registered" (1000) without a reception state is still SIAT saying it has this
      // very CUF: read like the evaluated answer (receptionVerdict), not as a refusal.
      if (err instanceof SiatRejectionError && err.messages.length > 0 && err.messages.every((m) => m.codigo === ALREADY_REGISTERED)) {
        return { transaccion: false, mensajesList: err.messages };
      }
      throw err;
    }
  }

  /** SIAT has the invoice (908, or 1000 for this very CUF): VALIDATED, whatever was unknown before. */
  private validated(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, res: SiatAnswer, messages: SiatMessageRecord[], already: boolean, detail?: string): InvoiceRecord {
    const done = this.deps.invoices.setState(inv.id, {
      state: 'VALIDATED',
      needsReconcile: false,
      siatCode: 908,
      siatDescription: already ? 'VALIDADA (SIAT ya la tenía registrada: 1000)' : (res.codigoDescripcion ?? 'VALIDADA'),
      ...(already ? {} : { siatReceptionCode: res.codigoRecepcion ?? null }),
      siatMessages: messages,
      lastChecked: this.now().toISOString(),
      ...(detail ? { detail } : {}),
    });
    this.deps.bus.publish({ type: 'invoice.validated', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
    return done;
  }

  /**
   * recepcionFactura on the modality's service; the outcome is persisted whatever it is.
   * `maybeSentBefore`: an earlier send of this CUF may have reached SIAT (a restart), so a failure
   * now never re-issues it at once.
   */
  async submitOnline(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, opts: { maybeSentBefore?: boolean } = {}): Promise<InvoiceRecord> {
    const { invoices, bus } = this.deps;
    let res: SiatAnswer;
    try {
      res = await this.sendReception(tenant, pos, inv);
    } catch (err) {
      return this.onSubmitFailure(tenant, pos, inv, err, opts);
    }
    const messages = siatMessagesOf(res.mensajesList as Parameters<typeof siatMessagesOf>[0]);
    switch (receptionVerdict(res, messages)) {
      case 'validated':
        return this.validated(tenant, pos, inv, res, messages, false);
      // 1000 alone: SIAT already has this very CUF (a send whose answer was lost, sent again after a
      // restart): it is registered, so the invoice is valid — never a rejection (CONTRACT §6).
      case 'already-registered':
        return this.validated(tenant, pos, inv, res, messages, true);
      // A transient SIAT error (database time-out, service unavailable…) is not a verdict on the
      // invoice: treat it like an unreachable SIAT (CONTRACT.md §6, retry-worthy codes).
      case 'transient':
        return this.onSubmitFailure(tenant, pos, inv, new Error(`SIAT ${messages.map((m) => m.codigo).join(',')}`), { ...opts, notReceived: true });
      // Issue 32: an answer that does not say what happened is not a rejection; SIAT is asked.
      case 'unknown':
        return this.settleUnknownAnswer(tenant, pos, inv, res, opts);
      case 'rejected':
        break;
    }
    const code = res.codigoEstado!;
    const done = invoices.setState(inv.id, {
      state: 'REJECTED',
      siatCode: code,
      siatDescription: res.codigoDescripcion ?? 'RECHAZADA',
      siatReceptionCode: res.codigoRecepcion ?? null,
      siatMessages: messages,
      lastChecked: this.now().toISOString(),
      detail: messages.map((m) => `${m.codigo} ${m.descripcion}`).join('; '),
    });
    bus.publish({ type: 'invoice.rejected', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
    return done;
  }

  /**
   * recepcionFactura answered without saying what happened (issue 32: transaccion=true and no
   * codigoEstado). SIAT processed the request, so verificacionEstadoFactura tells: 908 VALIDATED,
   * 905 CANCELLED, an explicit rejection with SIAT's messages REJECTED. Anything else keeps the
   * outcome unknown: PENDING for the recovery, exactly like a time-out.
   */
  private async settleUnknownAnswer(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, answer: SiatAnswer, opts: { maybeSentBefore?: boolean }): Promise<InvoiceRecord> {
    const ops = documentOperations(inv.sector, inv.modalidad);
    const unknown = new SiatMalformedError(`respuesta sin estado de recepción (codigoEstado ${answer.codigoEstado ?? 'ausente'}, transaccion ${String(answer.transaccion)})`, { service: ops.service, operation: ops.reception ?? 'recepcionFactura' });
    let res: SiatAnswer;
    try {
      res = await this.verifyState(tenant, pos, inv);
    } catch (err) {
      if (!(err instanceof SiatTransportError) && !(err instanceof SiatMalformedError)) throw err;
      return this.onSubmitFailure(tenant, pos, inv, unknown, { ...opts, maybeSentBefore: true });
    }
    const messages = siatMessagesOf(res.mensajesList as Parameters<typeof siatMessagesOf>[0]);
    const at = this.now().toISOString();
    const note = 'la respuesta de recepción no decía el estado; se consultó a SIAT (verificacionEstadoFactura)';
    if (res.codigoEstado === 908) {
      const done = this.deps.invoices.setState(inv.id, { state: 'VALIDATED', needsReconcile: false, siatCode: 908, siatDescription: res.codigoDescripcion ?? 'VALIDADA', siatMessages: messages, lastChecked: at, detail: `${note}: 908` });
      this.deps.bus.publish({ type: 'invoice.validated', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
      return done;
    }
    if (res.codigoEstado === 905) {
      const done = this.deps.invoices.setState(inv.id, { state: 'CANCELLED', needsReconcile: false, siatCode: 905, siatDescription: res.codigoDescripcion ?? 'ANULADA', siatMessages: messages, lastChecked: at, detail: `${note}: 905` });
      this.deps.bus.publish({ type: 'invoice.cancelled', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
      return done;
    }
    const explicitRejection = (res.codigoEstado === 902 || res.codigoEstado === 904) && messages.length > 0 && !messages.some((m) => m.codigo === UNKNOWN_CUF || RETRYABLE_CODES.has(m.codigo));
    if (explicitRejection) {
      const done = this.deps.invoices.setState(inv.id, {
        state: 'REJECTED',
        needsReconcile: false,
        siatCode: res.codigoEstado!,
        siatDescription: res.codigoDescripcion ?? 'RECHAZADA',
        siatMessages: messages,
        lastChecked: at,
        detail: `${note}: ${messages.map((m) => `${m.codigo} ${m.descripcion}`).join('; ')}`,
      });
      this.deps.bus.publish({ type: 'invoice.rejected', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
      return done;
    }
    return this.onSubmitFailure(tenant, pos, inv, unknown, { ...opts, maybeSentBefore: true });
  }

  /**
   * The contingency monitor's trial (issue 32, item 6): the oldest invoice of an event whose
   * online outcome is unknown, sent again as it is — same CUF, so SIAT cannot register it twice
   * (1000). 'validated': sending works again, the invoice is settled; 'answered': SIAT gave a
   * verdict (left for the recovery to reconcile); 'no-answer': sends still fail, stay offline.
   */
  async trialSend(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord): Promise<'validated' | 'answered' | 'no-answer'> {
    let res: SiatAnswer;
    try {
      res = await this.sendReception(tenant, pos, inv);
    } catch (err) {
      if (!(err instanceof SiatTransportError) && !(err instanceof SiatMalformedError)) throw err;
      this.markAttempt(inv);
      return 'no-answer';
    }
    const messages = siatMessagesOf(res.mensajesList as Parameters<typeof siatMessagesOf>[0]);
    const verdict = receptionVerdict(res, messages);
    if (verdict === 'validated' || verdict === 'already-registered') {
      this.validated(tenant, pos, inv, res, messages, verdict === 'already-registered', 'reenviada con el mismo CUF al responder SIAT (prueba de envío antes de salir de la contingencia)');
      return 'validated';
    }
    if (verdict === 'rejected') return 'answered';
    // Nothing said, or SIAT's own transient error: not a working send.
    if (verdict === 'unknown') this.markAttempt(inv);
    return 'no-answer';
  }

  /** Another send of this CUF gave up without an answer now: SIAT's processing window starts again. */
  private markAttempt(inv: InvoiceRecord): void {
    const cur = this.deps.invoices.byId(inv.tenantId, inv.id);
    if (cur?.state !== 'PENDING') return;
    this.deps.invoices.setState(inv.id, { state: 'PENDING', siatAttemptAt: new Date().toISOString() });
  }

  private onSubmitFailure(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, err: unknown, opts: { notReceived?: boolean; maybeSentBefore?: boolean } = {}): InvoiceRecord {
    const notReceived = opts.notReceived === true;
    if (!(err instanceof SiatTransportError) && !(err instanceof SiatMalformedError) && !notReceived) throw err;
    const event = this.openEvent(tenant, pos, err);
    // This send certainly did not reach SIAT; an earlier one of the same CUF may have (a restart,
    // an unknown outcome before): then it is not re-issued here but reconciled (issue 32).
    const maybeSentBefore = opts.maybeSentBefore === true || inv.needsReconcile;
    const certainlyNotReceived = !maybeSentBefore && (notReceived || (err instanceof SiatTransportError && (err.kind === 'refused' || err.kind === 'dns' || err.kind === 'tls')));
    // A note has no offline form (CONTRACT §2.5): it stays PENDING and recovery sends it online again.
    if (certainlyNotReceived && !onlineOnly(inv.sector)) return this.reissueOffline(tenant, pos, inv, event, 'envío en línea fallido; reemitida fuera de línea');
    // SIAT may have it: keep it as it is and reconcile on recovery (never resend blindly). The
    // moment this send gave up is kept (real clock): SIAT may still register it for a while.
    const kept = this.deps.invoices.setState(inv.id, {
      state: 'PENDING',
      needsReconcile: true,
      eventId: event.id,
      siatAttemptAt: new Date().toISOString(),
      detail: `resultado del envío en línea desconocido (${err instanceof Error ? err.message : String(err)})`,
    });
    this.deps.bus.publish({ type: 'invoice.pending', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(kept) });
    return kept;
  }

  /** Same number and date, codigoEmision 2, the event's CUFD: the offline twin of a PENDING invoice. */
  reissueOffline(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, event: { id: string; cufdEvento: string }, detail: string): InvoiceRecord {
    const cufd = this.deps.codes.byCodigo(tenant.id, event.cufdEvento);
    if (!cufd) throw new Error(`CUFD del evento ${event.cufdEvento} desconocido`);
    const type = invoiceType(inv.invoiceType)!;
    const exceptionCode = inv.clientDocType === TIPO_DOCUMENTO_IDENTIDAD.NIT ? 1 : inv.exceptionCode;
    const sale = saleOfInvoice(inv, exceptionCode);
    const facts: SaleFacts = { tenant, pos, type, sale, cufd, fechaEmision: inv.fechaEmision, codigoEmision: 2, leyenda: inv.leyenda, exceptionCode, usuario: inv.usuario };
    const { cuf, xml, hashArchivo } = seal(saleSealInput(facts, inv.number, type.modalidad === 1 ? this.deps.signers.forTenant(tenant) : null));
    const done = this.deps.store.transaction(() =>
      this.deps.invoices.reissueOffline(inv.id, { cuf, cufd: cufd.codigo, xml, hash: hashArchivo, exceptionCode, eventId: event.id, detail }),
    );
    // Settled meanwhile (no longer PENDING): nothing was re-issued, nothing to announce.
    if (!done) return this.deps.invoices.byId(tenant.id, inv.id) ?? inv;
    this.deps.bus.publish({ type: 'invoice.contingency', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done.invoice) });
    // The sale may have been answered, shown and printed with the first CUF, which SIAT will
    // never hold: the till shows the new one, tells the cashier and prints the replacement.
    this.deps.bus.publish({
      type: 'invoice.reissued',
      tenantId: tenant.id,
      posId: pos.id,
      data: { ...invoiceEventData(done.invoice), previousCuf: done.previousCuf, reason: detail },
    });
    return done.invoice;
  }
}
