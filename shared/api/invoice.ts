// Seed "Invoices" (API-key style): the request, the resource, its list item, status and
// cancellation, and the public summary. The routes validate and serialize with these schemas,
// the OpenAPI document shows them, and the till's types are their Static<>.
import Type, { type Static } from 'typebox';
import { SiatMessageSchema } from './envelope';
import { allSectorFields, type SectorField } from '../sector-fields';
import { PaymentsSchema } from './cash';

export const InvoiceStateSchema = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('VALIDATED'),
  Type.Literal('REJECTED'),
  Type.Literal('CANCELLED'),
  Type.Literal('CONTINGENCY'),
]);
export type InvoiceState = Static<typeof InvoiceStateSchema>;
export const INVOICE_STATES: readonly InvoiceState[] = InvoiceStateSchema.anyOf.map((s) => s.const);

export const EmissionTypeSchema = Type.Union([Type.Literal('NORMAL'), Type.Literal('CONTINGENCY')], {
  description: 'NORMAL (en línea) o CONTINGENCY (fuera de línea)',
});
export type EmissionType = Static<typeof EmissionTypeSchema>;

const Money = (description: string) => Type.Number({ minimum: 0, description: `${description} (hasta 2 decimales)` });

/** A sector field (shared/sector-fields.ts) as an optional JSON property; its sector requires it. */
function sectorProperty(f: SectorField) {
  const description = `${f.label} (${f.xml}${f.required ? '; obligatorio en su sector' : ''})`;
  switch (f.kind) {
    case 'string':
      return Type.Optional(Type.Union([Type.String({ maxLength: f.maxLength, description }), Type.Null()]));
    case 'integer':
      return Type.Optional(Type.Union([Type.Integer({ minimum: f.minimum, maximum: f.maximum, description }), Type.Null()]));
    case 'amount':
      return Type.Optional(Type.Union([Money(description), Type.Null()]));
    case 'dateTime':
      return Type.Optional(Type.Union([Type.String({ maxLength: 23, description: `${description}; aaaa-mm-ddThh:mm:ss, hora de Bolivia` }), Type.Null()]));
  }
}
const sectorProperties = (part: 'header' | 'line') => Object.fromEntries(allSectorFields(part).map((f) => [f.key, sectorProperty(f)]));

export const CreateInvoiceDetailSchema = Type.Object(
  {
    ...sectorProperties('line'),
    returnProduct: Type.Optional(Type.Boolean({ description: 'Nota de crédito-débito: true = línea devuelta (codigoDetalleTransaccion 2)' })),
    activityEconomic: Type.String({ minLength: 1, maxLength: 10 }),
    codeProductSin: Type.Union([Type.String({ minLength: 1, maxLength: 8 }), Type.Integer({ minimum: 1, maximum: 99_999_999 })]),
    codeProduct: Type.String({ minLength: 1, maxLength: 50 }),
    description: Type.String({ minLength: 1, maxLength: 500 }),
    quantity: Type.Number({ exclusiveMinimum: 0, description: 'Cantidad (hasta 2 decimales)' }),
    unitMeasure: Type.Integer({ minimum: 1, maximum: 200 }),
    priceUnit: Type.Number({ exclusiveMinimum: 0, description: 'Precio unitario (hasta 2 decimales)' }),
    amountDiscount: Type.Optional(Type.Union([Money('Descuento de la línea'), Type.Null()])),
  },
  { additionalProperties: false },
);

/**
 * POST /api/v1/invoices. `invoiceTypes` lists the seed's invoiceType names for the document
 * (the table lives with issuing, main/invoicing/invoice-types.ts, which shared/ cannot import).
 */
export const createInvoiceBody = (invoiceTypes: string) =>
  Type.Object(
    {
      invoiceType: Type.String({ maxLength: 40, description: invoiceTypes }),
      posId: Type.String({ format: 'uuid', description: 'UUID del punto de venta (GET /api/v1/pos)' }),
      clientDocumentType: Type.Integer({ minimum: 1, maximum: 5, description: '1 CI, 2 CEX, 3 PAS, 4 OD, 5 NIT' }),
      clientDocumentNumber: Type.String({ minLength: 1, maxLength: 20 }),
      clientComplement: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Null()])),
      clientBusinessName: Type.String({ minLength: 1, maxLength: 500 }),
      clientCode: Type.String({ minLength: 1, maxLength: 100 }),
      clientEmail: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 200 }), Type.Null()])),
      paymentMethodCode: Type.Optional(Type.Integer({ minimum: 1, maximum: 308, description: 'Código SIAT; se omite si se envía payments' })),
      cardNumber: Type.Optional(Type.Union([Type.String({ maxLength: 25 }), Type.Integer(), Type.Null()])),
      giftCardAmount: Type.Optional(Type.Union([Money('Monto pagado con gift card'), Type.Null()])),
      additionalDiscount: Type.Optional(Type.Union([Money('Descuento adicional'), Type.Null()])),
      currencyCode: Type.Optional(Type.Integer({ minimum: 1, maximum: 154, description: 'Moneda (1 = boliviano, por defecto)' })),
      exchangeRate: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Tipo de cambio (1 por defecto)' })),
      exceptionCode: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Null()])),
      details: Type.Array(CreateInvoiceDetailSchema, { minItems: 1, maxItems: 500 }),
      originalInvoiceId: Type.Optional(Type.String({ format: 'uuid', description: 'Nota de crédito-débito: id de la factura original (VALIDATED)' })),
      ...sectorProperties('header'),
      payments: Type.Optional(PaymentsSchema),
    },
    { additionalProperties: false },
  );
