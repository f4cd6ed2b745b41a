// GET /api/v1/pos — the tenant's points of sale. The seeds need a posId everywhere but never say
// where a client finds one; this is where.
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import { ok } from '../envelope';

export const PosSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'UUID del punto de venta (estilo clave de API)' }),
  code: Type.Integer({ description: 'codigoPuntoVenta de SIAT' }),
  branchId: Type.Integer(),
  branchCode: Type.Integer({ description: 'codigoSucursal de SIAT (0 = casa matriz)' }),
  name: Type.String(),
});

export function posRoutes(app: FastifyInstance, deps: { store: Store }): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/pos',
    {
      schema: {
        tags: ['Puntos de venta'],
        summary: 'Puntos de venta del contribuyente',
        response: { 200: apiResponse(Type.Array(PosSchema)) },
      },
    },
    async (req) => ok(deps.store.pointsOfSale.list(req.tenant.id)),
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
