// What the monthly sales book reads from the invoices (PURCHASES.md §3.2): one row per invoice
// of the month, in emission order, streamed (a month may hold 100 000 invoices); and the
// month's sums. Read-only; scoped by tenant.
import type { Db } from './db';
import { prepared } from './statements';
import { IN_BOOK } from './purchases';
import { CREDIT_DEBIT_NOTE_SECTOR } from '../../shared/sectors';

export interface SalesBookInvoice {
  fechaEmision: string;
  number: number;
  cuf: string;
  sector: number;
  tipoFactura: number;
  clientDocNumber: string;
  clientComplement: string | null;
  clientName: string;
  /** Cents: Σ line subtotals (gross, before the additional discount). */
  subtotal: number;
  additionalDiscount: number;
  giftCard: number;
  total: number;
  totalSubjectIva: number;
  state: string;
}

/** One adjustment document (tipoFactura 3: credit-debit note) of the month, for the notes register. */
export interface NoteBookRow {
  fechaEmision: string;
  number: number;
  cuf: string;
  sector: number;
  clientDocNumber: string;
  clientComplement: string | null;
  clientName: string;
  /** Cents: the note's total (montoTotalDevuelto). */
  total: number;
  state: string;
  /** The stored sector data (the original invoice's facts and the note's amounts), as issued. */
  sectorData: Record<string, unknown> | null;
}

/** The month as the text range of fecha_emision (SIAT text, Bolivia time). */
function monthRange(year: number, month: number): [string, string] {
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return [`${year}-${String(month).padStart(2, '0')}-01`, `${next}-01`];
}

export class BookSourceRepository {
  constructor(private readonly db: Db) {}

  /**
   * The month's invoices for the Libro de Ventas: issued ones (validated, pending, offline) and
   * cancelled ones; rejected invoices never existed for SIAT and adjustment documents (notes,
   * tipoFactura 3) are not sales of the book.
   */
  *salesOfMonth(tenantId: string, year: number, month: number): Generator<SalesBookInvoice> {
    const [from, to] = monthRange(year, month);
    const rows = prepared(
      this.db,
      `SELECT fecha_emision, number, cuf, sector, tipo_factura, client_doc_number, client_complement, client_name, subtotal,
              additional_discount, gift_card, total, total_subject_iva, state
       FROM invoices WHERE tenant_id = ? AND fecha_emision >= ? AND fecha_emision < ? AND state != 'REJECTED' AND tipo_factura != 3
       ORDER BY fecha_emision, number`,
    ).iterate(tenantId, from, to) as Iterable<Record<string, unknown>>;
    for (const r of rows) {
      yield {
        fechaEmision: r.fecha_emision as string,
        number: r.number as number,
        cuf: r.cuf as string,
        sector: r.sector as number,
        tipoFactura: r.tipo_factura as number,
        clientDocNumber: r.client_doc_number as string,
        clientComplement: (r.client_complement as string | null) ?? null,
        clientName: r.client_name as string,
        subtotal: r.subtotal as number,
        additionalDiscount: r.additional_discount as number,
        giftCard: r.gift_card as number,
        total: r.total as number,
        totalSubjectIva: r.total_subject_iva as number,
        state: r.state as string,
      };
    }
  }

  /**
   * The month's credit-debit notes (sector 24) by the note's own emission date: issued ones and
   * cancelled ones; rejected notes never existed for SIAT. A nota de conciliación (29, also an
   * adjustment document) is not a return: it is in neither book until a source says where SIAT's
   * books put it (decision 0073).
   */
  *notesOfMonth(tenantId: string, year: number, month: number): Generator<NoteBookRow> {
    const [from, to] = monthRange(year, month);
    const rows = prepared(
      this.db,
      `SELECT fecha_emision, number, cuf, sector, client_doc_number, client_complement, client_name, total, state, sector_data
       FROM invoices WHERE tenant_id = ? AND fecha_emision >= ? AND fecha_emision < ? AND state != 'REJECTED' AND tipo_factura = 3 AND sector = ?
       ORDER BY fecha_emision, number`,
    ).iterate(tenantId, from, to, CREDIT_DEBIT_NOTE_SECTOR) as Iterable<Record<string, unknown>>;
    for (const r of rows) {
      yield {
        fechaEmision: r.fecha_emision as string,
        number: r.number as number,
        cuf: r.cuf as string,
        sector: r.sector as number,
        clientDocNumber: r.client_doc_number as string,
        clientComplement: (r.client_complement as string | null) ?? null,
        clientName: r.client_name as string,
        total: r.total as number,
        state: r.state as string,
        sectorData: r.sector_data ? (JSON.parse(r.sector_data as string) as Record<string, unknown>) : null,
      };
    }
  }

  /** Purchases of the month in the book (IN_BOOK): count and sums in cents. */
  purchaseSums(tenantId: string, year: number, month: number): { count: number; total: number; base: number; credit: number } {
    const r = prepared(
      this.db,
      `SELECT COUNT(*) AS n, COALESCE(SUM(monto_total), 0) AS total, COALESCE(SUM(base_cf), 0) AS base, COALESCE(SUM(credito_fiscal), 0) AS credit
       FROM purchases WHERE tenant_id = ? AND gestion = ? AND periodo = ? AND ${IN_BOOK}`,
    ).get(tenantId, year, month) as { n: number; total: number; base: number; credit: number };
    return { count: r.n, total: r.total, base: r.base, credit: r.credit };
  }
}
