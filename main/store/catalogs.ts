// SIAT's catalogs as last synchronized, per taxpayer and list (keyed by the sincronizar*
// operation that returns it), with the time of that sync.
import type { Db } from './db';
import { prepared } from './statements';

export interface CatalogItem {
  codigo: string;
  descripcion: string;
  actividad: string | null;
  extra: Record<string, unknown> | null;
}

export interface CatalogSync {
  syncedAt: string;
  count: number;
}

export class CatalogRepository {
  constructor(private readonly db: Db) {}

  /** Replaces a list in one transaction: a till never sees half a catalog. */
  replace(tenantId: string, catalog: string, items: CatalogItem[], sync: { syncedAt: string; posId: string }): void {
    this.db
      .transaction(() => {
        prepared(this.db, 'DELETE FROM catalog_items WHERE tenant_id = ? AND catalog = ?').run(tenantId, catalog);
        const ins = prepared(this.db, 'INSERT INTO catalog_items (tenant_id, catalog, seq, codigo, descripcion, actividad, extra) VALUES (?, ?, ?, ?, ?, ?, ?)');
        items.forEach((it, seq) => ins.run(tenantId, catalog, seq, it.codigo, it.descripcion, it.actividad, it.extra ? JSON.stringify(it.extra) : null));
        prepared(
          this.db,
          `INSERT INTO catalog_syncs (tenant_id, catalog, synced_at, count, pos_id) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (tenant_id, catalog) DO UPDATE SET synced_at = excluded.synced_at, count = excluded.count, pos_id = excluded.pos_id`,
        ).run(tenantId, catalog, sync.syncedAt, items.length, sync.posId);
      })
      .immediate();
  }

  /** The list's items in SIAT's order. */
  items(tenantId: string, catalog: string): CatalogItem[] {
    const rows = prepared(this.db, 'SELECT * FROM catalog_items WHERE tenant_id = ? AND catalog = ? ORDER BY seq').all(tenantId, catalog) as {
      codigo: string;
      descripcion: string;
      actividad: string | null;
      extra: string | null;
    }[];
    return rows.map((r) => ({ codigo: r.codigo, descripcion: r.descripcion, actividad: r.actividad, extra: r.extra ? (JSON.parse(r.extra) as Record<string, unknown>) : null }));
  }

  lastSync(tenantId: string, catalog: string): CatalogSync | null {
    const sync = prepared(this.db, 'SELECT synced_at, count FROM catalog_syncs WHERE tenant_id = ? AND catalog = ?').get(tenantId, catalog) as
      | { synced_at: string; count: number }
      | undefined;
    return sync ? { syncedAt: sync.synced_at, count: sync.count } : null;
  }
}
