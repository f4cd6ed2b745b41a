// API keys: `kipu_<prefix>_<secret>`. Only the prefix (for lookup and display) and a SHA-256
// hash of the whole key are stored. A key has ≥ 190 bits of entropy, so a fast hash is the
// right tool here (a password KDF would only slow every request); the comparison is
// constant-time so a wrong key leaks nothing through timing.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from './db';
import { prepared } from './statements';
import { SCOPES, isScope, type Scope } from '../../shared/api-scopes';

export interface ApiKeyInfo {
  id: string;
  tenantId: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** What the key may do (main/api/access.ts); never empty. */
  scopes: Scope[];
}

export interface CreatedKey {
  info: ApiKeyInfo;
  /** The full key: shown once, never stored. */
  key: string;
}

const KEY_RE = /^kipu_([a-z0-9]{8})_([A-Za-z0-9]{16,64})$/;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomText(alphabet: string, length: number): string {
  // Rejection sampling keeps every character uniform.
  const out: string[] = [];
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < limit && out.length < length) out.push(alphabet[b % alphabet.length]!);
    }
  }
  return out.join('');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function keyPrefix(key: string): string | null {
  return KEY_RE.exec(key)?.[1] ?? null;
}

interface Row {
  id: string;
  tenant_id: string;
  name: string;
  prefix: string;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  scopes: string;
}

/** Stored as a space-separated set in SCOPES order; unknown words are dropped. */
function parseScopes(text: string): Scope[] {
  const words = new Set(text.split(/\s+/));
  return SCOPES.filter((s) => words.has(s) && isScope(s));
}

function scopesText(scopes: readonly Scope[]): string {
  const set = new Set(scopes);
  const text = SCOPES.filter((s) => set.has(s)).join(' ');
  if (!text) throw new Error('Una clave necesita al menos un ámbito');
  return text;
}

function toInfo(r: Row): ApiKeyInfo {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    scopes: parseScopes(r.scopes),
  };
}

export class ApiKeyRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  create(tenantId: string, name: string, scopes: readonly Scope[]): CreatedKey {
    const key = `kipu_${randomText(ALPHABET, 8)}_${randomText(SECRET_ALPHABET, 40)}`;
    return { info: this.insert(tenantId, name, key, scopes), key };
  }

  /**
   * Registers a key chosen outside (the training demo key); idempotent for the same key. Its
   * scopes are set to `scopes` each time, so a demo key from an older version is narrowed.
   */
  ensure(tenantId: string, name: string, key: string, scopes: readonly Scope[]): ApiKeyInfo {
    const prefix = keyPrefix(key);
    if (!prefix) throw new Error('Formato de clave inválido');
    const existing = prepared(this.db, 'SELECT * FROM api_keys WHERE prefix = ?').get(prefix) as Row | undefined;
    if (existing) {
      if (existing.tenant_id !== tenantId || existing.hash !== hashKey(key)) {
        throw new Error(`El prefijo de clave ${prefix} ya está en uso`);
      }
      prepared(this.db, 'UPDATE api_keys SET scopes = ? WHERE id = ?').run(scopesText(scopes), existing.id);
      return toInfo(prepared(this.db, 'SELECT * FROM api_keys WHERE id = ?').get(existing.id) as Row);
    }
    return this.insert(tenantId, name, key, scopes);
  }

  private insert(tenantId: string, name: string, key: string, scopes: readonly Scope[]): ApiKeyInfo {
    const id = randomUUID();
    prepared(this.db, 'INSERT INTO api_keys (id, tenant_id, name, prefix, hash, created_at, scopes) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(id, tenantId, name, keyPrefix(key), hashKey(key), this.now().toISOString(), scopesText(scopes));
    return toInfo(prepared(this.db, 'SELECT * FROM api_keys WHERE id = ?').get(id) as Row);
  }

  list(tenantId: string): ApiKeyInfo[] {
    return (prepared(this.db, 'SELECT * FROM api_keys WHERE tenant_id = ? ORDER BY created_at').all(tenantId) as Row[]).map(toInfo);
  }

  /** Revokes a key of this tenant. Returns false when the tenant has no such key. */
  revoke(tenantId: string, idOrPrefix: string): boolean {
    const r = prepared(this.db, 'UPDATE api_keys SET revoked_at = ? WHERE tenant_id = ? AND (id = ? OR prefix = ?) AND revoked_at IS NULL')
      .run(this.now().toISOString(), tenantId, idOrPrefix, idOrPrefix);
    return r.changes > 0;
  }

  /** The active key's tenant, or null for a malformed, unknown or revoked key. */
  authenticate(key: string): ApiKeyInfo | null {
    const prefix = keyPrefix(key);
    if (!prefix) return null;
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE prefix = ?').get(prefix) as Row | undefined;
    if (!row || row.revoked_at !== null) return null;
    const expected = Buffer.from(row.hash, 'hex');
    const actual = Buffer.from(hashKey(key), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    return toInfo(row);
  }

  touch(id: string): void {
    prepared(this.db, 'UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(this.now().toISOString(), id);
  }
}
