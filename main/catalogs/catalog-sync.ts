// Catalog synchronization (CONTRACT.md §2.2, §7): every sincronizar* list, stored locally per
// taxpayer with its sync time, so sales validate offline. SIAT requires a daily sync.
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { SiatGateway } from '../cuis-cufd/siat-gateway';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { CatalogItem, CatalogRepository } from '../store/catalogs';
import { SYNC_CATALOGS } from '../../shared/api-types';

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
export const SEED_CATALOGS: readonly CatalogName[] = SYNC_CATALOGS;

/** The six generic query types of the seed. */
export const GENERIC_TYPES = ['document-types', 'payment-methods', 'currencies', 'unit-measures', 'cancellation-reasons', 'significant-events'] as const;

export type { CatalogItem } from '../store/catalogs';

export interface SyncResult {
  catalog: CatalogName;
  count: number;
  syncedAt: string;
}

interface CatalogIndex {
  items: CatalogItem[];
  codes: Set<string>;
  pairs: Set<string>;
  byActivity: Map<string, CatalogItem[]>;
  lastSync: { syncedAt: string; count: number } | null;
}

export class CatalogService {
  /** In-memory view of each synced list: validation runs on every sale (profiled hot spot). */
  private readonly cache = new Map<string, CatalogIndex>();

  constructor(
    private readonly repo: CatalogRepository,
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
    this.repo.replace(tenant.id, def.operation, items, { syncedAt, posId: pos.id });
    this.cache.delete(`${tenant.id}|${def.operation}`);
    return { catalog: name, count: items.length, syncedAt };
  }

  /** Every catalog, plus the clock. Stops at the first failure (SIAT down → nothing half-done per list). */
  async syncAll(tenant: Tenant, pos: PointOfSale): Promise<SyncResult[]> {
    await this.codes.syncClock(tenant, pos);
    const out: SyncResult[] = [];
    for (const name of Object.keys(CATALOGS) as CatalogName[]) out.push(await this.sync(tenant, pos, name));
    return out;
  }

  private index(tenantId: string, name: CatalogName): CatalogIndex {
    const op = CATALOGS[name].operation;
    const key = `${tenantId}|${op}`;
    let idx = this.cache.get(key);
    if (idx) return idx;
    const items = this.repo.items(tenantId, op);
    const byActivity = new Map<string, CatalogItem[]>();
    for (const it of items) {
      if (it.actividad === null) continue;
      const list = byActivity.get(it.actividad) ?? [];
      list.push(it);
      byActivity.set(it.actividad, list);
    }
    const lastSync = this.repo.lastSync(tenantId, op);
    idx = {
      items,
      codes: new Set(items.map((i) => i.codigo)),
      pairs: new Set(items.map((i) => `${i.actividad}|${i.codigo}`)),
      byActivity,
      lastSync,
    };
    this.cache.set(key, idx);
    return idx;
  }

  items(tenantId: string, name: CatalogName, filter: { actividad?: string } = {}): CatalogItem[] {
    const idx = this.index(tenantId, name);
    return filter.actividad ? (idx.byActivity.get(filter.actividad) ?? []) : idx.items;
  }

  /** True when the code exists in the catalog (optionally within an activity). */
  has(tenantId: string, name: CatalogName, codigo: string, actividad?: string): boolean {
    const idx = this.index(tenantId, name);
    return actividad ? idx.pairs.has(`${actividad}|${codigo}`) : idx.codes.has(codigo);
  }

  lastSync(tenantId: string, name: CatalogName): { syncedAt: string; count: number } | null {
    return this.index(tenantId, name).lastSync;
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
