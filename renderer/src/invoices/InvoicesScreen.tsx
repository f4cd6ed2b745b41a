// Facturas: search, detail with the PDF, reprint, cancel with a reason, resend e-mail, status.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { INVOICE_STATES, type InvoiceState } from '../../../shared/api-types';
import { DateInput } from '../components/DateInput';
import { ErrorOf } from '../components/ErrorList';
import { Pager } from '../components/Pager';
import { formatDateTime } from '../format/dates';
import { documentLabel, invoiceStateLabel, isNote } from '../format/labels';
import { useTillStatus } from '../connection/till-status-store';
import { InvoiceDetail, bs } from './InvoiceDetail';
import { INITIAL_INVOICE_LIST, useInvoiceList } from './invoices-store';

export function InvoicesScreen() {
  const { q, state, from, to, page, error, selectedId } = useInvoiceList(
    useShallow((s) => ({ q: s.q, state: s.state, from: s.from, to: s.to, page: s.page, error: s.error, selectedId: s.selectedId })),
  );
  const { setFilters, select, load } = useInvoiceList.getState();
  const liveStates = useTillStatus((s) => s.invoiceStates);

  // A visit starts afresh (the store outlives the screen): no filter, nothing selected.
  useEffect(() => () => useInvoiceList.setState(INITIAL_INVOICE_LIST), []);
  // The list follows the filters a quarter of a second after the last keystroke.
  useEffect(() => {
    const t = setTimeout(() => void useInvoiceList.getState().load(0), 250);
    return () => clearTimeout(t);
  }, [q, state, from, to]);

  const rows = page?.content ?? [];
  const selIndex = rows.findIndex((r) => r.id === selectedId);

  return (
    <div className="page split" data-testid="invoices-screen">
      <div className="split-left">
        <div className="filters">
          <input
            autoFocus
            className="grow"
            placeholder="N° de factura, cliente o CUF"
            data-testid="invoices-search"
            value={q}
            onChange={(e) => setFilters({ q: e.target.value })}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
              const next = e.key === 'ArrowDown' ? Math.min(rows.length - 1, selIndex + 1) : Math.max(0, selIndex - 1);
              e.preventDefault();
              const r = rows[next];
              if (r) select(r.id);
            }}
          />
          <select aria-label="Estado" data-testid="invoices-state" value={state} onChange={(e) => setFilters({ state: e.target.value as InvoiceState | '' })}>
            <option value="">Todos los estados</option>
            {INVOICE_STATES.map((s) => (
              <option key={s} value={s}>
                {invoiceStateLabel(s)}
              </option>
            ))}
          </select>
          <label className="inline">
            Desde <DateInput label="Desde" testId="invoices-from" value={from} onChange={(v) => v !== null && setFilters({ from: v })} />
          </label>
          <label className="inline">
            Hasta <DateInput label="Hasta" testId="invoices-to" value={to} onChange={(v) => v !== null && setFilters({ to: v })} />
          </label>
        </div>
        <ErrorOf error={error} />
        <table className="grid">
          <thead>
            <tr>
              <th className="num">N°</th>
              <th>Fecha</th>
              <th>Cliente</th>
              <th className="num">Total</th>
              <th>Estado</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const st = liveStates[r.id] ?? r.state;
              return (
                <tr
                  key={r.id}
                  className={r.id === selectedId ? 'selected clickable' : 'clickable'}
                  data-testid="invoice-row"
                  data-invoice-number={r.invoiceNumber}
                  data-sector={r.sector}
                  onClick={() => select(r.id)}
                >
                  <td className="num mono">{r.invoiceNumber}</td>
                  <td>
                    {formatDateTime(r.emissionDate)}
                    {r.usuario && (
                      <div className="small muted" data-testid="invoice-row-user">
                        {r.usuario}
                      </div>
                    )}
                  </td>
                  <td>
                    {isNote(r.sector) && (
                      <div className="small muted" data-testid="invoice-row-kind">
                        {documentLabel({ sector: r.sector, number: r.invoiceNumber, originalNumber: r.originalInvoiceNumber })}
                      </div>
                    )}
                    {r.clientBusinessName}
                  </td>
                  <td className="num">{bs(r.amountTotal)}</td>
                  <td>
                    <span className={`state-tag ${st}`} data-testid="invoice-row-state">
                      {invoiceStateLabel(st)}
                    </span>
                    {st === 'CANCELLED' && r.cancelledBy && (
                      <div className="small muted" data-testid="invoice-row-cancelled-by">
                        por {r.cancelledBy}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <Pager page={page} onPage={(p) => void load(p)} testId="invoices-pager" emptyText="No hay facturas con esos filtros." />
      </div>
      <div className="split-right">
        {selectedId ? (
          <InvoiceDetail key={selectedId} id={selectedId} />
        ) : (
          <p className="empty">Elija una factura de la lista (↑ ↓ desde el buscador).</p>
        )}
      </div>
    </div>
  );
}
