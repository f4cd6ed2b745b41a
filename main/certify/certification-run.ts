// One certify run on an engine already started: the Phase I stages resumed or started for the
// tenant, the evidence (a JSON report per stage, the summary, the PDF) and the lines a user reads.
// Shared by `npm run admin -- certify` (command.ts, its own engine with the exchange log) and the
// training rehearsal the «Autorización SIN» screen starts inside the running engine (rehearsal.ts).
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import type { Engine } from '../engine/engine-types';
import { PointOfSaleRegistration } from '../points-of-sale/registration';
import type { PointOfSale } from '../store/points-of-sale';
import type { Tenant } from '../store/tenants';
import { CERTIFICATION_POS_CODES, requiredPerPos, stageSectors, stageTitle } from './requirements';
import type { CertifyContext, Stage } from './context';
import { cuisStage } from './stages/cuis';
import { catalogsStage } from './stages/catalogs';
import { cufdStage } from './stages/cufd';
import { emissionStage } from './stages/emission';
import { cancellationStage } from './stages/cancellation';
import { reversalStage } from './stages/reversal';
import { eventsStage } from './stages/events';
import { signatureStage } from './stages/signature';
import { massiveStage } from './stages/massive';
import { simulatedCafcOf } from '../siat-sim/training-taxpayer';
import { invoiceTypeFor } from '../../shared/invoice-types';
import { progressOf, runStages, type RunOutcome, type StageProgress } from './runner';
import { stageReport, writeStageReport, writeSummary, type StageReport } from './evidence';
import { systemicReason } from './systemic';
import { tokenFingerprint } from './onboarding';
import { readSeguimiento, seguimientoLines, withSeguimiento } from './seguimiento';
import type { SeguimientoRow } from '../../shared/api/certification';

/** The SIN's order: codes and catalogs before anything is issued; cancellations need emissions. */
const CERTIFY_STAGES: readonly Stage[] = [cuisStage, catalogsStage, cufdStage, emissionStage, eventsStage, cancellationStage, signatureStage, massiveStage, reversalStage];

/** The stages a run includes: VIII only in the electronic modality, IX only with the "Proceso Masivo" mark. */
const stagesFor = (ctx: CertifyContext): Stage[] => CERTIFY_STAGES.filter((s) => !s.appliesTo || s.appliesTo(ctx));

export class CertifyUsageError extends Error {}

/** Why the declared sectors cannot be tested in the taxpayer's modality (es-BO). */
const sectorsWithoutType = (sectors: readonly number[], modalidad: number) =>
  `--sectores: Kipu no emite el sector ${sectors.join(', ')} en modalidad ${modalidad === 1 ? 'electrónica' : 'computarizada'} (la modalidad del contribuyente); quítelo o cambie la modalidad con --modalidad`;

/** What a run is started with (a resumed run keeps its own, stored with it). */
export interface CertifyRunOptions {
  sectors: number[];
  massive: boolean;
  /** The CAFC booklet the SIN gave for the events 5–7 (training: the simulator's own). */
  cafc: string | null;
  cafcFrom: number;
  scale: number;
  ratePerSecond: number;
  evidenceDir: string | null;
}

export interface CertifyRunInput {
  engine: Engine;
  tenant: Tenant;
  /** The token in use (its fingerprint is kept so go-live refuses it in production), or null. */
  token: string | null;
  dataDir: string;
  options: CertifyRunOptions;
  out: (line: string) => void;
  /** Once the run is known: where its evidence goes (the CLI points its exchange log there). */
  onEvidenceDir?: (dir: string) => void;
  setFolder?: (name: string) => void;
  /** Stops the run between two steps (the engine closing under a rehearsal); it stays resumable. */
  signal?: AbortSignal;
  /** When this execution began (the CLI counts its engine's start-up). */
  started?: number;
  /** Training against `npm run siat-sim`: its admin URL, to read its seguimiento (the embedded simulator needs none). */
  seguimientoUrl?: string | null;
}

