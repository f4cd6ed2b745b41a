// Points of sale (API-key style). GET /api/v1/pos lists the tenant's open ones — the seeds need a
// posId everywhere but never say where a client finds one; this is where. POST registers one with
// SIAT (registroPuntoVenta) and DELETE closes it there (cierrePuntoVenta); CONTRACT §2.3.
import Type, { type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { PointOfSale, PointOfSaleDetails } from '../../store/points-of-sale';
import { PosError, type PointOfSaleRegistration } from '../../points-of-sale/registration';
import { TIPO_PUNTO_VENTA } from '../../siat/codes';
import { ok } from '../envelope';
import { ApiError, conflict, notFound, unprocessable } from '../errors';
import { siatApiError } from '../siat-errors';
import { formatDateEs, toBoliviaIso } from '../../../shared/time';

export const PosSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'UUID del punto de venta (estilo clave de API)' }),
  code: Type.Integer({ description: 'codigoPuntoVenta de SIAT' }),
  branchId: Type.Integer(),
  branchCode: Type.Integer({ description: 'codigoSucursal de SIAT (0 = casa matriz)' }),
  name: Type.String(),
});

const TIPOS = Object.values(TIPO_PUNTO_VENTA);
const TypeField = Type.Integer({
  minimum: Math.min(...TIPOS),
  maximum: Math.max(...TIPOS),
  description:
    'codigoTipoPuntoVenta de SIAT (catálogo TipoPuntoVenta): 1 comisionista, 2 ventanilla de cobranza, 3 móvil, 4 YPFB, 5 cajeros, 6 conjunta',
});

const RegisteredPosSchema = Type.Object({ ...PosSchema.properties, type: TypeField });
const ClosedPosSchema = Type.Object({
  ...PosSchema.properties,
  type: Type.Union([Type.Integer(), Type.Null()], { description: 'codigoTipoPuntoVenta de SIAT (null si no se registró desde Kipu)' }),
  closedAt: Type.String({ description: 'Cierre en SIAT (hora de Bolivia, aaaa-mm-ddThh:mm:ss.SSS)' }),
});

const RegisterBody = Type.Object(
  {
    branchId: Type.Integer({ minimum: 1, description: 'branchId de la sucursal (GET /api/v1/branchOffice)' }),
    name: Type.String({ minLength: 1, maxLength: 100, description: 'nombrePuntoVenta de SIAT' }),
    description: Type.String({ minLength: 1, maxLength: 500, description: 'descripcion de SIAT' }),
    type: TypeField,
  },
  { additionalProperties: false },
);

/** What cannot be done offline, for the 503's detail. */
const NEEDS_SIAT = {
  register: 'registrar un punto de venta requiere SIAT en línea',
  close: 'cerrar un punto de venta requiere SIAT en línea',
};

const posDto = (p: PointOfSale): Static<typeof PosSchema> => ({ id: p.id, code: p.code, branchId: p.branchId, branchCode: p.branchCode, name: p.name });

/**
 * The open point of sale `posId` of the tenant, for whatever issues from it or talks to SIAT as
 * it: 404 when unknown (or another tenant's), 409 POS_CLOSED once closed in SIAT. Reading its
 * invoices does not go through here: they stay readable.
 */
export function openPointOfSale(store: Store, tenantId: string, posId: string): PointOfSale {
  const p = store.pointsOfSale.details(tenantId, posId);
  if (!p) throw notFound(`Punto de venta ${posId} no encontrado`);
  if (p.closedAt) {
    throw new ApiError(
      409,
      'POS_CLOSED',
      `El punto de venta ${p.code} de la sucursal ${p.branchCode} ("${p.name}") se cerró en SIAT el ${formatDateEs(new Date(p.closedAt))}: ` +
        'ya no emite facturas ni opera con SIAT; sus facturas siguen consultables',
    );
  }
  return posDto(p);
}

