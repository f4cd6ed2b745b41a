// The I/O edge of the inspection self-check (items.ts judges): the tenant's issued documents and
// pending events (read only), its synced catalogs, the configured delivery channels and whether
// the engine runs its scheduler. Nothing is issued or sent.
import type { Store } from '../../store/store';
import type { Tenant } from '../../store/tenants';
import type { CatalogService } from '../../catalogs/catalog-sync';
import type { CodesService } from '../../cuis-cufd/cuis-cufd-service';
import type { SmtpSettings } from '../../mail/smtp-config';
import { representationSentence } from '../../documents/model';
import { toBoliviaIso } from '../../../shared/time';
import { checklistPassed, inspectionChecklist, type InspectionFacts } from './items';

export interface SelfCheckDeps {
  store: Store;
  catalogs: CatalogService;
  codes: CodesService;
  smtp: SmtpSettings;
  publicUrl: string | null;
  /** Whether this engine runs the contingency monitor and recovery (the serving engine does). */
  automaticContingency: boolean;
}

export type { SelfCheckResult } from '../../../shared/api/certification';
import type { SelfCheckResult } from '../../../shared/api/certification';

export function gatherInspectionFacts(deps: SelfCheckDeps, tenant: Tenant): InspectionFacts {
  const { catalogs } = deps;
  const activity = catalogs.items(tenant.id, 'activities')[0];
  return {
    ahora: toBoliviaIso(deps.codes.siatNow(tenant.id)),
    findings: deps.store.certification.inspectionFindings(tenant.id),
    paymentMethods: catalogs.items(tenant.id, 'payment-methods'),
    significantEvents: catalogs.items(tenant.id, 'significant-events'),
    legends: activity ? catalogs.items(tenant.id, 'legends', { actividad: activity.codigo }) : [],
    // The sectors SIAT enables for the taxpayer's activities (sincronizarListaActividadesDocumentoSector).
    sectors: [...new Set(catalogs.items(tenant.id, 'activity-sectors').map((d) => Number(d.codigo)))],
    smtp: deps.smtp.resolve(tenant.id) !== null,
    publicUrl: deps.publicUrl,
    automaticContingency: deps.automaticContingency,
  };
}

/** The 14 items judged now for a tenant. */
export function runSelfCheck(deps: SelfCheckDeps, tenant: Tenant): SelfCheckResult {
  const facts = gatherInspectionFacts(deps, tenant);
  const items = inspectionChecklist(facts, { online: representationSentence({ offline: false }), offline: representationSentence({ offline: true }) });
  return { aprobado: checklistPassed(items), en: facts.ahora, items };
}
