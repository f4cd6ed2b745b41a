// Secrets (SIAT token, certificate key password) never sit in the settings table.
// Desktop: the Electron main process keeps a random master key protected by the OS keystore
// (safeStorage) and hands it to the engine; secrets are then stored AES-256-GCM encrypted.
// Headless (`npm run serve`): no keystore is available, so the file is plain JSON with mode 0600
// (DESIGN.md, Desktop). The desktop without a keystore (Linux without a keyring) refuses to store
// secrets unless the administrator opts into the plain file (desktopSecretStore, decision 0040).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DomainError } from '../errors/domain-error';

export interface SecretStore {
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
}

interface Envelope {
  v: 1;
  enc: 'none' | 'aes-256-gcm';
  iv?: string;
  tag?: string;
  data: string;
}

export class FileSecretStore implements SecretStore {
  constructor(
    private readonly path: string,
    private readonly masterKey: Buffer | null = null,
  ) {
    if (masterKey && masterKey.length !== 32) throw new Error('La clave maestra debe tener 32 bytes');
  }

  private readAll(): Record<string, string> {
    if (!existsSync(this.path)) return {};
    const env = JSON.parse(readFileSync(this.path, 'utf8')) as Envelope;
    if (env.enc === 'none') return JSON.parse(env.data) as Record<string, string>;
    if (!this.masterKey) throw new Error('Los secretos están cifrados y no se recibió la clave maestra del sistema');
    const d = createDecipheriv('aes-256-gcm', this.masterKey, Buffer.from(env.iv!, 'base64'));
    d.setAuthTag(Buffer.from(env.tag!, 'base64'));
    const plain = Buffer.concat([d.update(Buffer.from(env.data, 'base64')), d.final()]);
    return JSON.parse(plain.toString('utf8')) as Record<string, string>;
  }

  private writeAll(all: Record<string, string>): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    let env: Envelope;
    if (this.masterKey) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', this.masterKey, iv);
      const data = Buffer.concat([c.update(JSON.stringify(all), 'utf8'), c.final()]);
      env = { v: 1, enc: 'aes-256-gcm', iv: iv.toString('base64'), tag: c.getAuthTag().toString('base64'), data: data.toString('base64') };
    } else {
      env = { v: 1, enc: 'none', data: JSON.stringify(all) };
    }
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(env), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.path);
  }

  /** Rewrites the file with the current protection (a plain file written before a master key existed gets encrypted). */
  reseal(): void {
    if (!existsSync(this.path)) return;
    const env = JSON.parse(readFileSync(this.path, 'utf8')) as Envelope;
    if (env.enc === 'none' && this.masterKey) this.writeAll(this.readAll());
  }

  get(name: string): string | null {
    return this.readAll()[name] ?? null;
  }

  set(name: string, value: string): void {
    const all = this.readAll();
    all[name] = value;
    this.writeAll(all);
  }

  delete(name: string): void {
    const all = this.readAll();
    delete all[name];
    this.writeAll(all);
  }
}

/** What the desktop says when it has no OS keystore and may not write a plain file (decision 0040). */
export const NO_KEYSTORE_MESSAGE =
  'Este equipo no tiene un almacén seguro de claves del sistema (llavero) y Kipu no guarda secretos ' +
  '(token del SIAT, clave del certificado, contraseñas) en un archivo sin cifrar: no se guardó. ' +
  'Active el llavero del sistema (GNOME Keyring o KWallet) y reinicie Kipu, o pida al administrador ' +
  'que inicie Kipu con KIPU_ALLOW_PLAIN_SECRETS=1 para guardarlos en un archivo legible solo por este ' +
  'usuario. Las ventas siguen funcionando.';

/** A secret could not be stored: the desktop has no OS keystore (main/api/domain-errors.ts: 503). */
export class KeystoreUnavailableError extends DomainError<'KEYSTORE_UNAVAILABLE'> {
  readonly domain = 'secrets';
  override name = 'KeystoreUnavailableError';
  /** Which secret was refused (for the log; the message is the same for all). */
  readonly secret: string;
  constructor(secret: string) {
    super('KEYSTORE_UNAVAILABLE', NO_KEYSTORE_MESSAGE);
    this.secret = secret;
  }
}

/**
 * The desktop engine's store when the OS offers no keystore and the administrator did not opt
 * into a plain file: nothing is written. A plain file an earlier version left (it fell back to
 * one) is still read, so a till that sold yesterday keeps its token and key today, and a secret
 * can be removed from it; an encrypted one cannot be read without the keystore's master key.
 */
export class NoKeystoreSecretStore implements SecretStore {
  private readonly leftover: FileSecretStore;

  constructor(private readonly path: string) {
    this.leftover = new FileSecretStore(path);
  }

  /** Whether a plain file from an earlier version is there (said at start, decision 0040). */
  hasPlainLeftover(): boolean {
    return this.plain();
  }

  private plain(): boolean {
    if (!existsSync(this.path)) return false;
    try {
      return (JSON.parse(readFileSync(this.path, 'utf8')) as Envelope).enc === 'none';
    } catch {
      return false;
    }
  }

  get(name: string): string | null {
    return this.plain() ? this.leftover.get(name) : null;
  }

  /** Refuses every secret: nothing is written (the caller answers 503, domain-errors.ts). */
  set(name: string, _value: string): void {
    throw new KeystoreUnavailableError(name);
  }

  delete(name: string): void {
    // Removing a secret from the plain leftover only shrinks what sits in clear on disk.
    if (this.plain() && this.leftover.get(name) !== null) this.leftover.delete(name);
  }
}

/**
 * The engine's secret store in the desktop (issue #16): sealed with the keystore's master key when
 * there is one; otherwise the plain 0600 file only with KIPU_ALLOW_PLAIN_SECRETS=1, else a store
 * that refuses to write. `warning` is what the engine logs at start (English, for the log).
 */
export function desktopSecretStore(path: string, masterKey: Buffer | null, allowPlain: boolean): { store: SecretStore; warning: string | null } {
  if (masterKey) {
    const store = new FileSecretStore(path, masterKey);
    store.reseal();
    return { store, warning: null };
  }
  if (allowPlain) {
    return { store: new FileSecretStore(path), warning: 'OS keystore unavailable: KIPU_ALLOW_PLAIN_SECRETS=1, secrets are kept in a plain file (0600 only)' };
  }
  const store = new NoKeystoreSecretStore(path);
  return {
    store,
    warning: store.hasPlainLeftover()
      ? 'OS keystore unavailable: new secrets are refused; a plain secrets file left by an earlier version is still read (set up a keyring to seal it, or KIPU_ALLOW_PLAIN_SECRETS=1 to keep it)'
      : 'OS keystore unavailable: secrets are refused (no plain file without KIPU_ALLOW_PLAIN_SECRETS=1); sales go on',
  };
}
