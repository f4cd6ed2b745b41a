// A discount as the cashier types it: an amount in Bs ("5,50") or a percent of what it applies
// to ("10%", "12,5 %"), converted here to the exact amount (HALF-UP to cents, shared/money.ts).
// Whether it is within the store's limit is the engine's to say (a supervisor approves over it).
import { percentOf, type Cents } from '../../../shared/money';
import { parseAmount } from '../format/amount-input';

export type DiscountInput = { ok: true; amount: Cents; percent: number | null } | { ok: false; error: string };


/** `base`: the line's amount (a line discount) or the sale's after line discounts (the additional). */
export function parseDiscount(text: string, base: Cents): DiscountInput {
  const t = text.trim();
  if (t === '') return { ok: true, amount: 0, percent: null };
  if (!t.endsWith('%')) {
    const amount = parseAmount(t);
    return amount === null ? { ok: false, error: 'Monto no válido (ejemplo: 5,50 o 10%).' } : { ok: true, amount, percent: null };
  }
  // Percent in hundredths (12,5 % = 1250): the same parser as amounts, 2 decimals at most.
  const pct = parseAmount(t.slice(0, -1).trim());
  if (pct === null || pct <= 0) return { ok: false, error: 'Porcentaje no válido (ejemplo: 10% o 12,5%).' };
  if (pct > 100_00) return { ok: false, error: 'El porcentaje no puede pasar de 100%.' };
  const amount = percentOf(base, pct);
  return { ok: true, amount, percent: pct / 100 };
}

