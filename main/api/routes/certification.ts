// The SIN's authorization as the manager's "Autorización SIN" screen reads it (issue 29): the
// newest certify run per stage and point of sale, its report (PDF and JSON, rendered from the
// stored steps), the inspection self-check of the 14 checklist items, and the production
// onboarding checks. Read only: certify itself runs from the admin CLI (it starts its own engine).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { Tenant } from '../../store/tenants';
import type { OnboardingResult, SelfCheckResult } from '../../../shared/api/certification';
import { certificationStatus, runReports } from '../../certify/status';
import { ok } from '../envelope';
import { notFound, unprocessable } from '../errors';
import { ROUTES } from '../../../shared/api/routes';

export interface CertificationRouteDeps {
  store: Store;
  selfCheck: (tenant: Tenant) => SelfCheckResult;
  onboarding: (tenant: Tenant) => OnboardingResult;
  /** Records the start of operations; null while a check fails. */
  startOperations: (tenant: Tenant) => OnboardingResult | null;
  /** The training simulator's per-stage tally ("seguimiento"), when this engine embeds it. */
  seguimiento: (tenant: Tenant) => unknown;
}

export function certificationRoutes(app: FastifyInstance, deps: CertificationRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Autorización SIN'];

  r.get(
    ROUTES.certification.status.path,
    { schema: { tags, summary: 'Pruebas de autorización (Fase I): la corrida más reciente de certify, por etapa y punto de venta' } },
    async (req) => ok({ ...certificationStatus(deps.store, req.tenant), seguimiento: deps.seguimiento(req.tenant) }),
  );

  const latest = (tenant: Tenant) => {
    const run = deps.store.certification.latestRun(tenant.id);
    if (!run) throw notFound('Aún no hay pruebas de autorización: ejecute npm run admin -- certify');
    return run;
  };

  r.get(ROUTES.certification.reportJson.path, { schema: { tags, summary: 'Evidencia de la corrida más reciente por etapa (JSON)' } }, async (req) => {
    const run = latest(req.tenant);
    return ok({ corrida: run.id, iniciada: run.startedAt, terminada: run.finishedAt, escala: run.scale, etapas: runReports(deps.store, run) });
  });

  r.get(ROUTES.certification.reportPdf.path, { schema: { tags, summary: 'Evidencia de la corrida más reciente por etapa (PDF A4)' } }, async (req, reply) => {
    const run = latest(req.tenant);
    // pdf-lib loads on first use, as the other PDF routes do.
    const { renderCertificationPdf } = await import('../../certify/report-pdf');
    const outcome = run.finishedAt ? 'finished' : run.stoppedReason ? `stopped: ${run.stoppedReason}` : 'en curso';
    const pdf = await renderCertificationPdf({ id: run.id, nit: req.tenant.nit, razonSocial: req.tenant.razonSocial, startedAt: run.startedAt, scale: run.scale, outcome }, runReports(deps.store, run));
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
