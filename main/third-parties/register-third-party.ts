// Seed 001 "Third-party users": a provider (an integrator invoicing on behalf of other taxpayers)
// registers a third party. In Kipu that third party is a tenant of its own — casa matriz and point
// of sale 0 as every tenant — with the SIAT token it obtained in SIAT's portal (secret store) and
// an API key for the provider to use on its behalf (docs/decisions/0013-third-party-users.md).
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store';
import type { SecretStore } from '../config/secrets';
import { TenantError, type Tenant } from '../store/tenants';
import type { ThirdPartyUser } from '../store/third-party-users';
import { tokenSecretName } from '../cuis-cufd/siat-gateway';
import { SECTOR_SPECS } from '../../shared/sectors';
import { findSector } from '../siat/code-catalog';
import { DomainError, fieldProblem } from '../errors/domain-error';

export type ThirdPartyErrorCode = 'NOT_PROVIDER' | 'DUPLICATE_NIT' | 'DUPLICATE_USERNAME' | 'UNKNOWN_SECTOR' | 'UNSUPPORTED_SECTOR';

export class ThirdPartyError extends DomainError<ThirdPartyErrorCode> {
  readonly domain = 'thirdParty';
  override name = 'ThirdPartyError';
  constructor(code: ThirdPartyErrorCode, message: string) {
    // A sector the provider may not register names the body's field at fault.
    super(code, message, code === 'UNKNOWN_SECTOR' || code === 'UNSUPPORTED_SECTOR' ? { fields: fieldProblem('docSector', 'enum', message) } : {});
  }
}

export interface NewThirdParty {
  username: string;
  nameOwner: string;
  nit: string;
  socialReason: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  docSector: number;
  token: string;
  tokenDescription: string;
  branchOffice: { municipality: string; address: string; description: string };
}

export interface RegisteredThirdParty {
  user: ThirdPartyUser;
  tenant: Tenant;
  /** The new key, shown once: the seed's generated `password`. */
  password: string;
}

/**
 * The one answer to every uniqueness conflict of a registration — a NIT that has a tenant here
 * (the provider's own, one of its third parties, or anyone else's) and a username the provider
 * already used (issue #19, finding 12). Naming the NIT told any provider which taxpayers use this
 * installation; the same words for a username make the text itself say nothing. The status still
 * says "conflict": a NIT is unique per installation, so refusing it cannot look like success —
 * what is left to a caller is one bit per try, under the API key's rate limit, and each try is
 * logged (routes/envelope-users.ts). Linking a taxpayer that is already a tenant is the
 * administrator's: `npm run admin -- tenant link` (link-third-party.ts).
 */
export const REGISTRATION_CONFLICT =
  'No se puede registrar el usuario de terceros con ese NIT o ese nombre de usuario. Revise sus usuarios (GET /api/v1/user/additional); ' +
  'si el NIT es correcto, pida al administrador de Kipu que vincule ese contribuyente a su cuenta de proveedor.';

/** Sectors Kipu issues, in code order: the sector files' (shared/sectors/ is the one list). */
const ISSUABLE_SECTORS: ReadonlySet<number> = new Set(SECTOR_SPECS.map((s) => s.code));

/**
 * Seed: docSector "must equal that of the provider system". The provider's system is this Kipu,
 * so the sector must be one Kipu issues; any other SIAT sector is refused for now.
 */
export function checkDocSector(code: number): void {
  const sector = findSector(code);
  if (!sector) throw new ThirdPartyError('UNKNOWN_SECTOR', `docSector ${code} no es un código de documento sector del catálogo de SIAT`);
  if (!ISSUABLE_SECTORS.has(code)) {
    const kinds = [...ISSUABLE_SECTORS].map((c) => `${c} (${findSector(c)?.name ?? ''})`).join(', ');
    throw new ThirdPartyError('UNSUPPORTED_SECTOR', `docSector ${code} (${sector.name}) aún no soportado: Kipu emite por ahora ${kinds}`);
  }
}

export interface ThirdPartyDeps {
  store: Store;
  secrets: SecretStore;
  now: () => Date;
}

/**
 * Creates the third party's tenant (casa matriz, point of sale 0), its API key and the record of
 * who registered it in ONE SQLite transaction, and stores its SIAT token in the secret store as
 * the transaction's last step:
 * - a failure before writing the token rolls the transaction back: nothing is left;
 * - a failure while writing it, or a failed COMMIT after it, also removes the token again (the
 *   name is derived from the new tenant's id, so nothing else is there); if even that fails, the
 *   token sits under the id of a tenant that does not exist (ids are fresh UUIDs), which nothing
 *   ever reads, and the key was never handed out.
 * The password is returned only after the commit.
 */
export function registerThirdParty(deps: ThirdPartyDeps, provider: Tenant, input: NewThirdParty): RegisteredThirdParty {
  if (!provider.provider) {
    throw new ThirdPartyError('NOT_PROVIDER', 'Solo un contribuyente habilitado como proveedor puede registrar usuarios de terceros (npm run admin -- tenant provider --nit <NIT> on)');
  }
  checkDocSector(input.docSector);
  const { store, secrets } = deps;
  const users = store.thirdPartyUsers;
  const secretWritten: string[] = [];
  const tx = (): RegisteredThirdParty => {
    if (users.usernameTaken(provider.id, input.username)) {
      throw new ThirdPartyError('DUPLICATE_USERNAME', REGISTRATION_CONFLICT);
    }
    let tenant: Tenant;
    try {
      tenant = store.tenants.create({
        nit: input.nit,
        razonSocial: input.socialReason,
        municipio: input.branchOffice.municipality,
        direccion: input.branchOffice.address,
        telefono: input.phone,
        casaMatriz: { city: input.city, description: input.branchOffice.description },
        // The third party invoices through the provider's system (seed: docSector "must equal
        // that of the provider system"): SIAT's codigoSistema, environment and modality are the
        // system's, so they are the provider's.
        codigoSistema: provider.codigoSistema,
        ambiente: provider.ambiente,
        modalidad: provider.modalidad,
        // Registered from a training tenant: its documents say so too.
        training: provider.training,
      });
    } catch (err) {
      if (err instanceof TenantError && err.code === 'DUPLICATE_NIT') {
        throw new ThirdPartyError('DUPLICATE_NIT', REGISTRATION_CONFLICT);
      }
      throw err;
    }
    // The third party's only key: its provider runs its account (certificate, invoices, webhooks).
    const key = store.apiKeys.create(tenant.id, input.username, ['admin', 'integrator']);
    const user: ThirdPartyUser = {
      id: randomUUID(),
      providerTenantId: provider.id,
      tenantId: tenant.id,
      apiKeyId: key.info.id,
      username: input.username,
      nameOwner: input.nameOwner,
      phone: input.phone,
      email: input.email,
      address: input.address,
      city: input.city,
      docSector: input.docSector,
      tokenDescription: input.tokenDescription,
      createdAt: deps.now().toISOString(),
    };
    users.insert(user);
    // Last: the one step outside SQLite (see above). Same place as PUT /api/v1/settings/siat.
    // Noted before writing: a store that fails half-way may have written it all the same.
    const name = tokenSecretName(tenant.id);
    secretWritten.push(name);
    secrets.set(name, input.token);
    return { user, tenant, password: key.key };
  };
  try {
    return store.transaction(tx);
  } catch (err) {
    for (const name of secretWritten) {
      try {
        secrets.delete(name);
      } catch {
        // Unreachable leftover: see the function's comment.
      }
    }
    throw err;
  }
}
