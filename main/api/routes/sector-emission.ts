// Seed 001 "Sector invoices": POST /api/v1/invoice/{electronic|computarized}/{rate|hospital|
// saleBon|debit|telecom|education} and …/anulation. The seed's request fields are mapped onto
// the engine's sale (invoicing/sale-input.ts) and issued by the same InvoicingService as
// POST /api/v1/invoices; the answer waits for SIAT's verdict, as today's issue path does, and
// carries the seed's response fields and message labels (shared/api/sector-emission.ts).
// posId is SIAT's codigoPuntoVenta inside branchId (default: the casa matriz); an invoice is
// named by its number and short code (invoicing/short-code.ts), as on the retrieval routes. The
// seed's words for answers and failures: ../sector-emission-dto.ts.
import { doerOf, recorderOf } from '../doer';
import { IdempotencyHeader } from '../idempotency-header';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Store } from '../../store/store';
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { BranchOffice } from '../../store/branches';
import type { InvoiceRecord } from '../../store/invoices';
import type { InvoicingService, IssueResult } from '../../invoicing/issue-invoice';
import type { InvoiceLifecycle } from '../../invoicing/invoice-lifecycle';
import type { SaleRequest } from '../../invoicing/sale-input';
import { NOTE } from '../../invoicing/credit-debit-note-data';
import { amountInWords } from '../../invoicing/amount-in-words';
import { invoiceShortCode, matchesShortCode } from '../../invoicing/short-code';
import { buildQrUrl } from '../../documents/model';
import { qrPng } from '../../documents/qr';
import { fromHundredths, toHundredths } from '../../../shared/money';
import { invoiceType, type InvoiceTypeDef } from '../../../shared/invoice-types';
import { sectorFields } from '../../../shared/sector-fields';
import { publicInvoicePath } from '../../../shared/api/public-links';
import { sectorResponse } from '../../../shared/api/envelope';
import {
  SECTOR_MODALITIES,
  SECTOR_ROUTES,
  cancellationPath,
  type CancellationRequest,
  type EmissionRequest,
  type NoteRequest,
  type SectorModality,
  type SectorRoute,
} from '../../../shared/api/sector-emission';
import { SECTOR_EMISSION, type SectorEmissionRoutes } from '../../../shared/api/routes/sector-emission';
import { sectorOk } from '../envelope';
import { invalid, lineOut, modalitySegment, modalityWord, refuseRejected, sectorValuesOut, seedError, siatStatus } from '../sector-emission-dto';
import { notFound } from '../errors';
import { openPointOfSale } from '../point-of-sale-param';

export interface SectorEmissionDeps {
  store: Store;
  invoicing: InvoicingService;
  lifecycle: InvoiceLifecycle;
  publicBaseUrl: () => string;
}

const tags = ['Facturas sectoriales (estilo sectorial)'];
/**
 * seed 001's routes answer siatCodeState, so they wait for SIAT's verdict: up to 15 s, as
 * POST /api/v1/invoices?wait=true (issue 13's IssueOptions.waitMs; where issuing already waits,
 * the option is simply not read).
 */
const SECTOR_WAIT_MS = 15_000;

