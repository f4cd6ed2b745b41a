// The administrator links a taxpayer that is already a tenant to a provider, as its third party
// (seed 001; issue #19, finding 12). A provider cannot do this through the API: that would let
// any provider take over, or find out, another tenant by its NIT — so POST /api/v1/user/additional
// answers a NIT that already has a tenant with the generic conflict (register-third-party.ts),
// and the administrator, who can see both sides, decides here (`npm run admin -- tenant link`).
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { Scope } from '../../shared/api-scopes';
import type { ThirdPartyUser } from '../store/third-party-users';
import { INVOICE_TYPES } from '../../shared/invoice-types';
import { DomainError } from '../errors/domain-error';

export type LinkErrorCode = 'NOT_FOUND' | 'NOT_PROVIDER' | 'SELF' | 'ALREADY_LINKED' | 'DUPLICATE_USERNAME' | 'INVALID_USERNAME';

export class LinkThirdPartyError extends DomainError<LinkErrorCode> {
  readonly domain = 'thirdPartyLink';
  override name = 'LinkThirdPartyError';
}

/**
 * What the provider's key for a linked tenant may do: invoice and receive webhooks. Unlike a
 * registered third party — a new tenant its provider runs whole — a linked tenant was running on
 * its own; its settings, certificate and SIAT token stay with its own administrator.
 */
export const LINKED_KEY_SCOPES: readonly Scope[] = ['integrator'];

export interface LinkedThirdParty {
  user: ThirdPartyUser;
  tenant: Tenant;
  provider: Tenant;
  /** The provider's new key for the tenant, shown once (what a registration answers as `password`). */
  password: string;
}

/**
 * Links the tenant with NIT `nit` to the provider with NIT `providerNit` under `username`: one
 * third-party record and one API key for the provider, in one transaction. The tenant's own data,
 * keys, SIAT token and system are left as they are. A tenant is third party of at most one
 * provider (third_party_users.tenant_id is unique).
 */
export function linkThirdParty(deps: { store: Store; now: () => Date }, input: { providerNit: string; nit: string; username: string }): LinkedThirdParty {
  const { store } = deps;
  const users = store.thirdPartyUsers;
  const username = input.username.trim();
  if (username.length < 3 || username.length > 100 || !/^[^\s\p{C}]+$/u.test(username)) {
    throw new LinkThirdPartyError('INVALID_USERNAME', 'El nombre de usuario debe tener de 3 a 100 caracteres, sin espacios ni caracteres de control');
  }
  return store.transaction((): LinkedThirdParty => {
    const provider = store.tenants.byNit(input.providerNit.trim());
    if (!provider) throw new LinkThirdPartyError('NOT_FOUND', `No existe un contribuyente con NIT ${input.providerNit}`);
    if (!provider.provider) {
      throw new LinkThirdPartyError('NOT_PROVIDER', `NIT ${provider.nit} no es proveedor (npm run admin -- tenant provider --nit ${provider.nit} on)`);
    }
    const tenant = store.tenants.byNit(input.nit.trim());
    if (!tenant) throw new LinkThirdPartyError('NOT_FOUND', `No existe un contribuyente con NIT ${input.nit}`);
    if (tenant.id === provider.id) throw new LinkThirdPartyError('SELF', 'Un proveedor no puede ser usuario de terceros de sí mismo');
    const linkedTo = users.providerNitOf(tenant.id);
    if (linkedTo !== null) throw new LinkThirdPartyError('ALREADY_LINKED', `NIT ${tenant.nit} ya es usuario de terceros del proveedor NIT ${linkedTo}`);
    if (users.usernameTaken(provider.id, username)) {
      throw new LinkThirdPartyError('DUPLICATE_USERNAME', `El proveedor NIT ${provider.nit} ya tiene un usuario de terceros llamado "${username}"`);
    }
    const key = store.apiKeys.create(tenant.id, username, LINKED_KEY_SCOPES);
    const user: ThirdPartyUser = {
      id: randomUUID(),
      providerTenantId: provider.id,
      tenantId: tenant.id,
      apiKeyId: key.info.id,
      username,
      // The owner's contact data were never given to Kipu; the tenant's own stand in.
      nameOwner: tenant.razonSocial,
      phone: tenant.telefono ?? '',
      email: '',
      address: tenant.direccion,
      city: tenant.municipio,
      // A linked taxpayer is recorded under compra-venta (sector 1), the first of the sectors Kipu
      // issues; the link carries no sector of its own.
      docSector: INVOICE_TYPES[0]!.sector,
      tokenDescription: 'Vinculado por el administrador; el token SIAT es el del propio contribuyente',
      createdAt: deps.now().toISOString(),
    };
    users.insert(user);
    return { user, tenant, provider, password: key.key };
  });
}
