// After issuing: cancellation (anulacionFactura), its reversal (reversionAnulacionFactura) and
// status checks (verificacionEstadoFactura). SIAT's term (CONTRACT §5.4: day 9 of the next
// month, export 180 days; a reversal once only) is checked here first, so a request SIAT would
// refuse is answered 422 without asking it. SIAT's refusals come back verbatim; nothing changes
// locally unless SIAT confirms it.
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord, InvoiceRepository } from '../store/invoices';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { SiatGateway } from '../cuis-cufd/siat-gateway';
import type { CatalogService } from '../catalogs/catalog-sync';
import type { EventBus } from '../events/event-bus';
import { documentOperations } from '../siat/code-catalog';
import { callDocumentOperation } from '../siat/document-call';
import { siatMessagesOf } from '../siat/messages';
import { IssueError } from './issue-error';
import { invoiceEventData } from './invoice-event-data';
import { cancellationTerm, deadlineDateEs, withinCancellationTerm } from '../siat/cancellation-window';
import { toBoliviaIso } from '../../shared/time';

type Answer = { codigoEstado?: number; codigoDescripcion?: string; mensajesList?: unknown };

export class InvoiceLifecycle {
  constructor(
    private readonly deps: {
      invoices: InvoiceRepository;
      codes: CodesService;
      gateway: SiatGateway;
      catalogs: CatalogService;
      bus: EventBus;
      /** The store's transaction: a confirmed annulment and its act record are written together (decision 0069). */
      transaction?: <T>(fn: () => T) => T;
      now?: () => Date;
    },
  ) {}

  private inTransaction<T>(fn: () => T): T {
    return this.deps.transaction ? this.deps.transaction(fn) : fn();
  }

  private now(): Date {
    return (this.deps.now ?? (() => new Date()))();
  }

  /** 422 before SIAT is asked when SIAT's term (CONTRACT §5.4) is over for `what`. */
  private checkTerm(tenant: Tenant, inv: InvoiceRecord, what: 'anular' | 'revertir la anulación de'): void {
    const now = toBoliviaIso(this.deps.codes.siatNow(tenant.id));
    if (withinCancellationTerm(now, inv.fechaEmision, inv.sector)) return;
    const term = cancellationTerm(inv.fechaEmision, inv.sector);
    const emitted = `${inv.fechaEmision.slice(8, 10)}/${inv.fechaEmision.slice(5, 7)}/${inv.fechaEmision.slice(0, 4)}`;
    const rule = term.rule === 'EXPORT_180_DAYS' ? '180 días para las facturas de exportación' : 'hasta el día 9 del mes siguiente a la emisión';
    const siatCode = what === 'anular' ? 934 : 3012;
    throw new IssueError(
      what === 'anular' ? 'CANCELLATION_TERM_OVER' : 'REVERSAL_TERM_OVER',
      `Fuera de plazo: la factura ${inv.number} se emitió el ${emitted} y SIAT permite ${what} ella solo hasta el ${deadlineDateEs(term)} (${rule}). ` +
        (what === 'anular' ? 'Para devolver o corregir, emita una nota de crédito-débito.' : 'La anulación queda firme.'),
      [{ field: 'id', rule: `SIAT_${siatCode}`, message: `plazo vencido el ${deadlineDateEs(term)}` }],
    );
  }

  private async base(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord) {
    const cufd = await this.deps.codes.ensureCufd(tenant, pos);
    const cuis = await this.deps.codes.ensureCuis(tenant, pos);
    return { ...this.deps.gateway.receptionFields(tenant, pos, { codigo: cufd.codigo, cuis: cuis.codigo }, inv), codigoEmision: 1 };
  }

