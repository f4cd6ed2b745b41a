// The current sale as a parked sale, and back (issue 27). Pure: the engine keeps the lines as the
// invoice would have them (amounts in Bs, 2 decimals) and the rest of the till's draft (client,
// payment, sector fields) as given; money crosses as hundredths (shared/money.ts), never floats.
import type { NewParkedSale, ParkedSaleDto } from '../../../shared/api/parked-sales';
import { fromHundredths, toHundredths, type Cents } from '../../../shared/money';
import type { CartLine } from '../sale/cart';
import { EMPTY_CLIENT, type Client } from '../sale/client';
import { EMPTY_PAYMENT, type Payment } from '../sale/payment';
import { EMPTY_SECTOR_DRAFT, type SectorDraft } from '../sale/sector-form';

export interface SaleSnapshot {
  lines: readonly CartLine[];
  additionalDiscount: Cents;
  client: Client;
  payment: Payment;
  sector: SectorDraft;
}

/** What the list shows to tell sales apart: the client's name or document, or who left it. */
export function parkedLabel(s: SaleSnapshot, leftBy?: string): string {
  const who = s.client.businessName.trim() || s.client.documentNumber.trim();
  const base = who ? who : `${s.lines.length} producto${s.lines.length === 1 ? '' : 's'}`;
  return (leftBy ? `${base} — venta de ${leftBy}` : base).slice(0, 100);
}

export function toParked(posId: string, s: SaleSnapshot, leftBy?: string): NewParkedSale {
  return {
    posId,
    lines: s.lines.map((l) => ({
      productId: l.productId,
      code: l.code,
      description: l.description,
      unitMeasure: l.unitMeasure,
      activityEconomic: l.activityEconomic,
      codeProductSin: l.codeProductSin,
      unitPrice: fromHundredths(l.unitPrice),
      quantity: fromHundredths(l.quantity),
      discount: fromHundredths(l.discount),
    })),
    additionalDiscount: fromHundredths(s.additionalDiscount),
    label: parkedLabel(s, leftBy),
    // The NIT's check is asked again after a recall (SIAT may say otherwise by then).
    // A field's unreadable text is not kept: the recalled sale shows the amounts, nothing to correct.
    draft: { client: { ...s.client, nitStatus: 'unchecked', nitMessage: '' }, payment: { ...s.payment, unreadable: {} }, sector: s.sector },
  };
}

const cents = (n: number): Cents => toHundredths(n) ?? 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function fromParked(p: ParkedSaleDto): SaleSnapshot {
  const draft = p.draft ?? {};
  return {
    lines: p.lines.map((l) => ({
      key: l.productId,
      productId: l.productId,
      code: l.code,
      description: l.description,
      unitMeasure: l.unitMeasure,
      activityEconomic: l.activityEconomic,
      codeProductSin: l.codeProductSin,
      unitPrice: cents(l.unitPrice),
      quantity: cents(l.quantity),
      discount: cents(l.discount),
    })),
    additionalDiscount: cents(p.additionalDiscount),
    client: isObject(draft.client) ? { ...EMPTY_CLIENT, ...(draft.client as Partial<Client>) } : EMPTY_CLIENT,
    payment: isObject(draft.payment) ? { ...EMPTY_PAYMENT, ...(draft.payment as Partial<Payment>), unreadable: {} } : EMPTY_PAYMENT,
    sector: isObject(draft.sector) ? { ...EMPTY_SECTOR_DRAFT, ...(draft.sector as Partial<SectorDraft>) } : EMPTY_SECTOR_DRAFT,
  };
}

/** "hace 3 min", "hace 1 h 05 min": how long the customer has waited. */
export function parkedAge(parkedAtMs: number, nowMs: number): string {
  const min = Math.max(0, Math.floor((nowMs - parkedAtMs) / 60_000));
  if (min < 1) return 'hace menos de 1 min';
  if (min < 60) return `hace ${min} min`;
  const h = Math.floor(min / 60);
  const days = Math.floor(h / 24);
  if (days >= 1) return `hace ${days} día${days === 1 ? '' : 's'}`;
  return `hace ${h} h ${String(min % 60).padStart(2, '0')} min`;
}
