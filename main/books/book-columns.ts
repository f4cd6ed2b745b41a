// The column layouts of SIN's RCV templates (PURCHASES.md §3.1 and §3.2), in template order,
// ESPECIFICACION included (2nd column) so that the file can be imported in SIAT's RCV.
// Each row maker turns one record into the template's cells: text, integers, or cents (written
// with 2 decimals). Pure.
import { ivaOf } from '../../shared/money';
import type { PurchaseRecord } from '../store/purchases';
import type { NoteBookRow, SalesBookInvoice } from '../store/books';
import { NOTE } from '../invoicing/credit-debit-note-data';

/** A cell: text, an integer, or an amount in cents. */
export type Cell = string | number | { cents: number };

export interface BookColumn {
  header: string;
  kind: 'text' | 'int' | 'amount';
}

const text = (header: string): BookColumn => ({ header, kind: 'text' });
const int = (header: string): BookColumn => ({ header, kind: 'int' });
const amount = (header: string): BookColumn => ({ header, kind: 'amount' });

export const SALES_COLUMNS: readonly BookColumn[] = [
  int('N°'),
  int('ESPECIFICACION'),
  text('FECHA DE LA FACTURA'),
  int('N° DE LA FACTURA'),
  text('CODIGO DE AUTORIZACION'),
  text('NIT / CI CLIENTE'),
  text('COMPLEMENTO'),
  text('NOMBRE O RAZON SOCIAL'),
  amount('IMPORTE TOTAL DE LA VENTA'),
  amount('IMPORTE ICE'),
  amount('IMPORTE IEHD'),
  amount('IMPORTE IPJ'),
  amount('TASAS'),
  amount('OTROS NO SUJETOS AL IVA'),
  amount('EXPORTACIONES Y OPERACIONES EXENTAS'),
  amount('VENTAS GRAVADAS A TASA CERO'),
  amount('SUBTOTAL'),
  amount('DESCUENTOS, BONIFICACIONES Y REBAJAS SUJETAS AL IVA'),
  amount('IMPORTE GIFT CARD'),
  amount('IMPORTE BASE PARA DEBITO FISCAL'),
  amount('DEBITO FISCAL'),
  text('ESTADO'),
  text('CODIGO DE CONTROL'),
  int('TIPO DE VENTA'),
];

export const PURCHASE_COLUMNS: readonly BookColumn[] = [
  int('Nº'),
  int('ESPECIFICACION'),
  text('NIT PROVEEDOR'),
  text('RAZON SOCIAL PROVEEDOR'),
  text('CODIGO DE AUTORIZACION'),
  text('NUMERO FACTURA'),
  text('NUMERO DUI/DIM'),
  text('FECHA DE FACTURA/DUI/DIM'),
  amount('IMPORTE TOTAL COMPRA'),
  amount('IMPORTE ICE'),
  amount('IMPORTE IEHD'),
  amount('IMPORTE IPJ'),
  amount('TASAS'),
  amount('OTRO NO SUJETO A CREDITO FISCAL'),
  amount('IMPORTES EXENTOS'),
  amount('IMPORTE COMPRAS GRAVADAS A TASA CERO'),
  amount('SUBTOTAL'),
  amount('DESCUENTOS/BONIFICACIONES /REBAJAS SUJETAS AL IVA'),
  amount('IMPORTE GIFT CARD'),
  amount('IMPORTE BASE CF'),
  amount('CREDITO FISCAL'),
  int('TIPO COMPRA'),
  text('CODIGO DE CONTROL'),
];

/**
 * The credit-debit notes the store issued (decision 0043): the legacy LCV's «Notas de
 * Crédito-Débito» register (13 columns, peers listed in the decision) seen from the seller,
 * who received the return: its customer instead of a supplier, the amount «recibida» and a
 * CRÉDITO FISCAL (SIN Form 200, casilla 27 «Devoluciones y rescisiones recibidas en el
 * período», rubro crédito fiscal). ESTADO (V/A, as the sales book) is Kipu's addition; no
 * ESPECIFICACION: SIAT's RCV has no import layout for notes.
 */
export const NOTE_COLUMNS: readonly BookColumn[] = [
  int('N°'),
  text('FECHA NOTA DE CREDITO-DEBITO'),
  int('N° DE NOTA DE CREDITO-DEBITO'),
  text('CODIGO DE AUTORIZACION'),
  text('NIT / CI CLIENTE'),
  text('COMPLEMENTO'),
  text('NOMBRE O RAZON SOCIAL CLIENTE'),
  amount('IMPORTE TOTAL DE LA DEVOLUCION O RESCISION RECIBIDA'),
  amount('CREDITO FISCAL'),
  text('CODIGO DE CONTROL DE LA NOTA DE CREDITO-DEBITO'),
  text('FECHA FACTURA ORIGINAL'),
  int('N° DE FACTURA ORIGINAL'),
  text('CODIGO DE AUTORIZACION FACTURA ORIGINAL'),
  amount('IMPORTE TOTAL FACTURA ORIGINAL'),
  text('ESTADO'),
];

