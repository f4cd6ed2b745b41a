// Seed 001 "Branch offices" (sector style): a SIAT sucursal; `branchId` is Kipu's id,
// `siatCode` its codigoSucursal (0 = casa matriz).
import Type, { type Static } from 'typebox';
import { MAX_ROW_ID } from './limits';

const fieldProps = {
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Nombre; la casa matriz se llama CASA MATRIZ por defecto' }),
  municipality: Type.String({ minLength: 1, maxLength: 100 }),
  address: Type.String({ minLength: 1, maxLength: 300 }),
  city: Type.String({ minLength: 1, maxLength: 100 }),
  phone: Type.String({ maxLength: 50 }),
  description: Type.String({ maxLength: 500 }),
};

/** POST /branchOffice: all required; `phone` and `description` may be empty. */
export const CreateBranchOfficeBody = Type.Object(fieldProps, { additionalProperties: false });
export type BranchOfficeInput = Static<typeof CreateBranchOfficeBody>;

/** PUT /branchOffice. */
export const UpdateBranchOfficeBody = Type.Object(
  {
    ...fieldProps,
    branchId: Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: 'branchId de la sucursal a modificar' }),
    posId: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 9999,
        description: 'Aceptado por compatibilidad con la semilla y sin efecto: un punto de venta de SIAT no cambia de sucursal ni se renombra aquí',
      }),
    ),
  },
  { additionalProperties: false },
);

/** An open point of sale as listed under its branch. */
export const BranchPointOfSaleSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'UUID del punto de venta (posId del estilo clave de API)' }),
  code: Type.Integer({ description: 'codigoPuntoVenta de SIAT (posId del estilo sectorial)' }),
  name: Type.String(),
});

const branchProps = {
  branchId: Type.Integer({ description: 'Id de la sucursal en Kipu' }),
  branchUuid: Type.String({ format: 'uuid', description: 'UUID de la sucursal (branchId de los eventos de contingencia del documento semilla)' }),
  siatCode: Type.Integer({ description: 'codigoSucursal de SIAT (0 = casa matriz); debe coincidir con el padrón del SIN' }),
  name: Type.String(),
  municipality: Type.String(),
  address: Type.String(),
  city: Type.String(),
  phone: Type.String(),
  description: Type.String(),
  pos: Type.Array(BranchPointOfSaleSchema, { description: 'Puntos de venta abiertos de la sucursal' }),
};
export const BranchOfficeSchema = Type.Object(branchProps);
export type BranchOffice = Static<typeof BranchOfficeSchema>;

/** DELETE /branchOffice/{branchId}: the branch as it was, with the seed's siatCafc. */
export const DeletedBranchOfficeSchema = Type.Object({
  ...branchProps,
  siatCafc: Type.Null({ description: 'Siempre null: Kipu no asigna CAFC por sucursal' }),
});
