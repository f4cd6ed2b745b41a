// Manual invoices under CAFC (issue 17; CONTRACT §5.3, §5.4): the paper invoices a store wrote
// from its CAFC booklet during a significant event of motive 5, 6 or 7, transcribed when the till
// is back. POST /api/v1/contingency/cafc takes the event and its invoices; GET lists them with
// SIAT's verdicts.
import Type, { type Static } from 'typebox';
import { CreateInvoiceDetailSchema } from './invoice';
import { SiatMessageSchema } from './envelope';

const Money = (description: string) => Type.Number({ minimum: 0, description: `${description} (hasta 2 decimales)` });
/** Bolivia time, to the minute at least (CONTRACT §5.1: "at least minute precision"). */
const LocalDateTime = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?$', maxLength: 23, description: `${description}; aaaa-mm-ddThh:mm[:ss], hora de Bolivia` });

/** One paper invoice of the booklet, as written on it. */
export const ManualInvoiceSchema = Type.Object(
  {
    invoiceNumber: Type.Integer({ minimum: 1, maximum: 9_999_999_999, description: 'Número impreso en la factura del talonario' }),
    emissionDate: LocalDateTime('Fecha y hora escritas en la factura'),
    invoiceType: Type.Optional(Type.String({ maxLength: 40, description: 'Por defecto la compra-venta de la modalidad del contribuyente' })),
    clientDocumentType: Type.Integer({ minimum: 1, maximum: 5, description: '1 CI, 2 CEX, 3 PAS, 4 OD, 5 NIT' }),
    clientDocumentNumber: Type.String({ minLength: 1, maxLength: 20 }),
    clientComplement: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Null()])),
    clientBusinessName: Type.String({ minLength: 1, maxLength: 500 }),
    clientCode: Type.String({ minLength: 1, maxLength: 100 }),
    paymentMethodCode: Type.Integer({ minimum: 1, maximum: 308 }),
    cardNumber: Type.Optional(Type.Union([Type.String({ maxLength: 25 }), Type.Integer(), Type.Null()])),
    giftCardAmount: Type.Optional(Type.Union([Money('Monto pagado con gift card'), Type.Null()])),
    additionalDiscount: Type.Optional(Type.Union([Money('Descuento adicional'), Type.Null()])),
    details: Type.Array(CreateInvoiceDetailSchema, { minItems: 1, maxItems: 500 }),
  },
  { additionalProperties: false },
);
export type ManualInvoice = Static<typeof ManualInvoiceSchema>;

/** POST /api/v1/contingency/cafc. */
export const CafcTranscriptionBody = Type.Object(
  {
    posId: Type.String({ format: 'uuid', description: 'Punto de venta donde se usó el talonario' }),
    cafc: Type.String({ pattern: '^[0-9A-Za-z]{5,20}$', description: 'Código de Autorización de Facturas por Contingencia del talonario (p. ej. 13 caracteres)' }),
    eventMotive: Type.Integer({ minimum: 5, maximum: 7, description: '5 corte de energía, 6 virus o falla de software, 7 cambio de infraestructura o falla de hardware' }),
    eventStart: LocalDateTime('Inicio del evento'),
    eventEnd: LocalDateTime('Fin del evento (cuando volvió el sistema)'),
    description: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    invoices: Type.Array(ManualInvoiceSchema, { minItems: 1, maxItems: 500, description: 'Hasta 500: un paquete por CAFC (CONTRACT §3.6, SIAT 954)' }),
  },
  { additionalProperties: false },
);
export type CafcTranscriptionRequest = Static<typeof CafcTranscriptionBody>;

export const CafcInvoiceSchema = Type.Object({
  id: Type.String(),
  invoiceNumber: Type.Integer(),
  emissionDate: Type.String(),
  amountTotal: Type.Number(),
  state: Type.String({ description: 'CONTINGENCY (por enviar), VALIDATED o REJECTED (con los mensajes de SIAT)' }),
  siatMessages: Type.Array(SiatMessageSchema),
});

export const CafcEventSchema = Type.Object({
  eventId: Type.String(),
  posId: Type.String(),
  cafc: Type.String(),
  eventMotive: Type.Integer(),
  eventStart: Type.String(),
  eventEnd: Type.String(),
  state: Type.String({ description: 'RECOVERING (registrando el evento y enviando el paquete) o CLOSED' }),
  step: Type.Union([Type.String(), Type.Null()]),
  siatEventCode: Type.Union([Type.Integer(), Type.Null()], { description: 'codigoRecepcionEventoSignificativo' }),
  lastError: Type.Union([Type.String(), Type.Null()]),
  sendBefore: Type.String({ description: 'Límite para transcribir y enviar: 72 h después del fin del evento (CONTRACT §5.4)' }),
  invoices: Type.Array(CafcInvoiceSchema),
});
export type CafcEvent = Static<typeof CafcEventSchema>;
