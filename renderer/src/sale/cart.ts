// Cart arithmetic in integer cents (DESIGN.md, Data: no floating point on amounts).
// SIAT compra-venta: subTotal(línea) = cantidad × precioUnitario − montoDescuento, rounded
// HALF-UP to 2 decimals; montoTotal = Σ subTotal − descuentoAdicional;
// montoTotalSujetoIva = montoTotal − montoGiftCard.
import { multiply, toHundredths, type Cents, type Hundredths } from '../../../shared/money';
import type { Product } from '../../../shared/api-types';

export interface CartLine {
  /** Local key; lines of the same product merge. */
  key: string;
  productId: string;
  code: string;
  description: string;
  unitMeasure: number;
  activityEconomic: string;
  codeProductSin: string;
  unitPrice: Cents;
  quantity: Hundredths;
  discount: Cents;
}

export interface CartTotals {
  /** Σ quantity × price, before any discount. */
  gross: Cents;
  /** Σ line discounts. */
  lineDiscounts: Cents;
  /** Σ line subtotals (after line discounts). */
  subtotal: Cents;
  additionalDiscount: Cents;
  /** montoTotal. */
  total: Cents;
  giftCard: Cents;
  /** What the customer pays in cash or card (montoTotal − gift card). */
  due: Cents;
  items: Hundredths;
}

export function lineGross(line: Pick<CartLine, 'quantity' | 'unitPrice'>): Cents {
  return multiply(line.quantity, line.unitPrice);
}

export function lineSubtotal(line: Pick<CartLine, 'quantity' | 'unitPrice' | 'discount'>): Cents {
  return lineGross(line) - line.discount;
}

export function cartTotals(lines: readonly CartLine[], additionalDiscount: Cents = 0, giftCard: Cents = 0): CartTotals {
  let gross = 0;
  let lineDiscounts = 0;
  let items = 0;
  for (const l of lines) {
    gross += lineGross(l);
    lineDiscounts += l.discount;
    items += l.quantity;
  }
  const subtotal = gross - lineDiscounts;
  const total = subtotal - additionalDiscount;
  return { gross, lineDiscounts, subtotal, additionalDiscount, total, giftCard, due: Math.max(0, total - giftCard), items };
}

export class CartError extends Error {}

/** A product as a cart line; refuses prices with more than 2 decimals (never rounds silently). */
export function lineFromProduct(p: Product, quantity: Hundredths): CartLine {
  const price = toHundredths(p.priceUnit);
  if (price === null) throw new CartError(`El precio de "${p.description}" no es válido.`);
  return {
    key: p.id,
    productId: p.id,
    code: p.code,
    description: p.description,
    unitMeasure: p.unitMeasure,
    activityEconomic: p.activityEconomic,
    codeProductSin: p.codeProductSin,
    unitPrice: price,
    quantity,
    discount: 0,
  };
}

/** Adds (or merges into the line of the same product); returns the new lines and the touched index. */
export function addLine(lines: readonly CartLine[], line: CartLine): { lines: CartLine[]; index: number } {
  const i = lines.findIndex((l) => l.productId === line.productId && l.unitPrice === line.unitPrice);
  if (i < 0) return { lines: [...lines, line], index: lines.length };
  const merged = lines.map((l, j) => (j === i ? { ...l, quantity: l.quantity + line.quantity } : l));
  return { lines: merged, index: i };
}

/** Validates a line discount: not negative and below the line's gross (a line must stay > 0). */
export function checkLineDiscount(line: CartLine, discount: Cents): string | null {
  if (discount < 0) return 'El descuento no puede ser negativo.';
  if (discount >= lineGross({ ...line })) return 'El descuento debe ser menor al importe de la línea.';
  return null;
}

/** A new unit price; as with the quantity, a discount the new amount cannot carry is dropped. */
export function withPrice(line: CartLine, unitPrice: Cents): CartLine {
  const next = { ...line, unitPrice };
  return next.discount >= lineGross(next) ? { ...next, discount: 0 } : next;
}

/** When the quantity drops, a discount larger than the new gross is cut back to keep the line valid. */
export function withQuantity(line: CartLine, quantity: Hundredths): CartLine {
  const next = { ...line, quantity };
  const gross = lineGross(next);
  return next.discount >= gross ? { ...next, discount: 0 } : next;
}
