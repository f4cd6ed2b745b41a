// The till's own endpoints (not in the seeds): its status for the status bar, a live event
// stream, and the contingency queue of a point of sale. Everything is scoped by the caller's
// tenant; none of them calls SIAT.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerResponse } from 'node:http';
import type { EventBus } from '../../events/event-bus';
import type { KipuEvent } from '../../events/event-map';
import { STREAMED, type StreamEventName } from '../../../shared/api/events';
import { ok } from '../envelope';
import { notFound } from '../errors';
import { TIPO_DOCUMENTO_IDENTIDAD } from '../../siat/code-catalog';
import { tillQueue, tillStatus, type TillStatusDeps } from '../../till/till-status';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export interface TillRouteDeps extends TillStatusDeps {
  bus: EventBus;
  /** Stream timings (tests shorten them). */
  stream?: { heartbeatMs?: number; statusCheckMs?: number };
}

/** Bus event → stream event name (shared/api/events.ts STREAMED). Null = not streamed. */
export function streamEventName(type: KipuEvent['type']): StreamEventName | null {
  return STREAMED[type];
}

/** One server-sent event. `data` is one JSON line, so no field can break the framing. */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}


export function tillRoutes(app: FastifyInstance, deps: TillRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Caja'];
  const heartbeatMs = deps.stream?.heartbeatMs ?? 15_000;
  const statusCheckMs = deps.stream?.statusCheckMs ?? 2_000;

  // Open streams never finish by themselves: Fastify's close waits for in-flight requests, so
  // they are ended here, before the server stops accepting and waits.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  r.get(
    ROUTES.till.status.path,
    { schema: { tags, summary: 'Estado de la caja: modo de cada punto de venta, facturas en espera, evento activo', ...contractSchema(ROUTES.till.status) } },
    async (req) => ok(tillStatus(deps, req.tenant.id)),
  );

  r.get(
    ROUTES.till.clients.path,
    {
      schema: {
        tags,
        summary: 'Clientes que ya compraron, por número de documento o nombre, los más frecuentes primero',
        ...contractSchema(ROUTES.till.clients),
      },
    },
    async (req) =>
      ok(
        deps.store.clients.suggest(req.tenant.id, req.query.q, req.query.limit ?? 8).map((c) => ({
          documentType: c.docType,
          documentNumber: c.docNumber,
          complement: c.complement,
          businessName: c.name,
          code: c.code,
          email: c.email,
          nitValid: c.docType === TIPO_DOCUMENTO_IDENTIDAD.NIT ? (deps.store.clients.nitVerdict(req.tenant.id, c.docNumber)?.valid ?? null) : null,
          lastUsedAt: c.lastUsedAt,
        })),
      ),
  );

  r.get(
    ROUTES.till.queue.path,
    {
      schema: {
        tags,
        summary: 'Cola de contingencia de un punto de venta: facturas en espera y eventos (abiertos y de hoy)',
        ...contractSchema(ROUTES.till.queue),
      },
    },
    async (req) => {
      const pos = deps.store.pointsOfSale.byId(req.tenant.id, req.query.posId);
      if (!pos) throw notFound(`Punto de venta ${req.query.posId} no encontrado`);
      return ok(tillQueue(deps, req.tenant.id, pos.id));
    },
  );

  r.get(
    ROUTES.till.stream.path,
    {
      schema: {
        tags,
        summary: 'Eventos en vivo (text/event-stream): status, invoice, invoice.reissued, contingency.*, siat.*, batch.*, cufd.renewal_failed',
        description:
          'Server-sent events del contribuyente de la clave. `status` al conectar y cada vez que cambia; `invoice` en cada cambio de estado ' +
          'de una factura; `invoice.reissued` cuando una factura en línea se vuelve a emitir fuera de línea con otro CUF (`previousCuf`: el del ticket ya entregado; `cuf`: el nuevo); `contingency.opened|closed|package_rejected|validation_pending`; `siat.connection_lost|restored`; `batch.progress|completed` (emisión masiva); `cufd.renewal_failed` (la renovación automática del CUFD falló: códigos y textos de SIAT); `siat.clock_skew` (el reloj del equipo no coincide con el del SIAT: diferencia medida de nuevo). Comentario `: ping` cada 15 s. ' +
          'Requiere X-API-Key (EventSource no la envía: use fetch).',
      },
    },
    (req, reply) => {
      const tenantId = req.tenant.id;
      const res: ServerResponse = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.flushHeaders();

      let ended = false;
      let lastStatus = '';
      const write = (chunk: string) => {
        if (!ended && !res.writableEnded) res.write(chunk);
      };
      const sendStatus = (force = false) => {
        const status = tillStatus(deps, tenantId);
        const json = JSON.stringify(status);
        if (!force && json === lastStatus) return;
        lastStatus = json;
        write(`event: status\ndata: ${json}\n\n`);
      };

      const unsubscribe = deps.bus.subscribe((e) => {
        if (e.tenantId !== tenantId) return;
        const name = streamEventName(e.type);
        if (!name) return;
        write(sseFrame(name, e.posId && !('posId' in e.data) ? { ...e.data, posId: e.posId } : e.data));
        // Queue counts and modes change with these: the status follows right away.
        sendStatus();
      });
      const offConnectivity = deps.connectivity.onChange(() => sendStatus());
      // Flush progress and states changed by code that publishes nothing still reach the bar;
      // a revoked key ends its stream.
      const statusTimer = setInterval(() => {
        if (!req.stillAuthorized()) return end();
        try {
          sendStatus();
        } catch {
          end();
        }
      }, statusCheckMs);
      const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);

      function end(): void {
        if (ended) return;
        ended = true;
        open.delete(end);
        unsubscribe();
        offConnectivity();
        clearInterval(statusTimer);
        clearInterval(heartbeat);
        if (!res.writableEnded) res.end();
      }
      open.add(end);
      req.raw.on('close', end);
      res.on('error', end);

      write('retry: 3000\n\n');
      sendStatus(true);
    },
  );
}
