// Which SIAT a tenant talks to, and as whom. One SIAT base URL per installation (KIPU_SIAT_URL
// or the embedded simulator in training mode), which a tenant may replace by one of SIAT's own
// (Configuración) and the administrator by any (admin CLI); the delegated token per tenant from
// the secret store, falling back to KIPU_SIAT_TOKEN — never towards a URL a tenant chose that is
// not SIAT's (issue #19).
import { createSiatClient, type SiatClient } from '../siat/client';
import { isOfficialSiatUrl } from '../siat/base-url';
import type { AnswerJob, AnswerRead } from '../siat/answer-read';
import type { SecretStore } from '../config/secrets';
import type { SettingsStore } from '../store/settings-store';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';

export interface SiatIdentity {
  codigoAmbiente: number;
  codigoModalidad: number;
  codigoSistema: string;
  nit: number;
}

export interface SiatGatewayOptions {
  baseUrl: string;
  defaultToken: string | null;
  secrets: SecretStore;
  /** A tenant's own SIAT base URL, overriding `baseUrl`; null = the installation's (see tenantSiatUrl). */
  urlFor?: (tenantId: string) => TenantSiatUrl | null;
  timeouts?: { saleMs?: number; defaultMs?: number; packageMs?: number };
  /** Reads a tenant's large answers (catalogs, consultaCompras) off the engine's thread (engine/siat-answer-worker.ts). */
  readLarge?: (tenantId: string, job: AnswerJob) => Promise<AnswerRead>;
  /** Transport for every SIAT call (default: global fetch); certify records through it (issue 29). */
  fetchImpl?: typeof fetch;
}

export const tokenSecretName = (tenantId: string) => `siat.token.${tenantId}`;

/** Settings key of the SIAT base URL the tenant chose (PUT /api/v1/settings/siat): one of SIAT's own. */
export const SIAT_URL_SETTING = 'siat.url';
/**
 * Settings key of a tenant's SIAT base URL set by the administrator (`npm run admin -- siat url`):
 * any URL, e.g. a simulator. No API route writes it (issue #19); it wins over SIAT_URL_SETTING.
 */
export const SIAT_ADMIN_URL_SETTING = 'siat.adminUrl';

export interface TenantSiatUrl {
  url: string;
  /** Who chose it: the installation's token may follow an administrator's choice only. */
  setBy: 'admin' | 'tenant';
}

/**
 * The tenant's own SIAT base URL, or null for the installation's. A tenant URL that is not one of
 * SIAT's (stored before issue #19 was fixed) is ignored: the tenant is back on the installation's.
 */
export function tenantSiatUrl(settings: Pick<SettingsStore, 'get'>, tenantId: string): TenantSiatUrl | null {
  const admin = settings.get<string>(tenantId, SIAT_ADMIN_URL_SETTING);
  if (admin) return { url: admin, setBy: 'admin' };
  const own = settings.get<string>(tenantId, SIAT_URL_SETTING);
  if (own && isOfficialSiatUrl(own)) return { url: own, setBy: 'tenant' };
  return null;
}

/**
 * Settings key of the day the tenant's delegated token expires ('yyyy-MM-dd', Configuración).
 * Optional and entered by hand: the token is a JWT issued in SIAT's portal (CONTRACT §1.4) whose
 * claims are not documented, and no SIAT service reports its expiry; without this day
 * siat.token_expiring cannot be published.
 */
export const TOKEN_EXPIRY_SETTING = 'siat.tokenExpiresOn';

export class SiatGateway {
  private readonly clients = new Map<string, { token: string; url: string; client: SiatClient }>();

  constructor(private readonly opts: SiatGatewayOptions) {}

  get baseUrl(): string {
    return this.opts.baseUrl;
  }

  /** The SIAT base URL this tenant talks to. */
  urlOf(tenant: Tenant): string {
    return this.opts.urlFor?.(tenant.id)?.url ?? this.opts.baseUrl;
  }

  /** Who chose this tenant's SIAT URL: 'installation' when it is the installation's. */
  urlSetBy(tenant: Tenant): TenantSiatUrl['setBy'] | 'installation' {
    return this.opts.urlFor?.(tenant.id)?.setBy ?? 'installation';
  }

  token(tenant: Tenant): string {
    const own = this.opts.secrets.get(tokenSecretName(tenant.id));
    if (own !== null) return own;
    // Issue #19: the installation's token goes to the installation's URL, to SIAT's own hosts, or
    // where the administrator pointed the tenant — never to a URL the tenant chose that is none of
    // these. tenantSiatUrl already drops such URLs; this holds even if a caller wires urlFor otherwise.
    const chosen = this.opts.urlFor?.(tenant.id);
    if (chosen && chosen.setBy === 'tenant' && chosen.url !== this.opts.baseUrl && !isOfficialSiatUrl(chosen.url)) return '';
    return this.opts.defaultToken ?? '';
  }

  client(tenant: Tenant): SiatClient {
    const token = this.token(tenant);
    const url = this.urlOf(tenant);
    const cached = this.clients.get(tenant.id);
    if (cached && cached.token === token && cached.url === url) return cached.client;
    const readLarge = this.opts.readLarge;
    const client = createSiatClient({
      baseUrl: url,
      token,
      ...(this.opts.timeouts ? { timeouts: this.opts.timeouts } : {}),
      ...(readLarge ? { readLarge: (job: AnswerJob) => readLarge(tenant.id, job) } : {}),
      ...(this.opts.fetchImpl ? { fetchImpl: this.opts.fetchImpl } : {}),
    });
    this.clients.set(tenant.id, { token, url, client });
    return client;
  }

  identity(tenant: Tenant): SiatIdentity {
    return {
      codigoAmbiente: tenant.ambiente,
      codigoModalidad: tenant.modalidad,
      codigoSistema: tenant.codigoSistema ?? '',
      nit: Number(tenant.nit),
    };
  }

  /** The base fields most SIAT requests start with, for a point of sale. */
  posFields(tenant: Tenant, pos: PointOfSale) {
    return { ...this.identity(tenant), codigoSucursal: pos.branchCode, codigoPuntoVenta: pos.code };
  }

  /**
   * The fields every call of the reception family carries (CONTRACT §2.4 base type) for a document
   * of one sector, modality and type under a CUFD (and the CUIS it names): online, contingency
   * recovery and massive emission send the same ones, codigoEmision aside.
   */
  receptionFields(tenant: Tenant, pos: PointOfSale, cufd: { codigo: string; cuis: string }, doc: { sector: number; modalidad: number; tipoFactura: number }) {
    return {
      ...this.posFields(tenant, pos),
      codigoDocumentoSector: doc.sector,
      codigoModalidad: doc.modalidad,
      cufd: cufd.codigo,
      cuis: cufd.cuis,
      tipoFacturaDocumento: doc.tipoFactura,
    };
  }
}
