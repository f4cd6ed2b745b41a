// The training demo store (issue 17): its state, and its removal in one step.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import { demoStoreState, removeDemoStore } from '../../training/demo-store';
import { ok } from '../envelope';
import { ApiError } from '../errors';
import { countOf } from '../../../shared/count';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export function demoStoreRoutes(app: FastifyInstance, deps: { store: Store; training: boolean; now: () => Date }): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Entrenamiento'];
  const trainingOnly = (training: boolean) => {
    if (!deps.training || !training) throw new ApiError(409, 'NOT_TRAINING', 'La tienda de demostración existe solo en modo entrenamiento, para el contribuyente de demostración');
  };

  r.get(
    ROUTES.products.demoStore.path,
    { schema: { tags, summary: 'Estado de la tienda de demostración (modo entrenamiento)', ...contractSchema(ROUTES.products.demoStore) } },
    async (req) => {
      trainingOnly(req.tenant.training);
      return ok(demoStoreState(deps.store, req.tenant.id));
    },
  );

  r.delete(
    ROUTES.products.removeDemoStore.path,
    {
      schema: {
        tags,
        summary: 'Quita en un paso los productos y clientes de demostración (código DEMO-…)',
        description: 'Las facturas ya emitidas en entrenamiento no cambian. La tienda de demostración no se vuelve a cargar.',
        ...contractSchema(ROUTES.products.removeDemoStore),
      },
    },
    async (req) => {
      trainingOnly(req.tenant.training);
      const done = removeDemoStore(deps.store, req.tenant.id, deps.now);
      return ok(done, `Tienda de demostración quitada: ${countOf(done.products, 'producto')} y ${countOf(done.clients, 'cliente')}`);
    },
  );
}
