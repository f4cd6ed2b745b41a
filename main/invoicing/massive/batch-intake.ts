// Intake of a massive emission batch: each item is checked like a single sale (invoiceType,
// modality, the sector's layout, validateSale against the synced catalogs, a legend for its
// activity) and gets its verdict on its own — a bad item never stops the good ones. Accepted
// items get the id their invoice will carry; nothing is numbered here (issue-items.ts does it).
//
// Pure, so it runs on the batch-intake worker (api/batch-body-job.ts, issue 25): the catalogs come in as
// a snapshot (plain data the engine's thread reads from its in-memory catalog index), the same
// snapshot whether the checks run there or inline (certify's small batches).
import type { Tenant } from '../../store/tenants';
import type { NewBatchItem } from '../../store/invoice-batches';
import type { CatalogService } from '../../catalogs/catalog-sync';
import type { FieldProblem } from '../../../shared/api-envelope';
import { invoiceType } from '../../../shared/invoice-types';
import { sectorLayout } from '../sectors/layouts';
import { documentOperations } from '../../siat/code-catalog';
import { validateSale, type CatalogLookup, type SaleRequest } from '../sale-input';
import { uuidv7 } from '../../store/uuid7';

/** An item as the API hands it over: a request whose shape passed the schema, or its problems. */
export type BatchItemInput = { index: number; request: SaleRequest } | { index: number; problems: FieldProblem[] };

/** What of the tenant the checks read. */
export type IntakeTenant = Pick<Tenant, 'training' | 'modalidad'>;

/** The synced catalogs the checks read, as plain data (structured-cloned to the worker). */
export interface IntakeCatalogs {
  /** The six catalogs validateSale needs that have been synced. */
  synced: string[];
  activities: string[];
  /** Products as `${actividad}|${codigo}`, the pairs CatalogService.has(…, actividad) looks up. */
  products: string[];
  units: string[];
  paymentMethods: { codigo: string; descripcion: string }[];
  documentTypes: string[];
  currencies: string[];
  /** Activities that have at least one legend. */
  legendActivities: string[];
  /** Whether the legends' catalog has any item (what CatalogService.items answers without an activity). */
  anyLegend: boolean;
}

const SALE_CATALOGS = ['activities', 'products', 'unit-measures', 'payment-methods', 'document-types', 'currencies'] as const;

/** The tenant's catalogs as the checks need them, from the engine's in-memory index (no SQL once warm). */
export function intakeCatalogs(catalogs: CatalogService, tenantId: string): IntakeCatalogs {
  const codes = (name: 'activities' | 'unit-measures' | 'document-types' | 'currencies') => catalogs.items(tenantId, name).map((i) => i.codigo);
  return {
    synced: SALE_CATALOGS.filter((c) => catalogs.lastSync(tenantId, c) !== null),
    activities: codes('activities'),
    products: catalogs.items(tenantId, 'products').map((i) => `${i.actividad}|${i.codigo}`),
    units: codes('unit-measures'),
    paymentMethods: catalogs.items(tenantId, 'payment-methods').map((i) => ({ codigo: i.codigo, descripcion: i.descripcion })),
    documentTypes: codes('document-types'),
    currencies: codes('currencies'),
    legendActivities: [...new Set(catalogs.items(tenantId, 'legends').flatMap((i) => (i.actividad === null ? [] : [i.actividad])))],
    anyLegend: catalogs.items(tenantId, 'legends').length > 0,
  };
}

