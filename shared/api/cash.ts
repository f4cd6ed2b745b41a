// Cash sessions (arqueo de caja, issue 17): open with a float, cash in and out, close with the
// count by denomination and the card/QR totals read from the terminals, X and Z reports, the
// drawer pulse. Amounts in the API are bolivianos with up to 2 decimals, as everywhere else.
import Type, { type Static } from 'typebox';

/**
 * How a customer pays, as the till knows it. Each maps to a component of SIAT's payment-method
 * catalog (main/invoicing/payments.ts finds the combined codigoMetodoPago by its components).
 */
export const PAYMENT_KINDS = ['CASH', 'CARD', 'QR', 'GIFT_CARD', 'TRANSFER', 'CHEQUE', 'VOUCHER', 'ONLINE', 'OTHER'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** A stored payment row's method is one of ours (the column is free text). */
export const isPaymentKind = (m: string): m is PaymentKind => (PAYMENT_KINDS as readonly string[]).includes(m);

export const PAYMENT_KIND_LABEL: Record<PaymentKind, string> = {
  CASH: 'Efectivo',
  CARD: 'Tarjeta',
  QR: 'QR',
  GIFT_CARD: 'Gift card',
  TRANSFER: 'Transferencia o depósito',
  CHEQUE: 'Cheque',
  VOUCHER: 'Vales',
  ONLINE: 'Pago en línea',
  OTHER: 'Otros',
};

/** Bolivian bills and coins in centavos, largest first (Bs 200 … 10 centavos). */
export const DENOMINATIONS = [20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10] as const;
/** The key of a denomination in a count: "200", "0.50" … */
export const denominationKey = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
export const DENOMINATION_KEYS = DENOMINATIONS.map(denominationKey);

const Money = (description: string) => Type.Number({ minimum: 0, maximum: 99_999_999, description: `${description} (Bs, hasta 2 decimales)` });

export const PaymentSchema = Type.Object(
  {
    method: Type.Union(
      [
        Type.Literal('CASH'),
        Type.Literal('CARD'),
        Type.Literal('QR'),
        Type.Literal('GIFT_CARD'),
        Type.Literal('TRANSFER'),
        Type.Literal('CHEQUE'),
        Type.Literal('VOUCHER'),
        Type.Literal('ONLINE'),
        Type.Literal('OTHER'),
      ],
      { description: PAYMENT_KINDS.join(', ') },
    ),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 99_999_999, description: 'Monto entregado con este medio (Bs; en efectivo puede superar lo que falta: se da cambio)' }),
    cardNumber: Type.Optional(Type.String({ maxLength: 25, description: 'Solo con CARD: se guarda enmascarado como exige SIAT' })),
  },
  { additionalProperties: false },
);
export type PaymentInput = Static<typeof PaymentSchema>;

export const PaymentsSchema = Type.Array(PaymentSchema, { minItems: 1, maxItems: 4, description: 'Pago mixto: uno por medio; el código de método de pago de SIAT se busca en el catálogo sincronizado' });

export const OpenSessionBody = Type.Object(
  {
    posId: Type.String({ format: 'uuid' }),
    openingFloat: Money('Fondo de caja inicial'),
  },
  { additionalProperties: false },
);

export const MovementBody = Type.Object(
  {
    kind: Type.Union([Type.Literal('IN'), Type.Literal('OUT')], { description: 'IN ingreso, OUT retiro' }),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 99_999_999, description: 'Bs, hasta 2 decimales' }),
    reason: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const CloseBody = Type.Object(
  {
    denominations: Type.Record(Type.String({ maxLength: 6 }), Type.Integer({ minimum: 0, maximum: 100_000 }), {
      description: `Cantidad de billetes y monedas por corte: ${DENOMINATION_KEYS.join(', ')}`,
    }),
    counted: Type.Optional(
      Type.Object(
        {
          CARD: Type.Optional(Money('Total de tarjeta según el terminal POS')),
          QR: Type.Optional(Money('Total de QR según el banco')),
        },
        { additionalProperties: false },
      ),
    ),
    note: Type.Optional(Type.String({ maxLength: 500 })),
    reason: Type.Optional(Type.String({ maxLength: 500, description: 'Obligatorio al cerrar la caja de otra persona: por qué se cierra en su lugar' })),
  },
  { additionalProperties: false },
);

export const ReopenBody = Type.Object({ reason: Type.String({ minLength: 3, maxLength: 500 }) }, { additionalProperties: false });

export const MethodLineSchema = Type.Object({
  method: Type.String(),
  label: Type.String(),
  /** Sales of the session's invoices that stand (an annulled one counts only in invoices.cancelled). */
  sales: Type.Number(),
  /** Money given back by this method for returns (credit-debit notes, by their refund method). */
  refunds: Type.Number(),
  /** Invoices sold before this session and annulled during it: their money left this drawer (a note so annulled: negative). */
  cancelledEarlier: Type.Number(),
  /** sales − refunds − cancelledEarlier; cash also + opening float + cash in − cash out. */
  expected: Type.Number(),
  counted: Type.Union([Type.Number(), Type.Null()]),
  difference: Type.Union([Type.Number(), Type.Null()]),
  /** Gift cards are shown apart: not counted, not part of the difference. */
  apart: Type.Boolean(),
});

