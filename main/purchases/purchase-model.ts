// One purchase of the register (registroCompra, PURCHASES.md §1.2) as plain data, and the RCV
// arithmetic of the purchase template (PURCHASES.md §3.1): SUBTOTAL = total − ICE − IEHD − IPJ −
// tasas − no sujeto − exentos − tasa cero; BASE CF = SUBTOTAL − descuento − gift card;
// CRÉDITO FISCAL = BASE × 13 %, rounded half-up to the centavo. Amounts are integer cents.
// Pure: no I/O, no clock.
import { ivaOf } from '../../shared/money';

/** tipoCompra (PURCHASES.md §2.2; registroCompra.xsd allows 1..5). */
export const TIPO_COMPRA: Readonly<Record<number, string>> = {
  1: 'Compras para mercado interno con destino a actividades gravadas',
  2: 'Compras para mercado interno con destino a actividades no gravadas',
  3: 'Compras sujetas a proporcionalidad',
  4: 'Compras para exportaciones',
  5: 'Compras tanto para el mercado interno como para exportaciones',
};

/** What the user types (cents); subtotal, base and crédito are computed, never typed. */
export interface PurchaseAmounts {
  total: number;
  ice: number;
  iehd: number;
  ipj: number;
  tasas: number;
  otroNoSujeto: number;
  exentos: number;
  tasaCero: number;
  descuento: number;
  giftCard: number;
}

export interface RcvTotals {
  subtotal: number;
  base: number;
  credito: number;
}


/** The template's formulas. Negative results are returned as they are: the caller refuses them. */
export function computeRcv(a: PurchaseAmounts): RcvTotals {
  const subtotal = a.total - a.ice - a.iehd - a.ipj - a.tasas - a.otroNoSujeto - a.exentos - a.tasaCero;
  const base = subtotal - a.descuento - a.giftCard;
  return { subtotal, base, credito: base >= 0 ? ivaOf(base) : 0 };
}

/** A purchase ready to become a registroCompra (every field of the XSD but `nro`). */
export interface PurchaseData {
  nitEmisor: string;
  razonSocialEmisor: string;
  codigoAutorizacion: string;
  numeroFactura: string;
  numeroDuiDim: string;
  /** yyyy-MM-ddTHH:mm:ss.SSS, Bolivia time. */
  fechaEmision: string;
  amounts: PurchaseAmounts;
  rcv: RcvTotals;
  tipoCompra: number;
  /** '0' when the invoice has none (PURCHASES.md §1.2, peer convention and official sample). */
  codigoControl: string;
}

/** gestion / periodo of a purchase: the year and month of its date. */
export function periodOf(fechaEmision: string): { gestion: number; periodo: number } {
  return { gestion: Number(fechaEmision.slice(0, 4)), periodo: Number(fechaEmision.slice(5, 7)) };
}