/** The snapshot as the CatalogLookup validateSale asks (catalog-lookup.ts answers the same from the index). */
function lookupOf(c: IntakeCatalogs): { lookup: CatalogLookup; hasLegend: (activity: string) => boolean } {
  const synced = new Set(c.synced);
  const activities = new Set(c.activities);
  const products = new Set(c.products);
  const units = new Set(c.units);
  const productCodes = new Set(c.products.map((p) => p.slice(p.indexOf('|') + 1)));
  // The first of a code, as catalogLookup's find() gives.
  const methods = new Map<string, string>();
  for (const m of c.paymentMethods) if (!methods.has(m.codigo)) methods.set(m.codigo, m.descripcion);
  const documentTypes = new Set(c.documentTypes);
  const currencies = new Set(c.currencies);
  const legends = new Set(c.legendActivities);
  return {
    lookup: {
      synced: (name) => synced.has(name),
      activity: (code) => activities.has(code),
      // CatalogService.has looks a code up in the whole list when no activity is given.
      product: (activity, sin) => (activity ? products.has(`${activity}|${sin}`) : productCodes.has(sin)),
      unit: (code) => units.has(String(code)),
      paymentMethod: (code) => methods.get(String(code)) ?? null,
      paymentMethods: () => c.paymentMethods.map((i) => ({ codigo: Number(i.codigo), descripcion: i.descripcion })),
      documentType: (code) => documentTypes.has(String(code)),
      currency: (code) => currencies.has(String(code)),
    },
    hasLegend: (activity) => (activity ? legends.has(activity) : c.anyLegend),
  };
}

/**
 * Every item's verdict, by position (item i at [i]), in columns: 10,000 small objects cost the
 * engine's thread ~100 ms to receive from the worker, arrays of strings a few. An accepted item has
 * its invoice type, its sale as the JSON text it is stored as and its invoice id, and null
 * problems; a refused one only its problems as JSON text.
 */
export interface IntakeVerdicts {
  invoiceType: (string | null)[];
  saleJson: (string | null)[];
  invoiceId: (string | null)[];
  problemsJson: (string | null)[];
}

const problem = (field: string, rule: string, message: string): FieldProblem[] => [{ field, rule, message }];

/** Why an invoice type cannot go through massive reception, or null when it can. */
function massiveRefusal(tenant: IntakeTenant, typeName: string): FieldProblem[] | null {
  const type = invoiceType(typeName);
  if (!type) return problem('invoiceType', 'enum', `el tipo de factura «${typeName}» no existe`);
  if (!sectorLayout(type.sector)) return problem('invoiceType', 'NOT_SUPPORTED', `${type.name} no tiene formato de documento en Kipu`);
  // CONTRACT §2.5/§3.6: adjustment notes have no package or massive service.
  if (documentOperations(type.sector, type.modalidad).service === 'documentoAjuste') {
    return problem('invoiceType', 'NOT_MASSIVE', 'las notas de crédito-débito se emiten una por una (SIAT no las recibe por recepción masiva)');
  }
  if (!tenant.training && type.modalidad !== tenant.modalidad) {
    return problem('invoiceType', 'SIAT_937', 'modalidad no habilitada para el NIT (SIAT 937)');
  }
  return null;
}

/** Each item's verdict, in request order. */
export function checkBatchItems(catalogs: IntakeCatalogs, tenant: IntakeTenant, items: BatchItemInput[]): NewBatchItem[] {
  const { lookup, hasLegend } = lookupOf(catalogs);
  return items.map((it): NewBatchItem => {
    if ('problems' in it) return it;
    // Named from the batch's body, like the schema's problems: items[3].details[0].quantity.
    const refuse = (ps: FieldProblem[]): NewBatchItem => ({ index: it.index, problems: ps.map((p) => ({ ...p, field: `items[${it.index}].${p.field}` })) });
    const req = it.request;
    const refused = massiveRefusal(tenant, req.invoiceType);
    if (refused) return refuse(refused);
    const type = invoiceType(req.invoiceType)!;
    const v = validateSale(req, lookup, sectorLayout(type.sector)!);
    if ('problems' in v) return refuse(v.problems);
    const activity = v.sale.lines[0]!.activityEconomic;
    if (!hasLegend(activity)) {
      return refuse(problem('details[0].activityEconomic', 'NO_LEGEND', `no hay leyendas sincronizadas para la actividad ${activity}; sincronice los catálogos`));
    }
    return { index: it.index, invoiceType: type.name, sale: v.sale, invoiceId: uuidv7() };
  });
}
