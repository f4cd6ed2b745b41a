// The store: one SQLite file per installation, behind narrow repositories. Use cases depend
// on these repositories only, so a second backend (head office) can be added later.
import { join } from 'node:path';
import { openDatabase, type Db, type Migration } from './db';
import { TenantRepository } from './tenants';
import { ApiKeyRepository } from './api-keys';
import { PointOfSaleRepository } from './points-of-sale';
import { SettingsStore } from './settings-store';
import { ProductRepository } from './products';

export interface Store {
  db: Db;
  path: string;
  tenants: TenantRepository;
  apiKeys: ApiKeyRepository;
  pointsOfSale: PointOfSaleRepository;
  settings: SettingsStore;
  products: ProductRepository;
  backupPath: string | null;
  close(): void;
}

export function databasePath(dataDir: string): string {
  return join(dataDir, 'kipu.sqlite');
}

export function openStore(dataDir: string, opts: { migrations?: Migration[]; now?: () => Date } = {}): Store {
  const path = databasePath(dataDir);
  const { db, backupPath } = openDatabase(path, opts);
  const now = opts.now ?? (() => new Date());
  return {
    db,
    path,
    backupPath,
    tenants: new TenantRepository(db, now),
    apiKeys: new ApiKeyRepository(db, now),
    pointsOfSale: new PointOfSaleRepository(db, now),
    settings: new SettingsStore(db, now),
    products: new ProductRepository(db, now),
    close: () => {
      if (db.open) db.close();
    },
  };
}
