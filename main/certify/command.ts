// `npm run admin -- certify`: the SIN's Phase I authorization tests on the pilot (issue 29),
// run by the engine's own services started in this process (no HTTP client of our own, no second
// SIAT client): CUIS, 18 catalogs × 50, CUFD × 100, emissions, cancellations and reversals for
// points of sale 0 and 1 of branch 0. Resumable (main/store/certification.ts), paced, stopped by a
// systemic error with one message. Evidence under <datos>/certificacion/<corrida>/. In training
// (KIPU_TRAINING=1) it is the rehearsal, on the rehearsal taxpayer as the «Autorización SIN»
// screen's (rehearsal.ts, decision 0089): never on the store's own books.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import type { EngineSettings } from '../config/settings';
import { FileSecretStore, type SecretStore } from '../config/secrets';
import { startEngine } from '../engine/engine';
import { createLogger } from '../engine/logger';
import { tokenSecretName, tenantSiatUrl } from '../cuis-cufd/siat-gateway';
import { checkAdminSiatBaseUrl } from '../siat/base-url';
import { trimEndChars } from '../../shared/trim-end';
import type { Tenant } from '../store/tenants';
import type { Engine } from '../engine/engine-types';
import { certifiableSector } from './requirements';
import type { RunOutcome } from './runner';
import { exchangeLog } from './exchange-log';
import { runCertifyChecks } from './checks-command';
import { isRehearsalTenant } from '../training/rehearsal-tenant';
import { REHEARSAL_TAXPAYER, TRAINING_TAXPAYER } from '../siat-sim/training-taxpayer';
import { rehearsalTenantFor } from './rehearsal';
import { certifyWith, CertifyUsageError, type CertifyRunOptions } from './certification-run';

export { CertifyUsageError } from './certification-run';

export const CERTIFY_USAGE = `  certify --nit <NIT> [--url <URL piloto hasta /v2>] [--token <token delegado del piloto>] [--sistema <código de sistema>]
          [--modalidad 1|2] [--sectores 1,…] [--masivo] [--cafc <código> [--cafc-desde <n>]] [--reducido <divisor>] [--ritmo <pasos por segundo>] [--evidencia <carpeta>]
          [--seguimiento <URL de administración de npm run siat-sim>]
          pruebas de autorización del SIN (Fase I, piloto) para los puntos de venta 0 y 1 de la sucursal 0; se reanuda donde quedó.
          Con KIPU_TRAINING=1 es el ensayo: corre sobre el contribuyente de ensayo del simulador (NIT ${REHEARSAL_TAXPAYER.nit}), nunca sobre los libros de la tienda
  certify --nit <NIT> --autoevaluacion   los 14 puntos de la inspección del SIN (Fase II), cada uno con su evidencia
  certify [--nit <NIT>] --fase3   Fase III: por cada contribuyente cliente, lo que Kipu ve de sus pruebas piloto (asociación y token, configuración, sus facturas, anulaciones y contingencias)
  certify --nit <NIT> --produccion [--iniciar]   lo que falta para facturar en producción; --iniciar registra el inicio si no falta nada`;

/**
 * Certification is a batch with no customer waiting: a sale SIAT answers in 8 s must stay an
 * online emission (the till's 5 s would send it offline and fail the step «se emitió fuera de
 * línea»), so certify waits as long as a package does.
 */
const CERTIFY_SIAT_TIMEOUTS = { saleMs: 60_000, defaultMs: 60_000, packageMs: 120_000 } as const;

export interface CertifyOptions extends CertifyRunOptions {
  nit: string;
  url: string | null;
  token: string | null;
  sistema: string | null;
  modalidad: 1 | 2 | null;
  /** Training against `npm run siat-sim`: its admin URL, to put its seguimiento in the report. */
  seguimiento: string | null;
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
      seguimiento: { type: 'string' },
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
  const sectors = [...new Set((values.sectores ?? '1').split(',').map((s) => s.trim()).filter(Boolean).map((s) => positiveInt(s, 'sectores')))];
  for (const s of sectors) {
    const why = certifiableSector(s);
    if (why) throw new CertifyUsageError(`--sectores: ${why}`);
  }
  if (values.cafc !== undefined && !/^[0-9A-Za-z]{5,20}$/.test(values.cafc.trim())) throw new CertifyUsageError(`--cafc: «${values.cafc}» no es un código CAFC (5 a 20 letras o dígitos, como lo da el SIN)`);
  let seguimiento: string | null = null;
  if (values.seguimiento !== undefined) {
    const u = URL.canParse(values.seguimiento) ? new URL(values.seguimiento) : null;
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || !trimEndChars(u.pathname, '/').endsWith('/admin')) {
      throw new CertifyUsageError(`--seguimiento: «${values.seguimiento}» no es la URL de administración del simulador (la línea «Admin API:» de npm run siat-sim, que termina en /admin)`);
    }
    seguimiento = trimEndChars(u.toString(), '/');
  }
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
    seguimiento,
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

