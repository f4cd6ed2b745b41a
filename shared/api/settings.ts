// Configuración of a tenant: the taxpayer profile, the SIAT URL and delegated token, and the
// signing certificate. Secrets go in and never come back out.
import Type, { type Static } from 'typebox';

export const TaxpayerSchema = Type.Object({
  /** The tenant's id: the seed's `companyId` of the logo upload (issue 28, item 8). */
  companyId: Type.String({ description: 'Id de la empresa: companyId de POST /api/v1/storage/brand/logo' }),
  nit: Type.String(),
  razonSocial: Type.String(),
  municipio: Type.String(),
  direccion: Type.String(),
  telefono: Type.String(),
  codigoSistema: Type.String(),
  /** 1 = producción, 2 = pruebas (piloto). */
  ambiente: Type.Union([Type.Literal(1), Type.Literal(2)]),
  /** 1 = electrónica en línea, 2 = computarizada en línea. */
  modalidad: Type.Union([Type.Literal(1), Type.Literal(2)]),
});
export type TaxpayerSettings = Static<typeof TaxpayerSchema>;

/** PUT /api/v1/settings/taxpayer. Ranges, not enums, so a wrong value reads "debe ser menor o igual a 2". */
export const TaxpayerBody = Type.Object(
  {
    nit: Type.Optional(Type.String({ maxLength: 13, description: 'No se puede cambiar: el NIT identifica al contribuyente' })),
    companyId: Type.Optional(Type.String({ maxLength: 64, description: 'Solo lectura: se acepta el que GET devolvió (la caja reenvía lo que leyó); otro → 422' })),
    razonSocial: Type.String({ minLength: 1, maxLength: 200 }),
    municipio: Type.String({ minLength: 1, maxLength: 100 }),
    direccion: Type.String({ minLength: 1, maxLength: 500 }),
    telefono: Type.Optional(Type.Union([Type.String({ maxLength: 50, pattern: '^[0-9+()\\- ]*$' }), Type.Null()])),
    codigoSistema: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    ambiente: Type.Integer({ minimum: 1, maximum: 2, description: '1 producción, 2 pruebas (piloto)' }),
    modalidad: Type.Integer({ minimum: 1, maximum: 2, description: '1 electrónica en línea, 2 computarizada en línea' }),
  },
  { additionalProperties: false },
);

/**
 * PUT /api/v1/settings/siat. `urlNote` says which URLs a tenant may choose (the official ones
 * live with the SIAT client in main/siat/base-url.ts, which shared/ cannot import).
 */
export const siatSettingsBody = (urlNote: string) =>
  Type.Object(
    {
      url: Type.Optional(Type.String({ maxLength: 500, description: urlNote })),
      token: Type.Optional(Type.String({ minLength: 1, maxLength: 4000, description: 'Token delegado (se guarda cifrado; nunca se devuelve)' })),
      tokenExpiresOn: Type.Optional(
        Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
          description: 'Día en que vence el token delegado (aaaa-mm-dd, como lo muestra el portal del SIAT); null lo borra. Un token nuevo sin esta fecha la borra.',
        }),
      ),
    },
    { additionalProperties: false },
  );
export type SiatSettingsInput = Static<ReturnType<typeof siatSettingsBody>>;

export const SiatSettingsSchema = Type.Object({ url: Type.String(), tokenSet: Type.Boolean(), tokenExpiresOn: Type.Union([Type.String(), Type.Null()]) });
export type SiatSettingsView = Static<typeof SiatSettingsSchema>;

/** POST /api/v1/settings/certificate: { p12Base64, password } or { keyPem, certPem }. */
export const CertificateBody = Type.Object(
  {
    p12Base64: Type.Optional(Type.String({ minLength: 1, maxLength: 4_000_000, description: 'Archivo .p12/.pfx en base64' })),
    password: Type.Optional(Type.String({ maxLength: 500 })),
    keyPem: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000 })),
    certPem: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000 })),
  },
  { additionalProperties: false, description: '{ p12Base64, password } o { keyPem, certPem }' },
);
export type CertificateUpload = { p12Base64: string; password: string } | { keyPem: string; certPem: string };

export const CertificateInfoSchema = Type.Object({ subject: Type.String(), notAfter: Type.String(), notBefore: Type.String() });

/** GET/PUT /api/v1/settings/sales: what the till does where SIAT's verdicts meet a sale (issue #13). */
export const SalesSettingsSchema = Type.Object(
  {
    nitInvalidPolicy: Type.Union([Type.Literal('ask'), Type.Literal('exception')], {
      description: 'NIT que SIAT declaró inválido: ask = la venta se rechaza (422 NIT_INVALID) para que el cajero confirme; exception = se emite con codigoExcepcion 1',
    }),
  },
  { additionalProperties: false },
);
export type SalesSettings = Static<typeof SalesSettingsSchema>;
