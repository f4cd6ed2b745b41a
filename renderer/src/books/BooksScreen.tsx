// Libros (managers): pick a month, see ventas, débito, compras, crédito, the credit-debit notes
// issued (their crédito fiscal, decision 0043) and the balance, and download the Libro de Ventas,
// the Libro de Compras (SIN's RCV templates) and the notes register as CSV or XLSX.
import { useEffect, useState } from 'react';
import type { BookTotals } from '../../../shared/api-types';
import { http } from '../api';
import { ROUTES } from '../../../shared/api/routes';
import { describeError } from '../api/errors';
import { formatAmountEs, toHundredths } from '../../../shared/money';
import { ErrorList } from '../components/ErrorList';
import { MonthInput } from '../components/MonthInput';
import { boliviaMonth } from '../format/dates';
import { countOf } from '../format/labels';

/** Bolivianos from the API (2 decimals) as es-BO text. */
const bs = (n: number) => formatAmountEs(toHundredths(n) ?? Math.round(n * 100));

export function BooksScreen() {
  const [{ year: y, month: m }, setMonth] = useState(boliviaMonth);
  const [totals, setTotals] = useState<BookTotals | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    setErrors([]);
    http.call(ROUTES.books.totals, { query: { year: y, month: m } }).then(setTotals, (err: unknown) => setErrors(describeError(err)));
  }, [y, m]);

  const download = async (kind: 'ventas' | 'compras' | 'notas', format: 'csv' | 'xlsx') => {
    try {
      const res = await http.raw(ROUTES.books[kind], { query: { year: y, month: m, format } });
      if (!res.ok) throw new Error(`El motor respondió ${res.status} al descargar el libro`);
      const blob = await res.blob();
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `libro-${kind}-${y}-${String(m).padStart(2, '0')}.${format}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch (err) {
      setErrors(describeError(err));
    }
  };

  return (
    <div className="page" data-testid="books-screen">
      <div className="page-head">
        <h2>Libros de compras y ventas</h2>
        <MonthInput label="Mes" testId="books-month" year={y} month={m} onChange={(year, month) => setMonth({ year, month })} />
      </div>
      <ErrorList errors={errors} testId="books-errors" />
      {totals && <BookTotalsView totals={totals} />}
      <div className="actions">
        <button data-testid="book-ventas-csv" onClick={() => void download('ventas', 'csv')}>Libro de Ventas CSV</button>
        <button data-testid="book-ventas-xlsx" onClick={() => void download('ventas', 'xlsx')}>Libro de Ventas XLSX</button>
        <button data-testid="book-compras-csv" onClick={() => void download('compras', 'csv')}>Libro de Compras CSV</button>
        <button data-testid="book-compras-xlsx" onClick={() => void download('compras', 'xlsx')}>Libro de Compras XLSX</button>
        <button data-testid="book-notas-csv" onClick={() => void download('notas', 'csv')}>Notas crédito-débito CSV</button>
        <button data-testid="book-notas-xlsx" onClick={() => void download('notas', 'xlsx')}>Notas crédito-débito XLSX</button>
      </div>
    </div>
  );
}

/**
 * The month's totals. The notes the store issued are returns it received: their 13 % is a
 * crédito fiscal (SIN Form 200, casilla 27), shown apart from the purchases' and netted in the
 * balance; the sales and their débito stay as invoiced.
 */
export function BookTotalsView({ totals }: { totals: BookTotals }) {
  const n = totals.notes;
  const p = totals.purchases;
  // The month's 13 % is taken on the summed base (README «Libros»); a book's column, rounded per
  // line, may add up to a few centavos apart: say so where it does, so the two figures agree.
  const apart = [
    totals.sales.debitOfRows !== totals.sales.debit && `la columna DEBITO FISCAL del Libro de Ventas suma ${bs(totals.sales.debitOfRows)}`,
    p.creditOfRows !== p.credit && `la columna CREDITO FISCAL del Libro de Compras suma ${bs(p.creditOfRows)}`,
    n.creditOfRows !== n.credit && `la columna CREDITO FISCAL de las notas suma ${bs(n.creditOfRows)}`,
  ].filter((x): x is string => !!x);
  return (
    <>
      {/* The figures in one right-aligned column (issue 24, set 12: they were misaligned). */}
      <table className="grid books-totals" data-testid="books-totals">
        <tbody>
          <tr><th>Ventas ({countOf(totals.sales.invoices, 'factura')}, {countOf(totals.sales.cancelled, 'anulada')})</th><td className="num" data-testid="books-sales-total">{bs(totals.sales.total)}</td></tr>
          <tr><th>Base para débito fiscal</th><td className="num" data-testid="books-sales-base">{bs(totals.sales.base)}</td></tr>
          <tr><th>Débito fiscal (13 % de la base)</th><td className="num" data-testid="books-debit">{bs(totals.sales.debit)}</td></tr>
          <tr><th>Compras ({p.count})</th><td className="num" data-testid="books-purchases-total">{bs(p.total)}</td></tr>
          <tr><th>Base para crédito fiscal</th><td className="num" data-testid="books-purchases-base">{bs(p.base)}</td></tr>
          <tr><th>Crédito fiscal de compras (13 % de la base)</th><td className="num" data-testid="books-credit">{bs(p.credit)}</td></tr>
          <tr><th>Devoluciones recibidas: notas de crédito-débito emitidas ({countOf(n.count, 'nota')}, {countOf(n.cancelled, 'anulada')})</th><td className="num" data-testid="books-notes-returned">{bs(n.returned)}</td></tr>
          <tr><th>Crédito fiscal de las notas (13 % de lo devuelto)</th><td className="num" data-testid="books-notes-credit">{bs(n.credit)}</td></tr>
          <tr><th>{totals.balance >= 0 ? 'IVA a pagar' : 'Saldo a favor'}</th><td className="num" data-testid="books-balance">{bs(Math.abs(totals.balance))}</td></tr>
        </tbody>
      </table>
      {apart.length > 0 && (
        <p className="muted small" data-testid="books-rounding">
          El 13 % del mes se calcula sobre la base sumada del mes (Ley 843, art. 7 y 8; así lo calcula el Formulario 200). En el libro, cada
          factura lleva su 13 % redondeado al centavo, por eso {apart.join('; ')}: la diferencia es de redondeo.
        </p>
      )}
    </>
  );
}
