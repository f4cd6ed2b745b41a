// Kipu Central's HTTP(S) service (issue 15): the tills' ingest and catalog routes (a till's
// credential), the owner's dashboard API (an owner key), and the dashboard itself. Every query is
// scoped by the credential's tenant; a request never chooses the tenant.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import type { Pool } from './store/pg';
import { AccountRepository, AlreadyRevokedError, TillNotFoundError, type OwnerPrincipal, type TillPrincipal } from './store/accounts';
import { CursorAheadError, IngestRepository, OutsideBindingError } from './store/ingest';
import { DashboardRepository, parseSearchCursor } from './store/dashboard';
import { CatalogRepository } from './store/catalog';
import {
  CENTRAL_CREDENTIAL_REVOKED,
  CENTRAL_OWNER_KEY_REVOKED,
  PUSH_BODY_LIMIT_BYTES,
  PUSH_ITEM_LIMIT_BYTES,
  PushRequestSchema,
  type CatalogResponse,
  type PushItem,
  type PushRequest,
} from '../../shared/api/central';
import { MAX_LINES } from '../invoicing/totals';
import { PdfBusyError, PdfRenderer, type PdfRendererOptions } from './pdf-renderer';
import { daysBetweenDates, isIsoDate } from '../../shared/time';

export interface CentralServerOptions {
  pool: Pool;
  logger: Logger;
  /** The built dashboard (dist/central); null = API only. */
  dashboardDir: string | null;
  /** TLS key and certificate (PEM); null = plain HTTP behind a trusted network or a proxy. */
  tls: { key: string; cert: string } | null;
  /** Requests per minute per till credential and per owner key (default 600 each). */
  rateLimits?: { tillPerMinute: number; ownerPerMinute: number };
  /** Requests per minute per address that present no valid credential (default 120). */
  anonPerMinute?: number;
  /** The PDF worker and its queue (pdf-renderer.ts). */
  pdf?: PdfRendererOptions;
}
const CATALOG_PAGE = 500;

const pushCheck = Compile(PushRequestSchema);
const ProductBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 100 }),
  barcode: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]),
  description: Type.String({ minLength: 1, maxLength: 500 }),
  priceCents: Type.Integer({ minimum: 1, maximum: 9_999_999_999 }),
  unitMeasure: Type.Integer({ minimum: 1 }),
  activityEconomic: Type.String({ minLength: 1, maxLength: 20 }),
  codeProductSin: Type.String({ minLength: 1, maxLength: 20 }),
  active: Type.Boolean(),
  branchCode: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
const productCheck = Compile(ProductBody);
const revokeCheck = Compile(Type.Object({ reason: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }, { additionalProperties: false }));
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The first item of a push over the per-item caps (issue 26, finding 3): an invoice of more lines
 * than SIAT takes, or any item bigger than the largest a till can send. A 15,000-line invoice
 * (9.7 MB) once went in whole and its PDF stalled Central.
 */
function oversizedItem(items: readonly PushItem[], bodyBytes: number): { field: string; message: string } | null {
  // A body within the item cap cannot hold an item over it: the sizes are measured only past it.
  const measure = !(bodyBytes <= PUSH_ITEM_LIMIT_BYTES);
  for (const [i, it] of items.entries()) {
    if (it.kind === 'invoice') {
      const details = it.data.record.details;
      if (Array.isArray(details) && details.length > MAX_LINES) {
        return {
          field: `items[${i}].data.record.details`,
          message: `items[${i}].data.record.details: la factura ${it.data.number} tiene ${details.length} líneas; SIAT admite como máximo ${MAX_LINES} por factura`,
        };
      }
    }
    const bytes = measure ? Buffer.byteLength(JSON.stringify(it)) : 0;
    if (bytes > PUSH_ITEM_LIMIT_BYTES) {
      return { field: `items[${i}]`, message: `items[${i}]: ocupa ${bytes} bytes; un hecho de la caja ocupa como máximo ${PUSH_ITEM_LIMIT_BYTES}` };
    }
  }
  return null;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** A machine-readable reason the till acts on (CENTRAL_CREDENTIAL_REVOKED, CENTRAL_OWNER_KEY_REVOKED). */
    readonly code?: string,
  ) {
    super(message);
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim();
  const k = req.headers['x-api-key'];
  return typeof k === 'string' ? k.trim() : null;
}

/** The first problem of a TypeBox check, as "field: message" in Spanish. */
function firstProblem(errors: Iterable<{ instancePath: string; message?: string }>): { field: string; message: string } {
  for (const e of errors) {
    const field = e.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(cuerpo)';
    return { field, message: `${field}: valor no válido (${e.message ?? 'no cumple el esquema'})` };
  }
  return { field: '(cuerpo)', message: 'cuerpo no válido' };
}

