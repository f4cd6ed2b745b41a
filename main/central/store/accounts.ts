// Central's taxpayers, tills and owner keys. A credential is `<prefix>_<uuid>_<secret>`; only the
// SHA-256 of the secret is stored and it is compared in constant time. A till's credentials have a
// history (migration 0003, docs/decisions/0045): at most one in force, the others revoked with
// when, by whom and why — never deleted.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { inTransaction, type Pool, type PoolClient } from './pg';

export interface CentralTenant {
  id: string;
  nit: string;
  name: string;
  allowLocalPrices: boolean;
}

export interface TillPrincipal {
  tillId: string;
  /** The credential presented (its rate limit is counted by it). */
  credentialId: string;
  tenantId: string;
  nit: string;
  name: string;
  /** The branch (codigoSucursal) the credential is bound to; null = bound to none (made before 0007). */
  branchCode: number | null;
  /** The point of sale (codigoPuntoVenta) it is bound to; null = any of its branch. */
  posCode: number | null;
}

/** Where a till sells: its facts must name this branch and, when set, this point of sale. */
export interface TillBinding {
  branchCode: number;
  posCode: number | null;
}

export interface OwnerPrincipal {
  keyId: string;
  tenantId: string;
  /** The key's name, as a revocation records who made it. */
  name: string;
}

/** Who issues or revokes a till's credential: an owner key over the API, or the CLI. */
export interface CredentialActor {
  /** As it is recorded and shown ("clave del dueño «Dueño»", "línea de comandos (usuario ana)"). */
  label: string;
  /** The owner key, or null for the CLI. */
  keyId: string | null;
}

/** A credential that was presented and matched, but is revoked: the till is told so (401). */
export interface RevokedCredential {
  revoked: true;
  tillId: string;
  /** Bolivia time, dd/mm/aaaa hh:mm. */
  revokedAt: string;
}

export interface TillRevocation {
  tillId: string;
  revokedAt: string;
  revokedBy: string;
  reason: string | null;
}

/** The till is not the tenant's (or does not exist). */
export class TillNotFoundError extends Error {
  constructor(tillId: string) {
    super(`La caja ${tillId} no existe en este contribuyente`);
  }
}

/** Revoking a till whose credential is already revoked. */
export class AlreadyRevokedError extends Error {
  constructor(tillId: string) {
    super(`La credencial de la caja ${tillId} ya está revocada; emita una nueva si la caja debe volver a sincronizar`);
  }
}

/** An owner key that was presented and matched, but is revoked: its holder is told so (401). */
export interface RevokedOwnerKey {
  revoked: true;
  keyId: string;
  /** Bolivia time, dd/mm/aaaa hh:mm. */
  revokedAt: string;
}

/** An owner key as `key list` shows it (never its secret). */
export interface OwnerKeyInfo {
  keyId: string;
  name: string;
  /** UTC ISO instants. */
  createdAt: string;
  revoked: { at: string; by: string; reason: string | null } | null;
}

/** No owner key of the tenant has that id or id prefix, or more than one has the prefix. */
export class OwnerKeyNotFoundError extends Error {}

/** The owner key is already revoked. */
export class OwnerKeyAlreadyRevokedError extends Error {
  constructor(keyId: string, at: string) {
    super(`La clave del dueño ${keyId} ya fue revocada el ${at} (hora de Bolivia)`);
  }
}

/** The default actor (cli.ts names the operating-system user too). */
const CLI_ACTOR: CredentialActor = { label: 'línea de comandos', keyId: null };

// The id is a UUID in its exact shape: a looser 36 characters ("----…") reached PostgreSQL's uuid
// cast and answered 500 instead of 401 (issue 26, finding 10).
const TOKEN_RE = /^(kct|kco)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9]{32,64})$/;

/** What `key revoke` accepts: the key's id, or its first 8+ characters, with or without `kco_`. */
const KEY_REF_RE = /^(?:kco_)?([0-9a-f][0-9a-f-]{7,35})$/;

