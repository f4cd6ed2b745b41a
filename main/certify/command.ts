// `npm run admin -- certify`: the SIN's Phase I authorization tests on the pilot (issue 29),
// run by the engine's own services started in this process (no HTTP client of our own, no second
// SIAT client): CUIS, 18 catalogs × 50, CUFD × 100, emissions, cancellations and reversals for
// points of sale 0 and 1 of branch 0. Resumable (main/store/certification.ts), paced, stopped by a
// systemic error with one message. Evidence under <datos>/certificacion/<corrida>/.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import type { EngineSettings } from '../config/settings';
import { FileSecretStore, type SecretStore } from '../config/secrets';
import { startEngine, type Engine } from '../engine/engine';
import { createLogger } from '../engine/logger';
import { tokenSecretName, tenantSiatUrl } from '../codes/siat-gateway';
import { checkAdminSiatBaseUrl } from '../siat/base-url';
import { PointOfSaleRegistration } from '../points-of-sale/registration';
import type { PointOfSale } from '../store/points-of-sale';
import type { Tenant } from '../store/tenants';
import { CERTIFICATION_POS_CODES, requiredPerPos } from './requirements';
import type { CertifyContext, Stage } from './context';
import { cuisStage } from './stages/cuis';
import { catalogsStage } from './stages/catalogs';
import { cufdStage } from './stages/cufd';
import { EMISSION_SECTORS, emissionStage } from './stages/emission';
import { cancellationStage } from './stages/cancellation';
import { reversalStage } from './stages/reversal';
import { eventsStage } from './stages/events';
import { signatureStage } from './stages/signature';
import { massiveStage } from './stages/massive';
import { TRAINING_CAFC } from '../siat-sim/training-taxpayer';
import { progressOf, runStages, type RunOutcome, type StageProgress } from './runner';
import { exchangeLog } from './exchange-log';
import { stageReport, writeStageReport, writeSummary, type StageReport } from './evidence';
import { systemicReason } from './systemic';
import { runCertifyChecks } from './checks-command';
import { tokenFingerprint } from './onboarding';

/** The SIN's order: codes and catalogs before anything is issued; cancellations need emissions. */
export const CERTIFY_STAGES: readonly Stage[] = [cuisStage, catalogsStage, cufdStage, emissionStage, eventsStage, cancellationStage, signatureStage, massiveStage, reversalStage];

/** The stages a run includes: VIII only in the electronic modality, IX only with the "Proceso Masivo" mark. */
export const stagesFor = (ctx: CertifyContext): Stage[] => CERTIFY_STAGES.filter((s) => !s.appliesTo || s.appliesTo(ctx));

export const CERTIFY_USAGE = `  certify --nit <NIT> [--url <URL piloto hasta /v2>] [--token <token delegado del piloto>] [--sistema <código de sistema>]
          [--modalidad 1|2] [--sectores 1,…] [--masivo] [--cafc <código> [--cafc-desde <n>]] [--reducido <divisor>] [--ritmo <pasos por segundo>] [--evidencia <carpeta>]
          pruebas de autorización del SIN (Fase I, piloto) para los puntos de venta 0 y 1 de la sucursal 0; se reanuda donde quedó
  certify --nit <NIT> --autoevaluacion   los 14 puntos de la inspección del SIN (Fase II), cada uno con su evidencia
  certify --nit <NIT> --produccion [--iniciar]   lo que falta para facturar en producción; --iniciar registra el inicio si no falta nada`;

export class CertifyUsageError extends Error {}

export interface CertifyOptions {
  nit: string;
  url: string | null;
  token: string | null;
  sistema: string | null;
  modalidad: 1 | 2 | null;
  sectors: number[];
  massive: boolean;
  /** The CAFC booklet the SIN gave for the events 5–7 (training: the simulator's own). */
  cafc: string | null;
  cafcFrom: number;
  scale: number;
  ratePerSecond: number;
  evidenceDir: string | null;
}

const positiveInt = (raw: string, flag: string): number => {
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw new CertifyUsageError(`--${flag} debe ser un entero positivo (recibido «${raw}»)`);
  return Number(raw);
};