export const MovementSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('IN'), Type.Literal('OUT')]),
  amount: Type.Number(),
  reason: Type.String(),
  usuario: Type.String(),
  /** The supervisor who approved it with a PIN (a cajero's cash out), from its act record; null when none was needed. */
  approver: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type CashMovement = Static<typeof MovementSchema>;

export const SectorLineSchema = Type.Object({ sector: Type.Integer(), label: Type.String(), count: Type.Integer(), total: Type.Number() });

export const CashReportSchema = Type.Object({
  kind: Type.Union([Type.Literal('X'), Type.Literal('Z')]),
  sessionId: Type.String(),
  sessionNumber: Type.Integer(),
  /** The taxpayer whose drawer it is, as at the close (a Z stored before issue 24 shows today's). */
  razonSocial: Type.String(),
  nit: Type.String(),
  posCode: Type.Integer(),
  /** The point of sale's name in Kipu ("Caja principal"). */
  posName: Type.String(),
  branchCode: Type.Integer(),
  openedAt: Type.String(),
  openedBy: Type.String(),
  /** The person whose session it is (decision 0069); null when an API key opened it. */
  cashier: Type.Union([Type.String(), Type.Null()]),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  closedBy: Type.Union([Type.String(), Type.Null()]),
  /** Why someone other than its owner closed it. */
  closeReason: Type.Union([Type.String(), Type.Null()]),
  generatedAt: Type.String(),
  openingFloat: Type.Number(),
  cashIn: Type.Number(),
  cashOut: Type.Number(),
  /** Every cash in and out of the session, oldest first: what cashIn and cashOut add up. */
  movements: Type.Array(MovementSchema),
  methods: Type.Array(MethodLineSchema),
  sectors: Type.Array(SectorLineSchema),
  invoices: Type.Object({
    /** Invoices of the session that stand (not annulled, not notes). */
    issued: Type.Integer(),
    /** Invoices annulled while the session was open, whichever session sold them, and their total. */
    cancelled: Type.Integer(),
    cancelledTotal: Type.Number(),
    /** Credit-debit notes (returns) of the session that stand, and what they gave back. */
    notes: Type.Integer(),
    notesTotal: Type.Number(),
    notesCancelled: Type.Integer(),
    contingency: Type.Integer(),
    firstNumber: Type.Union([Type.Integer(), Type.Null()]),
    lastNumber: Type.Union([Type.Integer(), Type.Null()]),
  }),
  /** Count by denomination (Z only): key → pieces. */
  denominations: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()]),
  cashCounted: Type.Union([Type.Number(), Type.Null()]),
  totalDifference: Type.Union([Type.Number(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  training: Type.Boolean(),
});
export type CashReport = Static<typeof CashReportSchema>;

export const CashSessionSchema = Type.Object({
  id: Type.String(),
  posId: Type.String(),
  number: Type.Integer(),
  state: Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')]),
  openedAt: Type.String(),
  openedBy: Type.String(),
  openingFloat: Type.Number(),
  reopenedFrom: Type.Union([Type.String(), Type.Null()]),
  reopenReason: Type.Union([Type.String(), Type.Null()]),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  closedBy: Type.Union([Type.String(), Type.Null()]),
  /** The person whose session it is (decision 0069); null when an API key opened it. */
  cashier: Type.Union([Type.String(), Type.Null()]),
  /** That person's till-user id: a cashier sells only in her own session (the till tells her before F12). */
  cashierId: Type.Union([Type.String(), Type.Null()]),
  movements: Type.Array(MovementSchema),
  /** Live X figures while open; the stored close (Z) once closed. */
  report: CashReportSchema,
  /** The Z has already come out of a printer: printing it again gives a COPIA (migration 0028). */
  zPrinted: Type.Boolean(),
});
export type CashSessionView = Static<typeof CashSessionSchema>;

export const CashSessionListItemSchema = Type.Object({
  id: Type.String(),
  posId: Type.String(),
  number: Type.Integer(),
  state: Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')]),
  openedAt: Type.String(),
  openedBy: Type.String(),
  cashier: Type.Union([Type.String(), Type.Null()]),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  closedBy: Type.Union([Type.String(), Type.Null()]),
  reopenedFrom: Type.Union([Type.String(), Type.Null()]),
  /** The figures below are read off the stored Z (null while the session is open). */
  invoices: Type.Union([Type.Integer(), Type.Null()]),
  /** Total of the invoices that stand (Bs), every payment method. */
  sales: Type.Union([Type.Number(), Type.Null()]),
  cashExpected: Type.Union([Type.Number(), Type.Null()]),
  cashCounted: Type.Union([Type.Number(), Type.Null()]),
  /** Counted − expected over every method counted (the Z's DIFERENCIA TOTAL). */
  totalDifference: Type.Union([Type.Number(), Type.Null()]),
  zPrinted: Type.Boolean(),
});
export type CashSessionListItem = Static<typeof CashSessionListItemSchema>;

export const CashSettingsSchema = Type.Object(
  { requireSession: Type.Boolean({ description: 'El punto de venta solo vende con una caja abierta' }) },
  { additionalProperties: false },
);
export type CashSettings = Static<typeof CashSettingsSchema>;

export const DrawerBody = Type.Object({ posId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
