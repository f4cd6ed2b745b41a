// Which SIAT a tenant talks to, and as whom. One SIAT base URL per installation (settings or
// the embedded simulator in training mode); the delegated token per tenant from the secret
// store, falling back to KIPU_SIAT_TOKEN.
import { createSiatClient, type SiatClient } from '../siat/client';
import type { SecretStore } from '../config/secrets';
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
  /** A tenant's own SIAT base URL (Configuración), overriding `baseUrl`; null = the installation's. */
  urlFor?: (tenantId: string) => string | null;
  timeouts?: { saleMs?: number; defaultMs?: number; packageMs?: number };
}

export const tokenSecretName = (tenantId: string) => `siat.token.${tenantId}`;

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
    return this.opts.urlFor?.(tenant.id) ?? this.opts.baseUrl;
  }

  token(tenant: Tenant): string {
    return this.opts.secrets.get(tokenSecretName(tenant.id)) ?? this.opts.defaultToken ?? '';
  }

  client(tenant: Tenant): SiatClient {
    const token = this.token(tenant);
    const url = this.urlOf(tenant);
    const cached = this.clients.get(tenant.id);
    if (cached && cached.token === token && cached.url === url) return cached.client;
    const client = createSiatClient({ baseUrl: url, token, ...(this.opts.timeouts ? { timeouts: this.opts.timeouts } : {}) });
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
}
