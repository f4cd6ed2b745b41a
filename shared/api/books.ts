// The monthly books (RCV, PURCHASES.md §3): Libro de Ventas, Libro de Compras and the register
// of the credit-debit notes issued (decision 0043), downloaded as CSV or XLSX, and the month's
// totals (issue 14).
import Type, { type Static } from 'typebox';

export const BookQuery = Type.Object({
  year: Type.Integer({ minimum: 2000, maximum: 2100, description: 'Gestión' }),
  month: Type.Integer({ minimum: 1, maximum: 12, description: 'Periodo (mes)' }),
});

export const BookDownloadQuery = Type.Object({
  year: Type.Integer({ minimum: 2000, maximum: 2100 }),
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'csv' }),
});

export const BookTotalsSchema = Type.Object({
  year: Type.Integer(),
  month: Type.Integer(),
  sales: Type.Object({
    invoices: Type.Integer({ description: 'Facturas válidas del mes' }),
    cancelled: Type.Integer({ description: 'Facturas anuladas (van al libro con importes 0)' }),
    total: Type.Number({ description: 'Importe total de las ventas válidas' }),
    base: Type.Number({ description: 'Base para débito fiscal' }),
    debit: Type.Number({ description: 'Débito fiscal del mes: 13 % de la base del mes (Ley 843 art. 7), redondeado al centavo' }),
    debitOfRows: Type.Number({ description: 'Suma de la columna DEBITO FISCAL del libro (13 % redondeado por factura): puede diferir del débito del mes en centavos' }),
  }),
  purchases: Type.Object({
    count: Type.Integer(),
    total: Type.Number(),
    base: Type.Number({ description: 'Base para crédito fiscal' }),
    credit: Type.Number({ description: 'Crédito fiscal del mes: 13 % de la base del mes (Ley 843 art. 8), redondeado al centavo' }),
    creditOfRows: Type.Number({ description: 'Suma de la columna CREDITO FISCAL del libro (13 % redondeado por compra)' }),
  }),
  notes: Type.Object(
    {
      count: Type.Integer({ description: 'Notas de crédito-débito emitidas válidas del mes' }),
      cancelled: Type.Integer({ description: 'Notas anuladas (van al registro con importes 0)' }),
      returned: Type.Number({ description: 'Importe total de las devoluciones o rescisiones recibidas' }),
      credit: Type.Number({ description: 'Crédito fiscal de las notas emitidas: 13 % del importe devuelto del mes (Form. 200 casilla 27)' }),
      creditOfRows: Type.Number({ description: 'Suma de la columna CREDITO FISCAL del registro (montoEfectivoCreditoDebito de cada nota, tal como se envió)' }),
    },
    { description: 'Notas de crédito-débito que la tienda emitió por devoluciones recibidas (decisión 0043)' },
  ),
  balance: Type.Number({ description: 'Débito − crédito (compras y notas): positivo = IVA a pagar; negativo = saldo a favor' }),
});
export type BookTotals = Static<typeof BookTotalsSchema>;
