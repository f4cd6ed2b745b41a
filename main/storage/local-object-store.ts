// ObjectStore on the local disk under <dataDir>/objects. Each object is a file plus a small
// "<file>.meta.json" holding its content type (what S3 keeps as object metadata). Writes go to a
// temporary file and are renamed into place, so a reader never sees half an object.
import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { dirname, join } from 'node:path';
import { assertObjectKey, type ObjectStore, type StoredObject } from './object-store';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../config/paths';

const META_SUFFIX = '.meta.json';

export class LocalObjectStore implements ObjectStore {
  readonly backend = 'local';

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertObjectKey(key);
    // A key ending in the metadata suffix would collide with another object's metadata file.
    if (key.endsWith(META_SUFFIX)) throw new Error(`Clave de objeto reservada: ${key}`);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Uint8Array, opts: { contentType: string }): Promise<void> {
    const file = this.pathOf(key);
    // Owner-only, like the rest of the data directory (issue #19, finding 10; main/config/paths.ts).
    await fsp.mkdir(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    const tmp = `${file}.${randomUUID()}.tmp`;
    const metaTmp = `${tmp}${META_SUFFIX}`;
    await fsp.writeFile(tmp, data, { mode: PRIVATE_FILE_MODE });
    await fsp.writeFile(metaTmp, JSON.stringify({ contentType: opts.contentType }), { mode: PRIVATE_FILE_MODE });
    await fsp.rename(metaTmp, file + META_SUFFIX);
    await fsp.rename(tmp, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    let data: Buffer;
    try {
      data = await fsp.readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
    let contentType = 'application/octet-stream';
    try {
      const meta = JSON.parse(await fsp.readFile(file + META_SUFFIX, 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') contentType = meta.contentType;
    } catch {
      // Metadata lost: the bytes are still the object.
    }
    return { data, contentType, size: data.length };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.pathOf(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fsp.rm(file, { force: true });
    await fsp.rm(file + META_SUFFIX, { force: true });
  }
}
