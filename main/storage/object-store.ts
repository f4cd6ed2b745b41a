// Object storage behind one narrow interface (seed "Object storage"). The till keeps objects in
// its data directory (LocalObjectStore); a head office can later plug in an S3-compatible
// backend implementing the same four calls without touching the routes (DESIGN.md, Growth).

export interface StoredObject {
  data: Buffer;
  contentType: string;
  size: number;
}

export interface ObjectStore {
  /** Short backend name for status screens ("local", later "s3"). */
  readonly backend: string;
  put(key: string, data: Uint8Array, opts: { contentType: string }): Promise<void>;
  /** null when the key does not exist. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are relative, '/'-separated paths of [A-Za-z0-9._-] segments — the subset S3 and a local
 * file system both take unchanged. No empty, '.' or '..' segment: a key can never leave the
 * store's root.
 */
export function isValidObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((seg) => /^[A-Za-z0-9._-]+$/.test(seg) && seg !== '.' && seg !== '..');
}

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`Clave de objeto no válida: ${JSON.stringify(key)}`);
    this.name = 'InvalidObjectKeyError';
  }
}

export function assertObjectKey(key: string): void {
  if (!isValidObjectKey(key)) throw new InvalidObjectKeyError(key);
}
