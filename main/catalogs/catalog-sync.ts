// Catalog synchronization (CONTRACT.md §2.2, §7): every sincronizar* list, stored locally per
// taxpayer with its sync time, so sales validate offline. SIAT requires a daily sync.
import type { Db } from '../store/db';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { SiatGateway } from '../codes/siat-gateway';
import type { CodesService } from '../codes/codes-service';

/** One synchronizable list: its SIAT operation, list element and how an item maps to a row. */
interface CatalogDef {
  operation: string;
  list: string;
  row(item: Record<string, unknown>): { codigo: string; descripcion: string; actividad: string | null; extra: Record<string, unknown> | null };
}

const parametric = (operation: string): CatalogDef => ({
  operation,
  list: 'listaCodigos',
  row: (i) => ({ codigo: String(i.codigoClasificador), descripcion: String(i.descripcion ?? ''), actividad: null, extra: null }),
});

export const CATALOGS = {
  activities: {
    operation: 'sincronizarActividades',
    list: 'listaActividades',
    row: (i) => ({ codigo: String(i.codigoCaeb), descripcion: String(i.descripcion ?? ''), actividad: String(i.codigoCaeb), extra: { tipoActividad: i.tipoActividad ?? null } }),
  },
  products: {
    operation: 'sincronizarListaProductosServicios',
    list: 'listaCodigos',
    row: (i) => ({
      codigo: String(i.codigoProducto),
      descripcion: String(i.descripcionProducto ?? ''),
      actividad: String(i.codigoActividad),
      extra: { nandina: i.nandina ?? [] },
    }),
  },
  legends: {
    operation: 'sincronizarListaLeyendasFactura',
    list: 'listaLeyendas',
    // Legends have no code of their own: the position in SIAT's answer identifies them.
    row: (i) => ({ codigo: '', descripcion: String(i.descripcionLeyenda ?? ''), actividad: String(i.codigoActividad), extra: null }),
  },
  'cancellation-reasons': parametric('sincronizarParametricaMotivoAnulacion'),
  'document-types': parametric('sincronizarParametricaTipoDocumentoIdentidad'),
  'payment-methods': parametric('sincronizarParametricaTipoMetodoPago'),
  currencies: parametric('sincronizarParametricaTipoMoneda'),
  'unit-measures': parametric('sincronizarParametricaUnidadMedida'),
  'significant-events': parametric('sincronizarParametricaEventosSignificativos'),
  // Not named by the seed, synchronized by "all" because SIAT requires them daily too.
  'activity-sectors': {
    operation: 'sincronizarListaActividadesDocumentoSector',
    list: 'listaActividadesDocumentoSector',
    row: (i) => ({
      codigo: String(i.codigoDocumentoSector),
      descripcion: String(i.tipoDocumentoSector ?? ''),
      actividad: String(i.codigoActividad),
      extra: null,
    }),
  },
  messages: parametric('sincronizarListaMensajesServicios'),
  countries: parametric('sincronizarParametricaPaisOrigen'),
  'sector-documents': parametric('sincronizarParametricaTipoDocumentoSector'),
  'emission-types': parametric('sincronizarParametricaTipoEmision'),
  'room-types': parametric('sincronizarParametricaTipoHabitacion'),
  'pos-types': parametric('sincronizarParametricaTipoPuntoVenta'),
  'invoice-types': parametric('sincronizarParametricaTiposFactura'),
} satisfies Record<string, CatalogDef>;

export type CatalogName = keyof typeof CATALOGS;

/** The nine names of the seed's "Synchronise one catalog" (seed: Catalogs). */
export const SEED_CATALOGS = [
  'activities',
  'products',
  'legends',
  'cancellation-reasons',
  'document-types',
  'payment-methods',
  'currencies',
  'unit-measures',
  'significant-events',
] as const satisfies readonly CatalogName[];

/** The six generic query types of the seed. */
export const GENERIC_TYPES = ['document-types', 'payment-methods', 'currencies', 'unit-measures', 'cancellation-reasons', 'significant-events'] as const;

export interface CatalogItem {
  codigo: string;
  descripcion: string;
  actividad: string | null;
  extra: Record<string, unknown> | null;
}

export interface SyncResult {
  catalog: CatalogName;
  count: number;
  syncedAt: string;
}

