// Intake of a massive emission batch: each item is checked like a single sale (invoiceType,
// modality, the sector's layout, validateSale against the synced catalogs, a legend for its
// activity) and gets its verdict on its own — a bad item never stops the good ones. Accepted
// items get the id their invoice will carry; nothing is numbered here (issue-items.ts does it).
import type { Tenant } from '../../store/tenants';
import type { NewBatchItem } from '../../store/invoice-batches';
import type { CatalogService } from '../../catalogs/catalog-sync';
import type { FieldProblem } from '../../../shared/api-envelope';
import { invoiceType } from '../../../shared/invoice-types';
import { sectorLayout } from '../sectors/layouts';
import { documentOperations } from '../../siat/codes';
import { catalogLookup } from '../catalog-lookup';
import { validateSale, type SaleRequest } from '../sale-input';
import { uuidv7 } from '../../store/uuid7';

/** An item as the API hands it over: a request whose shape passed the schema, or its problems. */
export type BatchItemInput = { index: number; request: SaleRequest } | { index: number; problems: FieldProblem[] };

const problem = (field: string, rule: string, message: string): FieldProblem[] => [{ field, rule, message }];

/** Why an invoice type cannot go through massive reception, or null when it can. */
function massiveRefusal(tenant: Tenant, typeName: string): FieldProblem[] | null {
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
export function checkBatchItems(catalogs: CatalogService, tenant: Tenant, items: BatchItemInput[]): NewBatchItem[] {
  const lookup = catalogLookup(catalogs, tenant.id);
  const legendsOf = new Map<string, boolean>();
  const hasLegend = (activity: string) => {
    let v = legendsOf.get(activity);
    if (v === undefined) legendsOf.set(activity, (v = catalogs.items(tenant.id, 'legends', { actividad: activity }).length > 0));
    return v;
  };
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