function toApiError(err: unknown, needsSiat: string): unknown {
  if (err instanceof PosError) {
    switch (err.code) {
      case 'BRANCH_NOT_FOUND':
      case 'NOT_FOUND':
        return notFound(err.message);
      case 'NOT_STORED':
        return new ApiError(500, 'POS_NOT_STORED', err.message);
      default:
        // BRANCH_ITSELF, ALREADY_CLOSED, UNSETTLED, CLOSING: the point of sale's state forbids it.
        return conflict(err.message);
    }
  }
  return siatApiError(err, needsSiat) ?? err;
}

export function posRoutes(app: FastifyInstance, deps: { store: Store; registration: PointOfSaleRegistration }): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Puntos de venta'];

  r.get(
    '/api/v1/pos',
    {
      schema: {
        tags,
        summary: 'Puntos de venta abiertos del contribuyente',
        response: { 200: apiResponse(Type.Array(PosSchema)) },
      },
    },
    async (req) => ok(deps.store.pointsOfSale.list(req.tenant.id)),
  );

  r.post(
    '/api/v1/pos',
    {
      schema: {
        tags,
        summary: 'Registra un punto de venta en SIAT (registroPuntoVenta)',
        description:
          'SIAT asigna el codigoPuntoVenta; Kipu lo guarda solo si SIAT lo registró. Se usa el CUIS del punto de venta 0 de la sucursal ' +
          '(se solicita si falta). SIAT rechaza → 422 con sus códigos y mensajes; SIAT no responde → 503 (no hay registro fuera de línea). ' +
          'Sucursal inexistente o cerrada → 404. Un reintento registra otro punto de venta: verifique la lista antes de repetir.',
        body: RegisterBody,
        response: { 201: apiResponse(RegisteredPosSchema) },
      },
    },
    async (req, reply) => {
      const name = req.body.name.trim();
      const description = req.body.description.trim();
      const blank = [...(name ? [] : ['name']), ...(description ? [] : ['description'])];
      if (blank.length > 0) {
        throw unprocessable(
          blank.map((f) => `campo ${f}: no puede estar en blanco`).join('; '),
          blank.map((field) => ({ field, rule: 'minLength', message: 'no puede estar en blanco' })),
        );
      }
      let pos: PointOfSaleDetails;
      try {
        pos = await deps.registration.register(req.tenant, { branchId: req.body.branchId, name, description, type: req.body.type });
      } catch (err) {
        throw toApiError(err, NEEDS_SIAT.register);
      }
      return reply
        .status(201)
        .send(ok({ ...posDto(pos), type: pos.type ?? req.body.type }, `Punto de venta ${pos.code} registrado en SIAT en la sucursal ${pos.branchCode}`));
    },
  );

  r.delete(
    '/api/v1/pos/:id',
    {
      schema: {
        tags,
        summary: 'Cierra un punto de venta en SIAT (cierrePuntoVenta)',
        description:
          'Nada se borra: el punto de venta deja de listarse y de emitir, y sus facturas siguen consultables. El cierre en SIAT es ' +
          'irreversible. 409 para el punto de venta 0 (la propia sucursal), con facturas pendientes o de contingencia o con un evento de ' +
          'contingencia sin cerrar, o si ya está cerrado. SIAT rechaza → 422 con sus códigos y mensajes; SIAT no responde → 503.',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: apiResponse(ClosedPosSchema) },
      },
    },
    async (req) => {
      let pos: PointOfSaleDetails;
      try {
        pos = await deps.registration.close(req.tenant, req.params.id);
      } catch (err) {
        throw toApiError(err, NEEDS_SIAT.close);
      }
      return ok(
        { ...posDto(pos), type: pos.type, closedAt: toBoliviaIso(new Date(pos.closedAt!)) },
        `Punto de venta ${pos.code} de la sucursal ${pos.branchCode} cerrado en SIAT`,
      );
    },
  );
}

/** Response schema of the ApiResponse wrapper around `data`. */
export function apiResponse<T extends Type.TSchema>(data: T) {
  return Type.Object({
    success: Type.Boolean(),
    message: Type.Union([Type.String(), Type.Null()]),
    data,
    error: Type.Null(),
    timestamp: Type.String(),
  });
}