function dateParam(q: Record<string, unknown>, name: string, fallback: string): string {
  const v = q[name];
  if (v === undefined || v === '') return fallback;
  if (typeof v !== 'string' || !isIsoDate(v)) throw new HttpError(400, `${name}: debe ser una fecha aaaa-mm-dd`, name);
  return v;
}

function intParam(q: Record<string, unknown>, name: string, fallback: number, min: number, max: number): number {
  const v = q[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new HttpError(400, `${name}: debe ser un entero entre ${min} y ${max}`, name);
  return n;
}

export async function buildCentralServer(o: CentralServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: o.logger,
    bodyLimit: 1024 * 1024,
    ...(o.tls ? { https: { key: o.tls.key, cert: o.tls.cert } } : {}),
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  const accounts = new AccountRepository(o.pool);
  const ingest = new IngestRepository(o.pool);
  const dashboard = new DashboardRepository(o.pool);
  const catalog = new CatalogRepository(o.pool);

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
    if (err instanceof HttpError)
      return reply.status(err.status).send({ error: err.status, message: err.message, ...(err.field ? { field: err.field } : {}), ...(err.code ? { code: err.code } : {}) });
    if (err instanceof TillNotFoundError) return reply.status(404).send({ error: 404, message: err.message });
    if (err instanceof AlreadyRevokedError) return reply.status(409).send({ error: 409, message: err.message });
    if (err instanceof PdfBusyError) {
      // The till's engine answers the same (main/api/domain-errors.ts): its own share is a 429, a full pool a 503.
      const status = err.code === 'CALLER_SHARE' ? 429 : 503;
      return reply.status(status).header('retry-after', String(err.retryAfterSeconds)).send({ error: status, message: err.message });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ error: 413, message: 'El cuerpo de la solicitud es demasiado grande' });
    if (err.statusCode && err.statusCode < 500) return reply.status(err.statusCode).send({ error: err.statusCode, message: 'Solicitud no válida' });
    o.logger.error({ err }, 'Kipu Central: error interno');
    return reply.status(500).send({ error: 500, message: 'Error interno de Kipu Central' });
  });

  // Rate limits (issue 26, finding 3), counted once the caller is known: per till credential, per
  // owner key, and per address for whoever presents no valid one. Authentication runs in the
  // onRequest hook below, before a body is read, so a till over its limit does not get its push
  // parsed either.
  const tooMany = (_req: FastifyRequest, ctx: { max: number; ttl: number }) =>
    new HttpError(429, `Límite de ${ctx.max} solicitudes por minuto alcanzado; reintente en ${Math.ceil(ctx.ttl / 1000)} s`);
  await app.register(rateLimit, { global: false, errorResponseBuilder: tooMany });
  type Limiter = ReturnType<typeof app.rateLimit>;
  // The plugin's handlers are typed for its own request generics; they only read the request
  // (through keyGenerator) and set headers on the reply.
  const limit = (h: Limiter, req: FastifyRequest, reply: FastifyReply) =>
    (h as unknown as (this: FastifyInstance, r: FastifyRequest, p: FastifyReply) => Promise<void>).call(app, req, reply);
  const principals = new WeakMap<FastifyRequest, TillPrincipal | OwnerPrincipal>();
  const perTill = app.rateLimit({
    max: o.rateLimits?.tillPerMinute ?? 600,
    timeWindow: '1 minute',
    keyGenerator: (req) => `till:${(principals.get(req as FastifyRequest) as TillPrincipal).credentialId}`,
  });
  const perOwner = app.rateLimit({
    max: o.rateLimits?.ownerPerMinute ?? 600,
    timeWindow: '1 minute',
    keyGenerator: (req) => `owner:${(principals.get(req as FastifyRequest) as OwnerPrincipal).keyId}`,
  });
  const perAddress = app.rateLimit({ max: o.anonPerMinute ?? 120, timeWindow: '1 minute', keyGenerator: (req) => `anon:${req.ip}` });

  const tillOf = async (req: FastifyRequest, reply?: FastifyReply): Promise<TillPrincipal> => {
    const known = principals.get(req);
    if (known && 'credentialId' in known) return known;
    const token = bearer(req);
    const till = token ? await accounts.authenticateTill(token) : null;
    if ((!till || 'revoked' in till) && reply) await limit(perAddress, req, reply);
    if (!till) throw new HttpError(401, 'Credencial de caja ausente o no válida');
    if ('revoked' in till) {
      throw new HttpError(
        401,
        `Credencial de caja revocada el ${till.revokedAt} (hora de Bolivia): esta caja ya no puede sincronizar con Kipu Central hasta que se le configure una credencial nueva emitida por el administrador`,
        undefined,
        CENTRAL_CREDENTIAL_REVOKED,
      );
    }
    principals.set(req, till);
    if (reply) await limit(perTill, req, reply);
    return till;
  };
  const ownerOf = async (req: FastifyRequest, reply?: FastifyReply): Promise<OwnerPrincipal> => {
    const known = principals.get(req);
    if (known && 'keyId' in known) return known;
    const key = bearer(req);
    const owner = key ? await accounts.authenticateOwner(key) : null;
    if ((!owner || 'revoked' in owner) && reply) await limit(perAddress, req, reply);
    if (!owner) throw new HttpError(401, 'Clave del dueño ausente o no válida');
    if ('revoked' in owner) {
      throw new HttpError(
        401,
        `Clave del dueño revocada el ${owner.revokedAt} (hora de Bolivia): ya no da acceso a Kipu Central; pida una clave nueva al administrador`,
        undefined,
        CENTRAL_OWNER_KEY_REVOKED,
      );
    }
    principals.set(req, owner);
    if (reply) await limit(perOwner, req, reply);
    return owner;
  };
  app.addHook('onRequest', async (req, reply) => {
    // The matched route, not the raw URL: `/central/%761/push` reaches the same handler.
    const path = req.routeOptions.url ?? '';
    if (path.startsWith('/central/v1/')) await tillOf(req, reply);
    else if (path.startsWith('/central/api/')) await ownerOf(req, reply);
  });
  const pdfs = new PdfRenderer(o.pdf);
  app.addHook('onClose', async () => pdfs.close());

  app.get('/health', async () => ({ ok: true }));

  // ── Tills ──
  app.get('/central/v1/till', async (req) => {
    const t = await tillOf(req);
    return { tillId: t.tillId, name: t.name, nit: t.nit, branchCode: t.branchCode, posCode: t.posCode };
  });

  app.post('/central/v1/push', { bodyLimit: PUSH_BODY_LIMIT_BYTES }, async (req: FastifyRequest, reply: FastifyReply) => {
    const till = await tillOf(req);
    if (!pushCheck.Check(req.body)) {
      const p = firstProblem(pushCheck.Errors(req.body));
      throw new HttpError(422, p.message, p.field);
    }
    const body = req.body as PushRequest;
    const oversized = oversizedItem(body.items, Number(req.headers['content-length']));
    if (oversized) throw new HttpError(422, oversized.message, oversized.field);
    if (body.upTo < body.after) throw new HttpError(422, 'upTo: no puede ser menor que after', 'upTo');
    const bad = body.items.find((i) => i.seq <= body.after || i.seq > body.upTo);
    if (bad) throw new HttpError(422, `items.seq: ${bad.seq} fuera del rango (${body.after}, ${body.upTo}]`, 'items.seq');
    // The cursor moves only as far as the facts this push carries (issue 26, finding 1): an empty
    // push with a far upTo once hid every later fact of the till.
    const highest = body.items.reduce((m, i) => Math.max(m, i.seq), body.after);
    if (body.upTo !== highest) {
      throw new HttpError(422, `upTo: debe ser el seq más alto de los items enviados (${highest}${body.items.length === 0 ? ', o after sin items' : ''})`, 'upTo');
    }
    if (body.report.nit !== till.nit) throw new HttpError(422, `report.nit: la caja informa el NIT ${body.report.nit}, su credencial es del NIT ${till.nit}`, 'report.nit');
    try {
      return await ingest.push(till, body);
    } catch (err) {
      if (err instanceof CursorAheadError) return reply.status(409).send({ error: 409, message: err.message, ackedSeq: err.ackedSeq });
      if (err instanceof OutsideBindingError) throw new HttpError(403, err.message, err.field);
      throw err;
    }
  });

  app.get('/central/v1/catalog', async (req): Promise<CatalogResponse> => {
    const till = await tillOf(req);
    const after = intParam(req.query as Record<string, unknown>, 'after', 0, 0, Number.MAX_SAFE_INTEGER);
    const tenant = (await accounts.tenantById(till.tenantId))!;
    const page = await catalog.changesFor(till.tenantId, till.branchCode, after, CATALOG_PAGE);
    const version = page.products.reduce((v, p) => Math.max(v, p.version), after);
    return { version, allowLocalPrices: tenant.allowLocalPrices, products: page.products, more: page.more };
  });

  // ── The owner's dashboard API ──
  app.get('/central/api/session', async (req) => {
    const owner = await ownerOf(req);
    const t = (await accounts.tenantById(owner.tenantId))!;
    return { nit: t.nit, name: t.name, today: await dashboard.today(), allowLocalPrices: t.allowLocalPrices };
  });
  app.get('/central/api/sales/today', async (req) => {
    const owner = await ownerOf(req);
    return dashboard.salesOn(owner.tenantId, dateParam(req.query as Record<string, unknown>, 'date', await dashboard.today()));
  });
  app.get('/central/api/sales/by-day', async (req) => {
    const owner = await ownerOf(req);
    const q = req.query as Record<string, unknown>;
    const today = await dashboard.today();
    const to = dateParam(q, 'to', today);
    const from = dateParam(q, 'from', new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10));
    if (from > to) throw new HttpError(400, 'from: debe ser anterior o igual a to', 'from');
    if (daysBetweenDates(from, to) > 366) throw new HttpError(400, 'from: el rango no puede superar un año', 'from');
    return dashboard.salesByDay(owner.tenantId, from, to);
  });
  app.get('/central/api/tills', async (req) => dashboard.tills((await ownerOf(req)).tenantId));
  // A till's credential: revoke it (stolen or retired till) or issue a new one for the same till
  // (docs/decisions/0045). The owner's key of the till's tenant is the administrator here, as the
  // CLI is for whoever runs Central; both record who did it.
  const tillParam = (req: FastifyRequest): string => {
    const { tillId } = req.params as { tillId: string };
    if (!UUID_RE.test(tillId)) throw new HttpError(400, 'tillId: no es un identificador de caja', 'tillId');
    return tillId;
  };
  const actor = (o: OwnerPrincipal) => ({ label: `clave del dueño «${o.name}»`, keyId: o.keyId });
  app.post('/central/api/tills/:tillId/revoke', async (req) => {
    const owner = await ownerOf(req);
    const tillId = tillParam(req);
    const body = req.body ?? {};
    if (!revokeCheck.Check(body)) {
      const p = firstProblem(revokeCheck.Errors(body));
      throw new HttpError(422, p.field === 'reason' ? 'reason: debe ser un texto de 1 a 200 caracteres' : p.message, p.field);
    }
    return accounts.revokeTill(owner.tenantId, tillId, actor(owner), body.reason?.trim() || null);
  });
  app.post('/central/api/tills/:tillId/credential', async (req) => {
    const owner = await ownerOf(req);
    return accounts.reissueTill(owner.tenantId, tillParam(req), actor(owner));
  });
  app.get('/central/api/invoices', async (req) => {
    const owner = await ownerOf(req);
    const q = req.query as Record<string, unknown>;
    const text = typeof q.q === 'string' ? q.q : '';
    if (text.length > 100) throw new HttpError(400, 'q: como máximo 100 caracteres', 'q');
    const size = intParam(q, 'size', 20, 1, 100);
    let after = null;
    if (typeof q.after === 'string' && q.after !== '') {
      after = parseSearchCursor(q.after);
      if (!after) throw new HttpError(400, 'after: no es la marca de página que dio la búsqueda anterior (next)', 'after');
    } else if (q.after !== undefined && q.after !== '') throw new HttpError(400, 'after: debe ser texto', 'after');
    return dashboard.searchInvoices(owner.tenantId, text, after, size);
  });
  app.get('/central/api/invoices/:tillId/:id/pdf', async (req, reply) => {
    const owner = await ownerOf(req);
    const { id } = req.params as { id: string };
    const found = await dashboard.invoice(owner.tenantId, tillParam(req), id);
    if (!found) throw new HttpError(404, 'Factura no encontrada');
    // Off the request thread, in a bounded queue: one tenant's long invoice no longer holds the
    // other tenants' dashboards (issue 26, finding 3).
    const pdf = await pdfs.render(owner.tenantId, found.row, found.tenantReport);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="factura-${String(found.row.number)}.pdf"`)
      .send(Buffer.from(pdf));
  });
  app.get('/central/api/products', async (req) => ({ items: await catalog.list((await ownerOf(req)).tenantId) }));
  app.put('/central/api/products', async (req) => {
    const owner = await ownerOf(req);
    if (!productCheck.Check(req.body)) {
      const p = firstProblem(productCheck.Errors(req.body));
      throw new HttpError(422, p.message, p.field);
    }
    return catalog.upsert(owner.tenantId, req.body);
  });
  app.put('/central/api/settings/local-prices', async (req) => {
    const owner = await ownerOf(req);
    const b = req.body as { allow?: unknown } | null;
    if (typeof b?.allow !== 'boolean') throw new HttpError(422, 'allow: debe ser true o false', 'allow');
    await accounts.setAllowLocalPrices(owner.tenantId, b.allow);
    return { allowLocalPrices: b.allow };
  });

  if (o.dashboardDir && existsSync(o.dashboardDir)) {
    await app.register(fastifyStatic, { root: o.dashboardDir, prefix: '/', index: ['central.html'] });
  }
  return app;
}
