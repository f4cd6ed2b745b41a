// The newest certify run of a tenant (in training, of its rehearsal taxpayer) as the manager's
// screen and the report routes show it: every stage the run includes, per point of sale, from the
// stored steps (the database is the truth; the evidence files under <datos>/certificacion/ are
// written from the same rows).
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { CertificationRun } from '../store/certification';
import { CERTIFICATION_POS_CODES, requiredPerPos, stageKey, stageSectors, STAGES, type StageRequirement } from './requirements';
import { stageReport, type StageReport } from './evidence';
import { rehearsalTenantOf } from '../training/rehearsal-tenant';

export interface CertificationStatus {
  run: { id: string; startedAt: string; finishedAt: string | null; stoppedAt: string | null; stoppedReason: string | null; scale: number; options: Record<string, unknown> } | null;
  stages: StageReport[];
}

/** The stages a run includes: VIII only in the electronic modality, IX only with the "Proceso Masivo" mark. */
export function stagesOfRun(run: Pick<CertificationRun, 'options'>): StageRequirement[] {
  return STAGES.filter((s) => (s.name === 'signature' ? run.options['modalidad'] === 1 : s.name === 'massive' ? run.options['masivo'] === true : true));
}

/** The sectors the run declared (a run from before they were stored: compra-venta). */
export const runSectors = (run: Pick<CertificationRun, 'options'>): number[] => (Array.isArray(run.options['sectores']) ? (run.options['sectores'] as number[]) : [1]);

export function runReports(store: Store, run: CertificationRun): StageReport[] {
  return stagesOfRun(run).flatMap((requirement) =>
    stageSectors(requirement, runSectors(run)).flatMap((sector) =>
      CERTIFICATION_POS_CODES.map((code) =>
        stageReport({ stage: { requirement }, pos: { code }, sector, required: requiredPerPos(requirement, run.scale) }, store.certification.steps(run.id, stageKey(requirement.name, sector), code)),
      ),
    ),
  );
}

/**
 * Whose runs the screen shows for `tenant`: its own (the CLI's certify) or, in training, those of
 * the rehearsal taxpayer the screen's rehearsal runs on, whichever started last (an installation
 * that rehearsed on the store's own taxpayer before the rehearsal had one keeps showing that run
 * until the next rehearsal). The evidence names this taxpayer.
 */
export function certificationOwner(store: Store, tenant: Tenant): Tenant {
  const rehearsal = rehearsalTenantOf(store, tenant);
  if (!rehearsal) return tenant;
  const own = store.certification.latestRun(tenant.id);
  const rehearsed = store.certification.latestRun(rehearsal.id);
  return rehearsed && (!own || rehearsed.startedAt >= own.startedAt) ? rehearsal : tenant;
}

/** The newest run of `owner` (certificationOwner) with its stages. */
export function certificationStatus(store: Store, owner: Tenant): CertificationStatus {
  const run = store.certification.latestRun(owner.id);
  if (!run) return { run: null, stages: [] };
  const { id, startedAt, finishedAt, stoppedAt, stoppedReason, scale, options } = run;
  return { run: { id, startedAt, finishedAt, stoppedAt, stoppedReason, scale, options }, stages: runReports(store, run) };
}
