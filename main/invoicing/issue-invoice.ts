// The issue use case (DESIGN.md, Issuing pipeline): validate → allocate number → document
// model → CUF → XML → sign → gzip + SHA-256 → persist → submit online, or queue in
// contingency → persist the outcome → notify. The pure steps live in their own modules; this
// file is the I/O edge that strings them together.
//
// Failure rules (DESIGN.md, Offline-first):
// - POS in contingency → issued offline at once (codigoEmision 2), no SIAT call.
// - Online submission refused / unresolvable → SIAT never saw it: the same sale (same number and
//   date) is re-issued offline and a contingency event opens.
// - Time-out, reset, 5xx, malformed answer → SIAT may have it: the invoice stays PENDING with
//   needs_reconcile; recovery asks verificacionEstadoFactura before anything is resent.
import { createHash } from 'node:crypto';
import type { Db } from '../store/db';
import { GroupCommitter } from '../store/group-commit';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord, InvoiceRepository, SiatMessageRecord } from '../store/invoices';
import type { CodesService, CufdRecord } from '../codes/codes-service';
import type { SiatGateway } from '../codes/siat-gateway';
import type { CatalogService } from '../catalogs/catalog-sync';
import type { EventBus } from '../engine/event-bus';
import { SiatTransportError, SiatMalformedError } from '../siat/errors';
import { RETRYABLE_CODES } from '../siat/messages';
import { buildCuf } from './cuf';
import { buildCompraVentaXml, compraVentaShape, type CompraVentaDocument } from './xml/compra-venta';
import { gzipDocument, packDocument } from './archive';
import { uuidv7 } from '../store/uuid7';
import { amountInWords } from './amount-in-words';
import { toBoliviaIso } from '../../shared/time';
import { invoiceType } from './invoice-types';
import { validateSale, type CatalogLookup, type Sale, type SaleRequest } from './sale-input';
import type { SignerProvider } from './signer-provider';
import type { FieldProblem } from '../../shared/api-envelope';

export class IssueError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422 | 503,
    readonly code: string,
    message: string,
    readonly fields?: FieldProblem[],
    readonly siat?: { code: number; messages: SiatMessageRecord[] },
  ) {
    super(message);
    this.name = 'IssueError';
  }
}

/** What issuing needs from the contingency machinery (main/contingency). */
export interface ContingencyPort {
  activeEvent(tenantId: string, posId: string): { id: string; cufdEvento: string } | null;
  /** Opens (or returns the already active) automatic event after a transport failure. */
  openAutomatic(tenant: Tenant, pos: PointOfSale, cause: unknown): { id: string; cufdEvento: string };
}

export interface IssueOptions {
  idempotencyKey?: string | null;
  usuario: string;
  /** false: build, sign and store, but do not submit (benchmarks, tests). */
  submit?: boolean;
}

export interface IssueResult {
  invoice: InvoiceRecord;
  /** True when an earlier request with the same Idempotency-Key produced this invoice. */
  replayed: boolean;
}

const DOC_NIT = 5;

export interface InvoicingDeps {
  db: Db;
  invoices: InvoiceRepository;
  codes: CodesService;
  catalogs: CatalogService;
  gateway: SiatGateway;
  signers: SignerProvider;
  bus: EventBus;
  contingency: ContingencyPort;
  now?: () => Date;
  random?: () => number;
}

export function catalogLookup(catalogs: CatalogService, tenantId: string): CatalogLookup {
  return {
    synced: (c) => catalogs.lastSync(tenantId, c) !== null,
    activity: (code) => catalogs.has(tenantId, 'activities', code),
    product: (activity, sin) => catalogs.has(tenantId, 'products', sin, activity),
    unit: (code) => catalogs.has(tenantId, 'unit-measures', String(code)),
    paymentMethod: (code) => (catalogs.has(tenantId, 'payment-methods', String(code)) ? catalogs.items(tenantId, 'payment-methods').find((i) => i.codigo === String(code))!.descripcion : null),
    documentType: (code) => catalogs.has(tenantId, 'document-types', String(code)),
    currency: (code) => catalogs.has(tenantId, 'currencies', String(code)),
  };
}

