// Seed 001 "Third-party users": POST/GET /api/v1/user/additional, GET /api/v1/user/additional/{userId}.
// A third party is a tenant of its own registered by a provider; its `password` is the API key
// the provider then sends as X-API-Key to invoice on its behalf (docs/decisions/0013-third-party-users.md).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { SecretStore } from '../../config/secrets';
import type { CatalogService } from '../../catalogs/catalog-sync';
import type { ThirdPartyUser } from '../../store/third-party-users';
import { registerThirdParty, ThirdPartyError, type NewThirdParty } from '../../third-parties/register-third-party';
import { findSector } from '../../siat/code-catalog';
import { isValidEmail } from '../../config/smtp-url';
import { notFound, unprocessable, type FieldProblem } from '../errors';
import { asApiError } from '../domain-errors';
import { sectorOk } from '../envelope';
import { ThirdPartyUserParams, type CreateThirdPartyUserRequest, type CreatedThirdPartyUser, type ThirdPartyUserItem } from '../../../shared/api/third-party-users';
import { ROUTES } from '../../../shared/api/routes';
import { envelopeContractSchema } from '../contract-schema';

const tags = ['Usuarios de terceros (estilo sectorial)'];


const NIT_RE = /^[1-9]\d{0,12}$/;
const PHONE_RE = /^[0-9+()\- ]+$/;
// No spaces or control characters: the name is typed by people and shown in key lists.
const USERNAME_RE = /^[^\s\p{C}]+$/u;

/** Trims the body and checks its rules (422); the schema has already checked types and lengths (400/422). */
function inputOf(b: CreateThirdPartyUserRequest): NewThirdParty {
  const problems: FieldProblem[] = [];
  const problem = (field: string, rule: string, message: string) => problems.push({ field, rule, message });
  const t = (field: string, v: string) => {
    const s = v.trim();
    if (s === '') problem(field, 'minLength', 'no puede estar en blanco');
    return s;
  };
  const input: NewThirdParty = {
    username: t('username', b.username),
    nameOwner: t('nameOwner', b.nameOwner),
    nit: String(b.nit),
    socialReason: t('socialReason', b.socialReason),
    phone: t('phone', b.phone),
    email: t('email', b.email),
    address: t('address', b.address),
    city: t('city', b.city),
    docSector: 0,
    token: t('tokenData.token', b.tokenData.token),
    tokenDescription: b.tokenData.description.trim(),
    branchOffice: {
      municipality: t('branchOffice.municipality', b.branchOffice.municipality),
      address: t('branchOffice.address', b.branchOffice.address),
      description: b.branchOffice.description.trim(),
    },
  };
  if (input.username && !USERNAME_RE.test(input.username)) problem('username', 'pattern', 'no puede contener espacios ni caracteres de control');
  if (input.username && input.username.length < 3) problem('username', 'minLength', 'debe tener al menos 3 caracteres');
  if (!NIT_RE.test(input.nit)) problem('nit', 'pattern', 'debe tener de 1 a 13 dígitos y no empezar con 0');
  if (input.phone) {
    const digits = input.phone.replace(/\D/g, '').length;
    if (!PHONE_RE.test(input.phone) || digits < 7 || digits > 15) {
      problem('phone', 'pattern', 'debe tener de 7 a 15 dígitos; se admiten espacios, +, paréntesis y guiones');
    }
  }
  if (input.email && !isValidEmail(input.email)) problem('email', 'format', 'no es una dirección de correo válida');
  // Seed: docSector is a string in the table and an integer in the samples; both are accepted.
  const ds = typeof b.docSector === 'number' ? b.docSector : /^\s*\d{1,3}\s*$/.test(b.docSector) ? Number(b.docSector) : null;
  if (ds === null || ds < 1) problem('docSector', 'pattern', 'debe ser un código de documento sector de SIAT (un número, p. ej. 1)');
  else input.docSector = ds;
  if (problems.length > 0) throw unprocessable(problems.map((p) => `campo ${p.field}: ${p.message}`).join('; '), problems);
  return input;
}

export interface ThirdPartyUserDeps {
  store: Store;
  secrets: SecretStore;
  /** For docSectorDescription from the synced catalog; without it (or unsynced) SIAT's table. */
  catalogs?: CatalogService;
  now: () => Date;
}

