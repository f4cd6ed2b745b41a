// Business validation of a sale before it becomes an invoice: amounts, the synced catalogs and
// SIAT's rules (CONTRACT.md §3.7). Every violation names the field and the rule, so the API
// answers 422 with something an integrator or a cashier can fix. Pure: the catalog lookups come
// in as a function.
import { toHundredths, type Cents, type Hundredths } from '../../shared/money';
import { computeTotals, type Totals } from './totals';
import type { FieldProblem } from '../../shared/api-envelope';
import type { InvoiceLine, SectorValues } from '../store/invoices';
import type { SectorLayout } from '../../shared/sectors/layout';
import { readSectorInput } from './sectors/sector-input';
import { sectorTotalsInput, settleExportFob } from './sectors/sector-totals';
import { CODIGO_EXCEPCION_NIT, isSpecialNit, TIPO_DOCUMENTO_IDENTIDAD, UNIDAD_MEDIDA } from '../siat/code-catalog';
import type { PaymentInput } from '../../shared/api/cash';
import { planPayments, settlePayments, type PaymentSplit } from './payments';

export interface SaleLineRequest {
  activityEconomic: string;
  codeProductSin: string | number;
  codeProduct: string;
  description: string;
  quantity: number;
  unitMeasure: number;
  priceUnit: number;
  amountDiscount?: number | null;
  /** The sector's own line fields (shared/sector-fields.ts), e.g. nroOperatingRoom. */
  readonly [sectorField: string]: unknown;
}

export interface SaleRequest {
  invoiceType: string;
  posId: string;
  // The client's fields are required on every sale; a credit-debit note takes them from its
  // original (credit-debit-note.ts), so the request may leave them out (shared/api/invoice.ts).
  clientDocumentType?: number;
  clientDocumentNumber?: string;
  clientComplement?: string | null;
  clientBusinessName?: string;
  clientCode?: string;
  clientEmail?: string | null;
  /** Optional when `payments` is given: then it is found in the catalog (payments.ts). */
  paymentMethodCode?: number;
  cardNumber?: string | number | null;
  giftCardAmount?: number | null;
  additionalDiscount?: number | null;
  currencyCode?: number;
  exchangeRate?: number;
  exceptionCode?: number | null;
  details: SaleLineRequest[];
  /** The sector's own header fields (shared/sector-fields.ts), e.g. nameStudent, billedPeriod. */
  readonly [sectorField: string]: unknown;
  /** Mixed payments (issue 17): one entry per method. */
  payments?: PaymentInput[] | null;
  /** Credit-debit note only: how the money went back (SIAT payment-method code; shared/refund-method.ts). */
  refundMethodCode?: number | null;
}

/** A validated line: exactly what is stored with the invoice. */
export type SaleLine = InvoiceLine;

export interface Sale {
  clientDocType: number;
  clientDocNumber: string;
  clientComplement: string | null;
  clientName: string;
  clientCode: string;
  clientEmail: string | null;
  paymentMethod: number;
  cardNumberMasked: string | null;
  giftCard: Cents;
  additionalDiscount: Cents;
  currency: number;
  exchangeRate: Hundredths;
  exceptionCode: number | null;
  lines: SaleLine[];
  totals: Totals;
  /** The sector's own header fields, converted (sectors/sector-input.ts); null when it has none. */
  sectorData: SectorValues | null;
  /** The split by method when the request gave `payments` (stored by main/cash), else null. */
  payments?: PaymentSplit | null;
  /** A credit-debit note's refund method (stored by main/cash with the note); absent on a sale. */
  refund?: { code: number; defaulted: boolean } | null;
}

/** What validation needs to know from the synced catalogs. */
export interface CatalogLookup {
  synced(catalog: 'activities' | 'products' | 'unit-measures' | 'payment-methods' | 'document-types' | 'currencies'): boolean;
  activity(code: string): boolean;
  product(activity: string, codeSin: string): boolean;
  unit(code: number): boolean;
  paymentMethod(code: number): string | null;
  /** The whole payment-method catalog, to find a combined code (payments.ts). */
  paymentMethods?(): { codigo: number; descripcion: string }[];
  documentType(code: number): boolean;
  currency(code: number): boolean;
}

/** Document number "0" cannot exceed Bs 3000 (SIAT 1010); the special codes 99001–99003 have no such limit. */
const ANONYMOUS_LIMIT_CENTS = 300_000;

/** SIAT's masking: first 4 digits + zeros + last 4, 16 digits in all (CONTRACT.md §3.7). */
export function maskCardNumber(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{8,19}$/.test(digits)) return null;
  return `${digits.slice(0, 4)}00000000${digits.slice(-4)}`;
}

/**
 * A request checked against the catalogs, SIAT's rules and the sector's layout (its own fields,
 * whether it has a tax base, a gift card, whole-line bonuses).
 */
