// Seed 001 invoices (sector style): list by point of sale, and one invoice named by its
// point of sale, number and short code.
import Type from 'typebox';
import { MAX_INVOICE_NUMBER, MAX_PAGE, MAX_PAGE_SIZE, MAX_ROW_ID } from './limits';

const PosCode = Type.Integer({ minimum: 0, maximum: 9999, description: 'codigoPuntoVenta de SIAT (0 = el primero de la sucursal)' });
const BranchId = Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: 'branchId (GET /api/v1/branchOffice); por defecto la casa matriz' });

// ---- list by point of sale ---------------------------------------------------------------

/** GET /api/v1/invoice/pagination (seed 001). */
export const PaginationQuery = Type.Object({
  posId: PosCode,
  branchId: Type.Optional(BranchId),
  docSector: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, description: 'codigoDocumentoSector de SIAT (1 = compra-venta)' })),
  page: Type.Integer({ minimum: 0, maximum: MAX_PAGE, default: 0, description: `Página, desde 0 (como máximo ${MAX_PAGE})` }),
  // seed 001: size defaults to 10; the maximum is the core seed's page limit (50).
  size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10, description: `Elementos por página (1–${MAX_PAGE_SIZE})` }),
});

export const SectorInvoiceItemSchema = Type.Object({
  invoiceNumber: Type.Integer(),
  code: Type.String({ description: 'Código corto de la factura (invoiceCode)' }),
  qrCode: Type.String({ description: 'URL de la página de SIAT para el QR de la factura' }),
  urlInvoice: Type.String({ description: 'URL pública del PDF de la factura (para entregar al cliente)' }),
  siatCodeState: Type.Union([Type.Integer(), Type.Null()], { description: '908 validada, 905 anulada, 902 rechazada; null mientras SIAT no respondió (fuera de línea)' }),
  typeDocSector: Type.Integer({ description: 'codigoDocumentoSector de SIAT' }),
});

export const SectorInvoicePageSchema = Type.Object({
  totalItems: Type.Integer(),
  totalPages: Type.Integer(),
  limit: Type.Integer(),
  page: Type.Integer(),
  prevPage: Type.Union([Type.Integer(), Type.Null()]),
  nextPage: Type.Union([Type.Integer(), Type.Null()]),
  result: Type.Array(SectorInvoiceItemSchema),
});

const retrievalProps = {
  posId: PosCode,
  branchId: Type.Optional(BranchId),
  invoiceNumber: Type.Integer({ minimum: 1, maximum: MAX_INVOICE_NUMBER, description: 'Número de la factura' }),
  invoiceCode: Type.String({ minLength: 1, maxLength: 32, description: 'Código corto de la factura (8 caracteres; mayúsculas o minúsculas)' }),
};
/** The fields that name one invoice (GET /api/v1/invoice/xml|json|pdf), sent as a JSON body. */
export const RetrievalFields = Type.Object(retrievalProps, { additionalProperties: false });
/** The same fields as query parameters, for clients that cannot send a body with GET. */
export const RetrievalQuery = Type.Partial(Type.Object(retrievalProps));

/** The invoice XML as JSON: header and detail fields by name, and the signature value. */
export const InvoiceXmlJsonSchema = Type.Object({
  cabecera: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  detalle: Type.Array(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]))),
  signature: Type.Union([Type.String(), Type.Null()]),
});
