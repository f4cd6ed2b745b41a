// Products (ours; the seeds define none), in the API-key style.
import Type, { type Static } from 'typebox';

export const ProductSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  code: Type.String(),
  barcode: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  priceUnit: Type.Number(),
  unitMeasure: Type.Integer(),
  activityEconomic: Type.String(),
  codeProductSin: Type.String(),
  active: Type.Boolean(),
});
export type Product = Static<typeof ProductSchema>;

/** POST and PUT /api/v1/products. */
export const ProductBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 50, description: 'Código propio (codigoProducto de SIAT, 1–50)' }),
    barcode: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 50 }), Type.Null()])),
    description: Type.String({ minLength: 1, maxLength: 500 }),
    priceUnit: Type.Number({ exclusiveMinimum: 0, description: 'Precio unitario en la moneda de facturación, hasta 2 decimales' }),
    unitMeasure: Type.Integer({ minimum: 1, maximum: 200, description: 'unidadMedida de SIAT' }),
    activityEconomic: Type.String({ pattern: '^\\d{1,10}$', description: 'actividadEconomica (código CAEB)' }),
    codeProductSin: Type.String({ pattern: '^\\d{1,8}$', description: 'codigoProductoSin' }),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ProductBodyInput = Static<typeof ProductBody>;
/** What the till's product form sends (every field, `active` included). */
export type ProductInput = Omit<Product, 'id'>;

export const ProductImportResultSchema = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })),
});
export type ProductImportResult = Static<typeof ProductImportResultSchema>;

/** Columns of the product CSV (import and export), in order. */
export const PRODUCT_CSV_COLUMNS = ['code', 'barcode', 'description', 'priceUnit', 'unitMeasure', 'activityEconomic', 'codeProductSin'] as const;
export const PRODUCT_CSV_HEADER = PRODUCT_CSV_COLUMNS.join(',');
