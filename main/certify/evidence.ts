// The evidence of a run, ready to show an inspector: one JSON report per stage and point of sale
// (counts, sample CUFs or codes, first and last timestamps, SIAT's codes) and a summary, written
// from the stored steps (the database is the truth; the files can be rewritten at any time).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CertificationRun, CertificationStep } from '../store/certification';
import { stageKey, stageTitle, type StageRequirement } from './requirements';

const SAMPLE = 5;

export type { StageReport } from '../../shared/api/certification';
import type { StageReport } from '../../shared/api/certification';

/** Pure: the report of one stage at one point of sale from its steps. */
export function stageReport(p: { stage: { requirement: StageRequirement }; pos: { code: number }; sector: number | null; required: number }, steps: readonly CertificationStep[]): StageReport {
  const ok = steps.filter((s) => s.ok);
  const codes: Record<string, number> = {};
  for (const s of steps) if (s.siatCode !== null) codes[String(s.siatCode)] = (codes[String(s.siatCode)] ?? 0) + 1;
  const r = p.stage.requirement;
  return {
    etapa: stageKey(r.name, p.sector),
    etapaSin: r.sinStage,
    titulo: stageTitle(r, p.sector),
    sector: p.sector,
    puntoVenta: p.pos.code,
    hechos: ok.length,
    requeridos: p.required,
    fallidos: steps.length - ok.length,
    codigoEsperado: r.expectedCode,
    codigosSiat: codes,
    primeraEn: steps[0]?.at ?? null,
    ultimaEn: steps[steps.length - 1]?.at ?? null,
    muestras: ok.slice(0, SAMPLE).map((s) => s.ref ?? '').filter(Boolean),
    respuestasMuestra: ok.slice(0, SAMPLE).map((s) => s.siatText ?? '').filter(Boolean),
    fallas: steps.filter((s) => !s.ok).map((s) => ({ paso: s.seq + 1, codigo: s.siatCode, texto: s.siatText, en: s.at })),
  };
}

/** etapa-IV-emission-pv0.json; another sector's: etapa-IV-emission-s11-pv0.json. */
export const reportFileName = (r: Pick<StageReport, 'etapaSin' | 'etapa' | 'puntoVenta'>) => `etapa-${r.etapaSin}-${r.etapa.replace(':', '-')}-pv${r.puntoVenta}.json`;

export function writeStageReport(dir: string, report: StageReport): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, reportFileName(report));
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}

export function writeSummary(dir: string, run: CertificationRun, reports: readonly StageReport[], outcome: string, elapsedMs: number): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'resumen.json');
  writeFileSync(
    path,
    `${JSON.stringify({ corrida: run.id, iniciada: run.startedAt, escala: run.scale, opciones: run.options, resultado: outcome, duracionMsEstaEjecucion: elapsedMs, etapas: reports }, null, 2)}\n`,
  );
  return path;
}
