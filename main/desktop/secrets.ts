// Runs in: Electron main. Secrets (SIAT token, certificate key and password, SMTP password)
// encrypted with the OS keystore through safeStorage, stored as base64 in a 0600 JSON file in
// userData. The engine asks for them with EngineToMainMessage 'secret.*' (shared/ipc.ts).
// safeStorage is passed in (main.ts gives Electron's) so the rules can be tested in plain Node.
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SecretName } from '../../shared/ipc';

/** The part of Electron's safeStorage this store uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend(): string;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

type Blob64 = Partial<Record<SecretName, string>>;

export class SecretStore {
  constructor(
    private readonly file: string,
    private readonly safeStorage: SafeStorageLike,
    private readonly platform: NodeJS.Platform,
  ) {}

  /** Linux without a keyring falls back to 'basic_text' (obfuscation only): refuse it. */
  available(): boolean {
    if (!this.safeStorage.isEncryptionAvailable()) return false;
    if (this.platform === 'linux' && this.safeStorage.getSelectedStorageBackend() === 'basic_text') return false;
    return true;
  }

  get(name: SecretName): string | null {
    const b = this.read()[name];
    if (!b) return null;
    if (!this.available()) throw new Error('El almacén seguro del sistema no está disponible.');
    return this.safeStorage.decryptString(Buffer.from(b, 'base64'));
  }

  set(name: SecretName, value: string): void {
    if (!this.available()) throw new Error('El almacén seguro del sistema no está disponible.');
    const all = this.read();
    all[name] = this.safeStorage.encryptString(value).toString('base64');
    this.write(all);
  }

  delete(name: SecretName): void {
    const all = this.read();
    if (!(name in all)) return;
    delete all[name];
    this.write(all);
  }

  private read(): Blob64 {
    if (!existsSync(this.file)) return {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return typeof parsed === 'object' && parsed !== null ? (parsed as Blob64) : {};
    } catch {
      return {};
    }
  }

  // Write-then-rename so a crash never leaves a half-written secrets file.
  private write(all: Blob64): void {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(all), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }
}
