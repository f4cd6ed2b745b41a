// What in a sale needs more than a cashier (issue 27): a discount over the store's limit (percent
// of the amount it applies to, or an amount for the whole sale) and a price other than the
// catalog's. Pure: the request's body and the store's figures in, a reason in Spanish or null out.
// Integer arithmetic only (shared/money.ts): a percent is compared as discount × 100 > pct × base.
import { formatBs, multiply, toHundredths, type Cents } from '../../shared/money';

export interface DiscountLimit {
  /** Largest discount a cajero gives alone, in percent of a line (or of the sale, for the additional discount). */
  percent: number;
  /** Largest sum of the sale's discounts a cajero gives alone. */
  amount: Cents;
}

interface SaleLine {
  codeProduct?: unknown;
  quantity?: unknown;
  priceUnit?: unknown;
  amountDiscount?: unknown;
}

const cents = (v: unknown): Cents | null => (typeof v === 'number' ? toHundredths(v) : v === null || v === undefined ? 0 : null);
const linesOf = (body: unknown): SaleLine[] => {
  const d = body && typeof body === 'object' ? (body as { details?: unknown }).details : undefined;
  return Array.isArray(d) ? d.filter((l): l is SaleLine => !!l && typeof l === 'object') : [];
};

/** Writes a percent with es-BO decimals: 12,5 %. */
const pctText = (p: number) => `${String(p).replace('.', ',')} %`;

/** The part of the sale's discounts over the limit, or null when a cajero may give them alone. */
export function discountOverLimit(body: unknown, limit: DiscountLimit): string | null {
  // Percent limits compare in hundredths of a percent, so 12.5 % stays exact.
  const pct100 = Math.round(limit.percent * 100);
  const over = (discount: Cents, base: Cents) => base > 0 && BigInt(discount) * 10_000n > BigInt(pct100) * BigInt(base);
  let subtotal = 0;
  let discounts = 0;
  for (const [i, l] of linesOf(body).entries()) {
    const q = cents(l.quantity);
    const price = cents(l.priceUnit);
    const d = cents(l.amountDiscount);
    if (q === null || price === null || d === null) continue; // validation answers for it
    const gross = multiply(q, price);
    if (d > 0 && over(d, gross)) return `el descuento de la línea ${i + 1} (${formatBs(d)} de ${formatBs(gross)}) pasa del ${pctText(limit.percent)}`;
    subtotal += gross - d;
    discounts += d;
  }
  const additional = cents(body && typeof body === 'object' ? (body as { additionalDiscount?: unknown }).additionalDiscount : 0);
  if (additional !== null && additional > 0) {
    if (over(additional, subtotal)) return `el descuento adicional (${formatBs(additional)} de ${formatBs(subtotal)}) pasa del ${pctText(limit.percent)}`;
    discounts += additional;
  }
  if (discounts > limit.amount) return `los descuentos de la venta suman ${formatBs(discounts)}, más que ${formatBs(limit.amount)}`;
  return null;
}

/** The first line sold at a price other than its product's in the catalog, or null. Unknown codes are not overrides. */
export function priceOverride(body: unknown, catalogPrice: (code: string) => Cents | null): string | null {
  for (const [i, l] of linesOf(body).entries()) {
    if (typeof l.codeProduct !== 'string') continue;
    const listed = catalogPrice(l.codeProduct);
    const price = cents(l.priceUnit);
    if (listed === null || price === null || price === listed) continue;
    return `la línea ${i + 1} («${l.codeProduct}») va a ${formatBs(price)} y el catálogo dice ${formatBs(listed)}`;
  }
  return null;
}