/**
 * Training: the rehearsal taxpayer, as the screen's rehearsal (rehearsalTenantFor), for the store's
 * training taxpayer named by --nit (or for the rehearsal's own NIT, then the training store's). Its
 * system code is the simulator's: --sistema is refused rather than stored on the store.
 */
function rehearsalTenant(engine: Engine, opts: CertifyOptions, out: (line: string) => void): Tenant {
  const named = engine.store.tenants.byNit(opts.nit);
  const storeTenant = opts.nit === String(REHEARSAL_TAXPAYER.nit) || (named && isRehearsalTenant(named)) ? engine.store.tenants.byNit(String(TRAINING_TAXPAYER.nit)) : named;
  if (!storeTenant || !storeTenant.training) {
    throw new CertifyUsageError(`En entrenamiento (KIPU_TRAINING=1) certify ensaya para el contribuyente de entrenamiento (NIT ${TRAINING_TAXPAYER.nit}); NIT ${opts.nit} no lo es. Las pruebas en el piloto se ejecutan sin KIPU_TRAINING.`);
  }
  if (opts.sistema) throw new CertifyUsageError(`--sistema: en entrenamiento el ensayo usa el código de sistema del contribuyente de ensayo del simulador (NIT ${REHEARSAL_TAXPAYER.nit}); quítelo`);
  const tenant = rehearsalTenantFor(engine.store, storeTenant, { sectors: opts.sectors, modalidad: opts.modalidad });
  out(`Entrenamiento: el ensayo corre sobre el contribuyente de ensayo ${tenant.razonSocial} (NIT ${tenant.nit}), como el de la pantalla «Autorización SIN»; las facturas, eventos y numeración de NIT ${storeTenant.nit} no cambian.`);
  return tenant;
}

export async function runCertify(args: string[], settings: EngineSettings, out: (line: string) => void): Promise<RunOutcome> {
  if (args.some((a) => a === '--autoevaluacion' || a === '--self-check' || a === '--produccion' || a === '--fase3')) return runCertifyChecks(args, settings, out);
  const opts = parseCertifyArgs(args);
  const log = createLogger({ level: 'warn', dataDir: settings.dataDir, stdout: false });
  let token: string | null = null;
  // Until the run is known (start-up probes), exchanges go to a folder of their own.
  let target = exchangeLog(join(settings.dataDir, 'certificacion', 'arranque'), () => (token ? [token] : []));
  const siatFetch: typeof fetch = (input, init) => target.fetch(input, init);
  let tokenName: string | null = null;
  const secrets = withToken(new FileSecretStore(join(settings.dataDir, 'secrets.json')), () => tokenName, opts.token);
  const engine = await startEngine(
    { ...settings, host: '127.0.0.1', port: 0, ...(opts.url ? { siatUrl: opts.url } : {}), ...(opts.token ? { siatToken: opts.token } : {}) },
    { logger: log.logger, secrets, siatFetch, scheduler: false, demoStore: false, siatTimeouts: CERTIFY_SIAT_TIMEOUTS },
  );
  const started = Date.now();
  try {
    let tenant: Tenant;
    if (settings.training) {
      tenant = rehearsalTenant(engine, opts, out);
    } else {
      const t = engine.store.tenants.byNit(opts.nit);
      if (!t) throw new CertifyUsageError(`No existe un contribuyente con NIT ${opts.nit} (créelo con: npm run admin -- tenant create --nit ${opts.nit} --name …)`);
      if (opts.seguimiento) throw new CertifyUsageError('--seguimiento es solo para el entrenamiento (el simulador); en el piloto, el avance está en el portal del SIN');
      if (t.ambiente === 1) throw new CertifyUsageError(`NIT ${opts.nit} está en ambiente de producción; las pruebas de autorización se hacen en el piloto (ambiente 2)`);
      const own = tenantSiatUrl(engine.store.settings, t.id);
      if (opts.url && own && own.url !== opts.url) throw new CertifyUsageError(`NIT ${opts.nit} tiene su propia URL del SIAT (${own.url}); quítela con «siat url --nit ${opts.nit} --clear» o use esa`);
      const profile: Partial<Tenant> = {};
      if (opts.sistema) profile.codigoSistema = opts.sistema;
      if (opts.modalidad) profile.modalidad = opts.modalidad;
      tenant = Object.keys(profile).length > 0 ? engine.store.tenants.updateProfile(t.id, profile) : t;
    }
    if (!tenant.codigoSistema) throw new CertifyUsageError(`NIT ${opts.nit} no tiene código de sistema: indíquelo con --sistema (lo da el portal del SIN al registrar el sistema)`);
    tokenName = tokenSecretName(tenant.id);
    token = engine.gateway.token(tenant) || null;
    return await certifyWith({
      engine,
      tenant,
      token,
      dataDir: settings.dataDir,
      options: opts,
      out,
      // Every SIAT request and answer of the run goes to its evidence's data folder.
      onEvidenceDir: (dir) => (target = exchangeLog(join(dir, 'datos'), () => (token ? [token] : []))),
      setFolder: (name) => target.setFolder(name),
      started,
      seguimientoUrl: opts.seguimiento,
    });
  } finally {
    await engine.close();
    await log.close();
  }
}
