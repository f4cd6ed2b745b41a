// Points of sale (API-key style, GET/POST/DELETE /api/v1/pos): one shape for the routes, the
// OpenAPI document, the engine's store and the till.
import Type, { type Static } from 'typebox';
import { MAX_ROW_ID } from './limits';

export const PointOfSaleSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'UUID del punto de venta (estilo clave de API)' }),
  code: Type.Integer({ description: 'codigoPuntoVenta de SIAT' }),
  branchId: Type.Integer({ description: 'id de Kipu de la sucursal (GET /api/v1/branchOffice → branchId)' }),
  branchCode: Type.Integer({ description: 'codigoSucursal de SIAT (0 = casa matriz)' }),
  name: Type.String(),
  defaultInvoiceType: Type.Union([Type.String(), Type.Null()], {
    description: 'Documento que la caja emite por defecto en este punto de venta (invoiceType); null = compra-venta según la modalidad del contribuyente',
  }),
});
export type PointOfSale = Static<typeof PointOfSaleSchema>;

/** GET /pos: each point of sale with its branch's UUID, as the seed's contingency events name it (issue 28). */
export const ListedPointOfSaleSchema = Type.Object({
  ...PointOfSaleSchema.properties,
  branchUuid: Type.String({ format: 'uuid', description: 'UUID de la sucursal: branchId de POST /api/v1/events/start, /end y /events' }),
});

/** PUT /pos/{id}/default-invoice-type. */
export const PosDefaultInvoiceTypeBody = Type.Object(
  {
    invoiceType: Type.Union([Type.String({ minLength: 1, maxLength: 40 }), Type.Null()], {
      description: 'invoiceType de una venta (sector y modalidad), p. ej. ELECTRONIC_SECTOR_EDUCATION; null vuelve a la compra-venta',
    }),
  },
  { additionalProperties: false },
);

/** SIAT catalog TipoPuntoVenta (codigoTipoPuntoVenta of registroPuntoVenta); the engine names them in main/siat/code-catalog.ts TIPO_PUNTO_VENTA. */
export const POS_TYPE_CODES = [1, 2, 3, 4, 5, 6] as const;
export type PosTypeCode = (typeof POS_TYPE_CODES)[number];

/** A range, not an enum: an out-of-range type is a 422 "debe ser menor o igual a 6", not a list of literals. */
export const PosTypeSchema = Type.Integer({
  minimum: Math.min(...POS_TYPE_CODES),
  maximum: Math.max(...POS_TYPE_CODES),
  description:
    'codigoTipoPuntoVenta de SIAT (catálogo TipoPuntoVenta): 1 comisionista, 2 ventanilla de cobranza, 3 móvil, 4 YPFB, 5 cajeros, 6 conjunta',
});

export const RegisteredPointOfSaleSchema = Type.Object({ ...PointOfSaleSchema.properties, type: PosTypeSchema });
/** 201 of POST /pos. */
export type CreatedPos = Static<typeof RegisteredPointOfSaleSchema>;

export const ClosedPointOfSaleSchema = Type.Object({
  ...PointOfSaleSchema.properties,
  type: Type.Union([Type.Integer(), Type.Null()], { description: 'codigoTipoPuntoVenta de SIAT (null si no se registró desde Kipu)' }),
  closedAt: Type.String({ description: 'Cierre en SIAT (hora de Bolivia, aaaa-mm-ddThh:mm:ss.SSS)' }),
});

/** POST /pos: registers a point of sale in SIAT (needs SIAT online). */
export const RegisterPointOfSaleBody = Type.Object(
  {
    branchId: Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: 'branchId de la sucursal (GET /api/v1/branchOffice)' }),
    name: Type.String({ minLength: 1, maxLength: 100, description: 'nombrePuntoVenta de SIAT' }),
    description: Type.String({ minLength: 1, maxLength: 500, description: 'descripcion de SIAT' }),
    type: PosTypeSchema,
  },
  { additionalProperties: false },
);
export type CreatePosRequest = Omit<Static<typeof RegisterPointOfSaleBody>, 'type'> & { type: PosTypeCode };
