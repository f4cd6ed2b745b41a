// Held (parked) sales (issue 27): the till sets the current sale aside to serve the next customer
// and recalls it later, even after a restart. The engine keeps them per taxpayer and point of
// sale, with who parked and who recalled; a parked sale is not an invoice (nothing fiscal).
import Type, { type Static } from 'typebox';

const Amount = (description: string) => Type.Number({ minimum: 0, maximum: 99_999_999_999, description });

export const ParkedLineSchema = Type.Object(
  {
    productId: Type.String({ minLength: 1, maxLength: 64 }),
    code: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.String({ minLength: 1, maxLength: 500 }),
    unitMeasure: Type.Integer({ minimum: 0 }),
    activityEconomic: Type.String({ maxLength: 20 }),
    codeProductSin: Type.String({ maxLength: 20 }),
    unitPrice: Amount('Precio unitario en Bs (2 decimales)'),
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: 999_999_999, description: 'Cantidad (2 decimales)' }),
    discount: Amount('Descuento de la línea en Bs (2 decimales)'),
  },
  { additionalProperties: false },
);
export type ParkedLine = Static<typeof ParkedLineSchema>;

export const NewParkedSaleBody = Type.Object(
  {
    posId: Type.String({ format: 'uuid', description: 'Punto de venta donde espera la venta' }),
    lines: Type.Array(ParkedLineSchema, { minItems: 1, maxItems: 500 }),
    additionalDiscount: Type.Optional(Amount('Descuento adicional a la venta en Bs')),
    label: Type.Optional(Type.String({ maxLength: 100, description: 'Lo que la lista muestra: el cliente, «Venta de …»' })),
    draft: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'El resto de la venta tal como la dejó la caja (cliente, pago); hasta 16 KiB' }),
    ),
  },
  { additionalProperties: false },
);
export type NewParkedSale = Static<typeof NewParkedSaleBody>;

export const ParkedSaleSchema = Type.Object({
  id: Type.String(),
  posId: Type.String(),
  status: Type.Union([Type.Literal('WAITING'), Type.Literal('RECALLED')], { description: 'En espera o ya retomada' }),
  parkedBy: Type.String({ description: 'Quién la puso en espera' }),
  label: Type.Union([Type.String(), Type.Null()]),
  lineCount: Type.Integer(),
  total: Type.Number({ description: 'Total de la venta en Bs (líneas menos descuentos)' }),
  lines: Type.Array(ParkedLineSchema),
  additionalDiscount: Type.Number(),
  draft: Type.Record(Type.String(), Type.Unknown()),
  parkedAt: Type.String({ description: 'Hora de Bolivia' }),
  recalledAt: Type.Union([Type.String(), Type.Null()]),
  recalledBy: Type.Union([Type.String(), Type.Null()]),
});
export type ParkedSaleDto = Static<typeof ParkedSaleSchema>;

export const ParkedSalesQuery = Type.Object({
  posId: Type.String({ format: 'uuid', description: 'Punto de venta' }),
  status: Type.Optional(Type.Union([Type.Literal('WAITING'), Type.Literal('RECALLED'), Type.Literal('ALL')], { default: 'WAITING', description: 'WAITING (por defecto), RECALLED o ALL' })),
});

/** Largest `draft` the engine keeps, in bytes of JSON. */
export const MAX_PARKED_DRAFT_BYTES = 16 * 1024;
