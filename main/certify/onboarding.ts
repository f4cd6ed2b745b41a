// Production onboarding after the SIN's authorization (docs/siat/certification.md, "Start of
// operations"): what must be in place before a taxpayer invoices live — production environment
// and URL, a production token that is not the pilot's, the system code, the certificate for the
// electronic modality, CUIS and CUFD per point of sale, the day's catalogs, every product matched
// to the SIN's catalog, points of sale. Each check says what is missing and how to fix it;
// `npm run admin -- certify --produccion` and GET /api/v1/certification/onboarding show the same
// list, and go-live is refused while any check fails. The judging is pure; gatherOnboarding reads.
import { createHash } from 'node:crypto';
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { CatalogService } from '../catalogs/catalog-sync';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { SiatGateway } from '../cuis-cufd/siat-gateway';
import type { SignerProvider } from '../invoicing/signer-provider';
import { OFFICIAL_SIAT_BASE_URLS } from '../siat/base-url';
import { CATALOG_COUNT } from './requirements';
import { countOf } from '../../shared/count';

export type { OnboardingCheck } from '../../shared/api/certification';
import type { OnboardingCheck, OnboardingResult } from '../../shared/api/certification';

export interface OnboardingFacts {
  tenant: Pick<Tenant, 'nit' | 'ambiente' | 'modalidad' | 'codigoSistema' | 'training'>;
  url: string;
  tokenSet: boolean;
  /** First 16 hex of SHA-256 of the token in use, and of the tokens certify used on the pilot. */
  tokenFingerprint: string | null;
  pilotFingerprints: readonly string[];
  certificate: { subject: string; notAfter: string; training: boolean } | null;
  /** SIAT's clock, ISO. */
  now: string;
  points: { code: number; branchCode: number; cuis: boolean; cufd: boolean }[];
  /** Catalogs synced with their last sync (ISO) and row count. */
  catalogs: { catalog: string; lastSync: string | null; count: number }[];
  /** Product pairs the SIN catalog does not list. */
  unmatched: { activity: string; codeProductSin: string; count: number; example: string }[];
  products: number;
}

export const tokenFingerprint = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 16);

const DAY_MS = 86_400_000;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function onboardingChecks(f: OnboardingFacts): OnboardingCheck[] {
  const nit = f.tenant.nit;
  const checks: OnboardingCheck[] = [];
  const live = f.tenant.ambiente === 1 && f.url === OFFICIAL_SIAT_BASE_URLS.production;
  checks.push({
    clave: 'ambiente',
    titulo: 'Ambiente y URL de producción',
    ok: live && !f.tenant.training,
    detalle: f.tenant.training
      ? 'Contribuyente de entrenamiento: no opera con valor fiscal'
      : live
        ? `Ambiente 1 (producción), ${f.url}`
        : `Ambiente ${f.tenant.ambiente}, ${f.url}: use el ambiente 1 (Configuración → Contribuyente) y la URL ${OFFICIAL_SIAT_BASE_URLS.production} (npm run admin -- siat url --nit ${nit} --url …)`,
  });
  const pilotToken = f.tokenFingerprint !== null && f.pilotFingerprints.includes(f.tokenFingerprint);
  checks.push({
    clave: 'token',
    titulo: 'Token delegado de producción (no el del piloto)',
    // A training till talks to Kipu's SIAT simulator: its token is the simulator's, never a production one.
    ok: f.tokenSet && !pilotToken && !f.tenant.training,
    detalle: f.tenant.training
      ? 'Entrenamiento: Kipu usa su simulador del SIAT, que no pide token. En producción: genere el token en el portal del SIN y guárdelo en Configuración › Credenciales SIAT'
      : !f.tokenSet
      ? 'Falta el token: genérelo en el portal del SIN (producción) y guárdelo en Configuración › Credenciales SIAT'
      : pilotToken
        ? 'El token guardado es el que se usó en las pruebas del piloto: el piloto y producción tienen tokens distintos; genere el de producción en el portal'
        : 'Token guardado, distinto del usado en el piloto',
  });
  checks.push({
    clave: 'sistema',
    titulo: 'Código de sistema autorizado',
    ok: Boolean(f.tenant.codigoSistema),
    detalle: f.tenant.codigoSistema ? `Sistema ${f.tenant.codigoSistema}` : 'Falta el código de sistema que dio el portal al autorizar el sistema (Configuración → Contribuyente)',
  });
  if (f.tenant.modalidad === 1) {
    const c = f.certificate;
    const expired = c !== null && Date.parse(c.notAfter) <= Date.parse(f.now);
    checks.push({
      clave: 'certificado',
      titulo: 'Certificado de firma digital (modalidad electrónica)',
      ok: c !== null && !c.training && !expired,
      detalle: !c
        ? 'Falta el certificado digital (PKCS#12) de ADSIB o de una entidad autorizada: cárguelo en Configuración → Certificado'
        : c.training
          ? 'El certificado es el de entrenamiento: cargue el del contribuyente'
          : expired
            ? `El certificado venció el ${ddmmyyyy(c.notAfter)}`
            : `${c.subject}, vigente hasta el ${ddmmyyyy(c.notAfter)}`,
    });
  }
  checks.push({
    clave: 'puntos',
    titulo: 'Puntos de venta',
    ok: f.points.some((p) => p.branchCode === 0 && p.code === 0),
    detalle: f.points.length ? `${f.points.length}: ${f.points.map((p) => `sucursal ${p.branchCode}, punto de venta ${p.code}`).join(', ')}` : 'No hay puntos de venta: registre al menos el 0 de la casa matriz',
  });
  const noCuis = f.points.filter((p) => !p.cuis);
  checks.push({
    clave: 'cuis',
    titulo: 'CUIS de cada punto de venta',
    ok: f.points.length > 0 && noCuis.length === 0,
    detalle: noCuis.length ? `Sin CUIS vigente: ${noCuis.map((p) => `sucursal ${p.branchCode}, punto de venta ${p.code}`).join(', ')} (se pide al iniciar el motor con el token de producción)` : 'Vigente en todos',
  });
  const noCufd = f.points.filter((p) => !p.cufd);
  checks.push({
    clave: 'cufd',
    titulo: 'CUFD del día de cada punto de venta',
    ok: f.points.length > 0 && noCufd.length === 0,
    detalle: noCufd.length ? `Sin CUFD vigente: ${noCufd.map((p) => `sucursal ${p.branchCode}, punto de venta ${p.code}`).join(', ')} (Kipu lo pide cada día; revise la conexión con SIAT)` : 'Vigente en todos',
  });
  const stale = f.catalogs.filter((c) => !c.lastSync || Date.parse(f.now) - Date.parse(c.lastSync) > DAY_MS || c.count === 0);
  const synced = f.catalogs.length - stale.length;
  checks.push({
    clave: 'catalogos',
    titulo: 'Catálogos y fecha-hora sincronizados hoy',
    ok: f.catalogs.length >= CATALOG_COUNT - 1 && stale.length === 0,
    detalle: stale.length || f.catalogs.length < CATALOG_COUNT - 1 ? `${synced} de ${CATALOG_COUNT - 1} listas al día; falta: ${stale.map((c) => c.catalog).join(', ') || 'la primera sincronización'} (Catálogos → Sincronizar)` : `${synced} listas sincronizadas en las últimas 24 horas`,
  });
  checks.push({
    clave: 'productos',
    titulo: 'Productos homologados al catálogo del SIN',
    ok: f.products > 0 && f.unmatched.length === 0,
    detalle:
      f.products === 0
        ? 'No hay productos: cárguelos (Productos → Importar) con su actividad y código de producto SIN'
        : f.unmatched.length
          ? `${countOf(f.unmatched.reduce((a, u) => a + u.count, 0), 'producto')} con un código SIN que el catálogo sincronizado no tiene: ${f.unmatched
              .slice(0, 5)
              .map((u) => `${u.example} (actividad ${u.activity}, producto SIN ${u.codeProductSin})`)
              .join('; ')}`
          : `${countOf(f.products, 'producto')}, todos con un código del catálogo de productos del SIN`,
  });
  return checks;
}

