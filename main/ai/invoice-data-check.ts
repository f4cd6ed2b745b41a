// "Validate invoice data" of the assistant (seed: AI assistant): deterministic checks of a client,
// an amount and a payment method before a sale is issued. The rules are the issuing path's own:
// this module runs main/invoicing/sale-input.ts's validateSale on a one-line sale built from the
// request, so the assistant and POST /api/v1/invoices can never disagree, and adds only what that
// function cannot see (the XSD lengths and the special customers of CONTRACT §3.7, §9.1). Pure:
// the synced catalogs come in as sale-input's CatalogLookup.
// Runs in: engine.
import { sectorLayout } from '../invoicing/sectors/layouts';
import { validateSale, type CatalogLookup, type SaleRequest } from '../invoicing/sale-input';
import type { FieldProblem } from '../../shared/api-envelope';
import { specialNitName, TIPO_DOCUMENTO_IDENTIDAD } from '../siat/codes';

/** The check is about a compra-venta sale (sector 1). */
const COMPRA_VENTA = sectorLayout(1)!;

export interface InvoiceDataInput {
  /** The client's document number (NIT, CI, CEX, passport … as tipoDocumento says). */
  nit: string;
  razonSocial: string;
  tipoDocumento: number;
  montoTotal: number;
  metodoPago: number;
  /** Free text about what is sold; informative, not checked (a product check needs activity and SIN code per line). */
  detalle?: string | null;
}

export type Nivel = 'error' | 'aviso';

export interface Observacion {
  campo: 'nit' | 'razonSocial' | 'tipoDocumento' | 'montoTotal' | 'metodoPago';
  /** Stable rule id: sale-input's (NIT_FORMAT, CATALOG, SIAT_1010 …) or ours (REQUIRED, MAX_LENGTH, SPECIAL_CUSTOMER). */
  regla: string;
  mensaje: string;
  /** error: issuing would be refused; aviso: something to have ready or to know when issuing. */
  nivel: Nivel;
}

export interface InvoiceDataCheck {
  valido: boolean;
  observaciones: Observacion[];
}

/** XSD of compra-venta (CONTRACT §9.1): numeroDocumento str 1–20, nombreRazonSocial str 1–500. */
export const MAX_DOCUMENT_CHARS = 20;
export const MAX_NAME_CHARS = 500;
/** Placeholders of the one line the sale needs; the lookups below accept them. */
const LINE_ACTIVITY = '0';
const LINE_SIN = '1';
const LINE_UNIT = 1;
const NEUTRAL_PAYMENT = 'EFECTIVO';

function saleOf(input: InvoiceDataInput, priceUnit: number, documentNumber: string): SaleRequest {
  return {
    invoiceType: 'ELECTRONIC_SALE',
    posId: '',
    clientDocumentType: input.tipoDocumento,
    clientDocumentNumber: documentNumber,
    clientBusinessName: input.razonSocial,
    clientCode: documentNumber,
    paymentMethodCode: input.metodoPago,
    details: [
      { activityEconomic: LINE_ACTIVITY, codeProductSin: LINE_SIN, codeProduct: 'ASISTENTE', description: input.detalle ?? '', quantity: 1, unitMeasure: LINE_UNIT, priceUnit },
    ],
  };
}

/** The line's catalogs (activity, product, unit, currency) are not part of this request: accepted as given. */
function lineAgnostic(cat: CatalogLookup): CatalogLookup {
  return {
    synced: (c) => (c === 'document-types' || c === 'payment-methods' ? cat.synced(c) : true),
    activity: () => true,
    product: () => true,
    unit: () => true,
    currency: () => true,
    documentType: (code) => cat.documentType(code),
    paymentMethod: (code) => cat.paymentMethod(code),
  };
}

function problems(result: ReturnType<typeof validateSale>): FieldProblem[] {
  return 'problems' in result ? result.problems : [];
}

