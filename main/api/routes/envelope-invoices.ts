// Seed 001 "Invoice list by point of sale" (GET /api/v1/invoice/pagination) and "Invoice
// retrieval by short code" (GET /api/v1/invoice/{xml,json,pdf}). In this style posId is SIAT's
// codigoPuntoVenta (an integer) inside branchId (GET /api/v1/branchOffice; default: the casa
// matriz), and an invoice is named by its number and short code (invoicing/short-code.ts).
import type { ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { BranchRepository } from '../../store/branches';
import type { InvoiceRecord, InvoiceRepository } from '../../store/invoices';
import type { PointOfSale } from '../../store/points-of-sale';
import type { StoredDocuments } from '../../documents/stored-documents';
import { buildQrUrl } from '../../documents/model';
import { invoiceShortCode, matchesShortCode } from '../../invoicing/short-code';
import { invoiceXmlToJson } from '../../invoicing/xml/invoice-json';
import { ApiError, badRequest, notFound } from '../errors';
import { publicInvoicePath } from '../../../shared/api/public-links';
import { sectorOk } from '../envelope';
import { offsetOf } from '../pagination';
import { describeValidation, validatorCompiler } from '../validation';
import { RetrievalFields } from '../../../shared/api/sector-invoice';
import { ROUTES } from '../../../shared/api/routes';
import { envelopeContractSchema } from '../contract-schema';

export interface EnvelopeInvoiceDeps {
  branches: BranchRepository;
  invoices: InvoiceRepository;
  documents: StoredDocuments;
  publicBaseUrl: () => string;
}

const tags = ['Facturas (estilo sectorial)'];

/**
 * seed 001: prevPage and nextPage are page numbers, null "beyond the limits". A page past the
 * end has no next page and its previous page is the last one that exists, so a client that
 * overshoots can step back.
 */
export function pageLinks(page: number, totalPages: number): { prevPage: number | null; nextPage: number | null } {
  return {
    prevPage: page > 0 && totalPages > 0 ? Math.min(page - 1, totalPages - 1) : null,
    nextPage: page + 1 < totalPages ? page + 1 : null,
  };
}

// ---- retrieval by short code -------------------------------------------------------------

const RETRIEVAL_KEYS = Object.keys(RetrievalFields.properties) as (keyof typeof RetrievalFields.properties)[];

interface RetrievalInput {
  posId: number;
  branchId?: number;
  invoiceNumber: number;
  invoiceCode: string;
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const compile = (httpPart: 'body' | 'querystring') =>
  validatorCompiler({ schema: RetrievalFields, httpPart, method: 'GET', url: '/api/v1/invoice/*' }) as unknown as Validate;
const validateRetrievalBody = compile('body');
const validateRetrievalQuery = compile('querystring');

/** GET bodies are small JSON objects; anything larger is not one of ours. */
const GET_BODY_LIMIT = 16 * 1024;

/**
 * The JSON body of a GET, or undefined when there is none. Fastify does not read bodies of GET
 * requests (and refuses a body schema on them); changing that for every GET route would make
 * clients that send `content-type: application/json` on a bodiless GET fail with 400, so only the
 * retrieval routes read theirs, here.
 */
async function readGetBody(req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const length = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return undefined;
  if (length !== undefined && Number(length) > GET_BODY_LIMIT) {
    reply.header('connection', 'close');
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `El cuerpo supera el tamaño máximo admitido (${GET_BODY_LIMIT} bytes)`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > GET_BODY_LIMIT) {
      reply.header('connection', 'close');
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `El cuerpo supera el tamaño máximo admitido (${GET_BODY_LIMIT} bytes)`);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Tipo de contenido no admitido: ${type || '(ninguno)'}; el cuerpo va como application/json`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('El cuerpo no es JSON válido');
  }
}

function invalid(errors: ErrorObject[] | null | undefined, part: 'body' | 'querystring'): ApiError {
  const v = describeValidation(errors ?? [], part);
  return new ApiError(v.status, v.status === 400 ? 'BAD_REQUEST' : 'VALIDATION_FAILED', v.detail, { fields: v.fields });
}

/** seed 001: the fields come in a JSON body although the method is GET; here also in the query. */
async function retrievalInput(req: FastifyRequest, reply: FastifyReply): Promise<RetrievalInput> {
  const body = await readGetBody(req, reply);
  // Already coerced to the declared types by the route's querystring schema (the contract's RetrievalQuery).
  const query = req.query as Partial<RetrievalInput>;
  const fromQuery = Object.fromEntries(RETRIEVAL_KEYS.filter((k) => query[k] !== undefined).map((k) => [k, query[k]]));
  if (body !== undefined) {
    if (Object.keys(fromQuery).length > 0) {
      throw badRequest(`Envíe posId, branchId, invoiceNumber e invoiceCode en el cuerpo JSON o en la consulta, no en ambos (consulta: ${Object.keys(fromQuery).join(', ')})`);
    }
    if (!validateRetrievalBody(body)) throw invalid(validateRetrievalBody.errors, 'body');
    return body as RetrievalInput;
  }
  if (!validateRetrievalQuery(fromQuery)) throw invalid(validateRetrievalQuery.errors, 'querystring');
  return fromQuery as unknown as RetrievalInput;
}

const RETRIEVAL_DOC =
  'Los campos posId (codigoPuntoVenta de SIAT), branchId (opcional; por defecto la casa matriz), invoiceNumber e invoiceCode ' +
  '(código corto) van en un cuerpo JSON aunque el método sea GET, como dice la semilla; para clientes que no pueden enviar cuerpo ' +
  'con GET, los mismos campos se aceptan como parámetros de consulta (uno u otro, no ambos). OpenAPI 3.0 no describe cuerpos en GET: ' +
  'los parámetros de consulta de abajo son los mismos campos. Número o código que no corresponden → 404.';

export function envelopeInvoiceRoutes(app: FastifyInstance, deps: EnvelopeInvoiceDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { branches, invoices } = deps;

  /** The point of sale `posId` (SIAT code) of branch `branchId` (default the casa matriz) of the caller. */
  const resolvePos = (req: FastifyRequest, posId: number, branchId: number | undefined): PointOfSale => {
    // Closed branches and points of sale still answer: their invoices stay retrievable.
    const branch = branchId === undefined ? branches.main(req.tenant.id) : branches.byId(req.tenant.id, branchId, { includeClosed: true });
    if (!branch) throw notFound(`Sucursal ${branchId} no encontrada`);
    const pos = branches.posByCode(req.tenant.id, branch.id, posId);
    if (!pos) throw notFound(`El punto de venta ${posId} no existe en la sucursal ${branch.codigoSucursal} (branchId ${branch.id})`);
    return pos;
  };

  const findInvoice = (req: FastifyRequest, input: RetrievalInput): InvoiceRecord => {
    const pos = resolvePos(req, input.posId, input.branchId);
    const inv = invoices.byNumber(req.tenant.id, pos.id, input.invoiceNumber).find((i) => matchesShortCode(i.id, input.invoiceCode));
    // One answer for "no such number" and "wrong code": the code is what proves the caller knows the invoice.
    if (!inv) throw notFound(`No hay una factura número ${input.invoiceNumber} con código ${input.invoiceCode} en el punto de venta ${pos.code} de la sucursal ${pos.branchCode}`);
    return inv;
  };

  r.get(
    ROUTES.sectorInvoices.pagination.path,
    {
      schema: {
        tags,
        summary: 'Facturas de un punto de venta, las más nuevas primero',
        description:
          'posId es el codigoPuntoVenta de SIAT dentro de branchId (por defecto la casa matriz). page desde 0; size 10 por defecto, ' +
          'como máximo 50. prevPage y nextPage son null cuando no hay página; pasada la última, prevPage es la última página.',
        ...envelopeContractSchema(ROUTES.sectorInvoices.pagination),
      },
    },
    async (req) => {
      const { posId, branchId, docSector, page, size } = req.query;
      const pos = resolvePos(req, posId, branchId);
      const { items, total } = invoices.listByPos(req.tenant.id, pos.id, docSector ?? null, offsetOf({ page, size }), size);
      const totalPages = Math.ceil(total / size);
      const base = deps.publicBaseUrl();
      return sectorOk({
        totalItems: total,
        totalPages,
        limit: size,
        page,
        ...pageLinks(page, totalPages),
        result: items.map((i) => ({
          invoiceNumber: i.invoiceNumber,
          code: invoiceShortCode(i.id),
          qrCode: buildQrUrl({ ambiente: req.tenant.ambiente, nit: req.tenant.nit, cuf: i.cuf, numero: i.invoiceNumber }),
          urlInvoice: base + publicInvoicePath(i.cuf, 'pdf'),
          siatCodeState: i.siatCode,
          typeDocSector: i.sector,
        })),
      });
    },
  );

  r.get(
    ROUTES.sectorInvoices.xml.path,
    {
      schema: {
        tags,
        summary: 'XML de la factura por número y código corto (firmado en modalidad electrónica)',
        description: `${RETRIEVAL_DOC} data es el XML exactamente como se envió a SIAT.`,
        ...envelopeContractSchema(ROUTES.sectorInvoices.xml),
      },
    },
    async (req, reply) => sectorOk(findInvoice(req, await retrievalInput(req, reply)).xml),
  );

  r.get(
    ROUTES.sectorInvoices.json.path,
    {
      schema: {
        tags,
        summary: 'La factura en JSON (cabecera, detalle, signature) por número y código corto',
        description:
          `${RETRIEVAL_DOC} Leída del XML guardado: miembros con los nombres del XML (dependen del sector), números como números, ` +
          'nulos (xsi:nil) como null, fechaEmision en milisegundos desde la época Unix; signature es el ds:SignatureValue de la modalidad ' +
          'electrónica y null en la computarizada.',
        ...envelopeContractSchema(ROUTES.sectorInvoices.json),
      },
    },
    async (req, reply) => sectorOk(invoiceXmlToJson(findInvoice(req, await retrievalInput(req, reply)).xml)),
  );

  r.get(
    ROUTES.sectorInvoices.pdf.path,
    {
      schema: {
        tags,
        summary: 'La factura en PDF A4, en base64, por número y código corto',
        description: `${RETRIEVAL_DOC} data es el mismo PDF que /api/v1/public/invoice/{cuf}/pdf, codificado en base64.`,
        ...envelopeContractSchema(ROUTES.sectorInvoices.pdf),
      },
    },
    async (req, reply) => {
      const inv = findInvoice(req, await retrievalInput(req, reply));
      // The stored public PDF (rendered once, issue 25): the very bytes of /public/invoice/{cuf}/pdf.
      const pdf = await deps.documents.file(inv, 'pdf');
      return sectorOk(pdf.bytes().toString('base64'));
    },
  );
}
