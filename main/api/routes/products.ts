// Products API (ours; the seeds define none). Same style as the seed's API-key interface:
// ApiResponse wrapper, Page listings, 400/404/409/422 errors with a detail.
import Type, { type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import { ProductConflictError, type Product, type ProductInput } from '../../store/products';
import { fromHundredths, toHundredths } from '../../../shared/money';
import { ok, pageOf } from '../envelope';
import { ApiError, notFound, unprocessable, type FieldProblem } from '../errors';
import { PageQuery, offsetOf } from '../pagination';
import { apiResponse } from './pos';
import { parseCsv } from '../csv';

export const ProductSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  code: Type.String(),
  barcode: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  priceUnit: Type.Number(),
  unitMeasure: Type.Integer(),
  activityEconomic: Type.String(),
  codeProductSin: Type.String(),
  active: Type.Boolean(),
});

export const ProductBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 50, description: 'Código propio (codigoProducto de SIAT, 1–50)' }),
    barcode: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 50 }), Type.Null()])),
    description: Type.String({ minLength: 1, maxLength: 500 }),
    priceUnit: Type.Number({ exclusiveMinimum: 0, description: 'Precio unitario en la moneda de facturación, hasta 2 decimales' }),
    unitMeasure: Type.Integer({ minimum: 1, maximum: 200, description: 'unidadMedida de SIAT' }),
    activityEconomic: Type.String({ pattern: '^\\d{1,10}$', description: 'actividadEconomica (código CAEB)' }),
    codeProductSin: Type.String({ pattern: '^\\d{1,8}$', description: 'codigoProductoSin' }),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
type ProductBodyT = Static<typeof ProductBody>;

export function productDto(p: Product): Static<typeof ProductSchema> {
  return {
    id: p.id,
    code: p.code,
    barcode: p.barcode,
    description: p.description,
    priceUnit: fromHundredths(p.priceCents),
    unitMeasure: p.unitMeasure,
    activityEconomic: p.activityEconomic,
    codeProductSin: p.codeProductSin,
    active: p.active,
  };
}

/** Checks a product body beyond its schema; returns the field problems. */
export function productProblems(b: ProductBodyT): { input: ProductInput | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const cents = toHundredths(b.priceUnit);
  if (cents === null || cents === 0) problems.push({ field: 'priceUnit', rule: 'decimals', message: 'debe ser mayor a 0 con 2 decimales como máximo' });
  if (problems.length > 0) return { input: null, problems };
  return {
    input: {
      code: b.code.trim(),
      barcode: b.barcode?.trim() || null,
      description: b.description.trim(),
      priceCents: cents!,
      unitMeasure: b.unitMeasure,
      activityEconomic: b.activityEconomic,
      codeProductSin: b.codeProductSin,
      active: b.active ?? true,
    },
    problems,
  };
}

const CSV_COLUMNS = ['code', 'barcode', 'description', 'priceUnit', 'unitMeasure', 'activityEconomic', 'codeProductSin'] as const;