/** sale-input's field → the assistant's field and level; null = not about this request. */
function mapProblem(p: FieldProblem): Observacion | null {
  switch (p.field) {
    case 'document-types':
      return { campo: 'tipoDocumento', regla: p.rule, mensaje: p.message, nivel: 'error' };
    case 'payment-methods':
      return { campo: 'metodoPago', regla: p.rule, mensaje: p.message, nivel: 'error' };
    case 'clientDocumentType':
      return { campo: 'tipoDocumento', regla: p.rule, mensaje: p.message, nivel: 'error' };
    case 'clientDocumentNumber':
      return { campo: 'nit', regla: p.rule, mensaje: p.message, nivel: 'error' };
    case 'paymentMethodCode':
      return { campo: 'metodoPago', regla: p.rule, mensaje: p.message, nivel: 'error' };
    // The request has no card number or gift-card amount: what the method will need when issuing.
    case 'cardNumber':
      return p.rule === 'CARD_REQUIRED' ? { campo: 'metodoPago', regla: p.rule, mensaje: `${p.message}: téngalo a mano al emitir (se guarda enmascarado)`, nivel: 'aviso' } : null;
    case 'giftCardAmount':
      return { campo: 'metodoPago', regla: p.rule, mensaje: `${p.message}: indíquelo al emitir`, nivel: 'aviso' };
    default:
      if (p.field.startsWith('details[0].') || p.field === 'details' || p.field === 'additionalDiscount') {
        const mensaje = p.rule === 'DECIMALS' ? 'el monto total debe ser un número positivo con 2 decimales como máximo' : 'el monto total debe ser mayor a 0 (CONTRACT §9.1: montoTotal > 0)';
        return { campo: 'montoTotal', regla: p.rule, mensaje, nivel: 'error' };
      }
      return null;
  }
}

/**
 * Checks the request and lists what is wrong (nivel error) or worth knowing (nivel aviso); valido
 * is true when there is no error.
 *
 * validateSale stops at its first stage of problems before computing totals, so it runs twice:
 * (A) with the real client and payment and a neutral amount (Bs 1), for the document and catalog
 * rules; (B) with the real amount and document number and a neutral payment, for the amount rules
 * and SIAT 1010 (document 0 above Bs 3.000). Each problem is taken from the pass that owns it.
 */
export function checkInvoiceData(input: InvoiceDataInput, catalogs: CatalogLookup): InvoiceDataCheck {
  const out: Observacion[] = [];
  const add = (o: Observacion) => {
    if (!out.some((x) => x.campo === o.campo && x.regla === o.regla)) out.push(o);
  };
  const nit = input.nit.trim();
  const name = input.razonSocial.trim();

  // XSD bounds (CONTRACT §9.1) that validateSale leaves to the schema of the issuing route.
  if (nit === '') add({ campo: 'nit', regla: 'REQUIRED', mensaje: 'el número de documento del cliente es obligatorio (0 para un cliente sin identificar)', nivel: 'error' });
  else if (nit.length > MAX_DOCUMENT_CHARS) add({ campo: 'nit', regla: 'MAX_LENGTH', mensaje: `el número de documento tiene como máximo ${MAX_DOCUMENT_CHARS} caracteres`, nivel: 'error' });
  if (name === '') add({ campo: 'razonSocial', regla: 'REQUIRED', mensaje: 'el nombre o razón social del cliente es obligatorio («S/N» para un cliente sin identificar)', nivel: 'error' });
  else if (name.length > MAX_NAME_CHARS) add({ campo: 'razonSocial', regla: 'MAX_LENGTH', mensaje: `el nombre o razón social tiene como máximo ${MAX_NAME_CHARS} caracteres`, nivel: 'error' });

  // (A) Document and payment against the tenant's synced catalogs.
  const lookupA = lineAgnostic(catalogs);
  const a = problems(validateSale(saleOf(input, 1, nit || '0'), lookupA, COMPRA_VENTA));
  for (const p of a) {
    const o = mapProblem(p);
    if (o && o.campo !== 'montoTotal') add(o);
  }

  // (B) The amount, and the amount together with the document number.
  const nitMalformed = a.some((p) => p.field === 'clientDocumentNumber' && p.rule === 'NIT_FORMAT');
  const lookupB: CatalogLookup = { ...lineAgnostic(catalogs), synced: () => true, documentType: () => true, paymentMethod: () => NEUTRAL_PAYMENT };
  const b = problems(validateSale(saleOf(input, input.montoTotal, nitMalformed || nit === '' ? '1' : nit), lookupB, COMPRA_VENTA));
  for (const p of b) {
    const o = mapProblem(p);
    if (o && (o.campo === 'montoTotal' || p.rule === 'SIAT_1010')) add(o);
  }

  // CONTRACT §3.7: the special customers are issued with document type 5 (NIT) and excepción 1.
  const special = specialNitName(nit)?.toLocaleLowerCase('es');
  if (special !== undefined) {
    if (input.tipoDocumento !== TIPO_DOCUMENTO_IDENTIDAD.NIT) {
      add({ campo: 'tipoDocumento', regla: 'SPECIAL_CUSTOMER', mensaje: `el cliente especial ${nit} (${special}) se factura con tipo de documento 5 (NIT)`, nivel: 'error' });
    } else {
      add({ campo: 'nit', regla: 'SPECIAL_CUSTOMER', mensaje: `el cliente especial ${nit} (${special}) se factura con código de excepción 1 (Kipu lo pone al emitir)`, nivel: 'aviso' });
    }
  }

  return { valido: !out.some((o) => o.nivel === 'error'), observaciones: out };
}
