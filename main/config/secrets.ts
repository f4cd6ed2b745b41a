// Secrets (SIAT token, certificate key password) never sit in the settings table.
// Desktop: the Electron main process keeps a random master key protected by the OS keystore
// (safeStorage) and hands it to the engine; secrets are then stored AES-256-GCM encrypted.
// Headless (`npm run serve`): no keystore is available, so the file is plain JSON with mode 0600
// (DESIGN.md, Desktop).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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