export function thirdPartyUserRoutes(app: FastifyInstance, deps: ThirdPartyUserDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const users = deps.store.thirdPartyUsers;

  /** The caller's synced "tipo documento sector" catalog first, then SIAT's table (main/siat/code-catalog.ts). */
  const describe = (tenantId: string, code: number): string =>
    deps.catalogs?.items(tenantId, 'sector-documents').find((i) => i.codigo === String(code))?.descripcion ?? findSector(code)?.name ?? '';
  const item = (u: ThirdPartyUser): ThirdPartyUserItem => ({
    id: u.id,
    username: u.username,
    docSector: String(u.docSector),
    docSectorDescription: describe(u.providerTenantId, u.docSector),
  });

  r.post(
    ROUTES.thirdPartyUsers.create.path,
    {
      schema: {
        tags,
        summary: 'Registra un usuario de terceros: un nuevo contribuyente por el que el proveedor factura',
        description:
          'Solo para contribuyentes habilitados como proveedores (403 si no). Crea un contribuyente nuevo (NIT, razón social, casa matriz con ' +
          'branchOffice y punto de venta 0), guarda tokenData.token como su token delegado del SIAT (almacén de secretos; nunca se devuelve) ' +
          'y le crea una clave de API: password, que se muestra una sola vez. Con ella (cabecera X-API-Key) se factura a nombre del tercero. ' +
          'modality es la del proveedor: el tercero factura con el sistema del proveedor. docSector: por ahora solo 1 (compra-venta). ' +
          'NIT que ya tiene contribuyente en Kipu o username ya usado por el proveedor → 409, con el mismo mensaje en ambos casos (no revela ' +
          'a quién pertenece un NIT); vincular un contribuyente que ya está en Kipu lo hace el administrador. ' +
          'Todo o nada: si un paso falla no queda nada creado.',
        ...envelopeContractSchema(ROUTES.thirdPartyUsers.create, 201),
      },
      // Who may do this is decided before the body is looked at.
      preValidation: async (req) => {
        if (!req.tenant.provider) throw asApiError(new ThirdPartyError('NOT_PROVIDER', 'Solo un contribuyente habilitado como proveedor puede registrar usuarios de terceros'));
      },
    },
    async (req, reply) => {
      const input = inputOf(req.body);
      let created;
      try {
        created = registerThirdParty({ store: deps.store, secrets: deps.secrets, now: deps.now }, req.tenant, input);
      } catch (err) {
        // The caller gets one message for every conflict; the log keeps which one it was, so an
        // administrator can tell a typo from a provider probing NITs (issue #19, finding 12).
        if (err instanceof ThirdPartyError && (err.code === 'DUPLICATE_NIT' || err.code === 'DUPLICATE_USERNAME')) {
          req.log.warn({ providerTenantId: req.tenant.id, reason: err.code, nit: input.nit }, 'third-party registration refused: conflict');
        }
        throw asApiError(err);
      }
      const { user, tenant, password } = created;
      req.log.info({ thirdPartyUserId: user.id, tenantId: tenant.id }, 'third-party user registered');
      const data: CreatedThirdPartyUser = {
        id: user.id,
        username: user.username,
        password,
        nameOwner: user.nameOwner,
        nit: Number(tenant.nit),
        socialReason: tenant.razonSocial,
        phone: user.phone,
        email: user.email,
        address: user.address,
        city: user.city,
        docSector: String(user.docSector),
        branchOffice: input.branchOffice,
        modality: tenant.modalidad,
      };
      // The key is a credential: no intermediary may keep this answer.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(sectorOk(data, 'COMPLETE_CREATE_USER'));
    },
  );

  r.get(
    ROUTES.thirdPartyUsers.list.path,
    {
      schema: {
        tags,
        summary: 'Usuarios de terceros que registró este contribuyente',
        ...envelopeContractSchema(ROUTES.thirdPartyUsers.list),
      },
    },
    async (req) => sectorOk(users.list(req.tenant.id).map(item), 'GET_USERS'),
  );

  r.get(
    ROUTES.thirdPartyUsers.get.path,
    {
      schema: {
        tags,
        summary: 'Un usuario de terceros registrado por este contribuyente',
        description: 'El de otro proveedor responde 404, como uno inexistente.',
        params: ThirdPartyUserParams,
        ...envelopeContractSchema(ROUTES.thirdPartyUsers.get),
      },
    },
    async (req) => {
      const u = users.byId(req.tenant.id, req.params.userId);
      if (!u) throw notFound(`Usuario de terceros ${req.params.userId} no encontrado`);
      return sectorOk(item(u), 'GET_USERS');
    },
  );
}
