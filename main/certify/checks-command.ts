// `npm run admin -- certify --autoevaluacion` (the inspection's 14 items, Phase II),
// `certify --fase3 [--nit]` (what Kipu can prepare for the pilot tests with each client taxpayer,
// Phase III: phase-three.ts) and `certify --produccion [--iniciar]` (production onboarding): the
// same judgments as the manager's "Autorización SIN" screen (GET /api/v1/certification/self-check
// and /onboarding), printed.
// --produccion first asks SIAT for what Kipu can obtain itself (CUIS, CUFD, catalogs) when the
// taxpayer is already set for production, then lists what is still missing; --iniciar records the
// start of operations only when nothing is.
import { parseArgs } from 'node:util';
import type { EngineSettings } from '../config/settings';
import { FileSecretStore } from '../config/secrets';
import { join } from 'node:path';
import { startEngine } from '../engine/engine';
import { createLogger } from '../engine/logger';
import { SmtpSettings } from '../mail/smtp-config';
import { runSelfCheck } from './self-check/facts';
import { onboardingResult, startOperations } from './onboarding';
import { phaseThreeReport } from './phase-three';
import { tokenSecretName } from '../cuis-cufd/siat-gateway';
import { mkdirSync, writeFileSync } from 'node:fs';
import { systemicReason } from './systemic';
import type { RunOutcome } from './runner';

export class ChecksUsageError extends Error {}


const MARK: Record<string, string> = { ok: 'OK       ', falla: 'FALLA    ', pendiente: 'PENDIENTE', 'no aplica': 'NO APLICA' };

export async function runCertifyChecks(args: string[], settings: EngineSettings, out: (line: string) => void): Promise<RunOutcome> {
  const { values } = parseArgs({ args, options: { nit: { type: 'string' }, autoevaluacion: { type: 'boolean' }, 'self-check': { type: 'boolean' }, produccion: { type: 'boolean' }, iniciar: { type: 'boolean' }, fase3: { type: 'boolean' } }, strict: true });
  if (values.fase3) return runPhaseThree(values.nit?.trim() || null, settings, out);
  if (!values.nit?.trim()) throw new ChecksUsageError('Falta --nit');
  const log = createLogger({ level: 'warn', dataDir: settings.dataDir, stdout: false });
  const secrets = new FileSecretStore(join(settings.dataDir, 'secrets.json'));
  const engine = await startEngine({ ...settings, host: '127.0.0.1', port: 0 }, { logger: log.logger, secrets, scheduler: false, demoStore: false });
  try {
    const tenant = engine.store.tenants.byNit(values.nit.trim());
    if (!tenant) throw new ChecksUsageError(`No existe un contribuyente con NIT ${values.nit}`);
    if (values.produccion) {
      if (tenant.ambiente === 1 && engine.gateway.token(tenant)) {
        // What Kipu obtains itself: each point of sale's CUIS and CUFD, the day's catalogs.
        for (const pos of engine.store.pointsOfSale.list(tenant.id)) {
          try {
            await engine.codes.ensureCuis(tenant, pos);
            await engine.codes.ensureCufd(tenant, pos);
            if (pos.code === 0 && pos.branchCode === 0) await engine.catalogs.syncAll(tenant, pos);
          } catch (err) {
            out(`SIAT, sucursal ${pos.branchCode} PV ${pos.code}: ${systemicReason(err) ?? (err as Error).message}`);
          }
        }
      }
      const { checks, listo, inicio } = onboardingResult(engine, tenant);
      out(`Inicio de operaciones · NIT ${tenant.nit} ${tenant.razonSocial}${inicio ? ` · registrado el ${inicio.slice(8, 10)}/${inicio.slice(5, 7)}/${inicio.slice(0, 4)}` : ''}`);
      for (const c of checks) out(`${c.ok ? 'OK   ' : 'FALTA'} ${c.titulo}: ${c.detalle}`);
      if (!listo) {
        out(`No se puede iniciar la facturación en producción: falta ${checks.filter((c) => !c.ok).map((c) => c.titulo).join('; ')}.`);
        return { kind: 'stopped', reason: 'onboarding incompleto' };
      }
      if (values.iniciar) {
        startOperations(engine, tenant);
        out('Inicio de operaciones registrado: Kipu factura en producción con valor fiscal. Declare el inicio en el portal del SIN si aún no lo hizo.');
      } else out('Todo listo. Para registrar el inicio de operaciones, repita con --iniciar.');
      return { kind: 'finished' };
    }
    // The serving engine (npm run serve, the desktop) always runs the contingency monitor and the
    // recovery; this admin process does not, so it judges the installation, not itself.
    const smtp = new SmtpSettings(engine.store.settings, secrets, { url: settings.smtpUrl, from: settings.smtpFrom });
    const result = runSelfCheck({ store: engine.store, catalogs: engine.catalogs, codes: engine.codes, smtp, publicUrl: settings.publicUrl, automaticContingency: true }, tenant);
    out(`Autoevaluación para la inspección del SIN · NIT ${tenant.nit} ${tenant.razonSocial} · ${result.en.slice(8, 10)}/${result.en.slice(5, 7)}/${result.en.slice(0, 4)} ${result.en.slice(11, 16)}`);
    for (const item of result.items) {
      out(`${MARK[item.estado]} ${String(item.item).padStart(2)}. ${item.titulo}`);
      for (const e of item.evidencia) out(`            ${e}`);
    }
    const failed = result.items.filter((i) => i.estado === 'falla');
    if (failed.length) {
      out(`No aprobada: ${failed.map((i) => `punto ${i.item} (${i.titulo})`).join('; ')}.`);
      return { kind: 'stopped', reason: 'autoevaluación con fallas' };
    }
    out('Aprobada: ningún punto falla.');
    return { kind: 'finished' };
  } finally {
    await engine.close();
    await log.close();
  }
}

