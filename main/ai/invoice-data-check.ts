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
import { specialNitName, TIPO_DOCUMENTO_IDENTIDAD } from '../siat/code-catalog';
import { formatBs, toHundredths } from '../../shared/money';
import { SIAT_MESSAGES } from '../siat/messages';

/** The check is about a compra-venta sale (sector 1). */
const COMPRA_VENTA = sectorLayout(1)!;

export interface InvoiceDataInput {
  /** The client's document number (NIT, CI, CEX, passport … as tipoDocumento says). */
  nit: string;
  razonSocial: string;
  tipoDocumento: number;
  montoTotal: number;
  metodoPago: number;
  /** Free text about what is sold; informative, not checked (kept for the callers that send it). */
  detalle?: string | null;
  /** The CI's complement ("1A"): only with document type 1 (SIAT 1011). */
  complemento?: string | null;
  /** The sale's lines: with them the total is checked against cantidad × precio − descuento (SIAT 1018, 1013). */
  lineas?: InvoiceDataLine[] | null;
  /** Discount on the whole sale, subtracted from the lines' sum. */
  descuentoAdicional?: number | null;
}

export interface InvoiceDataLine {
  cantidad: number;
  precioUnitario: number;
  montoDescuento?: number | null;
  /** The line's subtotal as the caller computed it, checked when given (SIAT 1018). */
  subTotal?: number | null;
}

export type Nivel = 'error' | 'aviso';

export interface Observacion {
  /** nit, razonSocial, tipoDocumento, complemento, montoTotal, metodoPago, descuentoAdicional, or lineas[i].cantidad|precioUnitario|montoDescuento|subTotal. */
  campo: string;
  /** Stable rule id: sale-input's (NIT_FORMAT, CATALOG, SIAT_1010, SIAT_1011 …), SIAT's formula codes (SIAT_1018, SIAT_1013) or ours (REQUIRED, MAX_LENGTH, SPECIAL_CUSTOMER). */
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

const line = (quantity: number, priceUnit: number, amountDiscount: number | null, description: string) => ({
  activityEconomic: LINE_ACTIVITY,
  codeProductSin: LINE_SIN,
  codeProduct: 'ASISTENTE',
  description,
  quantity,
  unitMeasure: LINE_UNIT,
  priceUnit,
  amountDiscount,
});

/** The sale validateSale sees: the caller's lines, or one line at `priceUnit` when there are none. */
function saleOf(input: InvoiceDataInput, priceUnit: number, documentNumber: string, withLines: boolean): SaleRequest {
  const lines = withLines && input.lineas && input.lineas.length > 0 ? input.lineas : null;
  return {
    invoiceType: 'ELECTRONIC_SALE',
    posId: '',
    clientDocumentType: input.tipoDocumento,
    clientDocumentNumber: documentNumber,
    clientComplement: input.complemento ?? null,
    clientBusinessName: input.razonSocial,
    clientCode: documentNumber,
    paymentMethodCode: input.metodoPago,
    additionalDiscount: lines ? (input.descuentoAdicional ?? null) : null,
    details: lines ? lines.map((l) => line(l.cantidad, l.precioUnitario, l.montoDescuento ?? null, input.detalle ?? '')) : [line(1, priceUnit, null, input.detalle ?? '')],
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

const LINE_FIELDS: Record<string, string> = { quantity: 'cantidad', unitPrice: 'precioUnitario', priceUnit: 'precioUnitario', amountDiscount: 'montoDescuento' };

/** sale-input's field → the assistant's field and level; null = not about this request. */
function mapProblem(p: FieldProblem, withLines = false): Observacion | null {
  const lineField = /^details\[(\d+)\]\.(\w+)$/.exec(p.field);
  if (withLines && lineField) return { campo: `lineas[${lineField[1]}].${LINE_FIELDS[lineField[2]!] ?? lineField[2]}`, regla: p.rule, mensaje: p.message, nivel: 'error' };
  if (withLines && p.field === 'additionalDiscount') return { campo: 'descuentoAdicional', regla: p.rule, mensaje: p.message, nivel: 'error' };
  switch (p.field) {
    case 'clientComplement':
      return { campo: 'complemento', regla: p.rule, mensaje: p.message, nivel: 'error' };
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
  const a = problems(validateSale(saleOf(input, 1, nit || '0', false), lookupA, COMPRA_VENTA));
  for (const p of a) {
    const o = mapProblem(p);
    if (o && o.campo !== 'montoTotal') add(o);
  }

  // (B) The amount, and the amount together with the document number.
  const nitMalformed = a.some((p) => p.field === 'clientDocumentNumber' && p.rule === 'NIT_FORMAT');
  const lookupB: CatalogLookup = { ...lineAgnostic(catalogs), synced: () => true, documentType: () => true, paymentMethod: () => NEUTRAL_PAYMENT };
  const docB = nitMalformed || nit === '' ? '1' : nit;
  const b = problems(validateSale(saleOf(input, input.montoTotal, docB, false), lookupB, COMPRA_VENTA));
  for (const p of b) {
    const o = mapProblem(p);
    if (o && (o.campo === 'montoTotal' || p.rule === 'SIAT_1010')) add(o);
  }

  // (C) The lines, when given: each line's rules, then SIAT's formulas against what was sent.
  if (input.lineas && input.lineas.length > 0) for (const o of checkLines(input, docB, lookupB)) add(o);

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

const siat = (code: keyof typeof SIAT_MESSAGES) => `SIAT ${code}: ${SIAT_MESSAGES[code]}`;

/**
 * The lines against the total (CONTRACT §3.7): subTotal = cantidad × precioUnitario − montoDescuento
 * (SIAT 1018) and montoTotal = Σ subTotal − descuentoAdicional (SIAT 1013), computed as the
 * issuing path computes them (validateSale → computeTotals, integer centavos, HALF-UP).
 */
function checkLines(input: InvoiceDataInput, documentNumber: string, lookup: CatalogLookup): Observacion[] {
  const out: Observacion[] = [];
  const res = validateSale(saleOf(input, input.montoTotal, documentNumber, true), lookup, COMPRA_VENTA);
  if ('problems' in res) {
    for (const p of res.problems) {
      const o = mapProblem(p, true);
      if (o && o.campo !== 'montoTotal' && p.rule !== 'SIAT_1010' && (o.campo.startsWith('lineas') || o.campo === 'descuentoAdicional')) out.push(o);
    }
    return out;
  }
  const { totals } = res.sale;
  input.lineas!.forEach((l, i) => {
    if (l.subTotal === undefined || l.subTotal === null) return;
    const sent = toHundredths(l.subTotal);
    const right = totals.lines[i]!.subTotal;
    if (sent !== right) {
      out.push({
        campo: `lineas[${i}].subTotal`,
        regla: 'SIAT_1018',
        mensaje: `línea ${i + 1}: el subtotal debe ser cantidad × precio unitario − descuento = ${formatBs(right)}, no ${sent === null ? String(l.subTotal) : formatBs(sent)} (${siat(1018)})`,
        nivel: 'error',
      });
    }
  });
  const total = toHundredths(input.montoTotal);
  if (total !== null && total !== totals.montoTotal) {
    const discount = toHundredths(input.descuentoAdicional ?? 0) ?? 0;
    out.push({
      campo: 'montoTotal',
      regla: 'SIAT_1013',
      mensaje: `el monto total debe ser la suma de las líneas (${formatBs(totals.sumSubTotals)}) menos el descuento adicional (${formatBs(discount)}) = ${formatBs(totals.montoTotal)}, no ${formatBs(total)} (${siat(1013)})`,
      nivel: 'error',
    });
  }
  return out;
}
