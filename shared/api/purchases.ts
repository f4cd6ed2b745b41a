// The purchase register (issue 14): the seed's "Purchase record" (seed 001, PageShopping) and
// Kipu's own routes to register, scan, import, send, confirm, delete and query purchases.
// Field names are the seed's; amounts are JSON numbers in bolivianos with 2 decimals.
import Type, { type Static } from 'typebox';
import { MAX_PAGE, MAX_PAGE_SIZE } from './limits';
import { SiatMessageSchema } from './envelope';

const Amount = (description: string) => Type.Number({ minimum: 0, maximum: 999_999_999_999.99, description });
const OptAmount = (description: string) => Type.Optional(Amount(description));

/** POST /api/v1/purchases: a supplier's invoice. Subtotal, base and crédito fiscal are computed. */
export const PurchaseInputSchema = Type.Object(
  {
    issuerNit: Type.String({ minLength: 1, maxLength: 13, description: 'NIT del proveedor (nitEmisor)' }),
    issuerBusinessName: Type.String({ minLength: 1, maxLength: 240, description: 'Razón social del proveedor' }),
    authorizationCode: Type.String({ minLength: 1, maxLength: 100, description: 'CUF, número de autorización (1 boleto aéreo, 3 DUI/DIM)' }),
    invoiceNumber: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9]+$', description: 'Número de la factura (hasta 20 dígitos)' }),
    duiDimNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 15, description: 'Número de DUI/DIM; 0 si es factura' })),
    emissionDate: Type.String({ minLength: 8, maxLength: 23, description: 'Fecha de la factura: aaaa-mm-dd, aaaa-mm-ddTHH:mm:ss[.SSS] o dd/mm/aaaa' }),
    totalPurchaseAmount: Amount('Importe total de la compra (mayor que 0)'),
    iceAmount: OptAmount('Importe ICE'),
    iehdAmount: OptAmount('Importe IEHD'),
    ipjAmount: OptAmount('Importe IPJ'),
    rates: OptAmount('Tasas'),
    otherNotSubjectToCredit: OptAmount('Otro no sujeto a crédito fiscal'),
    exemptAmounts: OptAmount('Importes exentos'),
    zeroRateAmount: OptAmount('Importe compras gravadas a tasa cero'),
    discount: OptAmount('Descuentos, bonificaciones y rebajas sujetas al IVA'),
    giftCardAmount: OptAmount('Importe gift card'),
    purchaseType: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: 'tipoCompra: 1 actividades gravadas (por defecto) … 5' })),
    controlCode: Type.Optional(Type.String({ maxLength: 17, description: 'Código de control (facturas antiguas); 0 si no tiene' })),
    source: Type.Optional(Type.Union([Type.Literal('MANUAL'), Type.Literal('QR')], { description: 'Cómo se cargó: a mano o con el lector de QR' })),
  },
  { additionalProperties: false },
);
export type PurchaseInput = Static<typeof PurchaseInputSchema>;

const PurchaseStateSchema = Type.Union(
  [Type.Literal('READY'), Type.Literal('SENT'), Type.Literal('ACCEPTED'), Type.Literal('REJECTED'), Type.Literal('DELETED')],
  { description: 'READY en cola, SENT enviada, ACCEPTED aceptada, REJECTED rechazada, DELETED eliminada' },
);

/** seed 001 "Purchase record", plus Kipu's own state, period and source. */
export const PurchaseRecordSchema = Type.Object({
  shoppingInvoiceId: Type.Integer(),
  number: Type.Integer({ description: 'N° en el registro del mes' }),
  issuerNit: Type.String(),
  issuerBusinessName: Type.String(),
  authorizationCode: Type.String(),
  invoiceNumber: Type.String(),
  duiDimNumber: Type.String(),
  emissionDate: Type.String({ description: 'yyyy-MM-ddTHH:mm:ss.SSS, hora de Bolivia' }),
  totalPurchaseAmount: Type.Number(),
  iceAmount: Type.Number(),
  iehdAmount: Type.Number(),
  ipjAmount: Type.Number(),
  rates: Type.Number(),
  otherNotSubjectToCredit: Type.Number(),
  exemptAmounts: Type.Number(),
  zeroRateAmount: Type.Number(),
  subtotal: Type.Number(),
  discount: Type.Number(),
  giftCardAmount: Type.Number(),
  totalAmountSubjectToVat: Type.Number(),
  fiscalCredit: Type.Number(),
  purchaseType: Type.Integer(),
  controlCode: Type.String(),
  responseCode: Type.Union([Type.Integer(), Type.Null()], { description: 'Código de SIAT (p. ej. 908, 904, 2217)' }),
  responseDescription: Type.Union([Type.String(), Type.Null()]),
  responseCodeDescription: Type.Union([Type.String(), Type.Null()], { description: 'Mensajes de SIAT, textuales' }),
  responseCodeReception: Type.Union([Type.String(), Type.Null()]),
  responseCodeStatus: Type.Union([Type.String(), Type.Null()]),
  transactionStatus: Type.Boolean({ description: 'SIAT aceptó la compra' }),
  isConfirmed: Type.Boolean(),
  validDescription: Type.String({ description: 'Estado en palabras' }),
  isValidated: Type.Boolean(),
  // Kipu's own members.
  id: Type.String(),
  state: PurchaseStateSchema,
  period: Type.Integer(),
  year: Type.Integer(),
  source: Type.String(),
  siatMessages: Type.Array(SiatMessageSchema),
});
export type PurchaseRecordDto = Static<typeof PurchaseRecordSchema>;

