// Public bootstrap for the till UI: whether this is training mode and, only then, the demo key
// (it is published anyway: README, `npm run serve` output).
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import { ok } from '../envelope';
import { apiResponse } from './pos';

export function publicRoutes(
  app: FastifyInstance,
  deps: { store: Store; training: boolean; demoApiKey: string | null; version: string },
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/public/till-config',
    {
      schema: {
        tags: ['Público'],
        summary: 'Configuración pública de la caja (modo entrenamiento, clave de demostración)',
        security: [],
        response: {
          200: apiResponse(
            Type.Object({
              training: Type.Boolean(),
              demoApiKey: Type.Union([Type.String(), Type.Null()]),
              version: Type.String(),
              taxpayer: Type.Union([Type.Object({ nit: Type.String(), razonSocial: Type.String() }), Type.Null()]),
            }),
          ),
        },
      },
    },
    async () => {
      const demoTenant = deps.demoApiKey ? deps.store.apiKeys.authenticate(deps.demoApiKey) : null;
      const tenant = demoTenant ? deps.store.tenants.byId(demoTenant.tenantId) : null;
      return ok({
        training: deps.training,
        demoApiKey: deps.training ? deps.demoApiKey : null,
        version: deps.version,
        taxpayer: deps.training && tenant ? { nit: tenant.nit, razonSocial: tenant.razonSocial } : null,
      });
    },
  );
}