  /**
   * `record` runs in the transaction that stores SIAT's confirmation: who annulled it (act_records).
   * SIAT has annulled it by then; if that transaction fails (a full disk), the status check
   * (905) brings the state back later, without a name.
   */
  async cancel(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, motivo: number, record?: (done: InvoiceRecord) => void): Promise<InvoiceRecord> {
    if (inv.state !== 'VALIDATED') {
      throw new IssueError('NOT_CANCELLABLE', `Solo se anula una factura VALIDATED; la factura ${inv.number} está ${inv.state}`);
    }
    this.checkTerm(tenant, inv, 'anular');
    if (this.deps.catalogs.lastSync(tenant.id, 'cancellation-reasons') && !this.deps.catalogs.has(tenant.id, 'cancellation-reasons', String(motivo))) {
      throw new IssueError('VALIDATION_FAILED', `Motivo de anulación ${motivo} no existe en el catálogo`, [{ field: 'motivo', rule: 'CATALOG', message: 'motivo inexistente' }]);
    }
    const req = { ...(await this.base(tenant, pos, inv)), codigoMotivo: motivo, cuf: inv.cuf };
    const ops = documentOperations(inv.sector, inv.modalidad);
    const res = (await callDocumentOperation(this.deps.gateway.client(tenant), ops.service, ops.cancel, req)) as Answer;
    const messages = siatMessagesOf(res.mensajesList);
    if (res.codigoEstado === 905) {
      const done = this.inTransaction(() => {
        const d = this.deps.invoices.setState(inv.id, {
          state: 'CANCELLED',
          siatCode: 905,
          siatDescription: res.codigoDescripcion ?? 'ANULACION CONFIRMADA',
          siatMessages: messages,
          cancellationReason: motivo,
          cancellationDate: this.now().toISOString(),
          lastChecked: this.now().toISOString(),
          detail: `anulada, motivo ${motivo}`,
        });
        record?.(d);
        return d;
      });
      this.deps.bus.publish({ type: 'invoice.cancelled', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
      return done;
    }
    const first = messages[0];
    const code = res.codigoEstado ?? first?.codigo ?? 0;
    throw new IssueError(
      'SIAT_REJECTED',
      first ? `SIAT ${first.codigo}: ${first.descripcion}` : `SIAT rechazó la anulación (${code} ${res.codigoDescripcion ?? ''})`,
      undefined,
      { code, messages },
    );
  }

  /**
   * reversionAnulacionFactura (notes: reversionAnulacionDocumentoAjuste): a CANCELLED invoice
   * becomes VALIDATED again when SIAT answers 907 (978 also confirms, CONTRACT §2.4). Once only
   * and within the annulment's term (§5.4), both checked here before SIAT is asked.
   */
  async reverseCancellation(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, record?: (done: InvoiceRecord) => void): Promise<InvoiceRecord> {
    if (inv.state !== 'CANCELLED') {
      throw new IssueError('NOT_REVERSIBLE', `Solo se revierte la anulación de una factura CANCELLED; la factura ${inv.number} está ${inv.state}`);
    }
    if (this.deps.invoices.cancellationReverted(tenant.id, inv.id)) {
      throw new IssueError('ALREADY_REVERTED', `La anulación de la factura ${inv.number} ya se revirtió una vez; SIAT lo permite una sola vez (968)`, [
        { field: 'id', rule: 'SIAT_968', message: 'anulación ya revertida' },
      ]);
    }
    this.checkTerm(tenant, inv, 'revertir la anulación de');
    const req = { ...(await this.base(tenant, pos, inv)), cuf: inv.cuf };
    const ops = documentOperations(inv.sector, inv.modalidad);
    const res = (await callDocumentOperation(this.deps.gateway.client(tenant), ops.service, ops.reversal, req)) as Answer;
    const messages = siatMessagesOf(res.mensajesList);
    if (res.codigoEstado === 907 || res.codigoEstado === 978) {
      const done = this.inTransaction(() => {
        const d = this.deps.invoices.setState(inv.id, {
          state: 'VALIDATED',
          siatCode: res.codigoEstado!,
          siatDescription: res.codigoDescripcion ?? 'REVERSION DE ANULACION CONFIRMADA',
          siatMessages: messages,
          cancellationReason: null,
          cancellationDate: null,
          lastChecked: this.now().toISOString(),
          detail: `anulación revertida (motivo ${inv.cancellationReason ?? '?'}, anulada el ${inv.cancellationDate ?? '?'})`,
        });
        record?.(d);
        return d;
      });
      this.deps.bus.publish({ type: 'invoice.validated', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
      return done;
    }
    const first = messages[0];
    const code = res.codigoEstado ?? first?.codigo ?? 0;
    throw new IssueError(
      'SIAT_REJECTED',
      first ? `SIAT ${first.codigo}: ${first.descripcion}` : `SIAT rechazó la reversión de la anulación (${code} ${res.codigoDescripcion ?? ''})`,
      undefined,
      { code, messages },
    );
  }

  /** Asks SIAT now and keeps what it said (lastChecked); confirms pending outcomes. */
  async checkStatus(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord): Promise<InvoiceRecord> {
    const req = { ...(await this.base(tenant, pos, inv)), codigoEmision: inv.codigoEmision, cuf: inv.cuf };
    const ops = documentOperations(inv.sector, inv.modalidad);
    const res = (await callDocumentOperation(this.deps.gateway.client(tenant), ops.service, ops.verify, req)) as Answer;
    const code = res.codigoEstado ?? null;
    const at = this.now().toISOString();
    const base = { siatCode: code, siatDescription: res.codigoDescripcion ?? null, lastChecked: at };
    if (code === 908 && (inv.state === 'PENDING' || inv.state === 'CONTINGENCY')) {
      const done = this.deps.invoices.setState(inv.id, { ...base, state: 'VALIDATED', needsReconcile: false, detail: 'confirmada por verificacionEstadoFactura' });
      this.deps.bus.publish({ type: 'invoice.validated', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
      return done;
    }
    if (code === 905 && inv.state !== 'CANCELLED') {
      return this.deps.invoices.setState(inv.id, { ...base, state: 'CANCELLED', detail: 'anulada según SIAT' });
    }
    return this.deps.invoices.setState(inv.id, { ...base, state: inv.state });
  }
}
