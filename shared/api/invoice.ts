// Seed "Invoices" (API-key style): the request, the resource, its list item, status and
// cancellation, and the public summary. The routes validate and serialize with these schemas,
// the OpenAPI document shows them, and the till's types are their Static<>.
import Type, { type Static } from 'typebox';
import { SiatMessageSchema } from './envelope';
import { allSectorFields, sectorFields, type SectorField } from '../sector-fields';
import { INVOICE_TYPES } from '../invoice-types';
import { CONCILIATION_NOTE_SECTOR, CREDIT_DEBIT_NOTE_SECTOR } from '../sectors';
import { createInvoiceExamples } from './invoice-examples';
import { PaymentSchema, PaymentsSchema } from './cash';

export const InvoiceStateSchema = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('VALIDATED'),
  Type.Literal('REJECTED'),
  Type.Literal('CANCELLED'),
  Type.Literal('CONTINGENCY'),
]);
export type InvoiceState = Static<typeof InvoiceStateSchema>;
export const INVOICE_STATES: readonly InvoiceState[] = InvoiceStateSchema.anyOf.map((s) => s.const);

export const EmissionTypeSchema = Type.Union([Type.Literal('NORMAL'), Type.Literal('CONTINGENCY'), Type.Literal('MASSIVE')], {
  description: 'NORMAL (en línea), CONTINGENCY (fuera de línea) o MASSIVE (emisión masiva, POST /api/v1/invoices/batch; SIAT tipo de emisión 3)',
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
    finalAmount: Type.Optional(Money('Nota de conciliación: monto final de la línea de la factura original (la de codeProduct) tras la conciliación, en bolivianos')),
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

/** What each invoiceType issues: SIAT's sector and modality (shared/invoice-types.ts). */
const INVOICE_TYPE_DESCRIPTION =
  'Tipo de documento (nombres de la semilla; los códigos que van a SIAT siguen su catálogo): ' +
  INVOICE_TYPES.map((t) => `${t.name} = ${sectorFields(t.sector)?.label ?? `sector ${t.sector}`} (documento sector ${t.sector}), ${t.modalidad === 1 ? 'electrónica' : 'computarizada'}`).join('; ') +
  '. Los campos propios del sector van en la cabecera y en details[]; la nota de crédito-débito lleva originalInvoiceId y details[].returnProduct; la de conciliación, originalInvoiceId y en details[] las líneas de la original que cambian, con su finalAmount. ' +
  'Un ejemplo por tipo en los ejemplos del cuerpo.';

/** The invoiceTypes of SIAT's adjustment notes (credit-debit 24, conciliación 29), both modalities. */
const NOTE_INVOICE_TYPES = INVOICE_TYPES.filter((t) => t.sector === CREDIT_DEBIT_NOTE_SECTOR || t.sector === CONCILIATION_NOTE_SECTOR).map((t) => t.name);
const CLIENT_FIELDS = ['clientDocumentType', 'clientDocumentNumber', 'clientBusinessName', 'clientCode'];

/**
 * JSON Schema's if/else on the body: the client's fields are required on every invoiceType but
 * the credit-debit note, which takes its client from the original invoice
 * (main/invoicing/credit-debit-note.ts). The validator answers a missing one as any other
 * required field (400 naming it); a note that repeats them must repeat them unchanged (422).
 */
export const CLIENT_REQUIRED_UNLESS_NOTE = {
  if: { properties: { invoiceType: { enum: NOTE_INVOICE_TYPES } }, required: ['invoiceType'] },
  else: { required: CLIENT_FIELDS },
};

const CLIENT_OPTIONAL_ON_NOTES =
  'Obligatorio salvo en las notas de crédito-débito y de conciliación (' + NOTE_INVOICE_TYPES.join(', ') + '), que toman el cliente de la factura original; si la nota lo envía, debe ser igual al de la original (si no, 422 NOTE_CLIENT_MISMATCH con el campo).';

/**
 * POST /api/v1/invoices, with one named example per invoiceType (x-examples: the OpenAPI
 * document's request body examples, invoice-examples.ts).
 */
export const createInvoiceBody = () =>
  Type.Object(
    {
      invoiceType: Type.String({ maxLength: 40, description: INVOICE_TYPE_DESCRIPTION }),
      posId: Type.String({ format: 'uuid', description: 'UUID del punto de venta (GET /api/v1/pos)' }),
      clientDocumentType: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: `1 CI, 2 CEX, 3 PAS, 4 OD, 5 NIT. ${CLIENT_OPTIONAL_ON_NOTES}` })),
      clientDocumentNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: CLIENT_OPTIONAL_ON_NOTES })),
      clientComplement: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Null()])),
      clientBusinessName: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: CLIENT_OPTIONAL_ON_NOTES })),
      clientCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: CLIENT_OPTIONAL_ON_NOTES })),
      clientEmail: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 200 }), Type.Null()])),
      paymentMethodCode: Type.Optional(Type.Integer({ minimum: 1, maximum: 308, description: 'Código SIAT; se omite si se envía payments' })),
      cardNumber: Type.Optional(Type.Union([Type.String({ maxLength: 25 }), Type.Integer(), Type.Null()])),
      giftCardAmount: Type.Optional(Type.Union([Money('Monto pagado con gift card'), Type.Null()])),
      additionalDiscount: Type.Optional(Type.Union([Money('Descuento adicional'), Type.Null()])),
      currencyCode: Type.Optional(Type.Integer({ minimum: 1, maximum: 154, description: 'Moneda (1 = boliviano, por defecto)' })),
      exchangeRate: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Tipo de cambio (1 por defecto)' })),
      exceptionCode: Type.Optional(
        Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Null()], {
          description: 'codigoExcepcion: 1 emite aunque el NIT no sea válido. Con los códigos especiales del SIN (99001, 99002, 99003 como NIT) el motor pone 1 siempre',
        }),
      ),
      details: Type.Array(CreateInvoiceDetailSchema, { minItems: 1, maxItems: 500 }),
      originalInvoiceId: Type.Optional(Type.String({ format: 'uuid', description: 'Nota de crédito-débito o de conciliación: id de la factura original (VALIDATED)' })),
      refundMethodCode: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1, maximum: 308 }), Type.Null()], {
          description:
            'Solo nota de crédito-débito: cómo se devuelve el dinero, código SIAT de un solo método (1 efectivo, 2 tarjeta …). Si se omite, el de la factura original; ' +
            'si la original fue pago mixto, efectivo cuando hubo efectivo (si no, su parte mayor). La caja lo descuenta de ese medio.',
        }),
      ),
      ...sectorProperties('header'),
      payments: Type.Optional(PaymentsSchema),
    },
    { additionalProperties: false, ...CLIENT_REQUIRED_UNLESS_NOTE, 'x-examples': createInvoiceExamples() },
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
  sectorFields: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]), { description: 'Campos propios del sector en la línea (nombres de la API)' })),
  returnProduct: Type.Optional(Type.Boolean({ description: 'Nota de crédito-débito: true = línea devuelta; false = línea de la factura original' })),
  finalAmount: Type.Optional(Type.Number({ description: 'Nota de conciliación: monto final de una línea conciliada (las líneas de la factura original no lo llevan)' })),
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
  payments: Type.Optional(
    Type.Array(
      Type.Object({
        method: PaymentSchema.properties.method,
        amount: Type.Number({ description: 'Lo que este medio cubre de la factura (Bs; en efectivo, sin el cambio)' }),
        tendered: Type.Number({ description: 'Lo que el cliente entregó con este medio (Bs; difiere solo en efectivo)' }),
      }),
      { description: 'Cómo se pagó, un elemento por medio (pago mixto: efectivo + tarjeta …); paymentMethodCode es el código combinado de SIAT' },
    ),
  ),
  refundMethodCode: Type.Optional(Type.Integer({ description: 'Nota de crédito-débito: código SIAT del método con que se devolvió el dinero' })),
  emissionDate: Type.String(),
  cancellationReason: Type.Union([Type.Integer(), Type.Null()]),
  cancellationDate: Type.Union([Type.String(), Type.Null()]),
  cancellationDeadline: Type.Optional(
    Type.String({ description: 'Último instante (hora de Bolivia, yyyy-MM-ddTHH:mm:ss.SSS) en que SIAT anula la factura o revierte su anulación (día 9 del mes siguiente; exportación 180 días)' }),
  ),
  cancellationReverted: Type.Optional(Type.Boolean({ description: 'true si una anulación ya se revirtió una vez: SIAT no permite otra reversión' })),
  details: Type.Array(InvoiceLineSchema),
  pdfUrl: Type.String(),
  xmlUrl: Type.String(),
  ticketUrl: Type.String(),
  /** SIAT's QR page for this invoice (printed as QR on the ticket). */
  qrUrl: Type.String(),
  replacesCuf: Type.Optional(
    Type.String({
      description:
        'Solo en una factura reemitida fuera de línea porque el SIAT no registró su envío en línea: el CUF de esa primera emisión (el del ticket que ya se entregó), que esta factura reemplaza',
    }),
  ),
  sector: Type.Optional(Type.Integer({ description: 'codigoDocumentoSector de SIAT' })),
  sectorFields: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]), {
      description: 'Campos propios del sector en la cabecera, con los nombres de la API (nameStudent, billedPeriod, nitSet …); montos en bolivianos',
    }),
  ),
  originalInvoiceId: Type.Optional(Type.String({ description: 'Nota de crédito-débito o de conciliación: la factura original' })),
  originalInvoiceNumber: Type.Optional(Type.Integer()),
  originalCuf: Type.Optional(Type.String()),
  amountTotalOriginal: Type.Optional(Type.Number({ description: 'Nota: monto total de la factura original' })),
  amountTotalReturn: Type.Optional(Type.Number({ description: 'Nota: monto total devuelto (las líneas devueltas menos su parte del descuento adicional)' })),
  amountDiscountCreditDebit: Type.Optional(
    Type.Number({ description: 'Nota de crédito-débito: la parte del descuento adicional de la factura original que corresponde a las líneas devueltas (montoDescuentoCreditoDebito)' }),
  ),
  amountCashCreditDebit: Type.Optional(Type.Number({ description: 'Nota: crédito o débito fiscal (13 % del monto devuelto)' })),
  returnable: Type.Optional(
    Type.Object(
      {
        quantities: Type.Array(Type.Number(), { description: 'Por línea, en el orden de details: lo que queda por devolver de lo vendido' }),
        additionalDiscountTaken: Type.Number({ description: 'La parte del descuento adicional que ya se llevaron las notas emitidas (Bs)' }),
      },
      { description: 'Solo en GET /api/v1/invoices/{id} de una venta: lo que las notas de crédito-débito emitidas dejan por devolver' },
    ),
  ),
  amountTotalConciliated: Type.Optional(Type.Number({ description: 'Nota de conciliación: Σ de las diferencias entre el monto original y el final de cada línea (montoTotalConciliado)' })),
  ivaCreditAmount: Type.Optional(Type.Number({ description: 'Nota de conciliación: crédito fiscal IVA, 13 % de las disminuciones (creditoFiscalIva)' })),
  ivaDebitAmount: Type.Optional(Type.Number({ description: 'Nota de conciliación: débito fiscal IVA, 13 % de los aumentos (debitoFiscalIva)' })),
  // Who (issue 27): the person logged in at the till, or the API key's name for an integration.
  usuario: Type.Optional(Type.String({ description: 'Quién la emitió (el usuario del XML)' })),
  returnApprovedBy: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Nota de crédito-débito: el supervisor que aprobó la devolución' })),
  cancelledBy: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Quién la anuló' })),
  cancellationApprovedBy: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'El supervisor que aprobó la anulación' })),
  cancellationReversedBy: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Quién revirtió la anulación' })),
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
  sector: Type.Optional(Type.Integer({ description: 'codigoDocumentoSector de SIAT (24 = nota de crédito-débito)' })),
  originalInvoiceNumber: Type.Optional(Type.Integer({ description: 'Nota de crédito-débito: número de la factura a la que se refiere' })),
  usuario: Type.Optional(Type.String({ description: 'Quién la emitió: la persona de la caja, o el nombre de la clave de API' })),
  cancelledBy: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Anulada: quién la anuló (null si no se sabe: anulada antes de que se registrara)' })),
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

/** POST /invoices/{id}/reverse-cancellation: the invoice valid again, with SIAT's answer (907). */
export const CancellationReversalResultSchema = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.Integer(),
  cuf: Type.String(),
  state: InvoiceStateSchema,
  siatCode: Type.Union([Type.Integer(), Type.Null()], { description: 'SIAT: 907 reversión de anulación confirmada (978 también la confirma)' }),
  siatDescription: Type.Union([Type.String(), Type.Null()]),
});

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

/** `?wait` of POST /api/v1/invoices: the longest a sale answer waits for SIAT's verdict (issue #13). */
export const WaitQuery = Type.Object({
  wait: Type.Optional(Type.String({ pattern: '^(true|false|[0-9]{1,5})$', description: 'true = esperar el veredicto de SIAT hasta 15 s; un número = milisegundos (máximo 30000); por defecto no espera' })),
});

/** POST /api/v1/invoices/{id}/cancel: the seed's reason, or SIAT's own code (issue 28). */
export const CancelQuery = Type.Object({
  motivo: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'código del documento semilla (1 a 4), por defecto 1' })),
  motivoSiat: Type.Optional(Type.Integer({ minimum: 1, maximum: 999, description: 'código del catálogo de SIAT (motivos de anulación)' })),
});
