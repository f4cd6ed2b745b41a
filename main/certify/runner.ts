// Runs the stages in the SIN's order for points of sale 0 and 1 of branch 0, resuming where the
// stored steps end. Each step: one SIAT operation through the engine's services, then its row in
// one transaction (CertificationRepository.record). Paced: at most `ratePerSecond` steps start per
// second. A systemic error (bad token, wrong environment, SIAT unreachable) stops the run with one
// message; a step's own failure is recorded with SIAT's code and text and the stage goes on, up to
// MAX_FAILURES_PER_STAGE (then the stage stops: something is wrong that repeating would not fix).
import type { PointOfSale } from '../store/points-of-sale';
import type { CertificationStep } from '../store/certification';
import { requiredPerPos, stageKey, stageSectors, stageTitle } from './requirements';
import type { CertifyContext, Stage } from './context';
import { siatFailureOf, systemicReason } from './systemic';

export const MAX_FAILURES_PER_STAGE = 10;

export interface StageProgress {
  stage: Stage;
  pos: PointOfSale;
  /** The declared sector this part of the stage is for; null for the system's stages (I–III). */
  sector: number | null;
  done: number;
  required: number;
  failed: number;
}

export interface RunnerHooks {
  /** Before a stage at a point of sale starts or resumes. */
  onStageStart?(p: StageProgress): void;
  onStep?(p: StageProgress, step: CertificationStep): void;
  onStageEnd?(p: StageProgress): void;
  /** The exchange log's folder for what follows. */
  setFolder?(name: string): void;
  /** Checked before each step: once aborted, the run stops there (and stays resumable). */
  signal?: AbortSignal | undefined;
}

export type RunOutcome =
  | { kind: 'finished' }
  | { kind: 'stopped'; reason: string }
  /** `stage` is the stage's key; `title` what a user reads ("IV · Emisión individual · Zona franca"). */
  | { kind: 'stage-failed'; stage: string; title: string; posCode: number; failures: CertificationStep[] };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function progressOf(ctx: CertifyContext, stage: Stage, pos: PointOfSale, sector: number | null): StageProgress & { steps: CertificationStep[] } {
  const steps = ctx.engine.store.certification.steps(ctx.run.id, stageKey(stage.requirement.name, sector), pos.code);
  return { stage, pos, sector, steps, done: steps.filter((s) => s.ok).length, failed: steps.filter((s) => !s.ok).length, required: requiredPerPos(stage.requirement, ctx.run.scale) };
}

export async function runStages(ctx: CertifyContext, stages: readonly Stage[], points: readonly PointOfSale[], ratePerSecond: number, hooks: RunnerHooks = {}): Promise<RunOutcome> {
  const { certification } = ctx.engine.store;
  const gapMs = 1000 / ratePerSecond;
  let lastStart = 0;
  for (const stage of stages) {
    if (stage.appliesTo && !stage.appliesTo(ctx)) continue;
    // Sector by sector (the declared order), each for both points of sale.
    for (const sector of stageSectors(stage.requirement, ctx.sectors)) {
      const key = stageKey(stage.requirement.name, sector);
      for (const pos of points) {
        const p = progressOf(ctx, stage, pos, sector);
        hooks.setFolder?.(`${stage.requirement.sinStage}-${key.replace(':', '-')}/pv${pos.code}`);
        hooks.onStageStart?.(p);
        let seq = p.steps.length === 0 ? 0 : p.steps[p.steps.length - 1]!.seq + 1;
        while (p.done < p.required) {
          if (hooks.signal?.aborted) {
            const reason = 'Ensayo interrumpido al cerrar Kipu: se reanuda donde quedó';
            certification.stop(ctx.run.id, reason);
            return { kind: 'stopped', reason };
          }
          if (p.failed >= MAX_FAILURES_PER_STAGE) {
            const title = `${stage.requirement.sinStage} · ${stageTitle(stage.requirement, sector)}`;
            return { kind: 'stage-failed', stage: key, title, posCode: pos.code, failures: progressOf(ctx, stage, pos, sector).steps.filter((s) => !s.ok) };
          }
          const wait = lastStart + gapMs - Date.now();
          if (wait > 0) await sleep(wait);
          lastStart = Date.now();
          let step: CertificationStep;
          try {
            const out = await stage.step(ctx, pos, seq, sector);
            step = ctx.engine.store.transaction(() => certification.record(ctx.run.id, { stage: key, posCode: pos.code, seq, ...out }));
          } catch (err) {
            // Interrupted (the engine closing under a rehearsal): nothing recorded, the step runs again on resume.
            if (hooks.signal?.aborted) {
              const reason = 'Ensayo interrumpido al cerrar Kipu: se reanuda donde quedó';
              certification.stop(ctx.run.id, reason);
              return { kind: 'stopped', reason };
            }
            const reason = systemicReason(err);
            if (reason) {
              certification.stop(ctx.run.id, reason);
              return { kind: 'stopped', reason };
            }
            const f = siatFailureOf(err);
            step = ctx.engine.store.transaction(() => certification.record(ctx.run.id, { stage: key, posCode: pos.code, seq, ok: false, siatCode: f.code, siatText: f.text, ref: null, invoiceId: null }));
          }
          if (step.ok) p.done++;
          else p.failed++;
          seq++;
          hooks.onStep?.(p, step);
        }
        hooks.onStageEnd?.(p);
      }
    }
  }
  certification.finish(ctx.run.id);
  return { kind: 'finished' };
}