const UTC_ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const BOLIVIA = `'DD/MM/YYYY HH24:MI'`;

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

  /**
   * A till of the tenant and its credential (shown once), bound to a branch and optionally one
   * point of sale (issue 26, finding 6): a bare number is the branch, any of its points of sale.
   */
  async createTill(tenantId: string, name: string, binding: number | TillBinding, by: CredentialActor = CLI_ACTOR): Promise<{ tillId: string; token: string }> {
    const tillId = randomUUID();
    const b = typeof binding === 'number' ? { branchCode: binding, posCode: null } : binding;
    return inTransaction(this.pool, async (c) => {
      await c.query('INSERT INTO tills (id, tenant_id, name, branch_code, pos_code) VALUES ($1, $2, $3, $4, $5)', [tillId, tenantId, name, b.branchCode, b.posCode]);
      return { tillId, token: await issueCredential(c, tenantId, tillId, by) };
    });
  }

  /**
   * Revokes the till's credential in force: from the next request on, whoever holds it gets 401
   * "credencial revocada". The row stays, with when, who and why.
   */
  async revokeTill(tenantId: string, tillId: string, by: CredentialActor, reason: string | null): Promise<TillRevocation> {
    return inTransaction(this.pool, async (c) => {
      await lockTill(c, tenantId, tillId);
      const { rows } = await c.query(
        `UPDATE till_credentials SET revoked_at = now(), revoked_by = $3, revoked_by_key = $4, revoked_reason = $5
         WHERE tenant_id = $1 AND till_id = $2 AND revoked_at IS NULL
         RETURNING to_char(revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`,
        [tenantId, tillId, by.label, by.keyId, reason],
      );
      if (rows.length === 0) throw new AlreadyRevokedError(tillId);
      return { tillId, revokedAt: rows[0].at, revokedBy: by.label, reason };
    });
  }

  /**
   * A new credential for the same till (shown once): the one in force, if any, is revoked in the
   * same transaction ("reemplazada"), so the till never has two. Its cursor and replicas stay.
   * With `binding`, the till is bound anew (moved to another branch or point of sale, or an
   * unbound till of before migration 0007 given its branch).
   */
  async reissueTill(tenantId: string, tillId: string, by: CredentialActor, binding?: TillBinding): Promise<{ tillId: string; token: string }> {
    return inTransaction(this.pool, async (c) => {
      await lockTill(c, tenantId, tillId);
      if (binding) await c.query('UPDATE tills SET branch_code = $3, pos_code = $4 WHERE tenant_id = $1 AND id = $2', [tenantId, tillId, binding.branchCode, binding.posCode]);
      await c.query(
        `UPDATE till_credentials SET revoked_at = now(), revoked_by = $3, revoked_by_key = $4, revoked_reason = 'reemplazada por una credencial nueva'
         WHERE tenant_id = $1 AND till_id = $2 AND revoked_at IS NULL`,
        [tenantId, tillId, by.label, by.keyId],
      );
      return { tillId, token: await issueCredential(c, tenantId, tillId, by) };
    });
  }

  async createOwnerKey(tenantId: string, name: string): Promise<{ keyId: string; key: string }> {
    const keyId = randomUUID();
    const secret = newSecret();
    await this.pool.query('INSERT INTO owner_keys (id, tenant_id, name, secret_hash) VALUES ($1, $2, $3, $4)', [keyId, tenantId, name, hash(secret)]);
    return { keyId, key: `kco_${keyId}_${secret}` };
  }

  /**
   * The till a credential belongs to; `{ revoked }` when it matches one of the till's revoked
   * credentials (read on every request: a revocation holds from the next one); null when it matches
   * none. Every credential of the till is compared (a handful), each in constant time.
   */
  async authenticateTill(token: string): Promise<TillPrincipal | RevokedCredential | null> {
    const m = TOKEN_RE.exec(token);
    if (!m || m[1] !== 'kct') return null;
    const { rows } = await this.pool.query(
      `SELECT t.id, t.tenant_id, t.name, t.branch_code, t.pos_code, n.nit, c.id AS credential_id, c.secret_hash, c.revoked_at IS NOT NULL AS revoked,
              to_char(c.revoked_at AT TIME ZONE 'America/La_Paz', 'DD/MM/YYYY HH24:MI') AS revoked_at
       FROM tills t JOIN tenants n ON n.id = t.tenant_id JOIN till_credentials c ON c.tenant_id = t.tenant_id AND c.till_id = t.id
       WHERE t.id = $1`,
      [m[2]],
    );
    const presented = hash(m[3]!);
    const r = rows.find((x) => same(x.secret_hash, presented));
    if (!r) return null;
    if (r.revoked) return { revoked: true, tillId: r.id, revokedAt: r.revoked_at };
    return { tillId: r.id, credentialId: r.credential_id, tenantId: r.tenant_id, nit: r.nit, name: r.name, branchCode: r.branch_code, posCode: r.pos_code };
  }

  /**
   * The owner key; `{ revoked }` when the secret matches a revoked key (its holder is told when, on
   * the next request); null when it matches nothing.
   */
  async authenticateOwner(key: string): Promise<OwnerPrincipal | RevokedOwnerKey | null> {
    const m = TOKEN_RE.exec(key);
    if (!m || m[1] !== 'kco') return null;
    const { rows } = await this.pool.query(
      `SELECT id, tenant_id, name, secret_hash, revoked_at IS NOT NULL AS revoked,
              to_char(revoked_at AT TIME ZONE 'America/La_Paz', ${BOLIVIA}) AS revoked_at
       FROM owner_keys WHERE id = $1`,
      [m[2]],
    );
    const r = rows[0];
    if (!r || !same(r.secret_hash, hash(m[3]!))) return null;
    if (r.revoked) return { revoked: true, keyId: r.id, revokedAt: r.revoked_at };
    return { keyId: r.id, tenantId: r.tenant_id, name: r.name };
  }

  /** The tenant's owner keys, oldest first, revoked ones included (never deleted). */
  async ownerKeys(tenantId: string): Promise<OwnerKeyInfo[]> {
    const { rows } = await this.pool.query(
      `SELECT id, name, to_char(created_at AT TIME ZONE 'UTC', ${UTC_ISO}) AS created_at,
              to_char(revoked_at AT TIME ZONE 'UTC', ${UTC_ISO}) AS revoked_at, revoked_by, revoked_reason
       FROM owner_keys WHERE tenant_id = $1 ORDER BY created_at, id`,
      [tenantId],
    );
    return rows.map((r) => ({
      keyId: r.id,
      name: r.name,
      createdAt: r.created_at,
      revoked: r.revoked_at ? { at: r.revoked_at, by: r.revoked_by, reason: r.revoked_reason } : null,
    }));
  }

  /**
   * Revokes one of the tenant's owner keys, named by its id or an unambiguous prefix of it (8+
   * characters, `kco_` optional). From the next request on its holder gets 401 "clave revocada";
   * the row stays with when, who and why.
   */
  async revokeOwnerKey(tenantId: string, ref: string, by: string, reason: string | null): Promise<OwnerKeyInfo> {
    const m = KEY_REF_RE.exec(ref.trim().toLowerCase());
    if (!m) throw new OwnerKeyNotFoundError(`"${ref}" no es el identificador de una clave del dueño ni sus primeros 8 caracteres (ver: key list)`);
    const prefix = m[1]!;
    return inTransaction(this.pool, async (c) => {
      const { rows } = await c.query(
        `SELECT id, to_char(revoked_at AT TIME ZONE 'America/La_Paz', ${BOLIVIA}) AS revoked_at
         FROM owner_keys WHERE tenant_id = $1 AND left(id::text, $3) = $2 FOR UPDATE`,
        [tenantId, prefix, prefix.length],
      );
      if (rows.length === 0) throw new OwnerKeyNotFoundError(`Ninguna clave del dueño de este contribuyente empieza con ${prefix} (ver: key list)`);
      if (rows.length > 1) throw new OwnerKeyNotFoundError(`${rows.length} claves del dueño empiezan con ${prefix}: escriba más caracteres del identificador`);
      const keyId: string = rows[0].id;
      if (rows[0].revoked_at) throw new OwnerKeyAlreadyRevokedError(keyId, rows[0].revoked_at);
      await c.query('UPDATE owner_keys SET revoked_at = now(), revoked_by = $3, revoked_reason = $4 WHERE tenant_id = $1 AND id = $2', [tenantId, keyId, by, reason]);
      const { rows: after } = await c.query(
        `SELECT name, to_char(created_at AT TIME ZONE 'UTC', ${UTC_ISO}) AS created_at, to_char(revoked_at AT TIME ZONE 'UTC', ${UTC_ISO}) AS revoked_at
         FROM owner_keys WHERE tenant_id = $1 AND id = $2`,
        [tenantId, keyId],
      );
      return { keyId, name: after[0].name, createdAt: after[0].created_at, revoked: { at: after[0].revoked_at, by, reason } };
    });
  }
}

/** A new credential in force for the till, inside the caller's transaction; returns the token. */
async function issueCredential(c: PoolClient, tenantId: string, tillId: string, by: CredentialActor): Promise<string> {
  const secret = newSecret();
  await c.query('INSERT INTO till_credentials (id, tenant_id, till_id, secret_hash, issued_by, issued_by_key) VALUES ($1, $2, $3, $4, $5, $6)', [
    randomUUID(),
    tenantId,
    tillId,
    hash(secret),
    by.label,
    by.keyId,
  ]);
  return `kct_${tillId}_${secret}`;
}

/** The tenant's till, locked for the credential change (two revocations at once: one wins, one gets 409). */
async function lockTill(c: PoolClient, tenantId: string, tillId: string): Promise<void> {
  const { rowCount } = await c.query('SELECT 1 FROM tills WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, tillId]);
  if (!rowCount) throw new TillNotFoundError(tillId);
}
