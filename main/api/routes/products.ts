// Products API (ours; the seeds define none). Same style as the seed's API-key interface:
// ApiResponse wrapper, Page listings, 400/404/409/422 errors with a detail.
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { Product, ProductInput, ProductRepository } from '../../store/products';
import { fromHundredths, toHundredths } from '../../../shared/money';
import { ok, pageOf } from '../envelope';
import { ApiError, conflict, notFound, unprocessable, type FieldProblem } from '../errors';
import { offsetOf } from '../pagination';
import { apiResponse } from '../../../shared/api/envelope';
import { PRODUCT_CSV_COLUMNS, type Product as ProductDto, type ProductBodyInput } from '../../../shared/api/product';
import { csvDecimalMark, csvRows } from '../../../shared/csv';
import { amountTextProblem, parseAmountText, type DecimalMark } from '../../../shared/amount-text';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export function productDto(p: Product): ProductDto {
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
export function productProblems(b: ProductBodyInput): { input: ProductInput | null; problems: FieldProblem[] } {
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

const CSV_COLUMNS = PRODUCT_CSV_COLUMNS;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * Import caps (issue #19, finding 7). One engine serves every tenant of the installation, so one
 * import must not hold it: 20.000 rows — a large shop's catalog — take about a second of work, done
 * in chunks; 5 MB leaves about 250 bytes a row. A larger catalog goes in several files.
 */
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows per step between turns of the event loop, and per write transaction (tens of milliseconds each). */
export const IMPORT_CHUNK_ROWS = 500;

const tooLarge = (what: string) =>
  new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    `${what}: el máximo por importación es ${IMPORT_MAX_ROWS.toLocaleString('es-BO')} filas y ${IMPORT_MAX_BYTES / 1024 / 1024} MB. ` +
      'Divida el archivo en partes; no se importó nada.',
  );

/** Lets other requests (other tenants' sales among them) run before the next chunk. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One CSV row as a product, or what is wrong with it (the JSON schema's rules, in words). */
function csvProduct(get: (c: CsvColumn) => string, decimal: DecimalMark): { input: ProductInput } | { problems: string[] } {
  // The price as written, in the file's convention (shared/amount-text.ts): «1.500» of an es-BO
  // spreadsheet is mil quinientos, not 1,50 (walk of 28/11).
  const priceText = get('priceUnit');
  const read = priceText === '' ? null : parseAmountText(priceText, decimal);
  if (read && 'error' in read) return { problems: [`priceUnit: ${amountTextProblem(priceText, read.error, decimal)}`] };
  const price = read ? read.cents / 100 : Number.NaN;
  const unit = Number(get('unitMeasure'));
  const body: ProductBodyInput = {
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
  else if (body.code.length > 50) shape.push('code admite hasta 50 caracteres');
  if (body.barcode && body.barcode.length > 50) shape.push('barcode admite hasta 50 caracteres');
  if (!body.description) shape.push('description vacía');
  else if (body.description.length > 500) shape.push('description admite hasta 500 caracteres');
  if (!Number.isInteger(unit) || unit < 1 || unit > 200) shape.push('unitMeasure debe ser un entero de 1 a 200');
  if (!/^\d{1,10}$/.test(body.activityEconomic)) shape.push('activityEconomic debe tener de 1 a 10 dígitos');
  if (!/^\d{1,8}$/.test(body.codeProductSin)) shape.push('codeProductSin debe tener de 1 a 8 dígitos');
  const { input, problems } = productProblems(body);
  shape.push(...problems.map((p) => `${p.field} ${p.message}`));
  return shape.length > 0 || !input ? { problems: shape } : { input };
}

/**
 * The CSV import, in two passes that hand the event loop back every IMPORT_CHUNK_ROWS rows, so
 * other tenants' requests are answered while it runs (it used to be one synchronous transaction:
 * a 19.5 MB file held the engine for 19.5 s).
 *
 * 1. Parse and check every row without the database. A file over IMPORT_MAX_ROWS is refused
 *    here (413), before anything is written.
 * 2. Write the good rows in transactions of IMPORT_CHUNK_ROWS each.
 *
 * Why not one transaction for the whole file, as before: better-sqlite3 has one connection, and a
 * transaction left open across event-loop turns would take in the writes of every request that
 * runs meanwhile (another tenant's sale would commit or roll back with our import), while a second
 * connection would make those writers wait for the whole import — the stall again. So each chunk
 * is atomic and the import as a whole is not: if the engine stops half-way, the chunks already
 * committed stay. That is safe to finish by importing the same file again, because rows are
 * upserted by code. Row errors never were all-or-nothing: a bad line is reported and skipped, the
 * rest imported — unchanged.
 */
async function importCsv(products: ProductRepository, tenantId: string, text: string) {
  const rows = csvRows(text);
  const decimal = csvDecimalMark(text);
  const header = (rows.next().value ?? []).map((h) => h.trim());
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) throw unprocessable(`Faltan columnas en el encabezado del CSV: ${missing.join(', ')}`);
  const idx = Object.fromEntries(CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<CsvColumn, number>;

  const good: { line: number; input: ProductInput }[] = [];
  const errors: { line: number; message: string }[] = [];
  let line = 1;
  let dataRows = 0;
  for (const cells of rows) {
    line++;
    if (cells.every((c) => c.trim() === '')) continue;
    if (++dataRows > IMPORT_MAX_ROWS) throw tooLarge(`El archivo tiene más de ${IMPORT_MAX_ROWS.toLocaleString('es-BO')} filas`);
    const row = csvProduct((c) => (cells[idx[c]] ?? '').trim(), decimal);
    if ('input' in row) good.push({ line, input: row.input });
    else errors.push({ line, message: row.problems.join('; ') });
    if (dataRows % IMPORT_CHUNK_ROWS === 0) await nextTurn();
  }

  let created = 0;
  let updated = 0;
  for (let i = 0; i < good.length; i += IMPORT_CHUNK_ROWS) {
    if (i > 0) await nextTurn();
    const done = products.upsertByCode(tenantId, good.slice(i, i + IMPORT_CHUNK_ROWS));
    created += done.created;
    updated += done.updated;
    errors.push(...done.errors);
  }
  errors.sort((a, b) => a.line - b.line);
  return { created, updated, errors };
}

export function productRoutes(app: FastifyInstance, deps: { store: Store }): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { products } = deps.store;
  const tags = ['Productos'];

  r.get(
    ROUTES.products.list.path,
    {
      schema: {
        tags,
        summary: 'Lista y busca productos (código, código de barras o descripción)',
        description:
          'Cada palabra debe aparecer en el código, el código de barras o la descripción (sin distinguir mayúsculas ni tildes). ' +
          'Primero el código o código de barras exacto, luego los códigos que empiezan igual, luego por descripción. ' +
          'Una búsqueda con más de 1.000 coincidencias lee solo 1.000 (`truncated: true`): refínela.',
        response: { 200: apiResponse(Type.Any()) },
        ...contractSchema(ROUTES.products.list),
      },
    },
    async (req) => {
      const { page, size, q } = req.query;
      const { items, total, truncated } = products.search(req.tenant.id, q, offsetOf({ page, size }), size);
      return ok({ ...pageOf(items.map(productDto), page, size, total), truncated }, truncated ? `Más de ${total} coincidencias: refine la búsqueda` : null);
    },
  );

  r.get(
    ROUTES.products.lookup.path,
    {
      schema: {
        tags,
        summary: 'Producto activo por código exacto o código de barras (lector de códigos)',
        ...contractSchema(ROUTES.products.lookup),
      },
    },
    async (req) => {
      const p = products.lookup(req.tenant.id, req.query.code.trim());
      if (!p) throw notFound(`No hay un producto activo con el código ${req.query.code}`);
      return ok(productDto(p));
    },
  );

  r.get(
    ROUTES.products.get.path,
    { schema: { tags, summary: 'Producto por id', params: Type.Object({ id: Type.String({ format: 'uuid' }) }), ...contractSchema(ROUTES.products.get) } },
    async (req) => {
      const p = products.byId(req.tenant.id, req.params.id);
      if (!p) throw notFound(`Producto ${req.params.id} no encontrado`);
      return ok(productDto(p));
    },
  );

  const save = (tenantId: string, body: ProductBodyInput, id: string | null) => {
    const { input, problems } = productProblems(body);
    if (!input) throw unprocessable(problems.map((p) => `campo ${p.field}: ${p.message}`).join('; '), problems);
    // A duplicate code or barcode (ProductConflictError) answers 409 with the field (domain-errors.ts).
    return id === null ? products.create(tenantId, input) : products.update(tenantId, id, input);
  };

  r.post(
    ROUTES.products.create.path,
    { schema: { tags, summary: 'Crea un producto', ...contractSchema(ROUTES.products.create, 201) } },
    async (req, reply) => {
      const p = save(req.tenant.id, req.body, null)!;
      return reply.status(201).send(ok(productDto(p), 'Producto creado'));
    },
  );

  r.put(
    ROUTES.products.update.path,
    {
      schema: { tags, summary: 'Actualiza un producto', params: Type.Object({ id: Type.String({ format: 'uuid' }) }), ...contractSchema(ROUTES.products.update) },
    },
    async (req) => {
      const p = save(req.tenant.id, req.body, req.params.id);
      if (!p) throw notFound(`Producto ${req.params.id} no encontrado`);
      return ok(productDto(p), 'Producto actualizado');
    },
  );

  // Only the import parses text/csv: on the root, the parser let every route take a CSV body
  // (issue #19, finding 7). Its own plugin scope keeps the parser to this one route.
  const importing = new Set<string>();
  app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      ROUTES.products.import.path,
      {
        schema: {
          tags,
          summary: 'Importa productos desde CSV (crea o actualiza por código)',
          description:
            `Cuerpo text/csv con encabezado: ${CSV_COLUMNS.join(',')}. Hasta ${IMPORT_MAX_ROWS.toLocaleString('es-BO')} filas y ` +
            `${IMPORT_MAX_BYTES / 1024 / 1024} MB por archivo (413 si se pasa: nada se importa); divida un catálogo mayor en varios archivos. ` +
            'Las filas con errores se informan con su línea y no se importan; las demás sí. Se guarda por bloques de ' +
            `${IMPORT_CHUNK_ROWS} filas: si el motor se detiene a medias, quedan guardados los bloques ya terminados y volver a ` +
            'importar el mismo archivo completa el resto (crea o actualiza por código). Una importación a la vez por contribuyente (409).',
          ...contractSchema(ROUTES.products.import),
        },
        // Fastify's own 413 names no limit; this one says what to do.
        errorHandler: (err) => {
          throw (err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge(`El archivo CSV supera ${IMPORT_MAX_BYTES / 1024 / 1024} MB`) : err;
        },
      },
      async (req) => {
        if (typeof req.body !== 'string') throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Envíe el archivo con Content-Type: text/csv');
        const tenantId = req.tenant.id;
        // Two imports of one tenant would interleave their chunks and double its share of the engine.
        if (importing.has(tenantId)) throw conflict('Ya hay una importación de productos en curso para este contribuyente; espere a que termine');
        importing.add(tenantId);
        try {
          const { created, updated, errors } = await importCsv(products, tenantId, req.body);
          return ok({ created, updated, errors }, `Importación: ${created} creados, ${updated} actualizados, ${errors.length} con errores`);
        } finally {
          importing.delete(tenantId);
        }
      },
    );
  });
}
