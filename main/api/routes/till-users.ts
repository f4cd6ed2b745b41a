// The store's people (issue 27): the administrator's CRUD of users (nobody is deleted: they are
// deactivated), the till session policy, and a person's PIN login at a point of sale.
import { recorderOf } from '../doer';
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TillPeople } from '../../till-users/till-people';
import type { TillUser } from '../../store/till-users';
import type { Store } from '../../store/store';
import { ok, pageOf } from '../envelope';
import { offsetOf } from '../pagination';
import { ApiError, notFound } from '../errors';
import { asApiError } from '../domain-errors';
import { toBoliviaIso } from '../../../shared/time';
import { type TillUserDto } from '../../../shared/api/till-users';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export function tillUserDto(u: TillUser, now: Date = new Date()): TillUserDto {
  const locked = u.lockedUntil !== null && new Date(u.lockedUntil) > now;
  return {
    id: u.id,
    login: u.login,
    name: u.name,
    role: u.role,
    active: u.active,
    locked,
    lockedUntil: locked ? toBoliviaIso(new Date(u.lockedUntil!)) : null,
    createdAt: toBoliviaIso(new Date(u.createdAt)),
    updatedAt: toBoliviaIso(new Date(u.updatedAt)),
  };
}

export function tillUserRoutes(app: FastifyInstance, deps: { store: Store; people: TillPeople }): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Cajeros y supervisores'];
  const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw asApiError(err);
    }
  };
  const load = (req: FastifyRequest, id: string) => {
    const u = deps.store.tillUsers.byId(req.tenant.id, id);
    if (!u) throw notFound(`Usuario ${id} no encontrado`);
    return u;
  };

  r.get(
    ROUTES.tillUsers.list.path,
    {
      schema: {
        tags,
        summary: 'Las personas de la tienda (cajeros, supervisores, administradores), por nombre',
        ...contractSchema(ROUTES.tillUsers.list),
      },
    },
    async (req) => {
      const q = req.query as { page: number; size: number; active?: boolean };
      const { items, total } = deps.store.tillUsers.list(req.tenant.id, offsetOf(q), q.size, q.active === undefined ? {} : { active: q.active });
      return ok(pageOf(items.map((u) => tillUserDto(u)), q.page, q.size, total));
    },
  );

  r.post(
    ROUTES.tillUsers.create.path,
    {
      schema: {
        tags,
        summary: 'Crea una persona de la tienda con su rol y su PIN',
        description: 'El PIN (4 a 6 dígitos) se guarda como hash scrypt con sal propia; ninguna respuesta lo devuelve.',
        ...contractSchema(ROUTES.tillUsers.create, 201),
      },
    },
    async (req, reply) => {
      const u = await guard(() => deps.people.create(req.tenant.id, req.body, recorderOf(deps.store, req, 'user-create')));
      return reply.status(201).send(ok(tillUserDto(u), `Usuario «${u.login}» creado (${u.role})`));
    },
  );

  r.get(
    ROUTES.tillUsers.policy.path,
    { schema: { tags, summary: 'Bloqueo por inactividad, duración de la sesión de caja y bloqueo por PIN incorrectos', ...contractSchema(ROUTES.tillUsers.policy) } },
    async (req) => ok(deps.people.policy(req.tenant.id)),
  );

  r.put(
    ROUTES.tillUsers.savePolicy.path,
    {
      schema: {
        tags,
        summary: 'Cambia los tiempos de la sesión de caja, el bloqueo y el límite de descuento de un cajero',
        description: 'discountLimitPercent y discountLimitAmount: lo que un cajero descuenta sin aprobación (por defecto 10 % y Bs 100); un campo que no se envía conserva su valor.',
        ...contractSchema(ROUTES.tillUsers.savePolicy),
      },
    },
    async (req) => ok(await guard(async () => deps.people.setPolicy(req.tenant.id, req.body)), 'Configuración de la caja guardada'),
  );

  r.get(
    ROUTES.tillUsers.get.path,
    { schema: { tags, summary: 'Una persona de la tienda', params: IdParams, ...contractSchema(ROUTES.tillUsers.get) } },
    async (req) => ok(tillUserDto(load(req, req.params.id))),
  );

  r.put(
    ROUTES.tillUsers.update.path,
    {
      schema: {
        tags,
        summary: 'Cambia nombre, rol o PIN, o desactiva / reactiva (nadie se borra)',
        description: 'active:false cierra sus sesiones de caja abiertas. Un PIN nuevo levanta el bloqueo por PIN incorrectos.',
        params: IdParams,
        ...contractSchema(ROUTES.tillUsers.update),
      },
    },
    async (req) => {
      load(req, req.params.id);
      const u = await guard(() => deps.people.update(req.tenant.id, req.params.id, req.body, recorderOf(deps.store, req, 'user-change')));
      const what = req.body.active === false ? 'desactivado' : req.body.active === true ? 'reactivado' : 'actualizado';
      return ok(tillUserDto(u), `Usuario «${u.login}» ${what}`);
    },
  );

  // ---- the till ---------------------------------------------------------------------------

  r.post(
    ROUTES.till.login.path,
    {
      schema: {
        tags,
        summary: 'Ingreso de una persona en un punto de venta con su usuario y PIN',
        description:
          'Devuelve un token de sesión de caja (kipt_…), ligado a la persona y al punto de venta, que va en X-API-Key como una clave `till`, ' +
          'pero las acciones quedan a nombre de la persona y según su rol. 5 PIN incorrectos seguidos bloquean al usuario (423) y avisan a los supervisores ' +
          '(evento till.user_locked). La sesión se bloquea tras el tiempo de inactividad configurado.',
        security: [],
        ...contractSchema(ROUTES.till.login, 201),
      },
    },
    async (req, reply) => {
      const s = await guard(() => deps.people.login(req.body.posId, req.body.user, req.body.pin));
      return reply.status(201).send(
        ok(
          { token: s.token, user: tillUserDto(s.actor.user), posId: s.actor.posId, expiresAt: toBoliviaIso(new Date(s.expiresAt)), idleMinutes: s.idleMinutes },
          `Bienvenido, ${s.actor.user.name}`,
        ),
      );
    },
  );

  r.get(
    ROUTES.till.me.path,
    { schema: { tags, summary: 'La persona de la sesión de caja de esta solicitud', ...contractSchema(ROUTES.till.me) } },
    async (req) => {
      const a = req.tillActor;
      if (!a) throw new ApiError(409, 'NOT_A_TILL_SESSION', 'Esta solicitud usa una clave de API, no la sesión de una persona: ingrese con su usuario y PIN');
      // idleMinutes: the till locks itself to its PIN screen after as long without use (issue 27).
      return ok({ user: tillUserDto(a.user), posId: a.posId, idleMinutes: deps.people.policy(req.tenant.id).idleMinutes });
    },
  );

  r.post(
    ROUTES.till.logout.path,
    { schema: { tags, summary: 'Termina la sesión de caja de esta solicitud', ...contractSchema(ROUTES.till.logout) } },
    async (req) => {
      const a = req.tillActor;
      if (!a) throw new ApiError(409, 'NOT_A_TILL_SESSION', 'Esta solicitud usa una clave de API, no la sesión de una persona: no hay sesión que cerrar');
      deps.people.logout(a.sessionId);
      return ok({ ended: true }, `Hasta luego, ${a.user.name}`);
    },
  );
}
