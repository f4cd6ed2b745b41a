// Seed "Invoices" (API-key style) and the public invoice summary and XML. What an invoice reads
// like in an answer: ../invoice-dto.ts.
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { InvoiceRecord, InvoiceRepository } from '../../store/invoices';
import type { InvoicingService } from '../../invoicing/issue-invoice';
import type { InvoiceLifecycle } from '../../invoicing/invoice-lifecycle';
import { fromHundredths } from '../../../shared/money';
import { fromBoliviaIso, toBoliviaIso } from '../../../shared/time';
import { publicInvoicePath } from '../../../shared/api/public-links';
import { ok, pageOf } from '../envelope';
import { notFound, unprocessable } from '../errors';
import type { CatalogService } from '../../catalogs/catalog-sync';
import { SEED_CANCELLATION_REASONS } from '../../catalogs/seed-codes';
import { siatCancellationReason } from '../seed-code-param';
import { asApiError } from '../domain-errors';
import { ROUTES } from '../../../shared/api/routes';
import { offsetOf } from '../pagination';
import { type Invoice } from '../../../shared/api/invoice';
import { openPointOfSale } from '../point-of-sale-param';
import { NOTE } from '../../invoicing/credit-debit-note-data';
import { returnedSoFar } from '../../invoicing/credit-debit-note';
import { CONCILIATION } from '../../invoicing/conciliation-note-data';
import { doerOf, recorderOf } from '../doer';
import { invoiceType } from '../../../shared/invoice-types';
import { emissionType, invoiceDto, lastCancel, whoDid } from '../invoice-dto';
import { IdempotencyHeader } from '../idempotency-header';
import { contractSchema } from '../contract-schema';

export const WAIT_DEFAULT_MS = 15_000;
const WAIT_MAX_MS = 30_000;

export function waitMsOf(wait: string | undefined): number {
  if (wait === undefined || wait === 'false') return 0;
  if (wait === 'true') return WAIT_DEFAULT_MS;
  return Math.min(Number(wait), WAIT_MAX_MS);
}

export interface InvoiceRouteDeps {
  store: Store;
  invoices: InvoiceRepository;
  invoicing: InvoicingService;
  lifecycle: InvoiceLifecycle;
  catalogs: CatalogService;
  publicBaseUrl: () => string;
}

