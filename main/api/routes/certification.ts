// The SIN's authorization as the manager's "Autorización SIN" screen reads it (issue 29): the
// newest certify run per stage and point of sale, its report (PDF and JSON, rendered from the
// stored steps), the inspection self-check of the 14 checklist items, and the production
// onboarding checks. The pilot's run is the admin CLI's (it starts its own engine); in training the
// screen starts a rehearsal inside this engine, against its simulator, on a taxpayer of its own
// (main/certify/rehearsal.ts), and shows that taxpayer's run.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { Tenant } from '../../store/tenants';
import type { OnboardingResult, SeguimientoRow, SelfCheckResult } from '../../../shared/api/certification';
import { certificationOwner, certificationStatus, runReports } from '../../certify/status';
import { certifiableSector } from '../../certify/requirements';
import { withSeguimiento } from '../../certify/seguimiento';
import { ok } from '../envelope';
import { conflict, notFound, unprocessable } from '../errors';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

/** The training rehearsal (main/certify/rehearsal.ts), injected: the engine cannot import the run it hosts. */
export interface RehearsalControl {
  /** Throws an Error whose message says why it is refused (not training, one already running). */
  start(tenant: Tenant, req: { scale: number; sectors: number[] }): void;
  isRunning(tenantId: string): boolean;
  lines(tenantId: string): string[];
}

export interface CertificationRouteDeps {
  store: Store;
  selfCheck: (tenant: Tenant) => SelfCheckResult;
  onboarding: (tenant: Tenant) => OnboardingResult;
  /** Records the start of operations; null while a check fails. */
  startOperations: (tenant: Tenant) => OnboardingResult | null;
  /** The training simulator's tally per stage, sector and point of sale ("seguimiento"), when this engine embeds it. */
  seguimiento: (tenant: Tenant) => SeguimientoRow[] | null;
  /** null where the engine hosts no rehearsal (the admin CLI's engines). */
  rehearsals: RehearsalControl | null;
}

export function certificationRoutes(app: FastifyInstance, deps: CertificationRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Autorización SIN'];

  r.get(
    ROUTES.certification.status.path,
    { schema: { tags, summary: 'Pruebas de autorización (Fase I): la corrida más reciente de certify, por etapa y punto de venta' } },
    async (req) => {
      // In training, the rehearsal's taxpayer: its run and what the simulator counted for it.
      const owner = certificationOwner(deps.store, req.tenant);
      return ok({
        ...certificationStatus(deps.store, owner),
        seguimiento: deps.seguimiento(owner),
        entrenamiento: req.tenant.training,
        ensayo: deps.rehearsals ? { enCurso: deps.rehearsals.isRunning(req.tenant.id), lineas: deps.rehearsals.lines(req.tenant.id) } : null,
      });
    },
  );

  r.post(
    ROUTES.certification.rehearsal.path,
    { schema: { tags, summary: 'Entrenamiento: inicia (o reanuda) un ensayo de la Fase I contra el simulador de Kipu, con cantidades reducidas', ...contractSchema(ROUTES.certification.rehearsal) } },
    async (req, reply) => {
      if (!deps.rehearsals) throw conflict('Este motor no ejecuta ensayos: use npm run admin -- certify');
      const refused = (req.body.sectores ?? []).map((s, i) => ({ field: `sectores[${i}]`, rule: 'SECTOR', message: certifiableSector(s) })).filter((p): p is { field: string; rule: string; message: string } => p.message !== null);
      if (refused.length > 0) throw unprocessable(`No se puede ensayar: ${refused.map((p) => p.message).join('; ')}`, refused);
      try {
        deps.rehearsals.start(req.tenant, { scale: req.body.reducido ?? 25, sectors: req.body.sectores ?? [1] });
      } catch (err) {
        throw conflict((err as Error).message);
      }
      return reply.code(202).send(ok({ enCurso: true }, 'Ensayo iniciado'));
    },
  );

  /** The run the screen shows (certificationOwner) and the taxpayer it was run for. */
  const latest = (tenant: Tenant) => {
    const owner = certificationOwner(deps.store, tenant);
    const run = deps.store.certification.latestRun(owner.id);
    if (!run) throw notFound('Aún no hay pruebas de autorización: ejecute npm run admin -- certify');
    return { run, owner };
  };

  r.get(ROUTES.certification.reportJson.path, { schema: { tags, summary: 'Evidencia de la corrida más reciente por etapa (JSON)' } }, async (req) => {
    const { run, owner } = latest(req.tenant);
    return ok({ corrida: run.id, iniciada: run.startedAt, terminada: run.finishedAt, escala: run.scale, etapas: withSeguimiento(runReports(deps.store, run), deps.seguimiento(owner)) });
  });

  r.get(ROUTES.certification.reportPdf.path, { schema: { tags, summary: 'Evidencia de la corrida más reciente por etapa (PDF A4)' } }, async (req, reply) => {
    const { run, owner } = latest(req.tenant);
    // pdf-lib loads on first use, as the other PDF routes do.
    const { renderCertificationPdf } = await import('../../certify/report-pdf');
    const outcome = run.finishedAt ? 'finished' : run.stoppedReason ? `stopped: ${run.stoppedReason}` : 'en curso';
    const pdf = await renderCertificationPdf({ id: run.id, nit: owner.nit, razonSocial: owner.razonSocial, startedAt: run.startedAt, scale: run.scale, outcome }, withSeguimiento(runReports(deps.store, run), deps.seguimiento(owner)));
    return reply.type('application/pdf').header('cache-control', 'no-store').header('content-disposition', `inline; filename="autorizacion-sin-${run.id.slice(0, 8)}.pdf"`).send(Buffer.from(pdf));
  });

  r.get(ROUTES.certification.selfCheck.path, { schema: { tags, summary: 'Autoevaluación de los 14 puntos de la inspección del SIN (Fase II), cada uno con su evidencia' } }, async (req) =>
    ok(deps.selfCheck(req.tenant)),
  );

  r.get(ROUTES.certification.onboarding.path, { schema: { tags, summary: 'Inicio de operaciones: lo que falta para facturar en producción' } }, async (req) => ok(deps.onboarding(req.tenant)));

  r.post(ROUTES.certification.goLive.path, { schema: { tags, summary: 'Registra el inicio de operaciones; 422 con lo que falta mientras algo falte' } }, async (req) => {
    const started = deps.startOperations(req.tenant);
    if (!started) {
      const missing = deps.onboarding(req.tenant).checks.filter((c) => !c.ok);
      throw unprocessable(
        `No se puede iniciar la facturación en producción: falta ${missing.map((c) => c.titulo).join('; ')}`,
        missing.map((c) => ({ field: c.clave, rule: 'ONBOARDING', message: c.detalle })),
      );
    }
    return ok(started, 'Inicio de operaciones registrado');
  });
}
