// What the invoice store holds and returns: an issued invoice, its lines, list items and a state
// change (main/store/invoices.ts keeps the repository; the types are here to keep it readable).
import type { Cents, Hundredths } from '../../shared/money';
import type { SiatMessageRecord } from '../siat/messages';

// The states are the API's (shared/api/invoice.ts): one list for the store, the routes and the till.
import type { InvoiceState } from '../../shared/api/invoice';
export type { InvoiceState };

export interface InvoiceLine {
  activityEconomic: string;
  codeProductSin: string;
  codeProduct: string;
  description: string;
  quantity: Hundredths;
  unitMeasure: number;
  priceUnit: Cents;
  amountDiscount: Cents;
  subTotal: Cents;
  /** The sector's own line fields by API name (shared/sector-fields.ts); absent for plain sales. */
  sectorFields?: SectorValues;
  /** Credit-debit note lines: 1 a line of the original invoice, 2 a returned line (SIAT codigoDetalleTransaccion). */
  transaction?: 1 | 2;
}

/** A sector field's stored value: Cents for amounts, numbers for integers, text otherwise. */
export type SectorValues = Record<string, string | number | null>;

// SIAT's messages are stored as SIAT's one mapper makes them (siat/messages.ts).
export type { SiatMessageRecord } from '../siat/messages';

export interface InvoiceRecord {
  id: string;
  tenantId: string;
  posId: string;
  branchCode: number;
  posCode: number;
  invoiceType: string;
  sector: number;
  modalidad: 1 | 2;
  tipoFactura: number;
  codigoEmision: number;
  number: number;
  cuf: string;
  cufd: string;
  fechaEmision: string;
  clientDocType: number;
  clientDocNumber: string;
  clientComplement: string | null;
  clientName: string;
  clientCode: string;
  clientEmail: string | null;
  paymentMethod: number;
  cardNumber: string | null;
  currency: number;
  exchangeRate: Hundredths;
  subtotal: Cents;
  additionalDiscount: Cents;
  giftCard: Cents;
  total: Cents;
  totalSubjectIva: Cents;
  totalCurrency: Cents;
  exceptionCode: number | null;
  literal: string;
  leyenda: string;
  usuario: string;
  details: InvoiceLine[];
  /**
   * The sector's own header fields by API name, and for a credit-debit note the original
   * invoice's facts and the note's amounts (invoicing/credit-debit-note.ts); null for sector 1.
   */
  sectorData: SectorValues | null;
  /** A credit-debit note's original invoice (same tenant); null otherwise. */
  originalInvoiceId: string | null;
  /** CAFC of a transcribed manual invoice (its number is the booklet's); null for the till's own. */
  cafc: string | null;
  xml: string;
  hash: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  state: InvoiceState;
  siatCode: number | null;
  siatDescription: string | null;
  siatReceptionCode: string | null;
  siatMessages: SiatMessageRecord[];
  needsReconcile: boolean;
  eventId: string | null;
  packageId: string | null;
  lastChecked: string | null;
  cancellationReason: number | null;
  cancellationDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewInvoice = Omit<
  InvoiceRecord,
  'siatCode' | 'siatDescription' | 'siatReceptionCode' | 'siatMessages' | 'packageId' | 'lastChecked' | 'cancellationReason' | 'cancellationDate' | 'updatedAt' | 'cafc'
> & { cafc?: string | null };

export interface InvoiceListItem {
  id: string;
  invoiceNumber: number;
  cuf: string;
  state: InvoiceState;
  clientBusinessName: string;
  amountTotal: Cents;
  fechaEmision: string;
  codigoEmision: number;
  posId: string;
  sector: number;
  /** A credit-debit note: the number of the invoice it refers to (from its sector data). */
  originalInvoiceNumber: number | null;
  /** Who issued it: the person at the till, or the API key's name (issue 27). */
  usuario: string;
}

export interface PosInvoiceListItem {
  id: string;
  invoiceNumber: number;
  cuf: string;
  state: InvoiceState;
  siatCode: number | null;
  sector: number;
}

export interface StateChange {
  state: InvoiceState;
  siatCode?: number | null;
  siatDescription?: string | null;
  siatReceptionCode?: string | null;
  siatMessages?: SiatMessageRecord[];
  needsReconcile?: boolean;
  eventId?: string | null;
  packageId?: string | null;
  lastChecked?: string | null;
  cancellationReason?: number | null;
  cancellationDate?: string | null;
  /** Real-clock ISO time an online send with an unknown outcome gave up (migration 0022); null clears it. */
  siatAttemptAt?: string | null;
  detail?: string;
}