export function invoiceRoutes(app: FastifyInstance, deps: InvoiceRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Facturas'];
  const dto = (req: FastifyRequest, inv: InvoiceRecord): Invoice => ({
    ...invoiceDto(
      inv,
      deps.publicBaseUrl(),
      req.tenant.ambiente,
      req.tenant.nit,
      deps.store.cash.payments(req.tenant.id, inv.id),
      deps.store.cash.refundMethod(req.tenant.id, inv.id),
      // Only an offline invoice can be a re-issue: the sale path's online answer never looks.
      inv.codigoEmision === 2 ? deps.invoices.replacedCuf(req.tenant.id, inv.id) : null,
    ),
    // SIAT reverses an annulment once (968): the cancel dialog says whether this one still can be.
    cancellationReverted: deps.invoices.cancellationReverted(req.tenant.id, inv.id),
    ...whoDid(deps.store, req.tenant.id, inv),
  });
  const load = (req: FastifyRequest, id: string) => {
    const inv = deps.invoices.byId(req.tenant.id, id);
    if (!inv) throw notFound(`Factura ${id} no encontrada`);
    return inv;
  };
  const posOf = (req: FastifyRequest, inv: InvoiceRecord) => deps.store.pointsOfSale.byId(req.tenant.id, inv.posId)!;
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw asApiError(err);
    }
  };

  r.post(
    ROUTES.invoices.create.path,
    {
      schema: {
        tags,
        summary: 'Emite una factura de cualquier sector de la semilla, una nota de crédito-débito o una de conciliación (modalidad electrónica o computarizada)',
        description:
          'La venta termina cuando la factura está armada, verificada, firmada y guardada: la respuesta llega entonces con state PENDING ' +
          'y el envío a SIAT sigue en segundo plano; VALIDATED o REJECTED (con los códigos de SIAT) llega por el flujo de eventos, los ' +
          'webhooks y GET /api/v1/invoices/{id}/status. Con ?wait=true (15 s) o ?wait=<ms> (hasta 30000) la respuesta espera el veredicto ' +
          'de SIAT ese tiempo como máximo. Si SIAT no responde, la venta no se pierde: se emite fuera de línea (state CONTINGENCY, ' +
          'emissionType CONTINGENCY) y se envía en paquete al reconectar. La cabecera Idempotency-Key hace que un reintento devuelva la misma factura.',
        headers: IdempotencyHeader,
        ...contractSchema(ROUTES.invoices.create, 201, 200),
      },
    },
    async (req, reply) => {
      const idempotencyKey = req.headers['idempotency-key'] ?? null;
      // A return's act record is written in the note's own transaction (decision 0069).
      const returned = invoiceType(req.body.invoiceType)?.sector === NOTE.SECTOR ? recorderOf(deps.store, req, 'return') : null;
      // So is a sale a supervisor approved (a discount over the store's limit, another price).
      const approved = req.act === 'discount-over-limit' || req.act === 'price-override' ? recorderOf(deps.store, req, req.act) : null;
      const record = returned ?? approved;
      // A retry gets its invoice back first, also from a point of sale closed since; a new sale on
      // a closed point of sale is 409 POS_CLOSED (its invoices stay readable below).
      const replay = idempotencyKey ? await guard(async () => deps.invoicing.replayOf(req.tenant, idempotencyKey, req.body)) : null;
      const result =
        replay ??
        (await guard(() =>
          deps.invoicing.issue(req.tenant, openPointOfSale(deps.store, req.tenant.id, req.body.posId), req.body, {
            idempotencyKey,
            usuario: req.apiKey.name.slice(0, 100) || 'kipu',
            waitMs: waitMsOf(req.query.wait),
            doer: doerOf(req),
            ...(record ? { record: (inv: InvoiceRecord) => record(inv.id) } : {}),
          }),
        ));
      const inv = result.invoice;
      const message =
        inv.state === 'VALIDATED'
          ? `Factura ${inv.number} validada por SIAT`
          : inv.state === 'REJECTED'
            ? `Factura ${inv.number} rechazada por SIAT`
            : inv.state === 'CONTINGENCY'
              ? `Factura ${inv.number} emitida fuera de línea; se enviará a SIAT al reconectar`
              : `Factura ${inv.number} emitida; resultado de SIAT pendiente`;
      return reply.status(result.replayed ? 200 : 201).send(ok(dto(req, inv), message));
    },
  );

  r.get(
    ROUTES.invoices.list.path,
    {
      schema: {
        tags,
        summary: 'Facturas del contribuyente, las más nuevas primero',
        ...contractSchema(ROUTES.invoices.list),
      },
    },
    async (req) => {
      const { page, size, q, state, from, to, posId } = req.query;
      const toNext = to ? toBoliviaIso(new Date(fromBoliviaIso(`${to}T00:00:00.000`)!.getTime() + 86_400_000)).slice(0, 10) : undefined;
      const { items, total } = deps.invoices.list(req.tenant.id, offsetOf({ page, size }), size, {
        ...(q ? { q } : {}),
        ...(state ? { state } : {}),
        ...(from ? { from } : {}),
        ...(toNext ? { to: toNext } : {}),
        ...(posId ? { posId } : {}),
      });
      return ok(
        pageOf(
          items.map((i) => ({
            id: i.id,
            invoiceNumber: i.invoiceNumber,
            cuf: i.cuf,
            state: i.state,
            clientBusinessName: i.clientBusinessName,
            amountTotal: fromHundredths(i.amountTotal),
            emissionDate: i.fechaEmision,
            emissionType: emissionType(i),
            sector: i.sector,
            ...(i.originalInvoiceNumber !== null ? { originalInvoiceNumber: i.originalInvoiceNumber } : {}),
            usuario: i.usuario,
            ...(i.state === 'CANCELLED' ? { cancelledBy: lastCancel(deps.store, req.tenant.id, i.id) } : {}),
          })),
          page,
          size,
          total,
        ),
      );
    },
  );

  r.get(
    ROUTES.invoices.byCuf.path,
    { schema: { tags, summary: 'Factura por CUF', params: Type.Object({ cuf: Type.String({ minLength: 1, maxLength: 100 }) }), ...contractSchema(ROUTES.invoices.byCuf) } },
    async (req) => {
      const inv = deps.invoices.byCuf(req.tenant.id, req.params.cuf);
      if (!inv) throw notFound(`No hay una factura con CUF ${req.params.cuf}`);
      return ok(dto(req, inv));
    },
  );

  r.get(
    ROUTES.invoices.get.path,
    { schema: { tags, summary: 'Factura por id', params: Type.Object({ id: Type.String({ format: 'uuid' }) }), ...contractSchema(ROUTES.invoices.get) } },
    async (req) => {
      const inv = load(req, req.params.id);
      const out = dto(req, inv);
      // A sale's Devolución starts from what the notes issued on it left (their quantities, their share of the discount).
      if (inv.sector !== NOTE.SECTOR && inv.sector !== CONCILIATION.SECTOR && inv.state === 'VALIDATED') {
        const r = returnedSoFar(inv, deps.invoices.notesOf(req.tenant.id, inv.id));
        Object.assign(out, { returnable: { quantities: r.left.map(fromHundredths), additionalDiscountTaken: fromHundredths(r.discountTaken) } });
      }
      return ok(out);
    },
  );

  r.get(
    ROUTES.invoices.status.path,
    {
      schema: {
        tags,
        summary: 'Estado de la factura consultado a SIAT ahora (verificacionEstadoFactura)',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ...contractSchema(ROUTES.invoices.status),
      },
    },
    async (req) => {
      const inv = load(req, req.params.id);
      const done = await guard(() => deps.lifecycle.checkStatus(req.tenant, posOf(req, inv), inv));
      return ok({
        id: done.id,
        invoiceNumber: done.number,
        cuf: done.cuf,
        state: done.state,
        siatCode: done.siatCode,
        siatDescription: done.siatDescription,
        emissionType: emissionType(done),
        lastChecked: done.lastChecked ? toBoliviaIso(new Date(done.lastChecked)) : null,
      });
    },
  );

  r.post(
    ROUTES.invoices.cancel.path,
    {
      schema: {
        tags,
        summary: 'Anula una factura validada (anulacionFactura)',
        description:
          'motivo con el significado del documento semilla: 1 error en los datos, 2 devolución, 3 periodo posterior, 4 otro (por defecto 1); ' +
          'Kipu lo traduce al código de SIAT de igual significado según el catálogo sincronizado (README, «Sector codes: seed vs SIAT»). ' +
          'motivoSiat (extensión de Kipu) indica directamente el código del catálogo de motivos de anulación de SIAT.',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ...contractSchema(ROUTES.invoices.cancel),
      },
    },
    async (req) => {
      const inv = load(req, req.params.id);
      const { motivo, motivoSiat } = req.query;
      if (motivo !== undefined && motivoSiat !== undefined) {
        throw unprocessable('Indique motivo (código del documento semilla) o motivoSiat (código de SIAT), no ambos', [{ field: 'motivoSiat', rule: 'EXCLUSIVE', message: 'motivo y motivoSiat a la vez' }]);
      }
      const pos = posOf(req, inv);
      const siatMotivo = motivoSiat ?? (await siatCancellationReason(deps.catalogs, req.tenant, pos, SEED_CANCELLATION_REASONS, motivo ?? 1, inv.sector === NOTE.SECTOR));
      const done = await guard(() => deps.lifecycle.cancel(req.tenant, pos, inv, siatMotivo, (d) => recorderOf(deps.store, req, 'cancel')(d.id)));
      return ok(
        {
          id: done.id,
          invoiceNumber: done.number,
          cuf: done.cuf,
          state: done.state,
          cancellationReason: done.cancellationReason!,
          cancellationDate: toBoliviaIso(new Date(done.cancellationDate!)),
        },
        `Factura ${done.number} anulada`,
      );
    },
  );

  r.post(
    ROUTES.invoices.reverseCancellation.path,
    {
      schema: {
        tags,
        summary: 'Revierte la anulación de una factura (reversionAnulacionFactura)',
        description:
          'Una sola vez por factura y dentro del plazo de la anulación (hasta el día 9 del mes siguiente a la emisión; exportación 180 días): fuera de eso responde 422 sin consultar a SIAT. ' +
          'Las notas de crédito-débito usan reversionAnulacionDocumentoAjuste. Los rechazos de SIAT (968 ya revertida, 3012 fuera de plazo …) llegan textuales en siatCode/siatMessages.',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ...contractSchema(ROUTES.invoices.reverseCancellation),
      },
    },
    async (req) => {
      const inv = load(req, req.params.id);
      const done = await guard(() => deps.lifecycle.reverseCancellation(req.tenant, posOf(req, inv), inv, (d) => recorderOf(deps.store, req, 'reverse')(d.id)));
      return ok(
        { id: done.id, invoiceNumber: done.number, cuf: done.cuf, state: done.state, siatCode: done.siatCode, siatDescription: done.siatDescription },
        `Anulación de la factura ${done.number} revertida: vuelve a ser válida`,
      );
    },
  );

  // ---- public (no key): the CUF is the access token ----------------------------------

  r.get(
    ROUTES.public.invoice.path,
    {
      schema: {
        tags: ['Descargas públicas'],
        summary: 'Resumen público de la factura con sus descargas',
        security: [],
        params: Type.Object({ cuf: Type.String({ minLength: 1, maxLength: 100 }) }),
        ...contractSchema(ROUTES.public.invoice),
      },
    },
    async (req) => {
      const inv = deps.invoices.byCuf(null, req.params.cuf);
      if (!inv) throw notFound(`No hay una factura con CUF ${req.params.cuf}`);
      return ok({
        invoiceNumber: inv.number,
        state: inv.state,
        amountTotal: fromHundredths(inv.total),
        clientBusinessName: inv.clientName,
        emissionDate: inv.fechaEmision,
        downloads: {
          pdf: publicInvoicePath(inv.cuf, 'pdf'),
          ticket: publicInvoicePath(inv.cuf, 'ticket'),
          xml: publicInvoicePath(inv.cuf, 'xml'),
          zip: publicInvoicePath(inv.cuf, 'zip'),
        },
      });
    },
  );

  r.get(
    ROUTES.public.invoiceXml.path,
    {
      schema: {
        tags: ['Descargas públicas'],
        summary: 'XML de la factura, exactamente como se envió a SIAT (firmado en modalidad electrónica)',
        security: [],
        params: Type.Object({ cuf: Type.String({ minLength: 1, maxLength: 100 }) }),
      },
    },
    async (req, reply) => {
      const inv = deps.invoices.byCuf(null, req.params.cuf);
      if (!inv) throw notFound(`No hay una factura con CUF ${req.params.cuf}`);
      return reply
        .header('cache-control', 'public, max-age=31536000')
        .header('content-disposition', `inline; filename="factura-${inv.number}-${inv.cuf}.xml"`)
        .type('application/xml; charset=utf-8')
        .send(inv.xml);
    },
  );

}
