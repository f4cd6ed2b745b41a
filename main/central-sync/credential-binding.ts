// Which of the till's taxpayers its Central credential speaks for (issue 26, finding 2). Central
// used to say it (`GET /central/v1/till` → nit) and the till exported whichever tenant that named:
// a fake Central naming the demo NIT got the demo tenant's invoices and repriced its products.
// Now the till decides, once, when the credential is first configured, and keeps the decision
// beside the credential's till id in its own SQLite (installation-wide setting); Central's
// answers can only confirm it (docs/decisions/0060-central-trust-bounds.md).
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import { CENTRAL_TOKEN_RE } from '../config/settings';
import { isRehearsalTenant } from '../training/rehearsal-tenant';

/** The installation-wide setting (tenant '') that holds the binding. */
const SETTING = 'centralCredential';

interface StoredBinding {
  /** The till id inside the credential (`kct_<tillId>_…`): a new credential means a new binding. */
  tillId: string;
  tenantId: string;
  nit: string;
  boundAt: string;
}

/** The credential's tenant cannot be decided, or the configuration contradicts the stored binding. */
export class CentralBindingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CentralBindingError';
  }
}

export function tillIdOfToken(token: string): string {
  const m = CENTRAL_TOKEN_RE.exec(token);
  if (!m) throw new CentralBindingError('KIPU_CENTRAL_TOKEN no tiene la forma kct_<id de la caja>_<secreto>');
  return m[1]!;
}

/**
 * The tenant the credential `token` is bound to. The first time a credential is seen it is bound
 * to the tenant `nit` names (KIPU_CENTRAL_NIT), or to the till's only taxpayer; from then on the
 * stored binding holds, and a KIPU_CENTRAL_NIT naming another taxpayer is refused.
 */
export function boundTenant(store: Store, token: string, nit: string | null): Tenant {
  const tillId = tillIdOfToken(token);
  const stored = store.settings.get<StoredBinding>('', SETTING);
  if (stored && stored.tillId === tillId) {
    const tenant = store.tenants.byId(stored.tenantId);
    if (!tenant) throw new CentralBindingError(`La credencial de Kipu Central se configuró para el NIT ${stored.nit}, que ya no es un contribuyente de esta caja`);
    if (nit !== null && nit !== tenant.nit) {
      throw new CentralBindingError(
        `KIPU_CENTRAL_NIT es ${nit}, pero esta credencial de Kipu Central se configuró para el NIT ${tenant.nit}: una credencial sirve a un solo contribuyente; pida una nueva para el NIT ${nit}`,
      );
    }
    return tenant;
  }
  let tenant: Tenant | null;
  if (nit !== null) {
    tenant = store.tenants.byNit(nit);
    if (!tenant) throw new CentralBindingError(`KIPU_CENTRAL_NIT: el NIT ${nit} no es un contribuyente de esta caja`);
  } else {
    // The training rehearsal's taxpayer is no store: never Central's (main/training/rehearsal-tenant.ts).
    const all = store.tenants.list().filter((t) => !isRehearsalTenant(t));
    if (all.length !== 1) {
      throw new CentralBindingError(
        `Esta caja tiene ${all.length} contribuyentes: indique en KIPU_CENTRAL_NIT el NIT para el que se emitió la credencial de Kipu Central (no se envía nada hasta entonces)`,
      );
    }
    tenant = all[0]!;
  }
  store.settings.set('', SETTING, { tillId, tenantId: tenant.id, nit: tenant.nit, boundAt: new Date().toISOString() } satisfies StoredBinding);
  return tenant;
}
