// Central's taxpayers, tills and owner keys. A credential is `<prefix>_<uuid>_<secret>`; only the
// SHA-256 of the secret is stored and it is compared in constant time.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Pool } from './pg';

export interface CentralTenant {
  id: string;
  nit: string;
  name: string;
  allowLocalPrices: boolean;
}

export interface TillPrincipal {
  tillId: string;
  tenantId: string;
  nit: string;
  name: string;
  branchCode: number | null;
}

export interface OwnerPrincipal {
  keyId: string;
  tenantId: string;
}

const TOKEN_RE = /^(kct|kco)_([0-9a-f-]{36})_([A-Za-z0-9]{32,64})$/;

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

function newSecret(): string {
  // 40 base62-ish characters from 30 random bytes.
  return randomBytes(30).toString('base64').replace(/[^A-Za-z0-9]/g, '').padEnd(40, 'x').slice(0, 40);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class AccountRepository {
  constructor(private readonly pool: Pool) {}

  async createTenant(nit: string, name: string): Promise<CentralTenant> {
    const id = randomUUID();
    await this.pool.query('INSERT INTO tenants (id, nit, name) VALUES ($1, $2, $3)', [id, nit, name]);
    return { id, nit, name, allowLocalPrices: false };
  }

  async tenantByNit(nit: string): Promise<CentralTenant | null> {
    const { rows } = await this.pool.query('SELECT id, nit, name, allow_local_prices FROM tenants WHERE nit = $1', [nit]);
    const r = rows[0];
    return r ? { id: r.id, nit: r.nit, name: r.name, allowLocalPrices: r.allow_local_prices } : null;
  }

  async tenantById(id: string): Promise<CentralTenant | null> {
    const { rows } = await this.pool.query('SELECT id, nit, name, allow_local_prices FROM tenants WHERE id = $1', [id]);
    const r = rows[0];
    return r ? { id: r.id, nit: r.nit, name: r.name, allowLocalPrices: r.allow_local_prices } : null;
  }

  async setAllowLocalPrices(tenantId: string, allow: boolean): Promise<void> {
    await this.pool.query('UPDATE tenants SET allow_local_prices = $2 WHERE id = $1', [tenantId, allow]);
  }

  /** A till of the tenant and its credential (shown once). */
  async createTill(tenantId: string, name: string, branchCode: number | null): Promise<{ tillId: string; token: string }> {
    const tillId = randomUUID();
    const secret = newSecret();
    await this.pool.query('INSERT INTO tills (id, tenant_id, name, branch_code, secret_hash) VALUES ($1, $2, $3, $4, $5)', [tillId, tenantId, name, branchCode, hash(secret)]);
    return { tillId, token: `kct_${tillId}_${secret}` };
  }

  async createOwnerKey(tenantId: string, name: string): Promise<{ keyId: string; key: string }> {
    const keyId = randomUUID();
    const secret = newSecret();
    await this.pool.query('INSERT INTO owner_keys (id, tenant_id, name, secret_hash) VALUES ($1, $2, $3, $4)', [keyId, tenantId, name, hash(secret)]);
    return { keyId, key: `kco_${keyId}_${secret}` };
  }

  async authenticateTill(token: string): Promise<TillPrincipal | null> {
    const m = TOKEN_RE.exec(token);
    if (!m || m[1] !== 'kct') return null;
    const { rows } = await this.pool.query(
      `SELECT t.id, t.tenant_id, t.name, t.branch_code, t.secret_hash, n.nit FROM tills t JOIN tenants n ON n.id = t.tenant_id
       WHERE t.id = $1 AND t.revoked_at IS NULL`,
      [m[2]],
    );
    const r = rows[0];
    if (!r || !same(r.secret_hash, hash(m[3]!))) return null;
    return { tillId: r.id, tenantId: r.tenant_id, nit: r.nit, name: r.name, branchCode: r.branch_code };
  }

  async authenticateOwner(key: string): Promise<OwnerPrincipal | null> {
    const m = TOKEN_RE.exec(key);
    if (!m || m[1] !== 'kco') return null;
    const { rows } = await this.pool.query('SELECT id, tenant_id, secret_hash FROM owner_keys WHERE id = $1 AND revoked_at IS NULL', [m[2]]);
    const r = rows[0];
    if (!r || !same(r.secret_hash, hash(m[3]!))) return null;
    return { keyId: r.id, tenantId: r.tenant_id };
  }
}
