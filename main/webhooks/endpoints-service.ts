// Webhook endpoint management (seed: Webhook management). The signing secret goes to the secret
// store, never to SQLite; the URL is checked (https only, no private or loopback target) on
// registration, on a change of URL and on rotation (seed: "on registration and on rotation the
// host is resolved").
import { randomUUID } from 'node:crypto';
import type { SecretStore } from '../config/secrets';
import { checkTarget, TargetRejected, type Resolver } from '../net/address-guard';
import { isValidPattern } from './event-catalog';
import { generateSecret, hintOf } from './signature';
import { secretName } from './dispatcher';
import type { WebhookEndpoint, WebhookRepository } from '../store/webhooks';
import { DomainError, fieldProblem } from '../errors/domain-error';

/** seed: Limits — webhook endpoints per tenant. */
export const MAX_ENDPOINTS_PER_TENANT = 20;

/** INVALID: a field of the endpoint is refused; TOO_MANY: the tenant's limit of endpoints. */
export type WebhookErrorCode = 'INVALID' | 'TOO_MANY' | 'NOT_FOUND';

export class WebhookError extends DomainError<WebhookErrorCode> {
  readonly domain = 'webhook';
  override name = 'WebhookError';
  constructor(
    code: WebhookErrorCode,
    readonly field: string | null,
    message: string,
  ) {
    super(code, message, field ? { fields: fieldProblem(field, 'webhook', message) } : {});
  }
}

export class WebhookEndpoints {
  constructor(
    private readonly deps: { repo: WebhookRepository; secrets: SecretStore; allowPrivate: boolean; resolve?: Resolver },
  ) {}

  private async checkUrl(url: string): Promise<string> {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new WebhookError('INVALID', 'url', `url no es una URL válida: ${url}`);
    }
    if (u.protocol !== 'https:') throw new WebhookError('INVALID', 'url', `url debe empezar con https:// (recibido ${u.protocol}//)`);
    if (u.username || u.password) throw new WebhookError('INVALID', 'url', 'url no debe llevar usuario ni contraseña');
    try {
      await checkTarget(u.href, { allowPrivate: this.deps.allowPrivate, ...(this.deps.resolve ? { resolve: this.deps.resolve } : {}) });
    } catch (err) {
      if (err instanceof TargetRejected) throw new WebhookError('INVALID', 'url', err.message);
      throw err;
    }
    return u.href;
  }

  private checkEvents(events: string[]): string[] {
    const unknown = events.filter((e) => !isValidPattern(e));
    if (unknown.length > 0) {
      throw new WebhookError('INVALID', 'events', `Evento desconocido: ${unknown.join(', ')}. Use *, <espacio>.* (p. ej. invoice.*) o un tipo exacto del catálogo`);
    }
    return [...new Set(events)];
  }

  private get(tenantId: string, id: string): WebhookEndpoint {
    const e = this.deps.repo.byId(tenantId, id);
    if (!e) throw new WebhookError('NOT_FOUND', null, `Endpoint de webhook ${id} no encontrado`);
    return e;
  }

  async register(tenantId: string, body: { url: string; events: string[]; description?: string | null }): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    if (this.deps.repo.countActive(tenantId) >= MAX_ENDPOINTS_PER_TENANT) {
      throw new WebhookError('TOO_MANY', null, `Se alcanzó el máximo de ${MAX_ENDPOINTS_PER_TENANT} endpoints de webhook por contribuyente`);
    }
    const events = this.checkEvents(body.events);
    const url = await this.checkUrl(body.url);
    const id = randomUUID();
    const secret = generateSecret();
    // Secret first: an endpoint row never exists without its secret.
    this.deps.secrets.set(secretName(id), secret);
    const endpoint = this.deps.repo.create(tenantId, { id, url, events, description: body.description?.trim() || null, secretHint: hintOf(secret) });
    return { endpoint, secret };
  }

  read(tenantId: string, id: string): WebhookEndpoint {
    return this.get(tenantId, id);
  }

  list(tenantId: string): WebhookEndpoint[] {
    return this.deps.repo.list(tenantId);
  }

  async update(tenantId: string, id: string, body: { url?: string; events?: string[]; active?: boolean; description?: string | null }): Promise<WebhookEndpoint> {
    const cur = this.get(tenantId, id);
    const events = body.events ? this.checkEvents(body.events) : undefined;
    const url = body.url !== undefined && body.url !== cur.url ? await this.checkUrl(body.url) : undefined;
    return this.deps.repo.update(tenantId, id, {
      ...(url !== undefined ? { url } : {}),
      ...(events ? { events } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.description !== undefined ? { description: body.description?.trim() || null } : {}),
    })!;
  }

  /** The new secret applies to the next attempt; the old one stops at once. */
  async rotate(tenantId: string, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const cur = this.get(tenantId, id);
    await this.checkUrl(cur.url);
    const secret = generateSecret();
    this.deps.secrets.set(secretName(id), secret);
    return { endpoint: this.deps.repo.update(tenantId, id, { secretHint: hintOf(secret) })!, secret };
  }

  /** Soft delete (configuration, not a fiscal row): deliveries stay as history; the secret goes. */
  remove(tenantId: string, id: string): void {
    if (!this.deps.repo.softDelete(tenantId, id)) throw new WebhookError('NOT_FOUND', null, `Endpoint de webhook ${id} no encontrado`);
    this.deps.secrets.delete(secretName(id));
  }
}
