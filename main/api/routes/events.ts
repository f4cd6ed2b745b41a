// Seed "Contingency events": start, end, query by day, active event. GET
// /api/v1/events/check-connection lives in tax-codes.ts.
//
// branchId: the seed types it as a string UUID: the branch's UUID (GET /api/v1/pos → branchUuid,
// GET /api/v1/branchOffice → branchUuid; main/points-of-sale/branch-uuid.ts). Kipu's integer
// id (GET /api/v1/pos → branchId) stays accepted, as a number or a numeric string; a number
// that is no branch id of the tenant is read as the SIAT branch code (codigoSucursal, 0 = casa
// matriz). It must be the point of sale's branch (422 otherwise).
// GET /events/active/{posId}: 200 with `data: null` when the point of sale is online — no event
// is a normal state the till polls for, not an error; 404 stays for an unknown point of sale.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { PointOfSale } from '../../store/points-of-sale';
import type { ContingencyRepository } from '../../store/contingency-events';
import type { ContingencyService } from '../../contingency/contingency-service';
import { eventDto } from '../../contingency/event-dto';
import { ok } from '../envelope';
import { notFound, unprocessable } from '../errors';
import { asApiError } from '../domain-errors';
import { PosIdParams } from '../../../shared/api/contingency-event';
import { openPointOfSale } from '../point-of-sale-param';
import { branchUuid } from '../../points-of-sale/branch-uuid';
import type { CatalogService } from '../../catalogs/catalog-sync';
import { SEED_CONTINGENCY_REASONS } from '../../catalogs/seed-codes';
import { siatEventReason } from '../seed-code-param';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export interface EventsDeps {
  store: Store;
  contingency: ContingencyService;
  repo: ContingencyRepository;
  catalogs: CatalogService;
}

const tags = ['Eventos de contingencia'];

/** `open`: refuse a point of sale closed in SIAT (409 POS_CLOSED), for what starts work on it. */
function resolvePos(deps: EventsDeps, req: FastifyRequest, posId: string, branchId: number | string, opts: { open?: boolean } = {}): PointOfSale {
  const pos = opts.open ? openPointOfSale(deps.store, req.tenant.id, posId) : deps.store.pointsOfSale.byId(req.tenant.id, posId);
  if (!pos) throw notFound(`Punto de venta ${posId} no encontrado`);
  const text = String(branchId).trim();
  const branches = deps.store.pointsOfSale.branches(req.tenant.id);
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  const uuid = text.toLowerCase();
  const branch = branches.find((b) => b.id === n) ?? branches.find((b) => b.codigoSucursal === n) ?? branches.find((b) => branchUuid(req.tenant.id, b.id) === uuid);
  if (!branch || branch.id !== pos.branchId) {
    throw unprocessable(`branchId ${text} no es la sucursal del punto de venta ${pos.code} (branchId ${pos.branchId}, codigoSucursal ${pos.branchCode})`, [
      { field: 'branchId', rule: 'POS_BRANCH', message: 'no corresponde al punto de venta' },
    ]);
  }
  return pos;
}

export function eventsRoutes(app: FastifyInstance, deps: EventsDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    ROUTES.contingency.start.path,
    {
      schema: {
        tags,
        summary: 'Inicia un evento de contingencia: el punto de venta emite fuera de línea',
        description:
          'codigoMotivo tiene el significado del documento semilla (1 corte de internet, 2 falla del sistema tributario, 3 virus informático, 4 otro) y se traduce al evento de SIAT ' +
          'de igual descripción (README, «Sector codes: seed vs SIAT»); codigoMotivoSiat (extensión de Kipu) indica el código de SIAT tal cual. Kipu emite fuera de línea en los eventos 1 a 4 de SIAT; ' +
          'los eventos 5 a 7 de SIAT (el virus entre ellos) requieren facturas manuales con CAFC (POST /api/v1/contingency/cafc).',
        ...contractSchema(ROUTES.contingency.start),
      },
    },
    async (req) => {
      const pos = resolvePos(deps, req, req.body.posId, req.body.branchId, { open: true });
      const { codigoMotivo, codigoMotivoSiat } = req.body;
      if ((codigoMotivo === undefined) === (codigoMotivoSiat === undefined)) {
        throw unprocessable('Indique codigoMotivo (código del documento semilla) o codigoMotivoSiat (código de SIAT), uno de los dos', [
          { field: 'codigoMotivo', rule: 'REQUIRED_ONE', message: 'codigoMotivo o codigoMotivoSiat' },
        ]);
      }
      const siatMotivo = codigoMotivoSiat ?? siatEventReason(deps.catalogs, req.tenant.id, SEED_CONTINGENCY_REASONS, codigoMotivo!);
      try {
        const e = deps.contingency.start(req.tenant, pos, siatMotivo, req.body.descripcion.trim());
        return ok(eventDto(e), `Evento de contingencia iniciado: el punto de venta ${pos.code} emite fuera de línea`);
      } catch (err) {
        throw asApiError(err);
      }
    },
  );

  r.post(
    ROUTES.contingency.end.path,
    {
      schema: {
        tags,
        summary: 'Finaliza el evento: las facturas emitidas fuera de línea se envían a SIAT',
        ...contractSchema(ROUTES.contingency.end),
      },
    },
    async (req) => {
      const pos = resolvePos(deps, req, req.body.posId, req.body.branchId);
      try {
        const e = deps.contingency.end(req.tenant, pos, req.body.eventoId);
        return ok(eventDto(e), 'Evento finalizado; enviando a SIAT las facturas emitidas fuera de línea');
      } catch (err) {
        throw asApiError(err);
      }
    },
  );

  r.post(
    ROUTES.contingency.onDay.path,
    {
      schema: {
        tags,
        summary: 'Eventos de contingencia del punto de venta que comenzaron en una fecha (hora de Bolivia)',
        ...contractSchema(ROUTES.contingency.onDay),
      },
    },
    async (req) => {
      const pos = resolvePos(deps, req, req.body.posId, req.body.branchId);
      const d = req.body.fechaEvento;
      const parsed = new Date(`${d}T00:00:00Z`);
      if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== d) {
        throw unprocessable(`fechaEvento ${d} no es una fecha válida`, [{ field: 'fechaEvento', rule: 'date', message: 'no es una fecha válida' }]);
      }
      const list = deps.repo.onDate(req.tenant.id, pos.id, d).map(eventDto);
      return ok(list, `${list.length} evento(s) el ${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`);
    },
  );

  r.get(
    ROUTES.contingency.active.path,
    {
      schema: {
        tags,
        summary: 'El evento no finalizado del punto de venta (data: null si está en línea)',
        params: PosIdParams,
        ...contractSchema(ROUTES.contingency.active),
      },
    },
    async (req) => {
      const pos = deps.store.pointsOfSale.byId(req.tenant.id, req.params.posId);
      if (!pos) throw notFound(`Punto de venta ${req.params.posId} no encontrado`);
      const e = deps.repo.activeFor(req.tenant.id, pos.id);
      return ok(e ? eventDto(e) : null, e ? 'Evento de contingencia activo' : 'Sin evento activo: el punto de venta está en línea');
    },
  );
}
