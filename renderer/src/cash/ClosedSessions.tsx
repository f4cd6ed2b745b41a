// The point of sale's past closes on the Caja screen (issue 24): a manager finds an earlier Z
// here, newest first, with its figures as the Z stored them, opens it to read and reprint it.
import type { CashMovement, CashSessionListItem, Page } from '../../../shared/api-types';
import { Pager } from '../components/Pager';
import { formatDateTime } from '../format/dates';
import { bs } from './CashReportView';

const money = (n: number | null) => (n === null ? '—' : bs(n));

export function ClosedSessions({ page, onPage, onOpen }: { page: Page<CashSessionListItem> | null; onPage: (p: number) => void; onOpen: (id: string) => void }) {
  if (!page) return null;
  return (
    <section className="panel" data-testid="cash-closed">
      <h3>Cierres anteriores (reportes Z)</h3>
      {page.content.length > 0 && (
        <table className="grid compact" data-testid="cash-closed-list">
          <thead>
            <tr>
              <th>Sesión</th>
              <th>Apertura</th>
              <th>Cierre</th>
              <th>Cajero/a</th>
              <th className="num">Facturas</th>
              <th className="num">Ventas</th>
              <th className="num">Efectivo esperado</th>
              <th className="num">Contado</th>
              <th className="num">Diferencia</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {page.content.map((s) => (
              <tr key={s.id} data-testid={`cash-closed-${s.number}`}>
                <td>{s.number}</td>
                <td>{formatDateTime(s.openedAt)}</td>
                <td>{formatDateTime(s.closedAt)}</td>
                <td>{s.cashier ?? s.openedBy}</td>
                <td className="num">{s.invoices ?? '—'}</td>
                <td className="num">{money(s.sales)}</td>
                <td className="num">{money(s.cashExpected)}</td>
                <td className="num">{money(s.cashCounted)}</td>
                <td className="num" data-testid={`cash-closed-${s.number}-difference`}>
                  {money(s.totalDifference)}
                </td>
                <td>
                  <button className="link" onClick={() => onOpen(s.id)} data-testid={`cash-closed-${s.number}-open`}>
                    Ver Z
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} onPage={onPage} testId="cash-closed-pager" emptyText="Todavía no se cerró ninguna caja en este punto de venta." />
    </section>
  );
}

/** A session's cash in and out: when, what, how much, why, who, and the supervisor who approved it. */
export function MovementsTable({ movements }: { movements: CashMovement[] }) {
  if (movements.length === 0) return null;
  return (
    <section className="panel">
      <h3>Movimientos de efectivo</h3>
      <table className="grid" data-testid="cash-movements">
        <thead>
          <tr>
            <th>Fecha y hora</th>
            <th>Tipo</th>
            <th className="num">Monto</th>
            <th>Motivo</th>
            <th>Hecho por</th>
            <th>Autorizó</th>
          </tr>
        </thead>
        <tbody>
          {movements.map((m) => (
            <tr key={m.id}>
              <td>{formatDateTime(m.createdAt)}</td>
              <td>{m.kind === 'IN' ? 'Ingreso' : 'Retiro'}</td>
              <td className="num">{bs(m.amount)}</td>
              <td>{m.reason}</td>
              <td>{m.usuario}</td>
              <td data-testid="cash-movement-approver">{m.approver ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
