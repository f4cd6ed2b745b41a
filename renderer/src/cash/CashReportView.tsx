// The X or Z report of a cash session as the Caja screen shows it: the expected cash as a formula,
// each payment method's figures, the invoices, the sectors and the total difference.
import type { CashReport } from '../../../shared/api-types';
import { formatAmountEs } from '../../../shared/money';

export const bs = (n: number) => formatAmountEs(Math.round(n * 100));

export function ReportView({ report }: { report: CashReport }) {
  const cash = report.methods.find((m) => m.method === 'CASH');
  // The column shows only when an invoice of an earlier session was annulled during this one.
  const earlier = report.methods.some((m) => m.cancelledEarlier !== 0);
  const inv = report.invoices;
  return (
    <section className="panel" data-testid={`cash-report-${report.kind}`}>
      <h3>{report.kind === 'Z' ? 'Reporte Z (cierre)' : 'Reporte X (caja abierta)'}</h3>
      <p data-testid="cash-report-who">
        {report.cashier ? (
          <>
            Cajero/a: <strong data-testid="cash-report-cashier">{report.cashier}</strong>
          </>
        ) : (
          <>Abierta con {report.openedBy}</>
        )}
        {report.closedBy ? ` · cerró ${report.closedBy}` : ''}
        {report.closeReason ? ` · motivo: ${report.closeReason}` : ''}
      </p>
      {cash && (
        <p data-testid="cash-formula">
          Efectivo esperado = fondo Bs {bs(report.openingFloat)} + ventas en efectivo Bs {bs(cash.sales)} - devoluciones en efectivo Bs {bs(cash.refunds)}
          {cash.cancelledEarlier !== 0 ? ` - anuladas de sesiones anteriores Bs ${bs(cash.cancelledEarlier)}` : ''} + ingresos Bs {bs(report.cashIn)} - retiros Bs{' '}
          {bs(report.cashOut)} = <strong>Bs {bs(cash.expected)}</strong>
        </p>
      )}
      <p className="muted" data-testid="cash-invoices">
        Facturas vigentes {inv.issued} · anuladas {inv.cancelled} (Bs {bs(inv.cancelledTotal)}) · notas de crédito-débito {inv.notes} (Bs {bs(inv.notesTotal)})
        {inv.notesCancelled > 0 ? ` · notas anuladas ${inv.notesCancelled}` : ''} · emitidas fuera de línea {inv.contingency}
      </p>
      <table className="grid" data-testid="cash-methods">
        <thead>
          <tr>
            <th>Medio</th>
            <th className="num">Ventas</th>
            <th className="num">Devoluciones</th>
            {earlier && <th className="num" title="Facturas de sesiones anteriores anuladas en esta: su dinero sale de esta caja">Anuladas antes</th>}
            <th className="num">Esperado</th>
            <th className="num">Contado</th>
            <th className="num">Diferencia</th>
          </tr>
        </thead>
        <tbody>
          {report.methods.map((m) => (
            <tr key={m.method} data-testid={`cash-method-${m.method}`} className={m.apart ? 'muted' : undefined}>
              <td>{m.apart ? `${m.label} (aparte)` : m.label}</td>
              <td className="num">{bs(m.sales)}</td>
              <td className="num" data-testid={`cash-refunds-${m.method}`}>
                {bs(m.refunds)}
              </td>
              {earlier && <td className="num">{bs(m.cancelledEarlier)}</td>}
              <td className="num" data-testid={`cash-expected-${m.method}`}>
                {bs(m.expected)}
              </td>
              <td className="num">{m.counted === null ? '—' : bs(m.counted)}</td>
              <td className="num" data-testid={`cash-difference-${m.method}`}>
                {m.difference === null ? '—' : bs(m.difference)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.sectors.length > 0 && (
        <table className="grid compact" data-testid="cash-sectors">
          <thead>
            <tr>
              <th>Por sector (sin anuladas ni notas)</th>
              <th className="num">Facturas</th>
              <th className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {report.sectors.map((s) => (
              <tr key={s.sector}>
                <td>{s.label}</td>
                <td className="num">{s.count}</td>
                <td className="num">{bs(s.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.totalDifference !== null && (
        <p>
          Diferencia total: <strong data-testid="cash-total-difference">Bs {bs(report.totalDifference)}</strong>
        </p>
      )}
    </section>
  );
}
