// Points of sale (API-key style). GET /api/v1/pos lists the tenant's open ones — the seeds need a
// posId everywhere but never say where a client finds one; this is where. POST registers one with
// SIAT (registroPuntoVenta) and DELETE closes it there (cierrePuntoVenta); CONTRACT §2.3.
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { PointOfSaleDetails } from '../../store/points-of-sale';
import { registrationOutcomeUnknown, type PointOfSaleRegistration, type Registered } from '../../points-of-sale/registration';
import { ok } from '../envelope';
import { ApiError, notFound, unprocessable } from '../errors';
import { INVOICE_TYPES, invoiceType } from '../../../shared/invoice-types';
import { sectorFields } from '../../../shared/sector-fields';
import { notSoldAtTill } from '../../../shared/sectors';
import { asApiError } from '../domain-errors';
import { posDto } from '../point-of-sale-param';
import { branchUuid } from '../../points-of-sale/branch-uuid';
import { toBoliviaIso } from '../../../shared/time';
import { ROUTES } from '../../../shared/api/routes';
import { IdempotencyHeader } from '../idempotency-header';
import { contractSchema } from '../contract-schema';

/** What cannot be done offline, for the 503's detail. */
const NEEDS_SIAT = {
  register: 'registrar un punto de venta requiere SIAT en línea',
  registerUnknown:
    'no se sabe si SIAT registró el punto de venta; un reintento (misma Idempotency-Key, o la misma sucursal, nombre y tipo) ' +
    'consulta primero la lista de SIAT y no registra otro',
  close: 'cerrar un punto de venta requiere SIAT en línea',
};

