// Seed "Tax codes" and "Catalogs", and GET /api/v1/events/check-connection.
import type { NitVerdicts } from '../../cuis-cufd/nit-verdicts';
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { PointOfSale } from '../../store/points-of-sale';
import type { CodesService, CufdRecord } from '../../cuis-cufd/cuis-cufd-service';
import { CATALOGS, GENERIC_TYPES, SEED_CATALOGS, type CatalogName, type CatalogService } from '../../catalogs/catalog-sync';
import type { SiatGateway } from '../../cuis-cufd/siat-gateway';
import { ok } from '../envelope';
import { badRequest, notFound, unprocessable } from '../errors';
import { viaSiat } from '../siat-errors';
import { PosIdParams } from '../../../shared/api/tax-codes';
import { openPointOfSale } from '../point-of-sale-param';
import { optionalBody } from '../json-body';
import { toBoliviaIso } from '../../../shared/time';
import { specialNitName } from '../../siat/code-catalog';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export interface CodesDeps {
  store: Store;
  codes: CodesService;
  catalogs: CatalogService;
  gateway: SiatGateway;
  nits: NitVerdicts;
}

export function resolvePos(deps: { store: Store }, req: FastifyRequest, posId: string | undefined): PointOfSale {
  if (posId === undefined) {
    const p = deps.store.pointsOfSale.defaultFor(req.tenant.id);
    if (!p) throw notFound('El contribuyente no tiene puntos de venta');
    return p;
  }
  // A closed point of sale has no codes in force in SIAT any more (cierrePuntoVenta, §2.3).
  return openPointOfSale(deps.store, req.tenant.id, posId);
}

function cufdDto(c: CufdRecord) {
  return { cufd: c.codigo, codigoControl: c.codigoControl, vigencia: toBoliviaIso(new Date(c.fechaVigencia)) };
}