/** dd/mm/aaaa of a SIAT date-time text. */
export function templateDate(fecha: string): string {
  return `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;
}

/** SIAT's tasa-cero sector (CONTRACT, catalog): its sales go to column 16, with no débito. */
const SECTOR_TASA_CERO = 8;

export interface SalesRowAmounts {
  valid: boolean;
  total: number;
  base: number;
  debit: number;
}

/**
 * One invoice as the sales template row `n`. A cancelled invoice is listed with state A and its
 * amounts at 0 (docs/decisions/0023); special NITs (99001, 99002, 99003) and names pass as issued.
 */
export function salesRow(n: number, inv: SalesBookInvoice): { cells: Cell[]; amounts: SalesRowAmounts } {
  const cancelled = inv.state === 'CANCELLED';
  const zero = cancelled;
  const tasaCero = inv.sector === SECTOR_TASA_CERO;
  const gross = zero ? 0 : inv.subtotal;
  const discount = zero || tasaCero ? 0 : inv.additionalDiscount;
  const gift = zero || tasaCero ? 0 : inv.giftCard;
  const tasaCeroAmount = tasaCero && !zero ? inv.total : 0;
  const subtotal = tasaCero ? 0 : gross;
  const base = subtotal - discount - gift;
  const debit = ivaOf(Math.max(0, base));
  const c = (v: number) => ({ cents: v });
  return {
    cells: [
      n,
      2,
      templateDate(inv.fechaEmision),
      inv.number,
      inv.cuf,
      inv.clientDocNumber,
      inv.clientComplement ?? '',
      inv.clientName,
      c(tasaCero ? tasaCeroAmount : gross),
      c(0),
      c(0),
      c(0),
      c(0),
      c(0),
      c(0),
      c(tasaCeroAmount),
      c(subtotal),
      c(discount),
      c(gift),
      c(base),
      c(debit),
      cancelled ? 'A' : 'V',
      '0',
      0,
    ],
    amounts: { valid: !cancelled, total: tasaCero ? tasaCeroAmount : gross, base, debit },
  };
}

/** One purchase as the purchase template row `n`. */
export function purchaseRow(n: number, p: PurchaseRecord): Cell[] {
  const d = p.data;
  const a = d.amounts;
  const c = (v: number) => ({ cents: v });
  return [
    n,
    1,
    d.nitEmisor,
    d.razonSocialEmisor,
    d.codigoAutorizacion,
    d.numeroFactura,
    d.numeroDuiDim,
    templateDate(d.fechaEmision),
    c(a.total),
    c(a.ice),
    c(a.iehd),
    c(a.ipj),
    c(a.tasas),
    c(a.otroNoSujeto),
    c(a.exentos),
    c(a.tasaCero),
    c(d.rcv.subtotal),
    c(a.descuento),
    c(a.giftCard),
    c(d.rcv.base),
    c(d.rcv.credito),
    d.tipoCompra,
    d.codigoControl,
  ];
}

export interface NoteRowAmounts {
  valid: boolean;
  /** Cents: importe de la devolución (montoTotalDevuelto). */
  returned: number;
  /** Cents: crédito fiscal of the store (montoEfectivoCreditoDebito). */
  credit: number;
}

const centsOf = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const textOf = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * One credit-debit note as the notes register row `n`. The amounts are the ones the note
 * carried to SIAT (montoTotalDevuelto, montoEfectivoCreditoDebito); a cancelled note is listed
 * with state A and its amounts at 0, as a cancelled invoice in the sales book (decision 0023).
 */
export function noteRow(n: number, note: NoteBookRow): { cells: Cell[]; amounts: NoteRowAmounts } {
  const cancelled = note.state === 'CANCELLED';
  const d = note.sectorData ?? {};
  const returnedAsIssued = centsOf(d[NOTE.AMOUNT_RETURNED]) ?? note.total;
  const creditAsIssued = centsOf(d[NOTE.AMOUNT_CASH]) ?? ivaOf(returnedAsIssued);
  const returned = cancelled ? 0 : returnedAsIssued;
  const credit = cancelled ? 0 : creditAsIssued;
  const originalFecha = textOf(d[NOTE.ORIGINAL_DATE]);
  const originalDate = originalFecha ? templateDate(originalFecha) : '';
  const originalNumber = centsOf(d[NOTE.ORIGINAL_NUMBER]) ?? 0;
  const originalCuf = textOf(d[NOTE.ORIGINAL_CUF]) ?? '';
  const originalTotal = cancelled ? 0 : (centsOf(d[NOTE.AMOUNT_ORIGINAL]) ?? 0);
  const c = (v: number) => ({ cents: v });
  return {
    cells: [
      n,
      templateDate(note.fechaEmision),
      note.number,
      note.cuf,
      note.clientDocNumber,
      note.clientComplement ?? '',
      note.clientName,
      c(returned),
      c(credit),
      '0',
      originalDate,
      originalNumber,
      originalCuf,
      c(originalTotal),
      cancelled ? 'A' : 'V',
    ],
    amounts: { valid: !cancelled, returned, credit },
  };
}
