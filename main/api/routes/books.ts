// The monthly books over HTTP (issue 14): Libro de Ventas, Libro de Compras and the register of
// the credit-debit notes issued (decision 0043) as CSV or XLSX, streamed, and the month's totals
// as JSON.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { MonthlyBooks, BookKind } from '../../books/monthly-books';
import { bookFileName } from '../../books/monthly-books';
import { fromHundredths } from '../../../shared/money';
import { ok } from '../envelope';
import { BookDownloadQuery } from '../../../shared/api/books';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

const tags = ['Libros (RCV)'];
const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

export function bookRoutes(app: FastifyInstance, deps: { books: MonthlyBooks; logger?: { error(o: unknown, m: string): void } }): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    ROUTES.books.totals.path,
    {
      schema: {
        tags,
        summary: 'Totales del mes: ventas, débito fiscal, compras, crédito fiscal, notas de crédito-débito y saldo',
        ...contractSchema(ROUTES.books.totals),
      },
    },
    async (req) => {
      const { year, month } = req.query;
      const t = deps.books.totals(req.tenant.id, year, month);
      const m = fromHundredths;
      return ok({
        year,
        month,
        sales: { invoices: t.sales.invoices, cancelled: t.sales.cancelled, total: m(t.sales.total), base: m(t.sales.base), debit: m(t.sales.debit), debitOfRows: m(t.sales.debitOfRows) },
        purchases: { count: t.purchases.count, total: m(t.purchases.total), base: m(t.purchases.base), credit: m(t.purchases.credit), creditOfRows: m(t.purchases.creditOfRows) },
        notes: { count: t.notes.count, cancelled: t.notes.cancelled, returned: m(t.notes.returned), credit: m(t.notes.credit), creditOfRows: m(t.notes.creditOfRows) },
        balance: m(t.balance),
      });
    },
  );

  const summaries: Record<BookKind, string> = {
    ventas: 'Libro de Ventas del mes (plantilla de ventas estándar del SIN; en XLSX, las notas de crédito-débito en una segunda hoja)',
    compras: 'Libro de Compras del mes (plantilla de compras del SIN)',
    notas: 'Registro de notas de crédito-débito emitidas del mes (devoluciones recibidas: crédito fiscal)',
  };
  for (const kind of ['ventas', 'compras', 'notas'] as const satisfies readonly BookKind[]) {
    r.get(
      ROUTES.books[kind].path,
      {
        schema: {
          tags,
          summary: summaries[kind],
          description:
            kind === 'notas'
              ? 'format csv (UTF-8, coma, punto decimal) o xlsx (hoja «Notas credito-debito»). Se genera mientras se descarga.'
              : 'format csv (UTF-8, coma, punto decimal) o xlsx (hoja «Hoja1»). Se genera mientras se descarga: un mes grande no ocupa memoria.',
          querystring: BookDownloadQuery,
        },
      },
      async (req, reply) => {
        const { year, month, format } = req.query;
        const out = new PassThrough();
        reply.header('content-type', TYPES[format]);
        reply.header('content-disposition', `attachment; filename="${bookFileName(kind, format, year, month)}"`);
        deps.books.write(out, kind, format, req.tenant.id, year, month).catch((err: unknown) => {
          deps.logger?.error({ err }, 'book download failed');
          out.destroy(err as Error);
        });
        return reply.send(out);
      },
    );
  }
}