export function posRoutes(app: FastifyInstance, deps: { store: Store; registration: PointOfSaleRegistration }): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Puntos de venta'];

  r.get(
    ROUTES.pos.list.path,
    {
      schema: {
        tags,
        summary: 'Puntos de venta abiertos del contribuyente',
        ...contractSchema(ROUTES.pos.list),
      },
    },
    async (req) => ok(deps.store.pointsOfSale.list(req.tenant.id).map((p) => ({ ...p, branchUuid: branchUuid(req.tenant.id, p.branchId) }))),
  );

  r.post(
    ROUTES.pos.create.path,
    {
      schema: {
        tags,
        summary: 'Registra un punto de venta en SIAT (registroPuntoVenta)',
        description:
          'SIAT asigna el codigoPuntoVenta; Kipu lo guarda solo si SIAT lo registró. Se usa el CUIS del punto de venta 0 de la sucursal ' +
          '(se solicita si falta). SIAT rechaza → 422 con sus códigos y mensajes; SIAT no responde → 503 (no hay registro fuera de línea). ' +
          'Sucursal inexistente o cerrada → 404. Nunca dos veces: con la cabecera Idempotency-Key un reintento devuelve el mismo punto de ' +
          'venta (200); si SIAT no respondió a un intento (tiempo agotado), el siguiente para la misma sucursal, nombre y tipo, con o sin ' +
          'clave, consulta primero la lista de SIAT (consultaPuntoVenta) y toma el que SIAT registró en vez de registrar otro. 409 si ese ' +
          'registro sigue en curso o si la clave ya se usó con otros datos.',
        headers: IdempotencyHeader,
        ...contractSchema(ROUTES.pos.create, 201, 200),
      },
    },
    async (req, reply) => {
      const name = req.body.name.trim();
      const description = req.body.description.trim();
      const blank = [...(name ? [] : ['name']), ...(description ? [] : ['description'])];
      if (blank.length > 0) {
        throw unprocessable(
          blank.map((f) => `campo ${f}: no puede estar en blanco`).join('; '),
          blank.map((field) => ({ field, rule: 'minLength', message: 'no puede estar en blanco' })),
        );
      }
      let done: Registered;
      try {
        done = await deps.registration.register(req.tenant, { branchId: req.body.branchId, name, description, type: req.body.type }, req.headers['idempotency-key'] ?? null);
      } catch (err) {
        if (!registrationOutcomeUnknown(err)) throw asApiError(err, NEEDS_SIAT.register);
        // Its own code: the caller's next step is not "wait for SIAT" but "ask again" (decision 0109).
        const e = asApiError(err, NEEDS_SIAT.registerUnknown);
        throw e instanceof ApiError ? new ApiError(503, 'SIAT_OUTCOME_UNKNOWN', e.detail) : e;
      }
      const { pos } = done;
      const message = done.replayed
        ? `Punto de venta ${pos.code} ya registrado en SIAT en la sucursal ${pos.branchCode} (por una solicitud anterior)`
        : `Punto de venta ${pos.code} registrado en SIAT en la sucursal ${pos.branchCode}`;
      return reply.status(done.replayed ? 200 : 201).send(ok({ ...posDto(pos), type: pos.type ?? req.body.type }, message));
    },
  );

  r.put(
    ROUTES.pos.setDefaultInvoiceType.path,
    {
      schema: {
        tags,
        summary: 'Documento por defecto de la caja en este punto de venta (sector y modalidad)',
        description:
          'La pantalla Venta emite este invoiceType y pide los campos de su sector (p. ej. estudiante y periodo en un colegio). ' +
          'null vuelve a la compra-venta de la modalidad del contribuyente. No se admiten la nota de crédito-débito (se emite ' +
          'desde Facturas → Devolución) ni el boleto aéreo (solo por recepción masiva).',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ...contractSchema(ROUTES.pos.setDefaultInvoiceType),
      },
    },
    async (req) => {
      const name = req.body.invoiceType;
      if (name !== null) {
        const t = invoiceType(name);
        const offered = INVOICE_TYPES.filter((x) => notSoldAtTill(x.sector) === null).map((x) => x.name);
        if (!t) throw unprocessable(`campo invoiceType: ${name} no es un tipo de documento; válidos: ${offered.join(', ')}`, [{ field: 'invoiceType', rule: 'enum', message: `${name} no es un tipo de documento` }]);
        const why = notSoldAtTill(t.sector);
        if (why !== null) {
          throw unprocessable(`campo invoiceType: ${why}`, [{ field: 'invoiceType', rule: 'NOT_A_SALE', message: why }]);
        }
      }
      const pos = deps.store.pointsOfSale.setDefaultInvoiceType(req.tenant.id, req.params.id, name);
      if (!pos) throw notFound(`Punto de venta ${req.params.id} no encontrado`);
      const label = name === null ? 'compra-venta' : (sectorFields(invoiceType(name)!.sector)?.label ?? name);
      return ok(posDto(pos), `El punto de venta ${pos.code} emite por defecto: ${label}`);
    },
  );

  r.delete(
    ROUTES.pos.close.path,
    {
      schema: {
        tags,
        summary: 'Cierra un punto de venta en SIAT (cierrePuntoVenta)',
        description:
          'Nada se borra: el punto de venta deja de listarse y de emitir, y sus facturas siguen consultables. El cierre en SIAT es ' +
          'irreversible. 409 para el punto de venta 0 (la propia sucursal), con facturas pendientes o de contingencia o con un evento de ' +
          'contingencia sin cerrar, o si ya está cerrado. SIAT rechaza → 422 con sus códigos y mensajes; SIAT no responde → 503.',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ...contractSchema(ROUTES.pos.close),
      },
    },
    async (req) => {
      let pos: PointOfSaleDetails;
      try {
        pos = await deps.registration.close(req.tenant, req.params.id);
      } catch (err) {
        throw asApiError(err, NEEDS_SIAT.close);
      }
      return ok(
        { ...posDto(pos), type: pos.type, closedAt: toBoliviaIso(new Date(pos.closedAt!)) },
        `Punto de venta ${pos.code} de la sucursal ${pos.branchCode} cerrado en SIAT`,
      );
    },
  );
}
