// Training mode (KIPU_TRAINING=1): a demo taxpayer, tenant and published API key, talking to the
// SIAT simulator, with no fiscal effect. The default while no live SIAT credentials exist.
import type { Store } from '../store/store';
import type { Logger } from 'pino';
import type { Tenant } from '../store/tenants';
import type { BranchOffice } from '../store/branches';
import type { SiatSimulator } from '../siat-sim/simulator';
import { TRAINING_TAXPAYER } from '../siat-sim/training-taxpayer';

/** Published demo key (README); KIPU_DEMO_API_KEY overrides it. */
export const DEFAULT_DEMO_API_KEY = 'kipu_demo2026_EntrenamientoKipuDemo00000000';

export function ensureTrainingTenant(store: Store, demoApiKey: string): Tenant {
  const t = TRAINING_TAXPAYER;
  const tenant =
    store.tenants.byNit(String(t.nit)) ??
    store.tenants.create({
      nit: String(t.nit),
      razonSocial: t.razonSocial,
      municipio: t.municipio,
      direccion: t.direccion,
      telefono: t.telefono,
      codigoSistema: t.codigoSistema,
      ambiente: 2,
      modalidad: 2,
      training: true,
    });
  // The published key gets the least the training till needs: selling (issue 19, finding 13).
  // Settings and points of sale need an admin key: `npm run admin -- key create --nit … --scopes admin`.
  store.apiKeys.ensure(tenant.id, 'Clave de demostración (modo entrenamiento)', demoApiKey, ['till']);
  // A provider, so a trainee can try third-party users (seed 001; docs/decisions/0013-third-party-users.md).
  return tenant.provider ? tenant : store.tenants.setProvider(tenant.id, true);
}

/** Only the training tenant: its NIT is the simulator's taxpayer; other tenants are unknown to it. */
export function addToSimulatedPadron(simulator: SiatSimulator, tenant: Tenant, b: BranchOffice, logger: Logger): void {
  if (!tenant.training) return;
  try {
    const added = simulator.state.addBranch(tenant.nit, { codigoSucursal: b.codigoSucursal, direccion: b.address.toLocaleUpperCase('es'), municipio: b.municipality });
    if (added) logger.info({ nit: tenant.nit, codigoSucursal: b.codigoSucursal }, 'branch added to the simulated padrón');
  } catch (err) {
    // The branch exists in Kipu either way; the trainee can add it with the simulator's /admin/branch.
    logger.warn({ err, codigoSucursal: b.codigoSucursal }, 'could not add the branch to the simulated padrón');
  }
}
