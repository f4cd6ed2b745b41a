// Seed 001 "Branch offices": POST/GET/PUT/DELETE /api/v1/branchOffice. A branch office is a SIAT
// sucursal: `branchId` is our id (branches.id), `siatCode` its codigoSucursal. SIAT has no
// operation to create a sucursal (it is registered in the SIN's portal, padrón), so the code
// the engine assigns — the next one the tenant never used — must be the one the padrón shows.
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { BranchFields, BranchOffice, BranchPointOfSale, BranchRepository } from '../../store/branches';
import type { Tenant } from '../../store/tenants';
import { notFound, unprocessable } from '../errors';
import { asApiError } from '../domain-errors';
import { sectorOk } from '../envelope';
import { type BranchOffice as BranchOfficeDto } from '../../../shared/api/branch';
import { MAX_ROW_ID } from '../../../shared/api/limits';
import { branchUuid } from '../../points-of-sale/branch-uuid';
import { ROUTES } from '../../../shared/api/routes';
import { envelopeContractSchema } from '../contract-schema';

const tags = ['Sucursales (estilo sectorial)'];

const Params = Type.Object({ branchId: Type.Integer({ minimum: 1, maximum: MAX_ROW_ID }) });

function dto(tenantId: string, b: BranchOffice, pos: BranchPointOfSale[]): BranchOfficeDto {
  return {
    branchId: b.id,
    branchUuid: branchUuid(tenantId, b.id),
    siatCode: b.codigoSucursal,
    name: b.name,
    municipality: b.municipality,
    address: b.address,
    city: b.city,
    phone: b.phone,
    description: b.description,
    pos,
  };
}

/** Trimmed fields; the ones printed on documents must not be blank. */
function fieldsOf(body: BranchFields): BranchFields {
  const f: BranchFields = {
    name: body.name.trim(),
    municipality: body.municipality.trim(),
    address: body.address.trim(),
    city: body.city.trim(),
    phone: body.phone.trim(),
    description: body.description.trim(),
  };
  const blank = (['name', 'municipality', 'address', 'city'] as const).filter((k) => f[k] === '');
  if (blank.length > 0) {
    throw unprocessable(
      blank.map((k) => `campo ${k}: no puede estar en blanco`).join('; '),
      blank.map((k) => ({ field: k, rule: 'minLength', message: 'no puede estar en blanco' })),
    );
  }
  return f;
}

function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw asApiError(err);
  }
}

export interface BranchOfficeDeps {
  branches: BranchRepository;
  /** Closes a branch if SIAT's rules allow it (main/points-of-sale/close-branch.ts). */
  closeBranch: (tenantId: string, id: number) => BranchOffice;
  /**
   * Called after a branch is created. Training mode with the embedded simulator uses it to add
   * the sucursal to the simulated padrón, as the SIN's portal would (main/siat-sim/README.md).
   */
  onCreated?: (tenant: Tenant, branch: BranchOffice) => void;
}

export function branchOfficeRoutes(app: FastifyInstance, deps: BranchOfficeDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { branches } = deps;
  const posOf = (req: FastifyRequest, id: number) => branches.pointsOfSale(req.tenant.id).get(id) ?? [];
  const load = (req: FastifyRequest, id: number): BranchOffice => {
    const b = branches.byId(req.tenant.id, id);
    if (!b) throw notFound(`Sucursal ${id} no encontrada`);
    return b;
  };

  r.post(
    ROUTES.branches.create.path,
    {
      schema: {
        tags,
        summary: 'Registra una sucursal',
        description:
          'siatCode es el siguiente código de sucursal que el contribuyente nunca usó (los de sucursales cerradas no se reutilizan). ' +
          'SIAT no tiene una operación para crear sucursales: regístrela antes en el padrón del SIN y verifique que el código coincida ' +
          '(en modo entrenamiento con el simulador integrado, Kipu la agrega al padrón simulado). ' +
          'Un nombre que ya tiene otra sucursal abierta → 409 (evita registrar dos veces la misma sucursal al reintentar).',
        ...envelopeContractSchema(ROUTES.branches.create, 201),
      },
    },
    async (req, reply) => {
      const b = guard(() => branches.create(req.tenant.id, fieldsOf(req.body)));
      deps.onCreated?.(req.tenant, b);
      return reply.status(201).send(sectorOk(dto(req.tenant.id, b, [])));
    },
  );

  r.get(
    ROUTES.branches.list.path,
    {
      schema: { tags, summary: 'Sucursales abiertas, la casa matriz primero', ...envelopeContractSchema(ROUTES.branches.list) },
    },
    async (req) => {
      const pos = branches.pointsOfSale(req.tenant.id);
      return sectorOk(branches.list(req.tenant.id).map((b) => dto(req.tenant.id, b, pos.get(b.id) ?? [])));
    },
  );

  r.get(
    ROUTES.branches.get.path,
    { schema: { tags, summary: 'Una sucursal', params: Params, ...envelopeContractSchema(ROUTES.branches.get) } },
    async (req) => {
      const b = load(req, req.params.branchId);
      return sectorOk(dto(req.tenant.id, b, posOf(req, b.id)));
    },
  );

  r.put(
    ROUTES.branches.update.path,
    {
      schema: {
        tags,
        summary: 'Modifica los datos de una sucursal',
        description:
          'Reemplaza name, municipality, address, city, phone y description; siatCode no cambia. posId se acepta y no tiene efecto ' +
          '(un punto de venta de SIAT pertenece a la sucursal en la que se registró). La dirección impresa en las facturas es la que SIAT ' +
          'devuelve con el CUFD, no la de este registro.',
        ...envelopeContractSchema(ROUTES.branches.update),
      },
    },
    async (req) => {
      const { branchId } = req.body;
      const b = guard(() => branches.update(req.tenant.id, branchId, fieldsOf(req.body)));
      return sectorOk(dto(req.tenant.id, b, posOf(req, b.id)));
    },
  );

  r.delete(
    ROUTES.branches.close.path,
    {
      schema: {
        tags,
        summary: 'Cierra una sucursal',
        description:
          'Los datos fiscales no se borran: la sucursal se cierra, desaparece de la lista y su código queda reservado; sus facturas siguen ' +
          'consultables. 409 para la casa matriz (código 0), mientras tenga puntos de venta abiertos (ciérrelos con DELETE /api/v1/pos/{id}; ' +
          'el punto de venta 0 es la propia sucursal y se cierra con ella) o facturas o eventos de contingencia aún no resueltos con SIAT.',
        params: Params,
        ...envelopeContractSchema(ROUTES.branches.close),
      },
    },
    async (req) => {
      const b = guard(() => deps.closeBranch(req.tenant.id, req.params.branchId));
      return sectorOk({ ...dto(req.tenant.id, b, []), siatCafc: null });
    },
  );
}