export interface OnboardingDeps {
  store: Store;
  catalogs: CatalogService;
  codes: CodesService;
  gateway: SiatGateway;
  signers: SignerProvider;
}

export function gatherOnboarding(deps: OnboardingDeps, tenant: Tenant): OnboardingFacts {
  const token = deps.gateway.token(tenant);
  const runs = deps.store.certification.runs(tenant.id);
  const sin = new Set(deps.catalogs.items(tenant.id, 'products').map((p) => `${p.actividad}|${p.codigo}`));
  const pairs = deps.store.products.sinPairs(tenant.id);
  const cert = deps.signers.info(tenant.id);
  return {
    tenant,
    url: deps.gateway.urlOf(tenant),
    tokenSet: Boolean(token),
    tokenFingerprint: token ? tokenFingerprint(token) : null,
    pilotFingerprints: runs.map((r) => r.options['tokenHuella']).filter((x): x is string => typeof x === 'string'),
    certificate: cert ? { subject: cert.subject, notAfter: cert.notAfter, training: cert.training } : null,
    now: deps.codes.siatNow(tenant.id).toISOString(),
    points: deps.store.pointsOfSale.list(tenant.id).map((p) => ({ code: p.code, branchCode: p.branchCode, cuis: deps.codes.currentCuis(tenant.id, p.id) !== null, cufd: deps.codes.activeCufd(tenant.id, p.id) !== null })),
    catalogs: deps.catalogs.status(tenant.id).map((c) => ({ catalog: c.catalog, lastSync: c.lastSync, count: c.count })),
    unmatched: pairs.filter((p) => !sin.has(`${p.activity}|${p.codeProductSin}`)),
    products: pairs.reduce((a, p) => a + p.count, 0),
  };
}

export const onboardingReady = (checks: readonly OnboardingCheck[]) => checks.every((c) => c.ok);

/** Settings key of the recorded start of operations (tenant-scoped): { at, url }. */
export const GO_LIVE_SETTING = 'certification.goLive';

/** The checks, and when the start of operations was recorded. */
export function onboardingResult(deps: OnboardingDeps, tenant: Tenant): OnboardingResult {
  const checks = onboardingChecks(gatherOnboarding(deps, tenant));
  return { listo: onboardingReady(checks), checks, inicio: deps.store.settings.get<{ at: string } | null>(tenant.id, GO_LIVE_SETTING)?.at ?? null };
}

/** Records the start of operations, refused (null) while any check fails. */
export function startOperations(deps: OnboardingDeps, tenant: Tenant): OnboardingResult | null {
  const r = onboardingResult(deps, tenant);
  if (!r.listo) return null;
  deps.store.settings.set(tenant.id, GO_LIVE_SETTING, { at: new Date().toISOString(), url: deps.gateway.urlOf(tenant) });
  return onboardingResult(deps, tenant);
}
