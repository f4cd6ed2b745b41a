// The REST API (seeds 000 and 001) on Fastify. Fastify over hand-written node:http or Express:
// JSON-schema validation and serialization built in (the schemas double as the OpenAPI document
// at /docs), graceful close that lets in-flight requests finish, and well-kept plugins for
// rate limiting, security headers and static files (docs/decisions/0001-fastify.md).
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyError } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { ApiKeyInfo } from '../store/api-keys';
import { keyPrefix } from '../store/api-keys';
import { ApiError, statusMessage } from './errors';
import { errorBody } from './envelope';
import type { ApiErrorInfo } from '../../shared/api-envelope';
import { describeValidation, validatorCompiler } from './validation';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant;
    apiKey: ApiKeyInfo;
  }
}

export interface ApiOptions {
  store: Store;
  logger: Logger;
  rateLimitPerMinute: number;
  training: boolean;
  version: string;
  /** Folder of the built renderer, served at / when it exists. */
  rendererDir: string | null;
  /** Absolute base for links handed to customers (pdfUrl, xmlUrl). */
  publicBaseUrl: () => string;
}

/** Paths that need no API key: public downloads, till bootstrap, docs and the web UI. */
function isPublic(url: string): boolean {
  if (!url.startsWith('/api/')) return true;
  return url.startsWith('/api/v1/public/');
}

/**
 * Any error of a request as a status and the error info both envelopes carry (the API-key
 * style's ApiResponse here, the sector style's in routes/sector-style.ts).
 */
export function describeError(err: FastifyError & { validationContext?: string }, req: FastifyRequest): { status: number; info: ApiErrorInfo } {
  if (err instanceof ApiError) {
    const { fields, siatCode, siatMessages } = err.extra;
    return {
      status: err.status,
      info: {
        code: err.code,
        detail: err.detail,
        ...(fields ? { fields } : {}),
        ...(siatCode !== undefined ? { siatCode } : {}),
        ...(siatMessages ? { siatMessages } : {}),
      },
    };
  }
  if (err.validation) {
    const v = describeValidation(err.validation as never, err.validationContext ?? 'body');
    return { status: v.status, info: { code: v.status === 400 ? 'BAD_REQUEST' : 'VALIDATION_FAILED', detail: v.detail, fields: v.fields } };
  }
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
  if (status >= 500) req.log.error({ err }, 'request failed');
  const detail =
    err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
      ? 'El cuerpo no es JSON válido'
      : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'El cuerpo JSON está vacío'
        : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? `Tipo de contenido no admitido: ${req.headers['content-type'] ?? '(ninguno)'}`
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'El cuerpo supera el tamaño máximo admitido'
            : status >= 500
              ? 'Error interno del motor; el detalle quedó en el registro'
              : err.message;
  return { status, info: { code: status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', detail } };
}

export async function buildApi(opts: ApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: opts.logger,
    bodyLimit: 5 * 1024 * 1024,
    // Request ids in logs tie an integrator's call to what the engine did.
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  // While shutting down, answers close their connection, so a keep-alive client does not hold
  // the engine open until the keep-alive time-out; requests already running still finish.
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

  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Per API key (its public prefix; the key itself is never a map key), else per address.
    keyGenerator: (req: FastifyRequest) => {
      const k = req.headers['x-api-key'];
      const prefix = typeof k === 'string' ? keyPrefix(k) : null;
      return prefix ? `key:${prefix}` : `ip:${req.ip}`;
    },
    errorResponseBuilder: (_req, ctx) => {
      const err = new ApiError(429, 'RATE_LIMITED', `Límite de ${ctx.max} solicitudes por minuto alcanzado; reintente en ${Math.ceil(ctx.ttl / 1000)} s`);
      return err;
    },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Kipu — API de facturación electrónica',
        description:
          'API REST del motor de Kipu (estilos de los documentos semilla: clave de API con envoltorio ApiResponse, y estilo sectorial). ' +
          'Autenticación: cabecera X-API-Key.',
        version: opts.version,
      },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', name: 'X-API-Key', in: 'header' } },
      },
      security: [{ apiKey: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  app.addHook('onRequest', async (req) => {
    if (isPublic(req.url)) return;
    const header = req.headers['x-api-key'];
    if (typeof header !== 'string' || header.length === 0) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Falta la cabecera X-API-Key');
    }
    const info = opts.store.apiKeys.authenticate(header);
    if (!info) throw new ApiError(401, 'UNAUTHORIZED', 'La clave de API no es válida o fue revocada');
    const tenant = opts.store.tenants.byId(info.tenantId);
    if (!tenant) throw new ApiError(401, 'UNAUTHORIZED', 'La clave de API no pertenece a ningún contribuyente');
    req.tenant = tenant;
    req.apiKey = info;
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
