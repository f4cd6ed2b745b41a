// Seed 001 "Third-party users" (sector style): a provider registers a taxpayer that buys its
// invoicing service; the new tenant gets an API key (shown once) and its casa matriz.
import Type, { type Static } from 'typebox';

/** A string of `min`–`max` characters (0 = may be empty). */
const text = (min: number, max: number, description?: string) =>
  Type.String({ ...(min > 0 ? { minLength: min } : {}), maxLength: max, ...(description ? { description } : {}) });

export const CreateThirdPartyUserBody = Type.Object(
  {
    username: text(3, 100, 'Nombre del usuario de terceros; también el nombre de su clave de API. Único por proveedor (sin distinguir mayúsculas)'),
    nameOwner: text(1, 200, 'Nombre del propietario'),
    nit: Type.Integer({ description: 'NIT del contribuyente que adquiere el servicio (1 a 13 dígitos)' }),
    socialReason: text(1, 200, 'Razón social: la del nuevo contribuyente en Kipu'),
    phone: text(1, 50, 'Teléfono: de 7 a 15 dígitos; se admiten espacios, +, paréntesis y guiones'),
    email: text(1, 254),
    address: text(1, 300, 'Dirección del propietario'),
    city: text(1, 100, 'Ciudad; también la de la casa matriz'),
    docSector: Type.Union([Type.Integer(), Type.String()], {
      description: 'codigoDocumentoSector de SIAT, como entero o texto ("1"); Kipu emite por ahora 1 (compra-venta)',
    }),
    tokenData: Type.Object(
      {
        token: text(1, 4000, 'Token delegado que el tercero obtuvo en el portal del SIAT; se guarda en el almacén de secretos y nunca se devuelve'),
        description: text(0, 500),
      },
      { additionalProperties: false },
    ),
    branchOffice: Type.Object(
      {
        municipality: text(1, 100),
        address: text(1, 300),
        description: text(0, 500),
      },
      { additionalProperties: false, description: 'La casa matriz (sucursal 0) del nuevo contribuyente' },
    ),
  },
  { additionalProperties: false },
);
export type CreateThirdPartyUserRequest = Static<typeof CreateThirdPartyUserBody>;

/** 201 of POST: `password` is the new tenant's API key, shown once. */
export const CreatedThirdPartyUserSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'userId del usuario de terceros' }),
  username: Type.String(),
  password: Type.String({ description: 'Clave de API del nuevo contribuyente (cabecera X-API-Key). Se muestra una sola vez: Kipu solo guarda su hash' }),
  nameOwner: Type.String(),
  nit: Type.Integer(),
  socialReason: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  address: Type.String(),
  city: Type.String(),
  docSector: Type.String({ description: 'codigoDocumentoSector de SIAT' }),
  branchOffice: Type.Object({ municipality: Type.String(), address: Type.String(), description: Type.String() }),
  modality: Type.Integer({ description: 'Modalidad del nuevo contribuyente: la del proveedor (1 electrónica en línea, 2 computarizada en línea)' }),
});

export const ThirdPartyUserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  username: Type.String(),
  docSector: Type.String({ description: 'codigoDocumentoSector de SIAT' }),
  docSectorDescription: Type.String({ description: 'Del catálogo sincronizado de SIAT (tipo documento sector) o, sin sincronizar, de la tabla de SIAT' }),
});

export type CreatedThirdPartyUser = Static<typeof CreatedThirdPartyUserSchema>;
export type ThirdPartyUserItem = Static<typeof ThirdPartyUserSchema>;

export const ThirdPartyUserParams = Type.Object({ userId: Type.String({ format: 'uuid', description: 'id del usuario de terceros' }) });
