// Public bootstrap for the till UI: whether this is training mode and, only then, the demo key
// (it is published anyway: README, `npm run serve` output). The tenant's id and default invoice
// type are those of the demo tenant in training mode, or of the caller's key when one is sent
// (the route stays public: an absent or wrong key just gives nulls).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import { ok } from '../envelope';
import { DEMO_USERS } from '../../training/demo-store';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export function publicRoutes(
  app: FastifyInstance,
  deps: { store: Store; training: boolean; demoApiKey: string | null; version: string },
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    ROUTES.public.tillConfig.path,
    {
      schema: {
        tags: ['Público'],
        summary: 'Configuración pública de la caja (modo entrenamiento, clave de demostración)',
        security: [],
        ...contractSchema(ROUTES.public.tillConfig),
      },
    },
    async (req) => {
      const header = req.headers['x-api-key'];
      const callerKey = typeof header === 'string' && header ? deps.store.apiKeys.authenticate(header) : null;
      const demoKey = deps.training && deps.demoApiKey ? deps.store.apiKeys.authenticate(deps.demoApiKey) : null;
      const keyInfo = callerKey ?? demoKey;
      const tenant = keyInfo ? deps.store.tenants.byId(keyInfo.tenantId) : null;
      return ok({
        training: deps.training,
        demoApiKey: deps.training ? deps.demoApiKey : null,
        version: deps.version,
        taxpayer: tenant ? { nit: tenant.nit, razonSocial: tenant.razonSocial } : null,
        defaultInvoiceType: tenant?.modalidad === 1 ? ('ELECTRONIC_SALE' as const) : ('COMPUTERIZED_SALE' as const),
        tenantId: tenant?.id ?? null,
        ...(deps.training && demoKey ? { demoUsers: DEMO_USERS.filter((u) => {
              const found = deps.store.tillUsers.byLogin(demoKey.tenantId, u.login);
              return found?.active && found.name === u.name;
            }).map((u) => ({ ...u })) } : {}),
      });
    },
  );
}
