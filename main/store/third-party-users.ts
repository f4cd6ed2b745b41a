// Third-party users (seed 001): which provider registered which third-party tenant. Always read
// through the provider that registered them. The third party's SIAT token is not here (secret
// store), nor its key's secret (api_keys keeps a hash).
import type { Db } from './db';
import { prepared } from './statements';

export interface ThirdPartyUser {
  id: string;
  providerTenantId: string;
  tenantId: string;
  apiKeyId: string;
  username: string;
  nameOwner: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  /** SIAT codigoDocumentoSector. */
  docSector: number;
  tokenDescription: string;
  createdAt: string;
}

interface Row {
  id: string;
  provider_tenant_id: string;
  tenant_id: string;
  api_key_id: string;
  username: string;
  name_owner: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  doc_sector: number;
  token_description: string;
  created_at: string;
}

function toUser(r: Row): ThirdPartyUser {
  return {
    id: r.id,
    providerTenantId: r.provider_tenant_id,
    tenantId: r.tenant_id,
    apiKeyId: r.api_key_id,
    username: r.username,
    nameOwner: r.name_owner,
    phone: r.phone,
    email: r.email,
    address: r.address,
    city: r.city,
    docSector: r.doc_sector,
    tokenDescription: r.token_description,
    createdAt: r.created_at,
  };
}

/** The form usernames are compared in: a provider cannot have "Tienda1" and "tienda1". */
export const usernameKey = (username: string) => username.trim().toLocaleLowerCase('es');

const SELECT = 'SELECT * FROM third_party_users';

export class ThirdPartyUserRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the record; the caller runs it in the transaction that creates the tenant and key. */
  insert(u: ThirdPartyUser): void {
    prepared(
      this.db,
      `INSERT INTO third_party_users (id, provider_tenant_id, tenant_id, api_key_id, username, username_key, name_owner, phone, email,
         address, city, doc_sector, token_description, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      u.id,
      u.providerTenantId,
      u.tenantId,
      u.apiKeyId,
      u.username,
      usernameKey(u.username),
      u.nameOwner,
      u.phone,
      u.email,
      u.address,
      u.city,
      u.docSector,
      u.tokenDescription,
      u.createdAt,
    );
  }

  usernameTaken(providerTenantId: string, username: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM third_party_users WHERE provider_tenant_id = ? AND username_key = ?').get(providerTenantId, usernameKey(username)) !== undefined;
  }

  /** The provider's third parties, oldest first. */
  list(providerTenantId: string): ThirdPartyUser[] {
    return (prepared(this.db, `${SELECT} WHERE provider_tenant_id = ? ORDER BY created_at, id`).all(providerTenantId) as Row[]).map(toUser);
  }

  /** One third party of this provider; another provider's is null, like a missing one. */
  byId(providerTenantId: string, id: string): ThirdPartyUser | null {
    const r = prepared(this.db, `${SELECT} WHERE provider_tenant_id = ? AND id = ?`).get(providerTenantId, id) as Row | undefined;
    return r ? toUser(r) : null;
  }

  /** NIT of the provider the tenant is a third party of, or null when it is nobody's. */
  providerNitOf(tenantId: string): string | null {
    const r = prepared(this.db, 'SELECT t.nit FROM third_party_users u JOIN tenants t ON t.id = u.provider_tenant_id WHERE u.tenant_id = ?').get(tenantId) as
      | { nit: string }
      | undefined;
    return r?.nit ?? null;
  }
}