export type CreateInvoiceRequest = Static<ReturnType<typeof createInvoiceBody>>;

export const InvoiceLineSchema = Type.Object({
  activityEconomic: Type.String(),
  codeProductSin: Type.String(),
  codeProduct: Type.String(),
  description: Type.String(),
  quantity: Type.Number(),
  unitMeasure: Type.Integer(),
  priceUnit: Type.Number(),
  amountDiscount: Type.Number(),
  amountSubtotal: Type.Number(),
});

/** Seed: Invoice, plus Kipu's emission type, SIAT's messages and the public links. */
export const InvoiceSchema = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.Integer(),
  cuf: Type.String(),
  state: InvoiceStateSchema,
  emissionType: EmissionTypeSchema,
  invoiceType: Type.String(),
  posId: Type.String(),
  siatCode: Type.Union([Type.Integer(), Type.Null()]),
  siatDescription: Type.Union([Type.String(), Type.Null()]),
  siatMessages: Type.Array(SiatMessageSchema),
  clientDocumentType: Type.Integer(),
  clientDocumentNumber: Type.String(),
  clientComplement: Type.Union([Type.String(), Type.Null()]),
  clientBusinessName: Type.String(),
  clientCode: Type.String(),
  clientEmail: Type.Union([Type.String(), Type.Null()]),
  amountSubtotal: Type.Number(),
  amountDiscount: Type.Number(),
  giftCardAmount: Type.Number(),
  amountTotal: Type.Number(),
  amountTotalSubjectToVat: Type.Number(),
  currencyCode: Type.Integer(),
  exchangeRate: Type.Number(),
  literal: Type.String(),
  leyenda: Type.String(),
  paymentMethodCode: Type.Integer(),
  cardNumber: Type.Union([Type.String(), Type.Null()]),
  emissionDate: Type.String(),
  cancellationReason: Type.Union([Type.Integer(), Type.Null()]),
  cancellationDate: Type.Union([Type.String(), Type.Null()]),
  details: Type.Array(InvoiceLineSchema),
  pdfUrl: Type.String(),
  xmlUrl: Type.String(),
  ticketUrl: Type.String(),
  /** SIAT's QR page for this invoice (printed as QR on the ticket). */
  qrUrl: Type.String(),
});
export type Invoice = Static<typeof InvoiceSchema>;

/** Seed: Invoice list item (GET /api/v1/invoices adds emissionType; the till's queue does not). */
export const InvoiceListItemSchema = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.Integer(),
  cuf: Type.String(),
  state: InvoiceStateSchema,
  clientBusinessName: Type.String(),
  amountTotal: Type.Number(),
  emissionDate: Type.String(),
  emissionType: Type.Optional(EmissionTypeSchema),
});
export type InvoiceListItem = Static<typeof InvoiceListItemSchema>;

/** Seed: Invoice status; `lastChecked` is null until SIAT has been asked. */
export const InvoiceStatusSchema = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.Integer(),
  cuf: Type.String(),
  state: InvoiceStateSchema,
  siatCode: Type.Union([Type.Integer(), Type.Null()]),
  siatDescription: Type.Union([Type.String(), Type.Null()]),
  emissionType: EmissionTypeSchema,
  lastChecked: Type.Union([Type.String(), Type.Null()]),
});
export type InvoiceStatusInfo = Static<typeof InvoiceStatusSchema>;

/** Seed: Cancellation result. */
export const CancellationResultSchema = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.Integer(),
  cuf: Type.String(),
  state: InvoiceStateSchema,
  cancellationReason: Type.Integer(),
  cancellationDate: Type.String(),
});
export type CancellationResult = Static<typeof CancellationResultSchema>;

/** POST /invoices/{id}/reverse-cancellation: the invoice valid again, with SIAT's answer (907). */
export const CancellationReversalResultSchema = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.Integer(),
  cuf: Type.String(),
  state: InvoiceStateSchema,
  siatCode: Type.Union([Type.Integer(), Type.Null()], { description: 'SIAT: 907 reversión de anulación confirmada (978 también la confirma)' }),
  siatDescription: Type.Union([Type.String(), Type.Null()]),
});
export type CancellationReversalResult = Static<typeof CancellationReversalResultSchema>;

/** The public summary of an invoice (no key: the CUF is the access token). */
export const PublicInvoiceSummarySchema = Type.Object({
  invoiceNumber: Type.Integer(),
  state: InvoiceStateSchema,
  amountTotal: Type.Number(),
  clientBusinessName: Type.String(),
  emissionDate: Type.String(),
  downloads: Type.Object({ pdf: Type.String(), ticket: Type.String(), xml: Type.String(), zip: Type.String() }),
});

/** Query of GET /api/v1/invoices (beside the page and size). */
export const InvoiceListFilterSchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Número, documento o nombre del cliente, o CUF' })),
  state: Type.Optional(InvoiceStateSchema),
  from: Type.Optional(Type.String({ format: 'date', description: 'Desde (aaaa-mm-dd)' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'Hasta, inclusive (aaaa-mm-dd)' })),
  posId: Type.Optional(Type.String({ format: 'uuid' })),
});
