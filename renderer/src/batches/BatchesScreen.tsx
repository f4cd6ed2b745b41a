// Lotes: the massive emission batches of this company (POST /api/v1/invoices/batch, sent by the
// school's or utility's own system), newest first with their progress; Enter opens one and shows
// each item. Keyboard: ↑/↓ choose, Enter opens, Esc back, RePág/AvPág change page.
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Batch, BatchSummary } from '../../../shared/api-types';
import { ErrorList } from '../components/ErrorList';
import { Pager } from '../components/Pager';
import { formatDateTime } from '../format/dates';
import { BATCH_REFRESH_MS, useBatches } from './batches-store';
import { SHOWN_COUNTS, batchProgress, batchStateLabel, itemStateLabel, problemText } from './batch-progress';

const COUNT_LABELS: Record<(typeof SHOWN_COUNTS)[number], string> = {
  VALIDATED: 'Validadas',
  REJECTED: 'Rechazadas por SIAT',
  REFUSED: 'Rechazadas por Kipu',
  QUEUED: 'En cola',
};

function Counts({ counts }: { counts: Record<string, number> }) {
  return (
    <span className="batch-counts">
      {SHOWN_COUNTS.map((s) => (
        <span key={s} className={`state-tag ${s}`} data-testid="batch-count" data-state={s} data-count={counts[s] ?? 0} title={COUNT_LABELS[s]}>
          {COUNT_LABELS[s]}: {counts[s] ?? 0}
        </span>
      ))}
    </span>
  );
}

function Progress({ batch }: { batch: Pick<BatchSummary, 'counts' | 'items'> }) {
  const p = batchProgress(batch.counts, batch.items);
  return (
    <div className="progress" data-testid="batch-progress" data-percent={p.percent}>
      <div style={{ width: `${p.percent}%` }} />
      <span>
        {p.settled} de {p.total} ({p.percent} %)
      </span>
    </div>
  );
}

function BatchDetail({ batch }: { batch: Batch }) {
  return (
    <div data-testid="batch-detail" data-batch-id={batch.batchId} data-state={batch.state}>
      <div className="page-head">
        <button className="ghost" data-testid="batch-back" onClick={() => useBatches.getState().close()}>
          ◀ Volver (Esc)
        </button>
        <h3>
          Lote del {formatDateTime(batch.createdAt)} · <span data-testid="batch-detail-state">{batchStateLabel(batch.state)}</span>
        </h3>
      </div>
      <Progress batch={batch} />
      <Counts counts={batch.counts} />
      {batch.lastError && (
        <div className="error-box" data-testid="batch-last-error">
          Último fallo (se reintenta solo): {batch.lastError}
        </div>
      )}
      <table data-testid="batch-items">
        <thead>
          <tr>
            <th>N° de elemento</th>
            <th>Estado</th>
            <th>Factura</th>
            <th>Problemas</th>
          </tr>
        </thead>
        <tbody>
          {batch.invoices.map((i) => (
            <tr key={i.index} data-testid="batch-item" data-index={i.index} data-state={i.state}>
              {/* items[] counts from 0 in the request; people count from 1. */}
              <td>{i.index + 1}</td>
              <td>
                <span className={`state-tag ${i.state}`}>{itemStateLabel(i.state)}</span>
              </td>
              <td data-testid="batch-item-number">{i.invoiceNumber ?? '—'}</td>
              <td data-testid="batch-item-problems">
                {i.problems.map((p, k) => (
                  <div key={k}>{problemText(p)}</div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BatchesScreen() {
  const { access, page, cursor, opened, errors } = useBatches(
    useShallow((s) => ({ access: s.access, page: s.page, cursor: s.cursor, opened: s.opened, errors: s.errors })),
  );
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void useBatches.getState().load(0);
    root.current?.focus();
    const timer = setInterval(() => void useBatches.getState().refresh(), BATCH_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const s = useBatches.getState();
    if (s.opened) {
      if (e.key === 'Escape' || e.key === 'Backspace') {
        e.preventDefault();
        s.close();
        root.current?.focus();
      }
      return;
    }
    const rows = s.page?.content ?? [];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      s.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && rows[s.cursor]) {
      e.preventDefault();
      void s.open(rows[s.cursor]!.batchId);
    } else if (e.key === 'PageDown' && s.page && !s.page.last) {
      e.preventDefault();
      void s.load(s.page.page + 1);
    } else if (e.key === 'PageUp' && s.page && !s.page.first) {
      e.preventDefault();
      void s.load(s.page.page - 1);
    }
  };

  return (
    <div className="page" data-testid="batches-screen" tabIndex={0} ref={root} onKeyDown={onKeyDown}>
      <div className="page-head">
        <h2>Lotes de emisión masiva</h2>
        {!opened && <span className="small">↑/↓ elegir · Enter abrir · RePág/AvPág página</span>}
      </div>
      <ErrorList errors={errors} testId="batches-errors" />
      {access === 'forbidden' && (
        <div className="error-box" data-testid="batches-forbidden">
          Esta caja no puede ver los lotes: ingrese como administrador o pida a un administrador que los revise.
        </div>
      )}
      {access === 'ready' && opened && <BatchDetail batch={opened} />}
      {access === 'ready' && !opened && page && (
        <>
          {page.content.length === 0 ? (
            <p data-testid="batches-empty">
              Aún no hay lotes. Los lotes (muchas facturas de una vez, p. ej. las pensiones del mes) los envía el sistema del colegio o de la empresa conectado a Kipu; pida a quien administra ese sistema que los envíe.
            </p>
          ) : (
            <table data-testid="batch-list">
              <thead>
                <tr>
                  <th>Fecha</th>
                  <th>Estado</th>
                  <th>Elementos</th>
                  <th>Avance</th>
                  <th>Por estado</th>
                  <th>Último fallo</th>
                </tr>
              </thead>
              <tbody>
                {page.content.map((b, i) => (
                  <tr
                    key={b.batchId}
                    data-testid="batch-row"
                    data-batch-id={b.batchId}
                    data-state={b.state}
                    aria-selected={i === cursor}
                    className={i === cursor ? 'selected' : undefined}
                    onClick={() => void useBatches.getState().open(b.batchId)}
                  >
                    <td>{formatDateTime(b.createdAt)}</td>
                    <td data-testid="batch-state">{batchStateLabel(b.state)}</td>
                    <td>{b.items}</td>
                    <td>
                      <Progress batch={b} />
                    </td>
                    <td>
                      <Counts counts={b.counts} />
                    </td>
                    <td>{b.lastError ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} onPage={(n) => void useBatches.getState().load(n)} testId="batches-pager" />
        </>
      )}
    </div>
  );
}