/**
 * Phase III: per client taxpayer (or the one named), what Kipu can see of its pilot tests; printed,
 * and kept as <datos>/certificacion/fase-3.json. Exit 1 while a client on the pilot misses something.
 */
async function runPhaseThree(nit: string | null, settings: EngineSettings, out: (line: string) => void): Promise<RunOutcome> {
  const log = createLogger({ level: 'warn', dataDir: settings.dataDir, stdout: false });
  const secrets = new FileSecretStore(join(settings.dataDir, 'secrets.json'));
  const engine = await startEngine({ ...settings, host: '127.0.0.1', port: 0 }, { logger: log.logger, secrets, scheduler: false, demoStore: false });
  try {
    const named = nit === null ? null : engine.store.tenants.byNit(nit);
    if (nit !== null && !named) throw new ChecksUsageError(`No existe un contribuyente con NIT ${nit}`);
    const clients = phaseThreeReport(engine, named ? [named] : engine.store.tenants.list(), (t) => secrets.get(tokenSecretName(t.id)) !== null);
    out('Fase III · pruebas piloto con cada cliente. El SIN no las cuenta: iniciar operaciones es declarar que se hicieron. Kipu muestra lo que puede ver; la declaración y el visto bueno del cliente quedan fuera.');
    if (clients.length === 0) out('No hay contribuyentes clientes en esta instalación (los de entrenamiento no cuentan): créelos con npm run admin -- tenant create --nit … --name …');
    for (const c of clients) {
      out(`NIT ${c.nit} ${c.razonSocial}${c.ambiente === 'produccion' ? ' · ya opera en producción (la Fase III quedó atrás)' : c.listo ? ' · listo para iniciar operaciones' : ''}`);
      for (const k of c.checks) out(`  ${k.ok ? 'OK   ' : 'FALTA'} ${k.titulo}: ${k.detalle}`);
    }
    const dir = join(settings.dataDir, 'certificacion');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'fase-3.json'), `${JSON.stringify({ generado: new Date().toISOString(), clientes: clients }, null, 2)}\n`);
    out(`Informe: ${join(dir, 'fase-3.json')}`);
    const pending = clients.filter((c) => !c.listo);
    if (pending.length) return { kind: 'stopped', reason: `Fase III incompleta: ${pending.map((c) => c.nit).join(', ')}` };
    return { kind: 'finished' };
  } finally {
    await engine.close();
    await log.close();
  }
}