export function codesRoutes(app: FastifyInstance, deps: CodesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    ROUTES.codes.checkNit.path,
    {
      schema: {
        tags: ['Códigos'],
        summary: 'Verifica un NIT con SIAT (verificarNit); un veredicto de menos de un día se responde sin consultar de nuevo',
        ...contractSchema(ROUTES.codes.checkNit),
      },
    },
    async (req) => {
      const pos = resolvePos(deps, req, req.body.posId);
      // The SIN's special codes are nobody's NIT: SIAT is never asked about them (inspection item 1).
      const special = specialNitName(String(req.body.nit));
      if (special) {
        throw unprocessable(
          `${req.body.nit} es un código especial del SIN (${special}): no se verifica con el SIAT; se factura como NIT con codigoExcepcion 1`,
          [{ field: 'nit', rule: 'SPECIAL_NIT', message: `código especial del SIN (${special})` }],
        );
      }
      // SIAT's verdict of the last day answers at once (issue #13); otherwise SIAT is asked and
      // its verdict remembered for the sales that follow.
      const res = await viaSiat(() => deps.nits.check(req.tenant, pos, req.body.nit));
      return ok({ valido: res.valido, nit: res.nit, mensaje: res.mensaje }, `SIAT ${res.codigo}: ${res.mensaje}`);
    },
  );

  r.post(
    ROUTES.codes.renewCufd.path,
    {
      schema: {
        tags: ['Códigos'],
        summary: 'Solicita un CUFD nuevo para el punto de venta',
        ...contractSchema(ROUTES.codes.renewCufd),
      },
    },
    async (req) => {
      const pos = resolvePos(deps, req, req.body.posId);
      const c = await viaSiat(() => deps.codes.renewCufd(req.tenant, pos));
      return ok(cufdDto(c), 'CUFD renovado');
    },
  );

  r.get(
    ROUTES.codes.activeCufd.path,
    {
      schema: {
        tags: ['Códigos'],
        summary: 'CUFD vigente (o el último) del punto de venta',
        params: PosIdParams,
        ...contractSchema(ROUTES.codes.activeCufd),
      },
    },
    async (req) => {
      const pos = resolvePos(deps, req, req.params.posId);
      const c = deps.codes.latestCufd(req.tenant.id, pos.id);
      if (!c) throw notFound(`El punto de venta ${pos.code} todavía no tiene CUFD; solicítelo con «Renovar CUFD» en Sincronización`);
      return ok({ ...cufdDto(c), activo: deps.codes.isValid(req.tenant.id, c) });
    },
  );

  r.post(
    ROUTES.catalogs.syncAll.path,
    {
      ...optionalBody,
      schema: {
        tags: ['Catálogos'],
        summary: 'Sincroniza todos los catálogos y la fecha/hora (punto de venta por defecto si no se indica)',
        description: 'El punto de venta se indica en el cuerpo `{ "posId": "…" }` o en la consulta `?posId=`.',
        ...contractSchema(ROUTES.catalogs.syncAll),
      },
    },
    async (req) => {
      const pos = resolvePos(deps, req, req.body?.posId ?? req.query.posId);
      const results = await viaSiat(() => deps.catalogs.syncAll(req.tenant, pos));
      return ok(
        results.map((x) => ({ ...x, syncedAt: toBoliviaIso(new Date(x.syncedAt)) })),
        `${results.length} catálogos sincronizados`,
      );
    },
  );

  r.post(
    ROUTES.catalogs.syncOne.path,
    {
      ...optionalBody,
      schema: {
        tags: ['Catálogos'],
        summary: 'Sincroniza un catálogo',
        params: Type.Object({ catalog: Type.String() }),
        ...contractSchema(ROUTES.catalogs.syncOne),
      },
    },
    async (req) => {
      const name = req.params.catalog;
      // The seed's nine names, plus every other catalog sync/all keeps (sync/status lists them
      // all, and the Sincronización screen offers each one).
      if (!(SEED_CATALOGS as readonly string[]).includes(name) && !Object.hasOwn(CATALOGS, name)) {
        throw badRequest(`Catálogo desconocido "${name}". Catálogos válidos: ${Object.keys(CATALOGS).join(', ')}`);
      }
      const pos = resolvePos(deps, req, req.body?.posId ?? req.query.posId);
      const res = await viaSiat(() => deps.catalogs.sync(req.tenant, pos, name as CatalogName));
      return ok({ ...res, syncedAt: toBoliviaIso(new Date(res.syncedAt)) }, `Catálogo ${name} sincronizado`);
    },
  );

  r.get(
    ROUTES.catalogs.status.path,
    {
      schema: {
        tags: ['Catálogos'],
        summary: 'Última sincronización de cada catálogo',
        ...contractSchema(ROUTES.catalogs.status),
      },
    },
    async (req) =>
      ok(deps.catalogs.status(req.tenant.id).map((s) => ({ ...s, lastSync: s.lastSync ? toBoliviaIso(new Date(s.lastSync)) : null }))),
  );

  r.get(
    ROUTES.catalogs.activities.path,
    { schema: { tags: ['Catálogos'], summary: 'Actividades económicas', ...contractSchema(ROUTES.catalogs.activities) } },
    async (req) =>
      ok(
        deps.catalogs.items(req.tenant.id, 'activities').map((i) => ({
          codigo: Number(i.codigo),
          descripcion: i.descripcion,
          codigoActividad: i.codigo,
          tipoActividad: (i.extra?.tipoActividad as string | null) ?? null,
        })),
      ),
  );

  r.get(
    ROUTES.catalogs.products.path,
    {
      schema: { tags: ['Catálogos'], summary: 'Productos y servicios SIN (filtro por actividad)', ...contractSchema(ROUTES.catalogs.products) },
    },
    async (req) =>
      ok(
        deps.catalogs
          .items(req.tenant.id, 'products', req.query.activityCode ? { actividad: req.query.activityCode } : {})
          .map((i) => ({ codigo: Number(i.codigo), descripcion: i.descripcion, codigoActividad: i.actividad })),
      ),
  );

  r.get(
    ROUTES.catalogs.legends.path,
    {
      schema: { tags: ['Catálogos'], summary: 'Leyendas de factura (filtro por actividad: activityCode)', ...contractSchema(ROUTES.catalogs.legends) },
    },
    async (req) =>
      ok(
        deps.catalogs
          .items(req.tenant.id, 'legends', req.query.activityCode ? { actividad: req.query.activityCode } : {})
          .map((i, n) => ({ codigo: n + 1, descripcion: i.descripcion, codigoActividad: i.actividad })),
      ),
  );

  r.get(
    ROUTES.catalogs.catalog.path,
    {
      schema: { tags: ['Catálogos'], summary: 'Catálogo paramétrico', params: Type.Object({ type: Type.String() }), ...contractSchema(ROUTES.catalogs.catalog) },
    },
    async (req) => {
      const t = req.params.type;
      if (!(GENERIC_TYPES as readonly string[]).includes(t)) {
        throw badRequest(`Tipo de catálogo desconocido "${t}". Tipos válidos: ${GENERIC_TYPES.join(', ')}, y además activities, products, legends`);
      }
      return ok(deps.catalogs.items(req.tenant.id, t as CatalogName).map((i) => ({ codigo: Number(i.codigo), descripcion: i.descripcion })));
    },
  );

  r.get(
    ROUTES.contingency.checkConnection.path,
    { schema: { tags: ['Eventos de contingencia'], summary: 'true cuando SIAT responde', ...contractSchema(ROUTES.contingency.checkConnection) } },
    async (req) => {
      try {
        await deps.gateway.client(req.tenant).codigos.verificarComunicacion({ timeoutMs: 5000 });
        return ok(true, 'SIAT responde');
      } catch {
        return ok(false, 'SIAT no responde');
      }
    },
  );
}

export { CATALOGS };
