// The REST API (seeds 000 and 001) on Fastify. Fastify over hand-written node:http or Express:
// JSON-schema validation and serialization built in (the schemas double as the OpenAPI document
// at /docs), graceful close that lets in-flight requests finish, and well-kept plugins for
// rate limiting, security headers and static files (docs/decisions/0001-fastify.md).
import { redactedRequest } from './log-redaction';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyError, type FastifyReply, type RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { ApiKeyInfo } from '../store/api-keys';
import { accessOf, allows, demoKeyMayTryInTraining, type Access } from './access';
import { SCOPES } from '../../shared/api-scopes';
import { ApiError, statusMessage } from './errors';
import { errorBody } from './envelope';
import { serializerCompiler, validatorCompiler } from './validation';
import { describeError } from './describe-error';
import { registerJsonParser } from './json-body';
import { countSalesInFlight } from './sale-first-hook';
import { MAX_PATH_PARAM_LENGTH } from '../../shared/api/limits';
import { TillPeople, type TillActor } from '../till-users/till-people';
import type { RecordedAct, TillUser } from '../store/till-users';
import { actOf, recordedAct } from './acts';
import { type Act } from '../../shared/till-roles';
import { registerRoleHook } from './role-hook';
import { doerOf } from './doer';
import { actRecord } from '../till-users/doer';

/** Recorded by the domain inside the act's own transaction (main/api/doer.ts), not after the answer. */
const IN_TRANSACTION: ReadonlySet<RecordedAct> = new Set(['cancel', 'reverse', 'return', 'discount-over-limit', 'price-override', 'cash-open', 'cash-in', 'cash-out', 'cash-close', 'cash-reopen', 'key-create', 'key-revoke', 'user-create', 'user-change', 'purchase-delete']);

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant;
    /**
     * The API key; for a person's till session (issue 27) a stand-in with the session's id and the
     * person's name, so every route that records `usuario` from it records the person.
     */
    apiKey: ApiKeyInfo;
    /** The person logged in at the till, when a till session token authenticated the request. */
    tillActor: TillActor | null;
    /** The supervisor who approved this request in place (X-Supervisor-User + X-Supervisor-Pin). */
    approver: TillUser | null;
    /** The act of the request under the role policy (main/api/acts.ts), once known. */
    act: Act | null;
    /** Whether the credential that opened the request still holds (the till stream asks). */
    stillAuthorized: () => boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route (main/api/access.ts), set when the route is registered. */
    access?: Access;
  }
}

export interface ApiOptions {
  store: Store;
  logger: Logger;
  rateLimitPerMinute: number;
  /**
   * Requests per minute per client address to public routes, and, in a bucket of its own, to
   * routes that need a key while no valid key is sent (issue 19, findings 5 and 14).
   */
  publicRateLimitPerMinute: number;
  /**
   * Host names (besides loopback names and IP literals) the API answers to; any other `Host`
   * gets 421, so a DNS-rebound web page cannot drive the till (issue 19, finding 9).
   */
  allowedHosts: readonly string[];
  /**
   * Addresses or CIDR ranges of a reverse proxy (KIPU_TRUST_PROXY): only from these peers is
   * X-Forwarded-For taken as the client's address (req.ip); empty = never (issue 26, finding 9).
   */
  trustProxy?: readonly string[];
  training: boolean;
  /** The published demo key (training only): it may try the seed operations beyond its scope (access.ts). */
  demoApiKey?: string | null;
  version: string;
  /** Folder of the built renderer, served at / when it exists. */
  rendererDir: string | null;
  /** Absolute base for links handed to customers (pdfUrl, xmlUrl). */
  publicBaseUrl: () => string;
  /** The store's people and their till sessions (issue 27); without it only API keys authenticate. */
  people?: TillPeople;
  /** Sees every route as registered, with its schemas (the route contract's test). */
  routeRegistered?: (route: RouteOptions) => void;
}

/** The host name of a `Host` header, lower-cased, without port or IPv6 brackets. */
export function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  const colon = h.lastIndexOf(':');
  return colon >= 0 && h.indexOf(':') === colon ? h.slice(0, colon) : h;
}

/**
 * DNS rebinding needs a name the attacker controls in `Host`: loopback names, IP literals (a
 * browser sends those only to the address itself, where the same-origin policy holds) and the
 * configured names are safe; any other name is refused.
 */
