// Caja (Alt+8, issue 17): open with a float, cash in/out, the live X figures, close with the count
// by denomination and the card/QR totals, the Z report (PDF and printer), reopen as a new session.
// Keyboard-first like Venta: F2 ingreso, F3 retiro, F4 abrir cajón, F6 reporte (PDF), F7 imprimir
// reporte, F8 cerrar caja, Esc vuelve; Enter confirms every form. Below, the past closes: a Z
// opened from there is read and reprinted (COPIA) with the same F6/F7 (issue 24).
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorList } from '../components/ErrorList';
import { formatDateTime } from '../format/dates';
import { useSession } from '../session/session-store';
import { notYourSession } from '../sale/cash-gate';
import { CloseForm, MovementForm, OpenForm, ReasonForm } from './cash-forms';
import { ReportView } from './CashReportView';
import { INITIAL_CASH_STATE, useCash } from './cash-store';
import { ClosedSessions, MovementsTable } from './ClosedSessions';

export function CashScreen() {
  const posId = useSession((s) => s.posId);
  const person = useSession((s) => s.person);
  const { session, last, loaded, mode, errors, notice, pdf, reasonNeeded, zPrinted, closed, past } = useCash(
    useShallow((s) => ({
      session: s.session,
      last: s.last,
      loaded: s.loaded,
      mode: s.mode,
      errors: s.errors,
      notice: s.notice,
      pdf: s.pdf,
      reasonNeeded: s.reasonNeeded,
      zPrinted: s.zPrinted,
      closed: s.closed,
      past: s.past,
    })),
  );
  const cash = useCash.getState();
  // A visit starts afresh (the store outlives the screen): nothing of the last visit's forms or words.
  useEffect(() => {
    void useCash.getState().enter(posId);
    return () => useCash.setState(INITIAL_CASH_STATE);
  }, [posId]);

  const viewingPast = mode === 'past' && past !== null;
  const shown = viewingPast ? past : (session ?? last);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const { mode, session, past, setMode, drawer, showPdf, print } = useCash.getState();
      if (e.key === 'Escape' && mode !== 'view') {
        e.preventDefault();
        setMode('view');
        return;
      }
      // A past Z on screen: F6 its PDF, F7 its copy; nothing else.
      const onPast = mode === 'past' && past !== null;
      if (mode !== 'view' && !onPast) return;
      const open = session !== null && !onPast;
      const shown = onPast ? past : (session ?? useCash.getState().last);
      const action: Record<string, (() => void) | undefined> = {
        F2: open ? () => setMode('IN') : undefined,
        F3: open ? () => setMode('OUT') : undefined,
        F4: onPast ? undefined : () => void drawer(),
        F6: shown ? () => void showPdf() : undefined,
        F7: shown ? () => void print() : undefined,
        F8: open ? () => setMode('close') : undefined,
      };
      const fn = action[e.key];
      if (fn) {
        e.preventDefault();
        fn();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const notYours = notYourSession(session, person);
  if (!posId) return null;
  return (
    <div className="page" data-testid="cash-screen">
      <div className="page-head">
        <h1>Caja</h1>
        {session && (
          <span className="muted" data-testid="cash-session-state">
            Sesión {session.number} abierta desde {formatDateTime(session.openedAt)} · {session.cashier ? `caja de ${session.cashier}` : `abierta con ${session.openedBy}`}
          </span>
        )}
        {!session && loaded && <span className="muted" data-testid="cash-session-state">Caja cerrada</span>}
      </div>
      {notYours && (
        <p className="warn-box" role="alert" data-testid="cash-not-yours">
          {notYours}
        </p>
      )}
      <ErrorList errors={errors} />
      {notice && (
        <p className="notice" role="status" data-testid="cash-notice">
          {notice}
        </p>
      )}

      {loaded && !session && mode === 'view' && <OpenForm forOthers={person !== null && person.role !== 'cajero'} onOpen={(float) => void cash.open(float)} />}
      {!session && last?.state === 'CLOSED' && mode === 'view' && (
        <div className="row">
          {zPrinted && (
            <button onClick={() => void cash.print()} data-testid="cash-print-z-copy">
              Imprimir una copia del reporte Z (F7)
            </button>
          )}
          <button onClick={() => cash.setMode('reopen')} data-testid="cash-reopen-button">
            Reabrir la caja cerrada por error
          </button>
        </div>
      )}
      {mode === 'reopen' && last && (
        <ReasonForm label="Motivo de la reapertura" testid="cash-reopen" onSubmit={(reason) => void cash.reopen(reason)} />
      )}

      {session && (mode === 'IN' || mode === 'OUT') && (
        <MovementForm kind={mode} onSubmit={(amount, reason) => void cash.movement(mode, amount, reason)} />
      )}
      {session && mode === 'close' && (
        <CloseForm reasonNeeded={reasonNeeded} onClose={(denominations, counted, reason) => void cash.close(denominations, counted, reason)} />
      )}

      {viewingPast && (
        <div className="row" data-testid="cash-past">
          <strong>
            Sesión {past.number} · {formatDateTime(past.openedAt)} a {formatDateTime(past.closedAt)}
          </strong>
          <button onClick={() => void cash.print()} data-testid="cash-past-print">
            {past.zPrinted ? 'Reimprimir Z (COPIA, F7)' : 'Imprimir Z (F7)'}
          </button>
          <button onClick={() => void cash.showPdf()}>Reporte Z en PDF (F6)</button>
          <button className="ghost" onClick={() => cash.setMode('view')}>
            Volver (Esc)
          </button>
        </div>
      )}
      {/* Above the report, in sight: F6 seemed to do nothing while its link showed under the movements. */}
      {pdf && (
        <p>
          <a href={pdf.url} download={`reporte-${pdf.kind}.pdf`} data-testid="cash-report-pdf" data-size={pdf.size} data-magic={pdf.magic}>
            Reporte {pdf.kind} en PDF ({Math.ceil(pdf.size / 1024)} KB)
          </a>
        </p>
      )}
      {shown && <ReportView report={shown.report} />}
      {shown && <MovementsTable movements={shown.movements} />}
      {mode === 'view' && <ClosedSessions page={closed} onPage={(p) => void cash.loadClosed(p)} onOpen={(id) => void cash.showPast(id)} />}
      <p className="key-hints muted" data-testid="cash-key-hints">
        {viewingPast
          ? `F6 reporte Z (PDF) · F7 ${past.zPrinted ? 'reimprimir (COPIA)' : 'imprimir'} · Esc vuelve`
          : session
            ? 'F2 ingreso · F3 retiro · F4 abrir cajón · F6 reporte X (PDF) · F7 imprimir reporte · F8 cerrar caja'
            : 'Enter abre la caja · F4 abrir cajón'}
        {!viewingPast && !session && last ? ` · F6 reporte Z (PDF) · F7 ${zPrinted ? 'imprimir copia' : 'imprimir'}` : ''}
      </p>
    </div>
  );
}