/** Points of sale 0 and 1 of branch 0; 1 is registered with SIAT (registroPuntoVenta) when missing. */
async function certificationPoints(engine: Engine, tenant: Tenant, out: (l: string) => void): Promise<PointOfSale[]> {
  const inBranch0 = () => engine.store.pointsOfSale.list(tenant.id).filter((p) => p.branchCode === 0);
  const points: PointOfSale[] = [];
  for (const code of CERTIFICATION_POS_CODES) {
    let pos = inBranch0().find((p) => p.code === code);
    if (!pos && code > 0) {
      // SIAT may already have it (a reinstall, an earlier rehearsal): adopt it rather than register
      // a second one that would get another code.
      const pos0 = inBranch0().find((p) => p.code === 0);
      if (!pos0) throw new Error('El contribuyente no tiene el punto de venta 0 de la sucursal 0');
      const id = engine.gateway.identity(tenant);
      const cuis = await engine.codes.ensureCuis(tenant, pos0);
      const listed = await engine.gateway.client(tenant).operaciones.consultaPuntoVenta({ codigoAmbiente: id.codigoAmbiente, codigoSistema: id.codigoSistema, codigoSucursal: 0, cuis: cuis.codigo, nit: id.nit });
      const known = (listed.listaPuntosVentas ?? []).find((p) => p.codigoPuntoVenta === code);
      if (known) {
        const type = Number(known.tipoPuntoVenta);
        const added = engine.store.pointsOfSale.addRegistered(tenant.id, pos0.branchId, { code, name: known.nombrePuntoVenta ?? `PUNTO DE VENTA ${code}`, type: Number.isInteger(type) && type > 0 ? type : 2 });
        out(`Punto de venta ${code} ya registrado en el SIAT: se usa el mismo.`);
        pos = engine.store.pointsOfSale.byId(tenant.id, added.id)!;
      }
    }
    if (!pos && code > 0) {
      const registration = new PointOfSaleRegistration({ pointsOfSale: engine.store.pointsOfSale, registrations: engine.store.posRegistrations, branches: engine.store.branches, invoices: engine.invoices, contingency: engine.contingencyEvents, codes: engine.codes, gateway: engine.gateway, transaction: engine.store.transaction });
      const pos0 = inBranch0().find((p) => p.code === 0);
      if (!pos0) throw new Error('El contribuyente no tiene el punto de venta 0 de la sucursal 0');
      const { pos: made } = await registration.register(tenant, { branchId: pos0.branchId, name: `CERTIFICACION ${code}`, description: 'Punto de venta para las pruebas de autorización del SIN', type: 2 });
      out(`Punto de venta ${made.code} registrado en el SIAT para las pruebas.`);
      pos = engine.store.pointsOfSale.byId(tenant.id, made.id)!;
      if (pos.code !== code) throw new Error(`El SIAT asignó el código ${pos.code} al punto de venta nuevo; las pruebas piden el punto de venta ${code}`);
    }
    if (!pos) throw new Error(`El contribuyente no tiene el punto de venta ${code} de la sucursal 0`);
    points.push(pos);
  }
  return points;
}

const pct = (p: StageProgress) => `${p.done}/${p.required}`;