export function hostAllowed(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (header === undefined) return true; // HTTP/1.0 without Host: no browser sends that
  const name = hostName(header);
  if (name === '') return false;
  return name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0 || allowed.has(name);
}

/**
 * What a refused request was for, in its route's summary («Documento por defecto de la caja…»), for
 * a 403 the till shows as it comes: never a route path (a walk read «PUT /api/v1/pos/:id/…»), never
 * in parentheses (a summary has its own). An API client knows which request it made.
 */
function whatOf(req: FastifyRequest): string {
  const summary = (req.routeOptions.schema as { summary?: unknown } | undefined)?.summary;
  return typeof summary === 'string' && summary.length > 0 ? `«${summary}»` : 'Esto';
}

/** The path of a URL as the router sees it (percent-decoded); undecodable paths stay as sent. */
function decodedPath(url: string): string {
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export async function buildApi(opts: ApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines carry the URL: personal query values are hidden (log-redaction.ts).
    loggerInstance: opts.logger.child({}, { serializers: { req: redactedRequest } }),
    bodyLimit: 5 * 1024 * 1024,
    // req.ip (per-address rate limits, logs) is the socket's peer unless that peer is a configured
    // proxy; then it is the nearest address in X-Forwarded-For that is not a proxy. Trusting every
    // peer would let any client pick its own bucket (issue 26, finding 9).
    trustProxy: opts.trustProxy && opts.trustProxy.length > 0 ? [...opts.trustProxy] : false,
    // Request ids in logs tie an integrator's call to what the engine did.
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // The router refuses a path it cannot decode, or whose parameter is too long, before any hook
    // or error handler runs; without this its answer was English and had no `detail` (issue #16).
    frameworkErrors: (err, _req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : 400;
      const detail = tooLong
        ? `Un parámetro de la ruta supera los ${MAX_PATH_PARAM_LENGTH} caracteres`
        : 'La ruta no es válida: tiene un % que no forma una secuencia codificada (%XX)';
      void (reply as FastifyReply).status(status).send(errorBody(statusMessage(status), { code: tooLong ? 'URI_TOO_LONG' : 'BAD_REQUEST', detail }));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app as unknown as FastifyInstance);
  countSalesInFlight(app as unknown as FastifyInstance);
  // While shutting down, answers close their connection (a keep-alive client does not hold the engine open); requests running finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.decorateRequest('tenant', null as unknown as Tenant);
  app.decorateRequest('apiKey', null as unknown as ApiKeyInfo);
  app.decorateRequest('tillActor', null);
  app.decorateRequest('approver', null);
  app.decorateRequest('act', null);
  app.decorateRequest('stillAuthorized', null as unknown as () => boolean);

  app.setErrorHandler((err: FastifyError & { validationContext?: string }, req, reply) => {
    const { status, info } = describeError(err, req);
    return reply.status(status).send(errorBody(statusMessage(status), info));
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // PDFs and tickets are opened from the till's own origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  // Rate limits (issue 19, findings 5 and 14). Counted inside the authentication hook below, in
  // three buckets: per authenticated key; per address while no valid key is sent (so random keys
  // cannot dodge the limit); per address on public routes, 404s included (so CUF guessing on
  // the public links is throttled).
  const tooMany = (_req: FastifyRequest, ctx: { max: number; ttl: number }) =>
    new ApiError(429, 'RATE_LIMITED', `Límite de ${ctx.max} solicitudes por minuto alcanzado; reintente en ${Math.ceil(ctx.ttl / 1000)} s`);
  await app.register(rateLimit, { global: false, errorResponseBuilder: tooMany });
  type Limiter = ReturnType<typeof app.rateLimit>;
  // The plugin's handlers are typed for its own request generics; they only read req.ip,
  // req.apiKey and routeOptions, and set headers on the reply.
  const limit = (h: Limiter, req: FastifyRequest, reply: unknown) =>
    (h as unknown as (this: FastifyInstance, r: FastifyRequest, p: unknown) => Promise<void>).call(app as unknown as FastifyInstance, req, reply);
  const perKey = app.rateLimit({ max: opts.rateLimitPerMinute, timeWindow: '1 minute', keyGenerator: (req) => `key:${req.apiKey.id}` });
  const perAddress = app.rateLimit({ max: opts.publicRateLimitPerMinute, timeWindow: '1 minute', keyGenerator: (req) => `anon:${req.ip}` });
  const perAddressPublic = app.rateLimit({ max: opts.publicRateLimitPerMinute, timeWindow: '1 minute', keyGenerator: (req) => `public:${req.ip}` });

  // Every route carries its access flag; an /api/ route without one stops start-up (deny by default). OpenAPI shows its scopes.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A route may carry its own flag (tests add routes that way); the product's are in the route
    // contract (shared/api/routes/, read by access.ts).
    const own = (route.config as { access?: Access } | undefined)?.access;
    const accesses = methods.map((m) => own ?? accessOf(String(m), route.url));
    const access = accesses[0];
    if (!access || accesses.some((a) => a !== access)) {
      throw new Error(`La ruta ${methods.join(',')} ${route.url} no tiene acceso declarado: falta en el contrato de rutas (shared/api/routes/)`);
    }
    route.config = { ...(route.config ?? {}), access };
    opts.routeRegistered?.(route);
    if (route.url.startsWith('/api/')) {
      const schema = (route.schema ??= {}) as Record<string, unknown>;
      if (access === 'public') schema.security = [];
      else {
        schema['x-kipu-scopes'] = [...access];
        const note = `Ámbitos de clave que pueden llamarla: ${access.join(', ')}.`;
        schema.description = schema.description ? `${String(schema.description)}\n\n${note}` : note;
      }
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Kipu — API de facturación electrónica',
        description:
          'API REST del motor de Kipu (estilos de los documentos semilla: clave de API con envoltorio ApiResponse, y estilo sectorial). ' +
          'Autenticación: cabecera X-API-Key. Lo que el rol de una sesión de caja no permite (403 ROLE_REQUIRED) lo aprueba un supervisor con las cabeceras X-Supervisor-User y X-Supervisor-Pin.',
        version: opts.version,
      },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', name: 'X-API-Key', in: 'header' } },
      },
      security: [{ apiKey: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  const allowedHosts = new Set(opts.allowedHosts.map((h) => h.toLowerCase()));
  app.addHook('onRequest', async (req, reply) => {
    if (!hostAllowed(req.headers.host, allowedHosts)) {
      throw new ApiError(421, 'MISDIRECTED_REQUEST', `El motor no atiende el nombre «${hostName(req.headers.host ?? '')}». Use la dirección configurada (KIPU_PUBLIC_URL o KIPU_ALLOWED_HOSTS).`);
    }
    // Unmatched routes (404) take the access of their path: under /api/ they need a key, so
    // nothing is learnt about them without one; elsewhere they are the web UI's fallback.
    const underApi = decodedPath(req.url).startsWith('/api/');
    const access: Access = req.routeOptions.config.access ?? (underApi ? SCOPES : 'public');
    if (access === 'public') {
      if (underApi) await limit(perAddressPublic, req, reply);
      return;
    }
    const header = req.headers['x-api-key'];
    // A person's till session (issue 27) travels in the same header as a key: the till's client
    // and its event stream send it unchanged. Its own format (kipt_…) tells it apart.
    if (opts.people && typeof header === 'string' && TillPeople.isToken(header)) {
      const people = opts.people;
      const check = people.authenticate(header);
      if (!check.ok) {
        await limit(perAddress, req, reply);
        throw new ApiError(401, check.code === 'IDLE' ? 'TILL_SESSION_LOCKED' : 'TILL_SESSION_INVALID', check.detail);
      }
      const { actor } = check;
      // Cashiers and supervisors work the till; an administrador may also do what an admin key does.
      const scopes: ApiKeyInfo['scopes'] = actor.user.role === 'administrador' ? ['admin', 'till'] : ['till'];
      req.tenant = actor.tenant;
      req.tillActor = actor;
      req.apiKey = {
        id: `till-session:${actor.sessionId}`,
        tenantId: actor.tenant.id,
        name: actor.user.name,
        prefix: '',
        createdAt: '',
        lastUsedAt: null,
        revokedAt: null,
        scopes,
      };
      req.stillAuthorized = () => people.authenticate(header, false).ok;
      await limit(perKey, req, reply);
      if (!allows(access, scopes)) {
        const role = access.includes('till') ? 'cajero' : 'administrador';
        throw new ApiError(
          403,
          'FORBIDDEN',
          `${whatOf(req)} lo hace un ${role}${access.includes('till') || access.includes('admin') ? '' : ' o una clave de integración'}; ${actor.user.name} es ${actor.user.role}. Pida a un ${role} que lo haga o ingrese como uno.`,
        );
      }
      return;
    }
    const info = typeof header === 'string' && header.length > 0 ? opts.store.apiKeys.authenticate(header) : null;
    const tenant = info ? opts.store.tenants.byId(info.tenantId) : null;
    // A data directory that once ran in training keeps its demo tenant; outside training its
    // keys (the published demo key among them) are refused (issue 19, finding 3).
    const usable = info && tenant && (opts.training || !tenant.training);
    if (!usable || !info || !tenant) {
      await limit(perAddress, req, reply);
      if (typeof header !== 'string' || header.length === 0) throw new ApiError(401, 'UNAUTHORIZED', 'Falta la cabecera X-API-Key');
      if (info && tenant) throw new ApiError(401, 'UNAUTHORIZED', 'Esta clave es del modo entrenamiento y no vale fuera de él');
      throw new ApiError(401, 'UNAUTHORIZED', 'La clave de API no es válida o fue revocada');
    }
    req.tenant = tenant;
    req.apiKey = info;
    req.stillAuthorized = () => opts.store.apiKeys.authenticate(header as string) !== null;
    await limit(perKey, req, reply);
    const trainingDemo = opts.training && tenant.training && !!opts.demoApiKey && header === opts.demoApiKey && demoKeyMayTryInTraining(req.method, req.routeOptions.url);
    if (!allows(access, info.scopes) && !trainingDemo) {
      const held = info.scopes.map((a) => `«${a}»`).join(', ');
      throw new ApiError(
        403,
        'FORBIDDEN',
        access.includes('admin')
          ? // What to do first: a cashier at the till reads this as it comes.
            `${whatOf(req)} lo hace un administrador: ingrese como administrador o pida a un administrador que lo haga (hace falta el ámbito ${access.map((a) => `«${a}»`).join(' o ')} y la clave tiene ${held}).`
          : `${whatOf(req)}: esta clave no puede hacerlo. Hace falta el ámbito ${access.map((a) => `«${a}»`).join(' o ')} y la clave tiene ${held}. Use una clave con ese ámbito o pida una al administrador.`,
      );
    }
  });

  // The role policy of the store's people (issue 27): role-hook.ts.
  if (opts.people) registerRoleHook(app as unknown as FastifyInstance, { store: opts.store, people: opts.people });

  // Who did it, and who approved it (issue 27): kept once the act succeeded, for every credential.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 300 || !req.tenant || !req.apiKey) return payload;
    let act = req.act;
    const route = req.routeOptions.url ?? '';
    if (!req.tillActor) {
      // API keys are not held to roles, but their acts are named too (the key's name).
      if (req.method === 'GET' || !route.startsWith('/api/')) return payload;
      act = actOf({ method: req.method, route, params: (req.params ?? {}) as Record<string, unknown>, body: req.body }, { openedBy: () => true }, '');
    }
    const recorded = act ? recordedAct(act, req.method, route) : null;
    // Acts that move money, annul a document, or create keys and people are recorded in their own
    // transaction (doer.ts, decision 0069); what is left here commits nothing (a reprint) or is a
    // settings change.
    if (!recorded || IN_TRANSACTION.has(recorded)) return payload;
    const params = (req.params ?? {}) as Record<string, unknown>;
    // Left here: a reprint (of the invoice in the path) and a settings change (named by its route).
    const subject = recorded === 'settings' ? `${req.method} ${route}${typeof params.posId === 'string' ? ` ${params.posId}` : ''}` : typeof params.id === 'string' ? params.id : null;
    if (!subject) return payload;
    try {
      opts.store.tillUsers.recordAct(req.tenant.id, actRecord(doerOf(req), recorded, subject, new Date().toISOString()));
    } catch (err) {
      // The act is done: its answer must still say so. The missing name is logged (decision
      // 0069: only reprints and settings changes are recorded here).
      req.log.error({ err, act: recorded, subject, usuario: req.apiKey.name }, 'act record not written');
    }
    return payload;
  });

  if (opts.rendererDir && existsSync(join(opts.rendererDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: opts.rendererDir, prefix: '/', index: ['index.html'], wildcard: false });
    // Client-side routes of the single-page UI fall back to index.html.
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/docs')) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.status(404).send(errorBody(statusMessage(404), { code: 'NOT_FOUND', detail: `Ruta ${req.method} ${req.url.split('?')[0]} no existe` }));
    });
  } else {
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send(errorBody(statusMessage(404), { code: 'NOT_FOUND', detail: `Ruta ${req.method} ${req.url.split('?')[0]} no existe` })),
    );
  }

  return app as unknown as FastifyInstance;
}