/** GET /api/v1/invoice/shopping/PageShopping (seed 001). */
export const PageShoppingQuery = Type.Object({
  size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10, description: `Resultados por página (1–${MAX_PAGE_SIZE})` }),
  page: Type.Integer({ minimum: 0, maximum: MAX_PAGE, default: 0, description: 'Página, desde 0' }),
  period: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, description: 'Periodo (mes)' })),
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100, description: 'Gestión (año)' })),
  invoiceNumber: Type.Optional(Type.Integer({ minimum: 1, description: 'Número de factura' })),
  cuf: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'CUF (código de autorización)' })),
});

export const PageShoppingSchema = Type.Object({
  totalItems: Type.Integer(),
  totalPages: Type.Integer(),
  limit: Type.Integer(),
  page: Type.Integer(),
  prevPage: Type.Union([Type.Integer(), Type.Null()]),
  nextPage: Type.Union([Type.Integer(), Type.Null()]),
  result: Type.Array(PurchaseRecordSchema),
});

/** GET /api/v1/purchases. */
export const PurchaseListQuery = Type.Object({
  page: Type.Integer({ minimum: 0, maximum: MAX_PAGE, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
  period: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  state: Type.Optional(PurchaseStateSchema),
});

/** POST /api/v1/purchases/scan: the text the scanner typed. */
export const ScanInputSchema = Type.Object({ qr: Type.String({ minLength: 1, maxLength: 2000, description: 'Texto del QR (URL de SIAT o factura antigua con |)' }) }, { additionalProperties: false });

export const ScanResultSchema = Type.Object({
  kind: Type.Union([Type.Literal('online'), Type.Literal('sfv')]),
  fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  cuf: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Object({
        emissionDate: Type.String(),
        branchCode: Type.Integer(),
        modality: Type.Integer(),
        emissionType: Type.Integer(),
        invoiceType: Type.Integer({ description: '1 con derecho a crédito fiscal, 2 sin derecho' }),
        documentSector: Type.Integer(),
        posCode: Type.Integer(),
      }),
    ]),
  ),
});

export const ImportResultSchema = Type.Object({
  created: Type.Integer(),
  refused: Type.Integer(),
  verdicts: Type.Array(
    Type.Object({
      row: Type.Integer({ description: 'Fila del archivo (1 = encabezado)' }),
      ok: Type.Boolean(),
      shoppingInvoiceId: Type.Optional(Type.Integer()),
      problems: Type.Array(Type.Object({ field: Type.String(), rule: Type.String(), message: Type.String() })),
    }),
  ),
});

/** POST /api/v1/purchases/confirm. */
export const ConfirmInputSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          issuerNit: Type.String({ pattern: '^[0-9]{1,13}$' }),
          authorizationCode: Type.String({ minLength: 1, maxLength: 100 }),
          invoiceNumber: Type.String({ pattern: '^[0-9]{1,20}$' }),
          purchaseType: Type.Integer({ minimum: 0, maximum: 9 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);

export const SiatAnswerSchema = Type.Object({
  transaccion: Type.Boolean(),
  codigoEstado: Type.Union([Type.Integer(), Type.Null()]),
  codigoDescripcion: Type.Union([Type.String(), Type.Null()]),
  codigoRecepcion: Type.Union([Type.String(), Type.Null()]),
  messages: Type.Array(SiatMessageSchema),
  confirmed: Type.Integer({ description: 'Compras del registro marcadas como confirmadas' }),
});

/** POST /api/v1/purchases/siat-query. */
export const QueryInputSchema = Type.Object({ date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'aaaa-mm-dd' }) }, { additionalProperties: false });

export const QueryResultSchema = Type.Object({
  id: Type.String(),
  date: Type.String(),
  format: Type.String({ description: 'Qué parecía el archivo de SIAT: gzip+tar+xml, text, empty, unknown …' }),
  archiveBytes: Type.Integer({ description: 'Tamaño del archivo recibido (guardado tal cual)' }),
  rows: Type.Array(Type.Record(Type.String(), Type.String())),
  messages: Type.Array(SiatMessageSchema),
  receivedAt: Type.String(),
});

export const QueueStatusSchema = Type.Object({
  counts: Type.Record(Type.String(), Type.Integer()),
  waitingForSiat: Type.Boolean({ description: 'La cola espera a que SIAT responda' }),
  packages: Type.Array(
    Type.Object({
      id: Type.String(),
      state: Type.String(),
      purchases: Type.Integer(),
      year: Type.Integer(),
      period: Type.Integer(),
      codigoRecepcion: Type.Union([Type.String(), Type.Null()]),
      siatCode: Type.Union([Type.Integer(), Type.Null()]),
      attempts: Type.Integer(),
      lastError: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