/** Pure: the command's flags, each bad one with its own Spanish message. */
export function parseCertifyArgs(args: string[]): CertifyOptions {
  const { values, positionals } = parseArgs({
    args,
    options: {
      nit: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      sistema: { type: 'string' },
      modalidad: { type: 'string' },
      sectores: { type: 'string' },
      masivo: { type: 'boolean' },
      cafc: { type: 'string' },
      'cafc-desde': { type: 'string' },
      reducido: { type: 'string' },
      reduced: { type: 'string' },
      scale: { type: 'string' },
      ritmo: { type: 'string' },
      evidencia: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new CertifyUsageError(`Argumento inesperado: ${positionals[0]}`);
  if (!values.nit?.trim()) throw new CertifyUsageError('Falta --nit');
  let url: string | null = null;
  if (values.url !== undefined) {
    const checked = checkAdminSiatBaseUrl(values.url);
    if (!checked.ok) throw new CertifyUsageError(`--url ${checked.reason}`);
    url = checked.url;
  }
  if (values.sistema !== undefined && !/^[0-9A-F]{1,64}$/i.test(values.sistema.trim())) throw new CertifyUsageError(`--sistema: «${values.sistema}» no es un código de sistema (hexadecimal, como lo da el portal)`);
  if (values.modalidad !== undefined && values.modalidad !== '1' && values.modalidad !== '2') throw new CertifyUsageError('--modalidad: 1 (electrónica) o 2 (computarizada)');
  const sectors = (values.sectores ?? '1').split(',').map((s) => s.trim()).filter(Boolean).map((s) => positiveInt(s, 'sectores'));
  const unsupported = sectors.filter((s) => !EMISSION_SECTORS.includes(s));
  if (unsupported.length > 0) {
    throw new CertifyUsageError(`--sectores: certify aún no emite el sector ${unsupported.join(', ')} (por ahora: ${EMISSION_SECTORS.join(', ')}); vea «Autorización SIN» en el README`);
  }
  if (values.cafc !== undefined && !/^[0-9A-Za-z]{5,20}$/.test(values.cafc.trim())) throw new CertifyUsageError(`--cafc: «${values.cafc}» no es un código CAFC (5 a 20 letras o dígitos, como lo da el SIN)`);
  const scaleRaw = values.reducido ?? values.reduced ?? values.scale;
  const ritmo = values.ritmo ?? '5';
  if (!/^\d+(\.\d+)?$/.test(ritmo) || Number(ritmo) <= 0 || Number(ritmo) > 50) throw new CertifyUsageError(`--ritmo: pasos por segundo, mayor que 0 y hasta 50 (recibido «${ritmo}»)`);
  return {
    nit: values.nit.trim(),
    url,
    token: values.token?.trim() || null,
    sistema: values.sistema?.trim().toUpperCase() ?? null,
    modalidad: values.modalidad === undefined ? null : (Number(values.modalidad) as 1 | 2),
    sectors,
    massive: values.masivo === true,
    cafc: values.cafc?.trim() ?? null,
    cafcFrom: values['cafc-desde'] === undefined ? 1 : positiveInt(values['cafc-desde'], 'cafc-desde'),
    scale: scaleRaw === undefined ? 1 : positiveInt(scaleRaw, 'reducido'),
    ratePerSecond: Number(ritmo),
    evidenceDir: values.evidencia ?? null,
  };
}

/** The installation's secrets, with the token given on the command line for this tenant only (never stored). */
function withToken(inner: SecretStore, name: () => string | null, token: string | null): SecretStore {
  return {
    get: (n) => (token !== null && n === name() ? token : inner.get(n)),
    set: (n, v) => inner.set(n, v),
    delete: (n) => inner.delete(n),
  };
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
      const registration = new PointOfSaleRegistration({ pointsOfSale: engine.store.pointsOfSale, branches: engine.store.branches, invoices: engine.invoices, contingency: engine.contingencyEvents, codes: engine.codes, gateway: engine.gateway });
      const pos0 = inBranch0().find((p) => p.code === 0);
      if (!pos0) throw new Error('El contribuyente no tiene el punto de venta 0 de la sucursal 0');
      const made = await registration.register(tenant, { branchId: pos0.branchId, name: `CERTIFICACION ${code}`, description: 'Punto de venta para las pruebas de autorización del SIN', type: 2 });
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

export async function runCertify(args: string[], settings: EngineSettings, out: (line: string) => void): Promise<RunOutcome> {
  if (args.some((a) => a === '--autoevaluacion' || a === '--self-check' || a === '--produccion')) return runCertifyChecks(args, settings, out);
  const opts = parseCertifyArgs(args);
  const log = createLogger({ level: 'warn', dataDir: settings.dataDir, stdout: false });
  let evidenceDir = opts.evidenceDir ?? join(settings.dataDir, 'certificacion', 'pendiente');
  let token: string | null = null;
  // Until the run is known (start-up probes), exchanges go to a folder of their own.
  let target = exchangeLog(join(settings.dataDir, 'certificacion', 'arranque'), () => (token ? [token] : []));
  const siatFetch: typeof fetch = (input, init) => target.fetch(input, init);
  let tokenName: string | null = null;
  const secrets = withToken(new FileSecretStore(join(settings.dataDir, 'secrets.json')), () => tokenName, opts.token);
  const engine = await startEngine(
    { ...settings, host: '127.0.0.1', port: 0, ...(opts.url ? { siatUrl: opts.url } : {}), ...(opts.token ? { siatToken: opts.token } : {}) },
    { logger: log.logger, secrets, siatFetch, scheduler: false, demoStore: false },
  );
  const started = Date.now();
  try {
    // The tenant (in training, the demo taxpayer the engine has just made sure of).
    const t = engine.store.tenants.byNit(opts.nit);
    if (!t) throw new CertifyUsageError(`No existe un contribuyente con NIT ${opts.nit} (créelo con: npm run admin -- tenant create --nit ${opts.nit} --name …)`);
    if (t.ambiente === 1) throw new CertifyUsageError(`NIT ${opts.nit} está en ambiente de producción; las pruebas de autorización se hacen en el piloto (ambiente 2)`);
    const own = tenantSiatUrl(engine.store.settings, t.id);
    if (opts.url && own && own.url !== opts.url) throw new CertifyUsageError(`NIT ${opts.nit} tiene su propia URL del SIAT (${own.url}); quítela con «siat url --nit ${opts.nit} --clear» o use esa`);
    const profile: Partial<Tenant> = {};
    if (opts.sistema) profile.codigoSistema = opts.sistema;
    if (opts.modalidad) profile.modalidad = opts.modalidad;
    const tenant = Object.keys(profile).length > 0 ? engine.store.tenants.updateProfile(t.id, profile) : t;
    if (!tenant.codigoSistema) throw new CertifyUsageError(`NIT ${opts.nit} no tiene código de sistema: indíquelo con --sistema (lo da el portal del SIN al registrar el sistema)`);
    tokenName = tokenSecretName(tenant.id);
    token = engine.gateway.token(tenant) || null;
    const { certification } = engine.store;
    let run = certification.openRun(tenant.id);
    if (run) {
      out(`Reanudando la corrida ${run.id} (iniciada el ${run.startedAt}${run.scale > 1 ? `, reducida ÷${run.scale}` : ''}).`);
      if (run.scale !== opts.scale) out(`  Se mantiene la escala de la corrida (÷${run.scale}), no la indicada (÷${opts.scale}).`);
    } else {
      // Training: the simulator's own booklet, unless one is given.
      const cafc = opts.cafc ?? (tenant.training ? TRAINING_CAFC.codigo : null);
      const cafcDesde = opts.cafc ? opts.cafcFrom : tenant.training ? TRAINING_CAFC.desde : opts.cafcFrom;
      if (!cafc) throw new CertifyUsageError('Falta --cafc: los eventos 5 a 7 (corte de energía, virus o falla de software, falla de hardware) se prueban con facturas manuales de un CAFC que el SIN da para las pruebas');
      run = certification.start(tenant.id, opts.scale, { url: engine.gateway.urlOf(tenant), sistema: tenant.codigoSistema, modalidad: tenant.modalidad, sectores: opts.sectors, masivo: opts.massive, cafc, cafcDesde, ritmo: opts.ratePerSecond,
        // Go-live refuses this token in production (onboarding.ts): a fingerprint, never the token.
        ...(token ? { tokenHuella: tokenFingerprint(token) } : {}),
      });
      out(`Corrida ${run.id} iniciada${run.scale > 1 ? ` con cantidades reducidas (÷${run.scale})` : ' con las cantidades del SIN'}.`);
    }
    evidenceDir = opts.evidenceDir ?? join(settings.dataDir, 'certificacion', run.id);
    target = exchangeLog(join(evidenceDir, 'datos'), () => (token ? [token] : []));
    out(`SIAT: ${engine.gateway.urlOf(tenant)} · NIT ${tenant.nit} · sistema ${tenant.codigoSistema} · modalidad ${tenant.modalidad === 1 ? 'electrónica' : 'computarizada'} · ritmo ${opts.ratePerSecond} pasos/s`);
    out(`Evidencia: ${evidenceDir}`);

    let points: PointOfSale[];
    try {
      target.setFolder('0-puntos-de-venta');
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
    };
    const stages = stagesFor(ctx);
    const reports = (): StageReport[] =>
      stages.flatMap((stage) =>
        points.map((pos) => {
          const p = progressOf(ctx, stage, pos);
          return stageReport(p, p.steps);
        }),
      );
    const outcome = await runStages(ctx, stages, points, opts.ratePerSecond, {
      setFolder: (name) => target.setFolder(name),
      onStageStart: (p) => out(`Etapa ${p.stage.requirement.sinStage} · ${p.stage.requirement.title} · punto de venta ${p.pos.code}: ${pct(p)}${p.done > 0 || p.failed > 0 ? ' (reanudada)' : ''}`),
      onStep: (p, step) => {
        if (!step.ok) out(`  falla en el paso ${step.seq + 1}: ${step.siatCode !== null ? `SIAT ${step.siatCode} ` : ''}${step.siatText ?? ''}`);
        // About ten progress lines per stage.
        else if (p.done === p.required || p.done % Math.max(1, Math.ceil(p.required / 10)) === 0) out(`  ${pct(p)}`);
      },
      onStageEnd: (p) => {
        const steps = progressOf(ctx, p.stage, p.pos).steps;
        writeStageReport(evidenceDir, stageReport(p, steps));
      },
    });
    const all = reports();
    for (const r of all) writeStageReport(evidenceDir, r);
    const elapsed = Date.now() - started;
    writeSummary(evidenceDir, certification.byId(run.id)!, all, outcome.kind, elapsed);
    // pdf-lib loads only here, on first use (as the routes load it since issue 24).
    const { renderCertificationPdf } = await import('./report-pdf');
    const pdf = await renderCertificationPdf({ id: run.id, nit: tenant.nit, razonSocial: tenant.razonSocial, startedAt: run.startedAt, scale: run.scale, outcome: outcome.kind }, all);
    writeFileSync(join(evidenceDir, 'reporte.pdf'), pdf);
    if (outcome.kind === 'finished') {
      out(`Fase I completa en el piloto: ${stages.map((s) => `${s.requirement.sinStage} ${requiredPerPos(s.requirement, run!.scale) * points.length}`).join(' · ')} (en ${Math.round(elapsed / 1000)} s).`);
      out('Siguiente paso: revise el avance en el portal del SIN («seguimiento») y solicite la inspección (Fase II).');
    } else if (outcome.kind === 'stopped') {
      out(`DETENIDO: ${outcome.reason}`);
      out('Lo hecho queda guardado: al volver a ejecutar certify, la corrida continúa donde quedó.');
    } else {
      out(`Etapa ${outcome.stage} del punto de venta ${outcome.posCode} detenida tras ${outcome.failures.length} fallas; la última: ${outcome.failures.at(-1)?.siatCode ?? ''} ${outcome.failures.at(-1)?.siatText ?? ''}`);
    }
    return outcome;
  } finally {
    await engine.close();
    await log.close();
  }
}
