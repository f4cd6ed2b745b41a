// What a credit-debit note (SIAT sector 24, CONTRACT §9.3) takes off the returned lines, so that
// what goes back is what the customer paid for them: the returned part of a line's own discount,
// and the returned lines' share of the original invoice's additional discount
// (montoDescuentoCreditoDebito; montoTotalDevuelto = Σ returned lines − it). Both in proportion,
// HALF-UP, as CONTRACT §9.3 prorates sector 47's. The engine issues with these; the till's
// Devolución shows the same amount before issuing. Amounts in cents, quantities in hundredths.
import type { Cents } from './money';

/** `a × b / c`, HALF-UP (non-negative operands, c > 0). */
function mulDivHalfUp(a: number, b: number, c: number): number {
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));
}

/** The part of a line's discount that goes with `returned` of its `sold` quantity. */
export function returnedLineDiscount(lineDiscount: Cents, sold: number, returned: number): Cents {
  return lineDiscount > 0 && sold > 0 && returned > 0 ? mulDivHalfUp(lineDiscount, returned, sold) : 0;
}

/**
 * The returned lines' share of the original's additional discount: `returnedLines` (Σ of the
 * returned lines' subtotals) over `originalLines` (Σ of the original's line subtotals, on which
 * the discount was taken). Never more than what earlier notes left of it (`takenEarlier`).
 */
export function returnedAdditionalDiscount(returnedLines: Cents, originalLines: Cents, additionalDiscount: Cents, takenEarlier: Cents = 0): Cents {
  if (!(additionalDiscount > 0 && originalLines > 0 && returnedLines > 0)) return 0;
  return Math.max(0, Math.min(mulDivHalfUp(returnedLines, additionalDiscount, originalLines), additionalDiscount - takenEarlier));
}