export function validateSale(req: SaleRequest, cat: CatalogLookup, layout: SectorLayout): { sale: Sale } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const add = (field: string, rule: string, message: string) => problems.push({ field, rule, message });

  for (const c of ['activities', 'products', 'unit-measures', 'payment-methods', 'document-types', 'currencies'] as const) {
    if (!cat.synced(c)) add(c, 'CATALOG_NOT_SYNCED', `el catálogo ${c} no está sincronizado; ejecute POST /api/v1/siat/sync/all`);
  }
  if (problems.length > 0) return { problems };

  const amount = (value: number | null | undefined, field: string, fallback: Cents = 0): Cents => {
    if (value === undefined || value === null) return fallback;
    const h = toHundredths(value);
    if (h === null) {
      add(field, 'DECIMALS', 'debe ser un monto positivo con 2 decimales como máximo');
      return 0;
    }
    return h;
  };

  // Client and document. The body schema already requires them outside notes; a caller that
  // builds a request in code (seed 001 routes, the assistant) gets the same answer.
  const { clientDocumentType, clientDocumentNumber, clientBusinessName, clientCode } = req;
  if (clientDocumentType === undefined || clientDocumentNumber === undefined || clientBusinessName === undefined || clientCode === undefined) {
    for (const [field, v] of Object.entries({ clientDocumentType, clientDocumentNumber, clientBusinessName, clientCode })) {
      if (v === undefined) add(field, 'required', 'es obligatorio');
    }
    return { problems };
  }
  if (!cat.documentType(clientDocumentType)) add('clientDocumentType', 'CATALOG', `tipo de documento ${clientDocumentType} no existe en el catálogo`);
  const docNumber = clientDocumentNumber.trim();
  if (clientDocumentType === TIPO_DOCUMENTO_IDENTIDAD.NIT && !/^\d{1,13}$/.test(docNumber)) {
    add('clientDocumentNumber', 'NIT_FORMAT', 'un NIT tiene solo dígitos (1 a 13)');
  }
  const complement = req.clientComplement?.trim() || null;
  if (complement !== null && clientDocumentType !== TIPO_DOCUMENTO_IDENTIDAD.CI) {
    add('clientComplement', 'SIAT_1011', 'el complemento solo se admite con cédula de identidad (SIAT 1011)');
  }

  // Payment. Mixed payments give the code, the card number and the gift card (payments.ts).
  const plan = req.payments ? planPayments(req.payments, cat.paymentMethods?.() ?? null) : null;
  if (plan && 'problems' in plan) return { problems: plan.problems };
  const paymentMethodCode = plan?.paymentMethodCode ?? req.paymentMethodCode;
  if (paymentMethodCode === undefined) return { problems: [{ field: 'paymentMethodCode', rule: 'required', message: 'indique paymentMethodCode o payments' }] };
  if (plan) req = { ...req, cardNumber: plan.cardNumber, giftCardAmount: plan.giftCardAmount };
  const method = cat.paymentMethod(paymentMethodCode);
  let cardNumberMasked: string | null = null;
  const giftCard = amount(req.giftCardAmount, 'giftCardAmount');
  if (method === null) {
    add('paymentMethodCode', 'CATALOG', `método de pago ${paymentMethodCode} no existe en el catálogo`);
  } else {
    const upper = method.toUpperCase();
    const usesCard = upper.includes('TARJETA');
    const usesGift = upper.includes('GIFT');
    const rawCard = req.cardNumber === undefined || req.cardNumber === null ? '' : String(req.cardNumber);
    if (usesCard) {
      if (rawCard === '') add('cardNumber', 'CARD_REQUIRED', `el método de pago ${method} requiere el número de tarjeta`);
      else {
        cardNumberMasked = maskCardNumber(rawCard);
        if (!cardNumberMasked) add('cardNumber', 'CARD_FORMAT', 'el número de tarjeta debe tener de 8 a 19 dígitos');
      }
    } else if (rawCard !== '') {
      add('cardNumber', 'SIAT_1012', 'el número de tarjeta solo se admite con métodos de pago con tarjeta (SIAT 1012)');
    }
    if (giftCard > 0 && !layout.rules.giftCard) add('giftCardAmount', 'NOT_IN_SECTOR', 'este documento sector no admite pago con gift card');
    else if (usesGift && giftCard <= 0) add('giftCardAmount', 'SIAT_1050', `el método de pago ${method} requiere el monto de la gift card`);
    if (!usesGift && giftCard > 0) add('giftCardAmount', 'SIAT_1050', 'el monto de gift card solo se admite con métodos de pago que incluyen gift card (SIAT 1050)');
  }

  // Currency.
  const currency = req.currencyCode ?? 1;
  if (!cat.currency(currency)) add('currencyCode', 'CATALOG', `moneda ${currency} no existe en el catálogo`);
  const exchangeRate = amount(req.exchangeRate, 'exchangeRate', 100);
  if (currency === 1 && exchangeRate !== 100) add('exchangeRate', 'SIAT_1056', 'con bolivianos el tipo de cambio es 1');
  if (exchangeRate <= 0) add('exchangeRate', 'POSITIVE', 'el tipo de cambio debe ser mayor a 0');

  // Lines.
  const lines: SaleLine[] = req.details.map((d, i) => {
    const at = `details[${i}]`;
    const activity = d.activityEconomic.trim();
    const sin = String(d.codeProductSin).trim();
    if (!cat.activity(activity)) add(`${at}.activityEconomic`, 'SIAT_1016', `la actividad ${activity} no está habilitada para el NIT (SIAT 1016)`);
    else if (!/^\d{1,8}$/.test(sin) || !cat.product(activity, sin)) {
      add(`${at}.codeProductSin`, 'SIAT_1017', `el producto SIN ${sin} no corresponde a la actividad ${activity} (SIAT 1017)`);
    }
    if (!cat.unit(d.unitMeasure)) add(`${at}.unitMeasure`, 'CATALOG', `unidad de medida ${d.unitMeasure} no existe en el catálogo`);
    const quantity = amount(d.quantity, `${at}.quantity`);
    if (d.unitMeasure === UNIDAD_MEDIDA.UNIDAD_SERVICIOS && quantity !== 100) add(`${at}.quantity`, 'SERVICE_QTY', 'un servicio (unidad 58) se factura con cantidad 1');
    return {
      activityEconomic: activity,
      codeProductSin: sin,
      codeProduct: d.codeProduct.trim(),
      description: d.description.trim(),
      quantity,
      unitMeasure: d.unitMeasure,
      priceUnit: amount(d.priceUnit, `${at}.priceUnit`),
      amountDiscount: amount(d.amountDiscount, `${at}.amountDiscount`),
      subTotal: 0,
    };
  });
  const additionalDiscount = amount(req.additionalDiscount, 'additionalDiscount');
  const sectorInput = readSectorInput(layout.sector, req, req.details, add);
  if (problems.length > 0) return { problems };
  sectorInput.lines.forEach((v, i) => {
    if (v) lines[i]!.sectorFields = v;
  });

  // The sector's header amounts in the totals (layout rules.totals; decision 0047).
  const sectorTotals = sectorTotalsInput(layout, sectorInput.header, additionalDiscount, add);
  if (!sectorTotals) return { problems };
  const totals = computeTotals({
    lines: lines.map((l) => ({ quantity: l.quantity, unitPrice: l.priceUnit, discount: l.amountDiscount })),
    additionalDiscount,
    giftCard,
    exchangeRate,
    allowZeroSubtotal: layout.rules.zeroSubtotalLines,
    zeroTaxBase: layout.rules.sujetoIva === 'zero',
    positiveTaxBase: layout.rules.positiveTaxBase,
    ...sectorTotals,
  });
  if (!totals.ok) return { problems: totals.errors.map((e) => ({ field: e.field, rule: e.rule, message: e.message })) };
  totals.lines.forEach((l, i) => (lines[i]!.subTotal = l.subTotal));
  settleExportFob(layout, sectorInput.header, totals.sumSubTotals, add);
  if (problems.length > 0) return { problems };

  if (/^0+$/.test(docNumber) && totals.montoTotal > ANONYMOUS_LIMIT_CENTS) {
    add('clientDocumentNumber', 'SIAT_1010', 'con número de documento 0 el total no puede superar Bs 3.000 (SIAT 1010)');
  }
  // The SIN's special codes (99001–99003) go as NIT with codigoExcepcion 1 whatever the caller
  // sent (CERTIFICATION.md, inspection item 1): they are nobody's NIT, so SIAT would refuse them
  // otherwise, and the sale path never asks verificarNit about them.
  const exceptionCode = isSpecialNit(clientDocumentType, docNumber) ? CODIGO_EXCEPCION_NIT : (req.exceptionCode ?? null);
  const split = plan ? settlePayments(plan, totals.montoTotal) : null;
  if (split && 'problems' in split) problems.push(...split.problems);
  if (problems.length > 0) return { problems };

  return {
    sale: {
      clientDocType: clientDocumentType,
      clientDocNumber: docNumber,
      clientComplement: complement,
      clientName: clientBusinessName.trim(),
      clientCode: clientCode.trim(),
      clientEmail: req.clientEmail?.trim() || null,
      paymentMethod: paymentMethodCode,
      cardNumberMasked,
      giftCard,
      additionalDiscount,
      currency,
      exchangeRate,
      exceptionCode,
      lines,
      totals,
      sectorData: sectorInput.header,
      payments: split && !('problems' in split) ? split : null,
    },
  };
}