export function sectorEmissionRoutes(app: FastifyInstance, deps: SectorEmissionDeps): void {
  const { store } = deps;

  /** The open point of sale `posId` (SIAT code) of branch `branchId` (default the casa matriz). */
  const resolvePos = (req: FastifyRequest, posId: number, branchId: number | undefined): { branch: BranchOffice; pos: PointOfSale } => {
    const tenantId = req.tenant.id;
    const branch = branchId === undefined ? store.branches.main(tenantId) : store.branches.byId(tenantId, branchId, { includeClosed: true });
    if (!branch) throw notFound(`Sucursal ${branchId} no encontrada`);
    const found = store.branches.posByCode(tenantId, branch.id, posId);
    if (!found) throw notFound(`El punto de venta ${posId} no existe en la sucursal ${branch.codigoSucursal} (branchId ${branch.id})`);
    // Issuing and cancelling talk to SIAT as the point of sale: a closed one is 409 POS_CLOSED.
    return { branch, pos: openPointOfSale(store, tenantId, found.id) };
  };

  /** The invoice `number` with short code `code` at the point of sale, or null. */
  const invoiceAt = (tenantId: string, pos: PointOfSale, number: number, code: string): InvoiceRecord | null =>
    store.invoices.byNumber(tenantId, pos.id, number).find((i) => matchesShortCode(i.id, code)) ?? null;

  const qrOf = (tenant: Tenant, inv: InvoiceRecord) => buildQrUrl({ ambiente: tenant.ambiente, nit: tenant.nit, cuf: inv.cuf, numero: inv.number });

  /** Issues through the engine, replaying an Idempotency-Key first (as POST /api/v1/invoices). */
  const issue = async (req: FastifyRequest, route: SectorRoute, pos: PointOfSale, sale: SaleRequest, usuario: string): Promise<IssueResult> => {
    // A person logged in at the till issues in their own name, whatever userPos says (issue 27).
    if (req.tillActor) usuario = req.tillActor.user.name.slice(0, 100);
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    try {
      const replay = key ? deps.invoicing.replayOf(req.tenant, key, sale) : null;
      // A note is a return: its act record goes in its own transaction (decision 0069).
      const returned = route.sector === NOTE.SECTOR ? recorderOf(store, req, 'return') : null;
      const opts = { idempotencyKey: key, usuario, waitMs: SECTOR_WAIT_MS, doer: doerOf(req), ...(returned ? { record: (n: InvoiceRecord) => returned(n.id) } : {}) };
      return replay ?? (await deps.invoicing.issue(req.tenant, pos, sale, opts));
    } catch (err) {
      throw seedError(err, req.tenant, route);
    }
  };

  // Each sector and modality as the route contract declares it, with its body and answer schemas.
  for (const entry of SECTOR_EMISSION) {
    const { sector: route, modality } = entry;
    const type = invoiceType(route.invoiceTypes[modality])!;
    const title = `${sectorFields(route.sector)!.label}, modalidad ${modalityWord(SECTOR_MODALITIES[modality])}`;
    if (route.sector === NOTE.SECTOR) registerNote(route, entry.emit, type, title);
    else registerEmission(route, entry.emit, type, title);
    registerCancellation(route, modality, entry.cancel, title);
  }

  function registerEmission(route: SectorRoute, emit: SectorEmissionRoutes['emit'], type: InvoiceTypeDef, title: string): void {
    const result = sectorResponse(emit.response);
    app.post(
      emit.path,
      {
        schema: {
          tags,
          summary: `Emite una factura: ${title} (documento sector ${route.sector} de SIAT)`,
          description:
            `Semilla 001: cabecera y detailInvoice con los campos del sector. Espera el veredicto de SIAT: siatCodeState 908 validada; ` +
            `si SIAT no responde, la factura se emite fuera de línea (siatCodeState null) y se envía al reconectar; si SIAT la rechaza, 422 ` +
            `con sus códigos y textos tal cual (errors[].siatCode). message ${route.emitted}. La cabecera Idempotency-Key hace que un reintento ` +
            'devuelva la misma factura (200).',
          headers: IdempotencyHeader,
          body: emit.body,
          response: { 201: result, 200: result },
        },
      },
      async (req, reply) => {
        const body = req.body as EmissionRequest;
        const { branch, pos } = resolvePos(req, body.posId, body.branchId);
        if (body.typeInvoice !== undefined && body.typeInvoice !== type.tipoFactura) {
          throw invalid('typeInvoice', 'SECTOR', `el documento sector ${route.sector} es de tipo ${type.tipoFactura} (tipoFacturaDocumento de SIAT), no ${body.typeInvoice}`);
        }
        if (body.paramCurrency !== 1 && body.exchangeRate === undefined) {
          throw invalid('exchangeRate', 'REQUIRED', `con la moneda ${body.paramCurrency} indique el tipo de cambio`);
        }
        const own = [...(sectorFields(route.sector)?.header ?? [])].map((f) => f.key);
        const lineOwn = [...(sectorFields(route.sector)?.line ?? [])].map((f) => f.key);
        const pick = (obj: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => obj[k] !== undefined).map((k) => [k, obj[k]]));
        const sale: SaleRequest = {
          invoiceType: type.name,
          posId: pos.id,
          clientDocumentType: body.clientDocumentType,
          clientDocumentNumber: body.clientNroDocument,
          clientBusinessName: body.clientReasonSocial,
          clientCode: body.clientCode,
          clientEmail: body.clientEmail,
          paymentMethodCode: body.paramPaymentMethod,
          currencyCode: body.paramCurrency,
          ...(body.exchangeRate !== undefined ? { exchangeRate: body.exchangeRate } : {}),
          ...(body.clientComplement !== undefined ? { clientComplement: body.clientComplement } : {}),
          ...(body.numberCard !== undefined ? { cardNumber: body.numberCard } : {}),
          ...(body.giftCard !== undefined ? { giftCardAmount: body.giftCard } : {}),
          ...(body.additionalDiscount !== undefined ? { additionalDiscount: body.additionalDiscount } : {}),
          ...(body.exceptionCode !== undefined ? { exceptionCode: body.exceptionCode } : {}),
          ...pick(body, own),
          details: body.detailInvoice.map((l) => ({
            activityEconomic: l.activityEconomic,
            codeProductSin: l.codeProductSin,
            codeProduct: l.codeProduct,
            description: l.description,
            quantity: l.qty,
            unitMeasure: l.unitMeasure,
            priceUnit: l.priceUnit,
            ...(l.amountDiscount !== undefined ? { amountDiscount: l.amountDiscount } : {}),
            ...pick(l, lineOwn),
          })),
        };
        const issued = await issue(req, route, pos, sale, body.userPos);
        const inv = issued.invoice;
        refuseRejected(inv);
        const data = {
          nitEmissor: Number(req.tenant.nit),
          cuf: inv.cuf,
          invoiceNumber: inv.number,
          invoiceCode: invoiceShortCode(inv.id),
          qrCode: qrOf(req.tenant, inv),
          invoiceUrl: deps.publicBaseUrl() + publicInvoicePath(inv.cuf, 'pdf'),
          dateEmission: inv.fechaEmision,
          amountTotal: fromHundredths(inv.total),
          amountTotalDiscount: fromHundredths(inv.additionalDiscount),
          amountTotalCurrency: fromHundredths(inv.totalCurrency),
          userCashier: inv.usuario,
          ...siatStatus(inv),
          countItems: inv.details.length,
          invoiceXml: inv.xml,
          posId: inv.posCode,
          branchId: branch.id,
          clientReasonSocial: inv.clientName,
          clientDocumentType: inv.clientDocType,
          clientNroDocument: inv.clientDocNumber,
          clientCode: inv.clientCode,
          paramPaymentMethod: inv.paymentMethod,
          userPos: inv.usuario,
          typeInvoice: inv.tipoFactura,
          paramCurrency: inv.currency,
          clientComplement: inv.clientComplement,
          clientCity: body.clientCity,
          exceptionCode: inv.exceptionCode,
          numberCard: inv.cardNumber,
          giftCard: fromHundredths(inv.giftCard),
          ...sectorValuesOut(sectorFields(route.sector)?.header ?? [], inv.sectorData),
          detailInvoice: inv.details.map((d, i) => lineOut(d, i, route.sector)),
        };
        return reply.status(issued.replayed ? 200 : 201).send(sectorOk(data, route.emitted));
      },
    );
  }

  /** The note's refund method as stored with it (absent on a note issued before migration 0020). */
  function refundOut(tenantId: string, noteId: string): { paramRefundMethod?: number } {
    const code = deps.store.cash.refundMethod(tenantId, noteId);
    return code === null ? {} : { paramRefundMethod: code };
  }

  function registerNote(route: SectorRoute, emit: SectorEmissionRoutes['emit'], type: InvoiceTypeDef, title: string): void {
    app.post(
      emit.path,
      {
        schema: {
          tags,
          summary: `Emite una ${title.charAt(0).toLowerCase()}${title.slice(1)} (documento sector 24, ServicioFacturacionDocumentoAjuste)`,
          description:
            'Semilla 001 "Credit-debit note": la factura original se nombra por invoiceNumber e invoiceCode (su código corto) en el mismo punto de venta. ' +
            'La nota repite todas las líneas de la original (codeDetailTransaction 1) y agrega las devueltas (returnProduct true → 2); de cada línea ' +
            'cuentan codeProduct, qty y returnProduct (detailId y priceUnit, si vienen, deben ser los de la original; los demás datos se toman de ella). ' +
            'Se rechaza (422, nombrando el campo) una devolución mayor a lo vendido, una línea que no está en la original, una original que no está ' +
            'validada por SIAT y una nota sobre otra nota. Solo en línea: con SIAT sin respuesta, 503. invoiceCode de la respuesta es el de la nota.',
          headers: IdempotencyHeader,
          body: emit.body,
          response: { 201: sectorResponse(emit.response), 200: sectorResponse(emit.response) },
        },
      },
      async (req, reply) => {
        const body = req.body as NoteRequest;
        const { pos } = resolvePos(req, body.posId, body.branchId);
        const original = invoiceAt(req.tenant.id, pos, body.invoiceNumber, body.invoiceCode);
        if (!original) {
          throw invalid('invoiceNumber', 'NOT_FOUND', `no hay una factura N.º ${body.invoiceNumber} con código ${body.invoiceCode} en el punto de venta ${pos.code} de la sucursal ${pos.branchCode}`);
        }
        const lines = body.detailInvoice.map((l, i) => {
          const at = `detailInvoice[${i}]`;
          let o = original.details.find((d) => d.codeProduct === l.codeProduct.trim());
          if (l.detailId !== undefined) {
            o = original.details[l.detailId - 1];
            if (!o || o.codeProduct !== l.codeProduct.trim()) {
              throw invalid(`${at}.detailId`, 'NOT_ON_ORIGINAL', `la línea ${l.detailId} de la factura N.º ${original.number} no es del producto ${l.codeProduct}`);
            }
          }
          if (o && l.priceUnit !== undefined && toHundredths(l.priceUnit) !== o.priceUnit) {
            throw invalid(`${at}.priceUnit`, 'NOT_ON_ORIGINAL', `en la factura N.º ${original.number} el precio de ${o.codeProduct} es ${fromHundredths(o.priceUnit)}`);
          }
          return {
            activityEconomic: o?.activityEconomic ?? l.activityEconomic ?? '',
            codeProductSin: o?.codeProductSin ?? l.codeProductSin ?? '',
            codeProduct: l.codeProduct,
            description: o?.description ?? l.description ?? '',
            quantity: l.qty,
            unitMeasure: o?.unitMeasure ?? l.unitMeasure ?? 0,
            priceUnit: o ? fromHundredths(o.priceUnit) : (l.priceUnit ?? 0),
            returnProduct: l.returnProduct,
          };
        });
        const sale: SaleRequest = {
          invoiceType: type.name,
          posId: pos.id,
          clientDocumentType: original.clientDocType,
          clientDocumentNumber: original.clientDocNumber,
          clientBusinessName: original.clientName,
          clientCode: original.clientCode,
          paymentMethodCode: original.paymentMethod,
          originalInvoiceId: original.id,
          refundMethodCode: body.paramRefundMethod ?? null,
          details: lines,
        };
        const issued = await issue(req, route, pos, sale, body.userPos);
        const inv = issued.invoice;
        refuseRejected(inv);
        const facts = inv.sectorData ?? {};
        const cents = (key: string) => Number(facts[key] ?? 0);
        const qrCode = qrOf(req.tenant, inv);
        const png = await qrPng(qrCode);
        const data = {
          nitEmissor: Number(req.tenant.nit),
          cuf: inv.cuf,
          invoiceNumber: inv.number,
          invoiceCode: invoiceShortCode(inv.id),
          originalInvoiceNumber: original.number,
          originalInvoiceCode: invoiceShortCode(original.id),
          ...refundOut(req.tenant.id, inv.id),
          qrCode,
          qrCodeDownload: Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64'),
          dateEmission: inv.fechaEmision,
          userCashier: inv.usuario,
          invoiceXml: inv.xml,
          amountTotalDiscount: inv.additionalDiscount > 0 ? fromHundredths(inv.additionalDiscount) : null,
          ...siatStatus(inv),
          countItems: inv.details.length,
          amountTotalOriginal: fromHundredths(cents(NOTE.AMOUNT_ORIGINAL)),
          amountTotalReturn: fromHundredths(cents(NOTE.AMOUNT_RETURNED)),
          amountLiteralReturn: amountInWords(cents(NOTE.AMOUNT_RETURNED)),
          // montoDescuentoCreditoDebito: the returned lines' share of the original's additional discount (nil when none).
          amountDiscountCreditDebit: cents(NOTE.AMOUNT_DISCOUNT) > 0 ? fromHundredths(cents(NOTE.AMOUNT_DISCOUNT)) : null,
          amountCashCreditDebit: fromHundredths(cents(NOTE.AMOUNT_CASH)),
          invoiceUrl: deps.publicBaseUrl() + publicInvoicePath(inv.cuf, 'pdf'),
          detailInvoice: inv.details.map((d, i) => ({ ...lineOut(d, i, route.sector), codeDetailTransaction: d.transaction ?? 1 })),
        };
        return reply.status(issued.replayed ? 200 : 201).send(sectorOk(data, route.emitted));
      },
    );
  }

  function registerCancellation(route: SectorRoute, modality: SectorModality, cancel: SectorEmissionRoutes['cancel'], title: string): void {
    const modalidad = SECTOR_MODALITIES[modality];
    app.post(
      cancel.path,
      {
        schema: {
          tags,
          summary: `Anula: ${title} (anulacion${route.sector === NOTE.SECTOR ? 'DocumentoAjuste' : 'Factura'})`,
          description:
            'Semilla 001 "Cancellation request and result": la factura se nombra por posId (codigoPuntoVenta), branchId, invoiceNumber e invoiceCode. ' +
            `Debe ser de este sector y modalidad y estar validada; SIAT responde 905 ANULACION CONFIRMADA. message ${route.cancelled}. ` +
            'Un rechazo de SIAT es 422 con sus códigos y textos tal cual.',
          body: cancel.body,
          response: { 200: sectorResponse(cancel.response) },
        },
      },
      async (req) => {
        const body = req.body as CancellationRequest;
        const { pos } = resolvePos(req, body.posId, body.branchId);
        const inv = invoiceAt(req.tenant.id, pos, body.invoiceNumber, body.invoiceCode);
        // One answer for "no such number" and "wrong code", as on the retrieval routes.
        if (!inv) throw notFound(`No hay una factura número ${body.invoiceNumber} con código ${body.invoiceCode} en el punto de venta ${pos.code} de la sucursal ${pos.branchCode}`);
        if (inv.sector !== route.sector || inv.modalidad !== modalidad) {
          const other = SECTOR_ROUTES.find((r) => r.sector === inv.sector);
          const where = other ? `POST ${cancellationPath(modalitySegment(inv.modalidad), other.segment)}` : `POST /api/v1/invoices/${inv.id}/cancel`;
          throw invalid('invoiceNumber', 'OTHER_SECTOR', `la factura N.º ${inv.number} es del documento sector ${inv.sector}, modalidad ${modalityWord(inv.modalidad)}: anúlela con ${where}`);
        }
        let done: InvoiceRecord;
        try {
          done = await deps.lifecycle.cancel(req.tenant, pos, inv, body.codeMotive, (d) => recorderOf(store, req, 'cancel')(d.id));
        } catch (err) {
          throw seedError(err, req.tenant, route);
        }
        return sectorOk(
          {
            invoiceNumber: done.number,
            cuf: done.cuf,
            siatCodeState: done.siatCode ?? 905,
            siatDescriptionStatus: done.siatDescription ?? 'ANULACION CONFIRMADA',
            qrCode: qrOf(req.tenant, done),
            invoiceCode: invoiceShortCode(done.id),
          },
          route.cancelled,
        );
      },
    );
  }
}
