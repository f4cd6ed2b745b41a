// What every stage step gets: the engine's own services (never a second SIAT client), the
// tenant, the run and its scale. A step does one SIAT operation and says what SIAT answered.
import type { Engine } from '../engine/engine-types';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { CertificationRun } from '../store/certification';
import type { StageRequirement } from './requirements';

export interface CertifyContext {
  engine: Engine;
  tenant: Tenant;
  run: CertificationRun;
  /** The sectors declared in the portal (codigoDocumentoSector): the per-sector stages run for each, one after another. */
  sectors: readonly number[];
  /** The CAFC booklet the SIN gave for events 5–7 (training: the simulator's), from its first number. */
  cafc: { codigo: string; desde: number } | null;
  /** The portal's "Proceso Masivo" mark: stage IX runs. */
  massive: boolean;
  /** Aborted when the engine hosting a rehearsal closes: a step waiting for SIAT gives up (the runner records nothing). */
  signal?: AbortSignal | undefined;
}

export interface StepOutcome {
  ok: boolean;
  siatCode: number | null;
  siatText: string | null;
  /** What the step produced: a CUIS, a CUFD, a CUF, a catalog name. */
  ref: string | null;
  invoiceId: string | null;
}

export interface Stage {
  requirement: StageRequirement;
  /** Whether the run includes this stage (signatures: electronic modality; massive: the portal's mark). Default: always. */
  appliesTo?(ctx: CertifyContext): boolean;
  /**
   * Step number `seq` (0-based, per sector and point of sale) of this stage, for `sector` (null
   * for the system's stages, I–III: requirements.ts stageSectors). Throws on a failure.
   */
  step(ctx: CertifyContext, pos: PointOfSale, seq: number, sector: number | null): Promise<StepOutcome>;
}

export const okStep = (ref: string | null, siatCode: number | null = null, siatText: string | null = null, invoiceId: string | null = null): StepOutcome => ({
  ok: true,
  siatCode,
  siatText,
  ref,
  invoiceId,
});