function requestHash(req: SaleRequest): string {
  return createHash('sha256').update(JSON.stringify(req)).digest('hex');
}

export class InvoicingService {
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly committer: GroupCommitter;
  /** Gzip of online invoices stored but not yet sent (the sale path sends it right away). */
  private readonly gzipFor = new Map<string, { gzip: Buffer; hashArchivo: string }>();

  constructor(private readonly deps: InvoicingDeps) {
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
    this.committer = new GroupCommitter(deps.db);
  }

  async issue(tenant: Tenant, pos: PointOfSale, req: SaleRequest, opts: IssueOptions): Promise<IssueResult> {
    const { invoices } = this.deps;
    const type = invoiceType(req.invoiceType);
    if (!type) throw new IssueError(400, 'BAD_REQUEST', `invoiceType desconocido: ${req.invoiceType}`);
    if (!type.supported) throw new IssueError(400, 'NOT_SUPPORTED', `El tipo de factura ${type.name} no está soportado todavía; use ELECTRONIC_SALE o COMPUTERIZED_SALE`);
    if (!tenant.training && type.modalidad !== tenant.modalidad) {
      throw new IssueError(422, 'VALIDATION_FAILED', `El contribuyente está habilitado en modalidad ${tenant.modalidad === 1 ? 'electrónica' : 'computarizada'}; ${type.name} no corresponde`, [
        { field: 'invoiceType', rule: 'SIAT_937', message: 'modalidad no habilitada para el NIT (SIAT 937)' },
      ]);
    }

    // Only a request with an Idempotency-Key can be replayed, so only that one needs its hash.
    const hash = opts.idempotencyKey ? requestHash(req) : null;
    if (opts.idempotencyKey) {
      const prior = invoices.byIdempotencyKey(tenant.id, opts.idempotencyKey);
      if (prior) return this.replay(prior, hash!);
    }

    const v = validateSale(req, catalogLookup(this.deps.catalogs, tenant.id));
    if ('problems' in v) {
      throw new IssueError(422, 'VALIDATION_FAILED', v.problems.map((p) => `${p.field}: ${p.message}`).join('; '), v.problems);
    }
    const sale = v.sale;
    const legends = this.deps.catalogs.items(tenant.id, 'legends', { actividad: sale.lines[0]!.activityEconomic });
    if (legends.length === 0) {
      throw new IssueError(422, 'VALIDATION_FAILED', `No hay leyendas sincronizadas para la actividad ${sale.lines[0]!.activityEconomic}; sincronice los catálogos`);
    }
    // SIAT: the activity's legend is chosen at random per invoice.
    const leyenda = legends[Math.floor(this.random() * legends.length)]!.descripcion;

    const event = this.deps.contingency.activeEvent(tenant.id, pos.id);
    if (event) return this.issueOffline(tenant, pos, type, sale, leyenda, event, opts, hash);

    // Online path. A NIT client is checked with SIAT unless the caller forces it (excepción 1).
    let cufd: CufdRecord;
    try {
      if (sale.clientDocType === DOC_NIT && sale.exceptionCode !== 1 && opts.submit !== false) {
        const nit = Number(sale.clientDocNumber);
        const check = await this.deps.codes.verifyNit(tenant, pos, nit);
        if (!check.valido) {
          throw new IssueError(422, 'NIT_INVALID', `NIT ${nit} no válido según SIAT (${check.codigo} ${check.mensaje}); envíe exceptionCode 1 para emitir igualmente`, [
            { field: 'clientDocumentNumber', rule: `SIAT_${check.codigo}`, message: check.mensaje },
          ], { code: check.codigo, messages: [{ codigo: check.codigo, descripcion: check.mensaje }] });
        }
      }
      cufd = await this.deps.codes.ensureCufd(tenant, pos);
    } catch (err) {
      if (err instanceof SiatTransportError || err instanceof SiatMalformedError) {
        const ev = this.openEvent(tenant, pos, err);
        return this.issueOffline(tenant, pos, type, sale, leyenda, ev, opts, hash);
      }
      throw err;
    }

    const inv = await this.persist(tenant, pos, type, sale, leyenda, cufd, 1, null, opts, hash);
    if ('replayed' in inv) return inv;
    this.deps.bus.publish({ type: 'invoice.created', tenantId: tenant.id, posId: pos.id, data: summary(inv) });
    if (opts.submit === false) return { invoice: inv, replayed: false };
    return { invoice: await this.submitOnline(tenant, pos, inv), replayed: false };
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
      throw new IssueError(409, 'IDEMPOTENCY_CONFLICT', 'La Idempotency-Key ya se usó con otro cuerpo de solicitud; use una clave nueva por venta');
    }
    return { invoice: prior, replayed: true };
  }

  private openEvent(tenant: Tenant, pos: PointOfSale, cause: unknown): { id: string; cufdEvento: string } {
    try {
      return this.deps.contingency.openAutomatic(tenant, pos, cause);
    } catch (err) {
      throw new IssueError(503, 'SIAT_UNAVAILABLE', `SIAT no responde y no se puede emitir fuera de línea: ${(err as Error).message}`);
    }
  }

  private async issueOffline(
    tenant: Tenant,
    pos: PointOfSale,
    type: NonNullable<ReturnType<typeof invoiceType>>,
    sale: Sale,
    leyenda: string,
    event: { id: string; cufdEvento: string },
    opts: IssueOptions,
    hash: string | null,
  ): Promise<IssueResult> {
    const cufd = this.deps.codes.byCodigo(tenant.id, event.cufdEvento);
    if (!cufd) throw new IssueError(503, 'SIAT_UNAVAILABLE', 'No hay CUFD para emitir fuera de línea');
    const inv = await this.persist(tenant, pos, type, sale, leyenda, cufd, 2, event.id, opts, hash);
    if ('replayed' in inv) return inv;
    this.deps.bus.publish({ type: 'invoice.contingency', tenantId: tenant.id, posId: pos.id, data: summary(inv) });
    return { invoice: inv, replayed: false };
  }

  /**
   * Builds the document and stores it with its number in one transaction (shared with the
   * sales that arrive at the same moment: group commit), answering after the commit.
   */
  private persist(
    tenant: Tenant,
    pos: PointOfSale,
    type: NonNullable<ReturnType<typeof invoiceType>>,
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
    const exceptionCode = codigoEmision === 2 && sale.clientDocType === DOC_NIT ? 1 : sale.exceptionCode;
    const signer = type.modalidad === 1 ? this.deps.signers.forTenant(tenant) : null;
    return this.committer.run((): InvoiceRecord | IssueResult => {
      if (opts.idempotencyKey) {
        const prior = invoices.byIdempotencyKey(tenant.id, opts.idempotencyKey);
        if (prior) return this.replay(prior, hash!);
      }
      const number = invoices.allocateNumber(tenant.id, pos.id, type.sector);
      const fechaEmision = toBoliviaIso(this.deps.codes.siatNow(tenant.id));
      const cuf = buildCuf(
        {
          nit: tenant.nit,
          fechaEmision,
          codigoSucursal: pos.branchCode,
          modalidad: type.modalidad,
          tipoEmision: codigoEmision,
          tipoFacturaDocumento: type.tipoFactura,
          codigoDocumentoSector: type.sector,
          numeroFactura: number,
          codigoPuntoVenta: pos.code,
        },
        cufd.codigoControl,
      );
      const literal = amountInWords(sale.totals.montoTotal);
      const doc = this.document(tenant, pos, sale, { number, cuf, cufd, fechaEmision, leyenda, literal, exceptionCode, usuario: opts.usuario });
      const unsigned = buildCompraVentaXml(doc, type.modalidad);
      const xml = signer ? signer.signSimple(compraVentaShape(unsigned, type.modalidad)) : unsigned;
      const gz = gzipDocument(xml);
      const at = this.now().toISOString();
      const id = uuidv7(); // time-ordered: the sale touches the index pages the last one did
      const stored = invoices.insert({
        id,
        tenantId: tenant.id,
        posId: pos.id,
        branchCode: pos.branchCode,
        posCode: pos.code,
        invoiceType: type.name,
        sector: type.sector,
        modalidad: type.modalidad,
        tipoFactura: type.tipoFactura,
        codigoEmision,
        number,
        cuf,
        cufd: cufd.codigo,
        fechaEmision,
        clientDocType: sale.clientDocType,
        clientDocNumber: sale.clientDocNumber,
        clientComplement: sale.clientComplement,
        clientName: sale.clientName,
        clientCode: sale.clientCode,
        clientEmail: sale.clientEmail,
        paymentMethod: sale.paymentMethod,
        cardNumber: sale.cardNumberMasked,
        currency: sale.currency,
        exchangeRate: sale.exchangeRate,
        subtotal: sale.totals.sumSubTotals,
        additionalDiscount: sale.additionalDiscount,
        giftCard: sale.giftCard,
        total: sale.totals.montoTotal,
        totalSubjectIva: sale.totals.montoTotalSujetoIva,
        totalCurrency: sale.totals.montoTotalMoneda,
        exceptionCode,
        literal,
        leyenda,
        usuario: opts.usuario,
        details: sale.lines.map((l) => ({ ...l })),
        xml,
        hash: gz.hashArchivo,
        idempotencyKey: opts.idempotencyKey ?? null,
        requestHash: hash,
        state: codigoEmision === 2 ? 'CONTINGENCY' : 'PENDING',
        needsReconcile: false,
        eventId,
        createdAt: at,
      });
      if (codigoEmision === 1 && opts.submit !== false) {
        this.gzipFor.set(id, gz);
        // Bounded: an entry whose sending never came (a failed commit) must not stay forever.
        if (this.gzipFor.size > 256) this.gzipFor.delete(this.gzipFor.keys().next().value!);
      }
      return stored;
    });
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

  document(
    tenant: Tenant,
    pos: PointOfSale,
    sale: Sale,
    x: { number: number; cuf: string; cufd: CufdRecord; fechaEmision: string; leyenda: string; literal: string; exceptionCode: number | null; usuario: string },
  ): CompraVentaDocument {
    return {
      cabecera: {
        nitEmisor: tenant.nit,
        razonSocialEmisor: tenant.razonSocial,
        municipio: tenant.municipio || 'La Paz',
        telefono: tenant.telefono,
        numeroFactura: x.number,
        cuf: x.cuf,
        cufd: x.cufd.codigo,
        codigoSucursal: pos.branchCode,
        // The CUFD's address is the padrón's: invoices must repeat it (SIAT 1007/2014).
        direccion: x.cufd.direccion || tenant.direccion,
        codigoPuntoVenta: pos.code,
        fechaEmision: x.fechaEmision,
        nombreRazonSocial: sale.clientName,
        codigoTipoDocumentoIdentidad: sale.clientDocType,
        numeroDocumento: sale.clientDocNumber,
        complemento: sale.clientComplement,
        codigoCliente: sale.clientCode,
        codigoMetodoPago: sale.paymentMethod,
        numeroTarjeta: sale.cardNumberMasked,
        montoTotal: sale.totals.montoTotal,
        montoTotalSujetoIva: sale.totals.montoTotalSujetoIva,
        codigoMoneda: sale.currency,
        tipoCambio: sale.exchangeRate,
        montoTotalMoneda: sale.totals.montoTotalMoneda,
        montoGiftCard: sale.giftCard > 0 ? sale.giftCard : null,
        descuentoAdicional: sale.additionalDiscount > 0 ? sale.additionalDiscount : null,
        codigoExcepcion: x.exceptionCode,
        cafc: null,
        leyenda: x.leyenda,
        usuario: x.usuario,
      },
      detalle: sale.lines.map((l) => ({
        actividadEconomica: l.activityEconomic,
        codigoProductoSin: Number(l.codeProductSin),
        codigoProducto: l.codeProduct,
        descripcion: l.description,
        cantidad: l.quantity,
        unidadMedida: l.unitMeasure,
        precioUnitario: l.priceUnit,
        montoDescuento: l.amountDiscount > 0 ? l.amountDiscount : null,
        subTotal: l.subTotal,
        numeroSerie: null,
        numeroImei: null,
      })),
    };
  }

  /** recepcionFactura on the modality's service; the outcome is persisted whatever it is. */
  async submitOnline(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord): Promise<InvoiceRecord> {
    const { invoices, gateway, bus } = this.deps;
    const client = gateway.client(tenant);
    const service = inv.sector === 1 || inv.sector === 35 || inv.sector === 41 ? 'compraVenta' : inv.modalidad === 1 ? 'electronica' : 'computarizada';
    const packed = this.packedFor(inv);
    const id = gateway.identity(tenant);
    let res;
    try {
      res = await client.call(service, 'recepcionFactura', {
        codigoAmbiente: id.codigoAmbiente,
        codigoDocumentoSector: inv.sector,
        codigoEmision: 1,
        codigoModalidad: inv.modalidad,
        codigoPuntoVenta: inv.posCode,
        codigoSistema: id.codigoSistema,
        codigoSucursal: inv.branchCode,
        cufd: inv.cufd,
        cuis: this.deps.codes.currentCuis(tenant.id, pos.id)?.codigo ?? (await this.deps.codes.ensureCuis(tenant, pos)).codigo,
        nit: id.nit,
        tipoFacturaDocumento: inv.tipoFactura,
        archivo: packed.archivo,
        fechaEnvio: toBoliviaIso(this.deps.codes.siatNow(tenant.id)),
        hashArchivo: packed.hashArchivo,
      });
    } catch (err) {
      return this.onSubmitFailure(tenant, pos, inv, err);
    }
    const messages: SiatMessageRecord[] = (res.mensajesList ?? []).map((m) => ({
      codigo: m.codigo ?? 0,
      descripcion: m.descripcion ?? '',
      ...(m.advertencia !== undefined ? { advertencia: m.advertencia } : {}),
      ...(m.numeroArchivo !== undefined ? { numeroArchivo: m.numeroArchivo } : {}),
      ...(m.numeroDetalle !== undefined ? { numeroDetalle: m.numeroDetalle } : {}),
    }));
    const code = res.codigoEstado ?? 0;
    if (code === 908) {
      const done = invoices.setState(inv.id, {
        state: 'VALIDATED',
        siatCode: code,
        siatDescription: res.codigoDescripcion ?? 'VALIDADA',
        siatReceptionCode: res.codigoRecepcion ?? null,
        siatMessages: messages,
        lastChecked: this.now().toISOString(),
      });
      bus.publish({ type: 'invoice.validated', tenantId: tenant.id, posId: pos.id, data: summary(done) });
      return done;
    }
    // A transient SIAT error (database time-out, service unavailable…) is not a verdict on the
    // invoice: treat it like an unreachable SIAT (CONTRACT.md §6, retry-worthy codes).
    if (messages.length > 0 && messages.every((m) => RETRYABLE_CODES.has(m.codigo))) {
      return this.onSubmitFailure(tenant, pos, inv, new Error(`SIAT ${messages.map((m) => m.codigo).join(',')}`), true);
    }
    const done = invoices.setState(inv.id, {
      state: 'REJECTED',
      siatCode: code,
      siatDescription: res.codigoDescripcion ?? 'RECHAZADA',
      siatReceptionCode: res.codigoRecepcion ?? null,
      siatMessages: messages,
      lastChecked: this.now().toISOString(),
      detail: messages.map((m) => `${m.codigo} ${m.descripcion}`).join('; '),
    });
    bus.publish({ type: 'invoice.rejected', tenantId: tenant.id, posId: pos.id, data: summary(done) });
    return done;
  }

  private onSubmitFailure(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, err: unknown, notReceived = false): InvoiceRecord {
    if (!(err instanceof SiatTransportError) && !(err instanceof SiatMalformedError) && !notReceived) throw err;
    const event = this.openEvent(tenant, pos, err);
    const certainlyNotReceived = notReceived || (err instanceof SiatTransportError && (err.kind === 'refused' || err.kind === 'dns' || err.kind === 'tls'));
    if (certainlyNotReceived) return this.reissueOffline(tenant, pos, inv, event, 'envío en línea fallido; reemitida fuera de línea');
    // SIAT may have it: keep it as it is and reconcile on recovery (never resend blindly).
    const kept = this.deps.invoices.setState(inv.id, {
      state: 'PENDING',
      needsReconcile: true,
      eventId: event.id,
      detail: `resultado del envío en línea desconocido (${err instanceof Error ? err.message : String(err)})`,
    });
    this.deps.bus.publish({ type: 'invoice.pending', tenantId: tenant.id, posId: pos.id, data: summary(kept) });
    return kept;
  }

  /** Same number and date, codigoEmision 2, the event's CUFD: the offline twin of a PENDING invoice. */
  reissueOffline(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, event: { id: string; cufdEvento: string }, detail: string): InvoiceRecord {
    const cufd = this.deps.codes.byCodigo(tenant.id, event.cufdEvento);
    if (!cufd) throw new Error(`CUFD del evento ${event.cufdEvento} desconocido`);
    const type = invoiceType(inv.invoiceType)!;
    const exceptionCode = inv.clientDocType === DOC_NIT ? 1 : inv.exceptionCode;
    const cuf = buildCuf(
      {
        nit: tenant.nit,
        fechaEmision: inv.fechaEmision,
        codigoSucursal: inv.branchCode,
        modalidad: inv.modalidad,
        tipoEmision: 2,
        tipoFacturaDocumento: inv.tipoFactura,
        codigoDocumentoSector: inv.sector,
        numeroFactura: inv.number,
        codigoPuntoVenta: inv.posCode,
      },
      cufd.codigoControl,
    );
    const sale: Sale = {
      clientDocType: inv.clientDocType,
      clientDocNumber: inv.clientDocNumber,
      clientComplement: inv.clientComplement,
      clientName: inv.clientName,
      clientCode: inv.clientCode,
      clientEmail: inv.clientEmail,
      paymentMethod: inv.paymentMethod,
      cardNumberMasked: inv.cardNumber,
      giftCard: inv.giftCard,
      additionalDiscount: inv.additionalDiscount,
      currency: inv.currency,
      exchangeRate: inv.exchangeRate,
      exceptionCode,
      lines: inv.details,
      totals: { ok: true, lines: inv.details.map((d) => ({ subTotal: d.subTotal })), sumSubTotals: inv.subtotal, montoTotal: inv.total, montoTotalSujetoIva: inv.totalSubjectIva, montoTotalMoneda: inv.totalCurrency },
    };
    const doc = this.document(tenant, pos, sale, { number: inv.number, cuf, cufd, fechaEmision: inv.fechaEmision, leyenda: inv.leyenda, literal: inv.literal, exceptionCode, usuario: inv.usuario });
    const unsigned = buildCompraVentaXml(doc, type.modalidad);
    const xml = type.modalidad === 1 ? this.deps.signers.forTenant(tenant).signSimple(compraVentaShape(unsigned, type.modalidad)) : unsigned;
    const done = this.deps.db
      .transaction(() =>
        this.deps.invoices.reissueOffline(inv.id, { cuf, cufd: cufd.codigo, xml, hash: gzipDocument(xml).hashArchivo, exceptionCode, eventId: event.id, detail }),
      )
      .immediate();
    this.deps.bus.publish({ type: 'invoice.contingency', tenantId: tenant.id, posId: pos.id, data: summary(done) });
    return done;
  }
}

export function summary(inv: InvoiceRecord): Record<string, unknown> {
  return { id: inv.id, cuf: inv.cuf, invoiceNumber: inv.number, state: inv.state, amountTotal: inv.total / 100 };
}
