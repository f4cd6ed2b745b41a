// A core-seed reason code (`motivo`, `codigoMotivo`) resolved to SIAT's code of the same meaning
// (main/catalogs/seed-codes.ts, issue 28 item 2), for the routes of the core seed.
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { CatalogService } from '../catalogs/catalog-sync';
import { seedToSiat, type SeedCodeTable } from '../catalogs/seed-codes';
import { SIGNIFICANT_EVENTS } from '../siat/code-catalog';
import { unprocessable } from './errors';
import { viaSiat } from './siat-errors';

function translated(table: SeedCodeTable, seed: number, items: readonly { codigo: string; descripcion: string }[], note: boolean): number {
  const t = seedToSiat(table, seed, items, { note });
  if (!t.ok) throw unprocessable(t.message, [{ field: table.field, rule: t.reason, message: t.message }]);
  return t.siatCode;
}

/**
 * For a cancellation: SIAT answers the cancellation itself, so a catalog never synced is synced
 * now (the seed says sync runs once at start; a client that skipped it is not refused for that).
 */
export async function siatCancellationReason(catalogs: CatalogService, tenant: Tenant, pos: PointOfSale, table: SeedCodeTable, seed: number, note: boolean): Promise<number> {
  if (!catalogs.lastSync(tenant.id, table.catalog)) await viaSiat(() => catalogs.sync(tenant, pos, table.catalog));
  return translated(table, seed, catalogs.items(tenant.id, table.catalog), note);
}

/**
 * For a contingency event, which starts when SIAT may not answer: the synced catalog, else
 * Kipu's copy of SIAT's significant-events catalog (main/siat/code-catalog.ts), matched by the same
 * descriptions.
 */
export function siatEventReason(catalogs: CatalogService, tenantId: string, table: SeedCodeTable, seed: number): number {
  const synced = catalogs.lastSync(tenantId, table.catalog) ? catalogs.items(tenantId, table.catalog) : [];
  const items = synced.length > 0 ? synced : SIGNIFICANT_EVENTS.map((e) => ({ codigo: String(e.code), descripcion: e.description }));
  return translated(table, seed, items, false);
}
