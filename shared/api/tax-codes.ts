// Seed "Tax codes" and "Catalogs": NIT check, CUFD, catalog sync and lookups.
import Type, { type Static } from 'typebox';
import { CODIGO_EXCEPCION_NIT, METODO_PAGO, TIPO_DOCUMENTO_IDENTIDAD } from '../siat-codes';

const Uuid = Type.String({ format: 'uuid' });

/** POST /api/v1/codes/nit. */
export const NitCheckBody = Type.Object({ posId: Uuid, nit: Type.Integer({ minimum: 1, maximum: 9999999999999 }) }, { additionalProperties: false });
export const NitCheckResultSchema = Type.Object({ valido: Type.Boolean(), nit: Type.Integer(), mensaje: Type.String() });
export type NitCheckResult = Static<typeof NitCheckResultSchema>;

/** POST /api/v1/codes/cufd. */
export const CufdRequestBody = Type.Object({ posId: Uuid }, { additionalProperties: false });
export const PosIdParams = Type.Object({ posId: Uuid });

/** Seed: CUFD record; `activo` only where the engine says whether it is in force. */
export const CufdSchema = Type.Object({ cufd: Type.String(), codigoControl: Type.String(), vigencia: Type.String() });
export const CufdStateSchema = Type.Object({ ...CufdSchema.properties, activo: Type.Boolean() });
export type CufdRecord = Static<typeof CufdSchema> & { activo?: boolean };

/** The seed's nine catalogs of POST /siat/sync/{catalog}. */
export const SYNC_CATALOGS = [
  'activities',
  'products',
  'legends',
  'cancellation-reasons',
  'document-types',
  'payment-methods',
  'currencies',
  'unit-measures',
  'significant-events',
] as const;
export type SyncCatalog = (typeof SYNC_CATALOGS)[number];

export type GenericCatalogType =
  | 'document-types'
  | 'payment-methods'
  | 'currencies'
  | 'unit-measures'
  | 'cancellation-reasons'
  | 'significant-events';

/** The point of sale a sync speaks as (body or query); the default one when absent. */
export const PosSelector = Type.Object({ posId: Type.Optional(Uuid) }, { additionalProperties: false });

export const SyncResultSchema = Type.Object({ catalog: Type.String(), count: Type.Integer(), syncedAt: Type.String() });

export const CatalogSyncStatusSchema = Type.Object({ catalog: Type.String(), lastSync: Type.Union([Type.String(), Type.Null()]), count: Type.Integer() });
export type CatalogSyncStatus = Omit<Static<typeof CatalogSyncStatusSchema>, 'catalog'> & { catalog: SyncCatalog | string };

/** Seed: Catalog entry; some catalogs add their own fields (codigoActividad …). */
export const CatalogEntrySchema = Type.Object({ codigo: Type.Integer(), descripcion: Type.String() }, { additionalProperties: true });
export type CatalogEntry = Static<typeof CatalogEntrySchema>;

export const ActivityFilter = Type.Object({ activityCode: Type.Optional(Type.String({ pattern: '^\\d{1,10}$' })) });

/** SIAT catalog "tipo documento identidad" (shared/siat-codes.ts). */
export const DOCUMENT_TYPE = TIPO_DOCUMENTO_IDENTIDAD;

/** SIAT catalog "tipo método pago" — the combinations a till uses, named for the till. */
export const PAYMENT_METHOD = {
  CASH: METODO_PAGO.EFECTIVO,
  CARD: METODO_PAGO.TARJETA,
  GIFT_CARD: METODO_PAGO.GIFT_CARD,
  CASH_GIFT_CARD: METODO_PAGO.EFECTIVO_GIFT_CARD,
  CARD_GIFT_CARD: METODO_PAGO.TARJETA_GIFT_CARD,
} as const;

/** exceptionCode 1: issue even though SIAT says the NIT is invalid (or it is a special code, 99001–99003). */
export const NIT_EXCEPTION = CODIGO_EXCEPCION_NIT;