export async function certifyWith(input: CertifyRunInput): Promise<RunOutcome> {
  const { engine, tenant, token, dataDir, out } = input;
  const opts = input.options;
  const started = input.started ?? Date.now();
  const { certification } = engine.store;
  let run = certification.openRun(tenant.id);
  if (run) {
    out(`Reanudando la corrida ${run.id} (iniciada el ${run.startedAt}${run.scale > 1 ? `, reducida ÷${run.scale}` : ''}).`);
    if (run.scale !== opts.scale) out(`  Se mantiene la escala de la corrida (÷${run.scale}), no la indicada (÷${opts.scale}).`);
  } else {
    // Training: the simulator's own booklet for this taxpayer (the store's or the rehearsal's), unless one is given.
    const simulated = tenant.training ? simulatedCafcOf(tenant.nit) : null;
    const cafc = opts.cafc ?? simulated?.codigo ?? null;
    const cafcDesde = opts.cafc ? opts.cafcFrom : (simulated?.desde ?? opts.cafcFrom);
    const withoutType = opts.sectors.filter((sector) => !invoiceTypeFor(sector, tenant.modalidad));
    if (withoutType.length > 0) throw new CertifyUsageError(sectorsWithoutType(withoutType, tenant.modalidad));
    if (!cafc) throw new CertifyUsageError('Falta --cafc: los eventos 5 a 7 (corte de energía, virus o falla de software, falla de hardware) se prueban con facturas manuales de un CAFC que el SIN da para las pruebas');
    run = certification.start(tenant.id, opts.scale, { url: engine.gateway.urlOf(tenant), sistema: tenant.codigoSistema, modalidad: tenant.modalidad, sectores: opts.sectors, masivo: opts.massive, cafc, cafcDesde, ritmo: opts.ratePerSecond,
      // Go-live refuses this token in production (onboarding.ts): a fingerprint, never the token.
      ...(token ? { tokenHuella: tokenFingerprint(token) } : {}),
    });
    out(`Corrida ${run.id} iniciada${run.scale > 1 ? ` con cantidades reducidas (÷${run.scale})` : ' con las cantidades del SIN'}.`);
  }
  const evidenceDir = opts.evidenceDir ?? join(dataDir, 'certificacion', run.id);
  input.onEvidenceDir?.(evidenceDir);
  out(`SIAT: ${engine.gateway.urlOf(tenant)} · NIT ${tenant.nit} · sistema ${tenant.codigoSistema} · modalidad ${tenant.modalidad === 1 ? 'electrónica' : 'computarizada'} · ritmo ${opts.ratePerSecond} pasos/s`);
  out(`Evidencia: ${evidenceDir}`);

  let points: PointOfSale[];
  try {
    input.setFolder?.('0-puntos-de-venta');
    points = await certificationPoints(engine, tenant, out);
  } catch (err) {
    const reason = systemicReason(err);
    const msg = reason ?? (err as Error).message;
    certification.stop(run.id, msg);
    out(`DETENIDO: ${msg}`);
    return { kind: 'stopped', reason: msg };
  }
  // A resumed run keeps what it started with (its sectors, mark and booklet), not this command's flags.
  const o = run.options;
  const ctx: CertifyContext = {
    engine,
    tenant,
    run,
    sectors: Array.isArray(o['sectores']) ? (o['sectores'] as number[]) : opts.sectors,
    massive: o['masivo'] === true,
    cafc: typeof o['cafc'] === 'string' ? { codigo: o['cafc'], desde: Number(o['cafcDesde'] ?? 1) } : null,
    signal: input.signal,
  };
  const stages = stagesFor(ctx);
  const reports = (): StageReport[] =>
    stages.flatMap((stage) =>
      stageSectors(stage.requirement, ctx.sectors).flatMap((sector) =>
        points.map((pos) => {
          const p = progressOf(ctx, stage, pos, sector);
          return stageReport(p, p.steps);
        }),
      ),
    );
  const outcome = await runStages(ctx, stages, points, opts.ratePerSecond, {
    setFolder: (name) => input.setFolder?.(name),
    signal: input.signal,
    onStageStart: (p) => out(`Etapa ${p.stage.requirement.sinStage} · ${stageTitle(p.stage.requirement, p.sector)} · punto de venta ${p.pos.code}: ${pct(p)}${p.done > 0 || p.failed > 0 ? ' (reanudada)' : ''}`),
    onStep: (p, step) => {
      if (!step.ok) out(`  falla en el paso ${step.seq + 1}: ${step.siatCode !== null ? `SIAT ${step.siatCode} ` : ''}${step.siatText ?? ''}`);
      // About ten progress lines per stage.
      else if (p.done === p.required || p.done % Math.max(1, Math.ceil(p.required / 10)) === 0) out(`  ${pct(p)}`);
    },
    onStageEnd: (p) => {
      const steps = progressOf(ctx, p.stage, p.pos, p.sector).steps;
      writeStageReport(evidenceDir, stageReport(p, steps));
    },
  });
  // Training: what the simulator counted per stage, sector and point of sale, beside certify's count.
  let seguimiento: SeguimientoRow[] | null = null;
  try {
    seguimiento = await readSeguimiento(engine, tenant, input.seguimientoUrl ?? null);
  } catch (err) {
    out(`No se pudo leer el seguimiento del simulador: ${(err as Error).message}`);
  }
  const all = withSeguimiento(reports(), seguimiento);
  for (const r of all) writeStageReport(evidenceDir, r);
  const elapsed = Date.now() - started;
  writeSummary(evidenceDir, certification.byId(run.id)!, all, outcome.kind, elapsed);
  // pdf-lib loads only here, on first use (as the routes load it since issue 24).
  const { renderCertificationPdf } = await import('./report-pdf');
  const pdf = await renderCertificationPdf({ id: run.id, nit: tenant.nit, razonSocial: tenant.razonSocial, startedAt: run.startedAt, scale: run.scale, outcome: outcome.kind }, all);
  writeFileSync(join(evidenceDir, 'reporte.pdf'), pdf);
  if (seguimiento) {
    out(`Seguimiento del simulador (lo que contó el SIAT para NIT ${tenant.nit}, por sector, como el portal del SIN):`);
    for (const line of seguimientoLines(all)) out(`  ${line}`);
  }
  if (outcome.kind === 'finished') {
    const total = (s: Stage) => requiredPerPos(s.requirement, run!.scale) * points.length * stageSectors(s.requirement, ctx.sectors).length;
    out(`Fase I completa en el piloto: ${stages.map((s) => `${s.requirement.sinStage} ${total(s)}`).join(' · ')} · sectores ${ctx.sectors.join(', ')} (en ${Math.round(elapsed / 1000)} s).`);
    out('Siguiente paso: revise el avance en el portal del SIN («seguimiento») y solicite la inspección (Fase II).');
  } else if (outcome.kind === 'stopped') {
    out(`DETENIDO: ${outcome.reason}`);
    out('Lo hecho queda guardado: al volver a ejecutar certify, la corrida continúa donde quedó.');
  } else {
    const last = outcome.failures.at(-1);
    out(`Etapa ${outcome.title} del punto de venta ${outcome.posCode} detenida tras ${outcome.failures.length} fallas; la última: ${last?.siatCode != null ? `SIAT ${last.siatCode} ` : ''}${last?.siatText ?? ''}`);
  }
  return outcome;
}