export class CatalogService {
  constructor(
    private readonly db: Db,
    private readonly gateway: SiatGateway,
    private readonly codes: CodesService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async sync(tenant: Tenant, pos: PointOfSale, name: CatalogName): Promise<SyncResult> {
    const def: CatalogDef = CATALOGS[name];
    const cuis = await this.codes.ensureCuis(tenant, pos);
    const id = this.gateway.identity(tenant);
    const client = this.gateway.client(tenant);
    const res = (await client.call('sincronizacion', def.operation as never, {
      codigoAmbiente: id.codigoAmbiente,
      codigoPuntoVenta: pos.code,
      codigoSistema: id.codigoSistema,
      codigoSucursal: pos.branchCode,
      cuis: cuis.codigo,
      nit: id.nit,
    } as never)) as Record<string, unknown>;
    const items = ((res[def.list] as Record<string, unknown>[] | undefined) ?? []).map(def.row);
    const syncedAt = this.now().toISOString();
    // Replace the list atomically: a till never sees half a catalog.
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM catalog_items WHERE tenant_id = ? AND catalog = ?').run(tenant.id, def.operation);
      const ins = this.db.prepare('INSERT INTO catalog_items (tenant_id, catalog, seq, codigo, descripcion, actividad, extra) VALUES (?, ?, ?, ?, ?, ?, ?)');
      items.forEach((it, seq) => ins.run(tenant.id, def.operation, seq, it.codigo, it.descripcion, it.actividad, it.extra ? JSON.stringify(it.extra) : null));
      this.db
        .prepare(
          `INSERT INTO catalog_syncs (tenant_id, catalog, synced_at, count, pos_id) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (tenant_id, catalog) DO UPDATE SET synced_at = excluded.synced_at, count = excluded.count, pos_id = excluded.pos_id`,
        )
        .run(tenant.id, def.operation, syncedAt, items.length, pos.id);
    }).immediate();
    return { catalog: name, count: items.length, syncedAt };
  }

  /** Every catalog, plus the clock. Stops at the first failure (SIAT down → nothing half-done per list). */
  async syncAll(tenant: Tenant, pos: PointOfSale): Promise<SyncResult[]> {
    await this.codes.syncClock(tenant, pos);
    const out: SyncResult[] = [];
    for (const name of Object.keys(CATALOGS) as CatalogName[]) out.push(await this.sync(tenant, pos, name));
    return out;
  }

  items(tenantId: string, name: CatalogName, filter: { actividad?: string } = {}): CatalogItem[] {
    const op = CATALOGS[name].operation;
    const rows = (
      filter.actividad
        ? this.db.prepare('SELECT * FROM catalog_items WHERE tenant_id = ? AND catalog = ? AND actividad = ? ORDER BY seq').all(tenantId, op, filter.actividad)
        : this.db.prepare('SELECT * FROM catalog_items WHERE tenant_id = ? AND catalog = ? ORDER BY seq').all(tenantId, op)
    ) as { codigo: string; descripcion: string; actividad: string | null; extra: string | null }[];
    return rows.map((r) => ({ codigo: r.codigo, descripcion: r.descripcion, actividad: r.actividad, extra: r.extra ? (JSON.parse(r.extra) as Record<string, unknown>) : null }));
  }

  /** True when the code exists in the catalog (optionally within an activity). */
  has(tenantId: string, name: CatalogName, codigo: string, actividad?: string): boolean {
    const op = CATALOGS[name].operation;
    const row = actividad
      ? this.db.prepare('SELECT 1 FROM catalog_items WHERE tenant_id = ? AND catalog = ? AND codigo = ? AND actividad = ? LIMIT 1').get(tenantId, op, codigo, actividad)
      : this.db.prepare('SELECT 1 FROM catalog_items WHERE tenant_id = ? AND catalog = ? AND codigo = ? LIMIT 1').get(tenantId, op, codigo);
    return row !== undefined;
  }

  lastSync(tenantId: string, name: CatalogName): { syncedAt: string; count: number } | null {
    const r = this.db.prepare('SELECT synced_at, count FROM catalog_syncs WHERE tenant_id = ? AND catalog = ?').get(tenantId, CATALOGS[name].operation) as
      | { synced_at: string; count: number }
      | undefined;
    return r ? { syncedAt: r.synced_at, count: r.count } : null;
  }

  status(tenantId: string): { catalog: CatalogName; lastSync: string | null; count: number }[] {
    return (Object.keys(CATALOGS) as CatalogName[]).map((catalog) => {
      const s = this.lastSync(tenantId, catalog);
      return { catalog, lastSync: s?.syncedAt ?? null, count: s?.count ?? 0 };
    });
  }

  /** The oldest sync of the tenant, null if some catalog was never synced. */
  oldestSync(tenantId: string): Date | null {
    const all = this.status(tenantId);
    if (all.some((s) => s.lastSync === null)) return null;
    return new Date(Math.min(...all.map((s) => new Date(s.lastSync!).getTime())));
  }
}
