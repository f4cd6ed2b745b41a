// What the Compras form's fields become: the amounts through the till's one es-BO parser
// (format/amount-input.ts: "1.500" is mil quinientos, "1.250,75" has decimals), the date as
// typed dd/mm/aaaa, and the preview of the template's formulas. A field it cannot read is a
// problem in Spanish naming the field, never another value. Pure.
import type { PurchaseInput } from '../../../shared/api-types';
import { fromHundredths, ivaOf, type Cents } from '../../../shared/money';
import { parseAmount } from '../format/amount-input';

export const PURCHASE_AMOUNTS: [keyof PurchaseInput, string][] = [
  ['totalPurchaseAmount', 'Importe total'],
  ['iceAmount', 'ICE'],
  ['iehdAmount', 'IEHD'],
  ['ipjAmount', 'IPJ'],
  ['rates', 'Tasas'],
  ['otherNotSubjectToCredit', 'No sujeto a crédito fiscal'],
  ['exemptAmounts', 'Exentos'],
  ['zeroRateAmount', 'Tasa cero'],
  ['discount', 'Descuentos'],
  ['giftCardAmount', 'Tarjeta de regalo (gift card)'],
];

export const AMOUNT_PROBLEM = 'escriba un importe como 1.250,75';

export type PurchaseForm = Record<string, string>;

/** An amount field's text in cents: empty is 0, unreadable null. */
export function amountField(text: string | undefined): Cents | null {
  return text && text.trim() !== '' ? parseAmount(text) : 0;
}

/** Preview of the template's formulas (subtotal, base, 13 % crédito fiscal); the engine computes the stored values. */
export function purchasePreview(f: PurchaseForm): { subtotal: Cents; base: Cents; credit: Cents } {
  const c = (k: string) => amountField(f[k]) ?? 0;
  const subtotal = c('totalPurchaseAmount') - ['iceAmount', 'iehdAmount', 'ipjAmount', 'rates', 'otherNotSubjectToCredit', 'exemptAmounts', 'zeroRateAmount'].reduce((s, k) => s + c(k), 0);
  const base = subtotal - c('discount') - c('giftCardAmount');
  return { subtotal, base, credit: base > 0 ? ivaOf(base) : 0 };
}

/**
 * The request for POST /purchases, or the problems (Spanish, one per field). `emissionDate` is
 * yyyy-mm-dd, '' when empty (the engine says it is required) and null when the typed text is not
 * a real date.
 */
export function purchaseRequest(f: PurchaseForm, emissionDate: string | null, source: 'QR' | 'MANUAL'): { ok: true; body: PurchaseInput } | { ok: false; problems: string[] } {
  const problems = PURCHASE_AMOUNTS.filter(([k]) => amountField(f[k]) === null).map(([, label]) => `${label}: ${AMOUNT_PROBLEM}`);
  if (emissionDate === null) problems.unshift('Fecha: escriba una fecha dd/mm/aaaa que exista');
  if (problems.length > 0) return { ok: false, problems };
  const body: Record<string, unknown> = {
    issuerNit: f.issuerNit ?? '',
    issuerBusinessName: f.issuerBusinessName ?? '',
    authorizationCode: f.authorizationCode ?? '',
    invoiceNumber: f.invoiceNumber ?? '',
    emissionDate,
    purchaseType: Number(f.purchaseType || '1'),
    source,
  };
  if (f.controlCode) body.controlCode = f.controlCode;
  if (f.duiDimNumber) body.duiDimNumber = f.duiDimNumber;
  for (const [k] of PURCHASE_AMOUNTS) {
    const c = amountField(f[k]);
    if (f[k]?.trim() && c !== null) body[k] = fromHundredths(c);
  }
  return { ok: true, body: body as unknown as PurchaseInput };
}