export function productRoutes(app: FastifyInstance, deps: { store: Store }): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { products } = deps.store;
  const tags = ['Productos'];

  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 20 * 1024 * 1024 }, (_req, body, done) => done(null, body));

  r.get(
    '/api/v1/products',
    {
      schema: {
        tags,
        summary: 'Lista y busca productos (código, código de barras o descripción)',
        description:
          'Cada palabra debe aparecer en el código, el código de barras o la descripción (sin distinguir mayúsculas ni tildes). ' +
          'Primero el código o código de barras exacto, luego los códigos que empiezan igual, luego por descripción. ' +
          'Una búsqueda con más de 1.000 coincidencias lee solo 1.000 (`truncated: true`): refínela.',
        querystring: Type.Intersect([PageQuery, Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) })]),
        response: { 200: apiResponse(Type.Any()) },
      },
    },
    async (req) => {
      const { page, size, q } = req.query;
      const { items, total, truncated } = products.search(req.tenant.id, q, offsetOf({ page, size }), size);
      return ok({ ...pageOf(items.map(productDto), page, size, total), truncated }, truncated ? `Más de ${total} coincidencias: refine la búsqueda` : null);
    },
  );

  r.get(
    '/api/v1/products/lookup',
    {
      schema: {
        tags,
        summary: 'Producto activo por código exacto o código de barras (lector de códigos)',
        querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 50 }) }),
        response: { 200: apiResponse(ProductSchema) },
      },
    },
    async (req) => {
      const p = products.lookup(req.tenant.id, req.query.code.trim());
      if (!p) throw notFound(`No hay un producto activo con el código ${req.query.code}`);
      return ok(productDto(p));
    },
  );

  r.get(
    '/api/v1/products/:id',
    { schema: { tags, summary: 'Producto por id', params: Type.Object({ id: Type.String({ format: 'uuid' }) }), response: { 200: apiResponse(ProductSchema) } } },
    async (req) => {
      const p = products.byId(req.tenant.id, req.params.id);
      if (!p) throw notFound(`Producto ${req.params.id} no encontrado`);
      return ok(productDto(p));
    },
  );

  const save = (tenantId: string, body: ProductBodyT, id: string | null) => {
    const { input, problems } = productProblems(body);
    if (!input) throw unprocessable(problems.map((p) => `campo ${p.field}: ${p.message}`).join('; '), problems);
    try {
      return id === null ? products.create(tenantId, input) : products.update(tenantId, id, input);
    } catch (err) {
      if (err instanceof ProductConflictError) throw new ApiError(409, 'CONFLICT', err.message, { fields: [{ field: err.field, rule: 'unique', message: err.message }] });
      throw err;
    }
  };

  r.post(
    '/api/v1/products',
    { schema: { tags, summary: 'Crea un producto', body: ProductBody, response: { 201: apiResponse(ProductSchema) } } },
    async (req, reply) => {
      const p = save(req.tenant.id, req.body, null)!;
      return reply.status(201).send(ok(productDto(p), 'Producto creado'));
    },
  );

  r.put(
    '/api/v1/products/:id',
    {
      schema: { tags, summary: 'Actualiza un producto', params: Type.Object({ id: Type.String({ format: 'uuid' }) }), body: ProductBody, response: { 200: apiResponse(ProductSchema) } },
    },
    async (req) => {
      const p = save(req.tenant.id, req.body, req.params.id);
      if (!p) throw notFound(`Producto ${req.params.id} no encontrado`);
      return ok(productDto(p), 'Producto actualizado');
    },
  );

  r.post(
    '/api/v1/products/import',
    {
      schema: {
        tags,
        summary: 'Importa productos desde CSV (crea o actualiza por código)',
        description: `Cuerpo text/csv con encabezado: ${CSV_COLUMNS.join(',')}`,
        response: { 200: apiResponse(Type.Object({ created: Type.Integer(), updated: Type.Integer(), errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })) })) },
      },
    },
    async (req) => {
      if (typeof req.body !== 'string') throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Envíe el archivo con Content-Type: text/csv');
      const rows = parseCsv(req.body);
      const header = (rows.shift() ?? []).map((h) => h.trim());
      const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
      if (missing.length > 0) throw unprocessable(`Faltan columnas en el encabezado del CSV: ${missing.join(', ')}`);
      const idx = Object.fromEntries(CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof CSV_COLUMNS)[number], number>;
      let created = 0;
      let updated = 0;
      const errors: { line: number; message: string }[] = [];
      const tx = deps.store.db.transaction(() => {
        rows.forEach((cells, i) => {
          const line = i + 2;
          if (cells.every((c) => c.trim() === '')) return;
          const get = (c: (typeof CSV_COLUMNS)[number]) => (cells[idx[c]] ?? '').trim();
          const price = Number(get('priceUnit').replace(',', '.'));
          const unit = Number(get('unitMeasure'));
          const body: ProductBodyT = {
            code: get('code'),
            barcode: get('barcode') || null,
            description: get('description'),
            priceUnit: price,
            unitMeasure: unit,
            activityEconomic: get('activityEconomic'),
            codeProductSin: get('codeProductSin'),
          };
          const shape: string[] = [];
          if (!body.code) shape.push('code vacío');
          if (!body.description) shape.push('description vacía');
          if (!Number.isInteger(unit) || unit < 1 || unit > 200) shape.push('unitMeasure debe ser un entero de 1 a 200');
          if (!/^\d{1,10}$/.test(body.activityEconomic)) shape.push('activityEconomic debe tener de 1 a 10 dígitos');
          if (!/^\d{1,8}$/.test(body.codeProductSin)) shape.push('codeProductSin debe tener de 1 a 8 dígitos');
          const { input, problems } = productProblems(body);
          shape.push(...problems.map((p) => `${p.field} ${p.message}`));
          if (shape.length > 0 || !input) return void errors.push({ line, message: shape.join('; ') });
          try {
            const existing = products.byCode(req.tenant.id, input.code);
            if (existing) {
              products.update(req.tenant.id, existing.id, input);
              updated++;
            } else {
              products.create(req.tenant.id, input);
              created++;
            }
          } catch (err) {
            errors.push({ line, message: (err as Error).message });
          }
        });
      });
      tx.immediate();
      return ok({ created, updated, errors }, `Importación: ${created} creados, ${updated} actualizados, ${errors.length} con errores`);
    },
  );
}
