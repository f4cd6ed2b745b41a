// Caja (Alt+8, issue 17): open with a float, cash in/out, the live X figures, close with the count
// by denomination and the card/QR totals, the Z report (PDF and printer), reopen as a new session.
// Keyboard-first like Venta: F2 ingreso, F3 retiro, F4 abrir cajón, F6 reporte (PDF), F7 imprimir
// reporte, F8 cerrar caja, Esc vuelve; Enter confirms every form.
import { useCallback, useEffect, useRef, useState } from 'react';
import { DENOMINATION_KEYS, type CashReport, type CashSessionView } from '../../../shared/api-types';
import { formatAmountEs } from '../../../shared/money';
import { ApiError, describeError } from '../api/errors';
import { ErrorList } from '../components/ErrorList';
import { formatDateTime } from '../format/dates';
import { parseAmount } from '../format/amount-input';
import { useSession } from '../session/session-store';
import { cashApi } from './cash-api';

type Mode = 'view' | 'IN' | 'OUT' | 'close' | 'reopen';

const bs = (n: number) => formatAmountEs(Math.round(n * 100));

/** "1.234,50" → 1234.5 for the API (bolivianos), or null. */
function amountOf(text: string): number | null {
  const c = parseAmount(text);
  return c === null ? null : c / 100;
}

export function CashScreen() {
  const posId = useSession((s) => s.posId);
  const [session, setSession] = useState<CashSessionView | null>(null);
  const [last, setLast] = useState<CashSessionView | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [mode, setMode] = useState<Mode>('view');
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [pdf, setPdf] = useState<{ url: string; size: number; magic: string; kind: string } | null>(null);
  /** The engine's sentence when this session is someone else's and closing it needs a reason (decision 0069). */
  const [reasonNeeded, setReasonNeeded] = useState<string | null>(null);
  useEffect(() => setReasonNeeded(null), [session?.id]);

  const load = useCallback(async () => {
    if (!posId) return;
    try {
      setSession(await cashApi.current(posId));
    } catch (err) {
      setErrors(describeError(err));
    }
    setLoaded(true);
  }, [posId]);
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (fn: () => Promise<void>) => {
    setErrors([]);
    setNotice(null);
    try {
      await fn();
    } catch (err) {
      setErrors(describeError(err));
    }
  };

  const shown = session ?? last;
  const showPdf = () =>
    run(async () => {
      if (!shown) return;
      const r = await cashApi.reportPdf(shown.id);
      setPdf({ ...r, kind: shown.state === 'OPEN' ? 'X' : 'Z' });
    });
  const print = () =>
    run(async () => {
      if (!shown) return;
      const r = await cashApi.printReport(shown.id);
      setNotice(r.detail);
    });
  const drawer = () =>
    run(async () => {
      if (!posId) return;
      const r = await cashApi.openDrawer(posId);
      setNotice(r.detail);
    });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Escape' && mode !== 'view') {
        e.preventDefault();
        setMode('view');
        return;
      }
      if (mode !== 'view') return;
      const open = session !== null;
      const action: Record<string, (() => void) | undefined> = {
        F2: open ? () => setMode('IN') : undefined,
        F3: open ? () => setMode('OUT') : undefined,
        F4: () => void drawer(),
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
  });

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
      <ErrorList errors={errors} />
      {notice && (
        <p className="notice" role="status" data-testid="cash-notice">
          {notice}
        </p>
      )}

      {loaded && !session && mode === 'view' && (
        <OpenForm
          onOpen={(float) =>
            run(async () => {
              setSession(await cashApi.open(posId, float));
              setLast(null);
              setPdf(null);
            })
          }
        />
      )}
      {!session && last?.state === 'CLOSED' && mode === 'view' && (
        <button onClick={() => setMode('reopen')} data-testid="cash-reopen-button">
          Reabrir la caja cerrada por error
        </button>
      )}
      {mode === 'reopen' && last && (
        <ReasonForm
          label="Motivo de la reapertura"
          testid="cash-reopen"
          onSubmit={(reason) =>
            run(async () => {
              setSession(await cashApi.reopen(last.id, reason));
              setLast(null);
              setMode('view');
            })
          }
        />
      )}

      {session && (mode === 'IN' || mode === 'OUT') && (
        <MovementForm
          kind={mode}
          onSubmit={(amount, reason) =>
            run(async () => {
              setSession(await cashApi.movement(session.id, mode, amount, reason));
              setMode('view');
              // The drawer opens for cash in and out; a printer that fails does not undo the movement.
              const d = await cashApi.openDrawer(posId).catch(() => null);
              setNotice(`${mode === 'IN' ? 'Ingreso' : 'Retiro'} registrado${d && !d.printed ? `. ${d.detail}` : ''}${d?.printed && d.virtual ? '. Cajón virtual (entrenamiento)' : ''}`);
            })
          }
        />
      )}
      {session && mode === 'close' && (
        <CloseForm
          reasonNeeded={reasonNeeded}
          onClose={(denominations, counted, reason) =>
            run(async () => {
              try {
                const closed = await cashApi.close(session.id, denominations, counted, reason);
                setLast(closed);
                setSession(null);
                setMode('view');
                setPdf(null);
                setReasonNeeded(null);
              } catch (err) {
                // Someone else's drawer: the form asks for the reason and keeps the count typed.
                if (err instanceof ApiError && err.code === 'REASON_REQUIRED') setReasonNeeded(err.detail.replace(/^reason: /, ''));
                else throw err;
              }
            })
          }
        />
      )}

      {shown && <ReportView report={shown.report} />}
      {shown && shown.movements.length > 0 && (
        <section className="panel">
          <h3>Movimientos</h3>
          <table className="grid" data-testid="cash-movements">
            <tbody>
              {shown.movements.map((m) => (
                <tr key={m.id}>
                  <td>{formatDateTime(m.createdAt)}</td>
                  <td>{m.kind === 'IN' ? 'Ingreso' : 'Retiro'}</td>
                  <td className="num">{bs(m.amount)}</td>
                  <td>{m.reason}</td>
                  <td>{m.usuario}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {pdf && (
        <p>
          <a href={pdf.url} download={`reporte-${pdf.kind}.pdf`} data-testid="cash-report-pdf" data-size={pdf.size} data-magic={pdf.magic}>
            Reporte {pdf.kind} en PDF ({Math.ceil(pdf.size / 1024)} KB)
          </a>
        </p>
      )}
      <p className="key-hints muted" data-testid="cash-key-hints">
        {session ? 'F2 ingreso · F3 retiro · F4 abrir cajón · F6 reporte X (PDF) · F7 imprimir reporte · F8 cerrar caja' : 'Enter abre la caja · F4 abrir cajón'}
        {!session && last ? ' · F6 reporte Z (PDF) · F7 imprimir' : ''}
      </p>
    </div>
  );
}

function OpenForm({ onOpen }: { onOpen: (float: number) => void }) {
  const [text, setText] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const value = amountOf(text);
  return (
    <form
      className="panel form-row"
      onSubmit={(e) => {
        e.preventDefault();
        if (value !== null) onOpen(value);
      }}
    >
      <label>
        Fondo de caja inicial (Bs)
        <input ref={ref} value={text} onChange={(e) => setText(e.target.value)} inputMode="decimal" data-testid="cash-float-input" aria-invalid={text !== '' && value === null} />
      </label>
      <button className="primary" type="submit" disabled={value === null} data-testid="cash-open-button">
        Abrir caja (Enter)
      </button>
    </form>
  );
}

function MovementForm({ kind, onSubmit }: { kind: 'IN' | 'OUT'; onSubmit: (amount: number, reason: string) => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const value = amountOf(amount);
  return (
    <form
      className="panel form-row"
      data-testid="cash-movement-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (value !== null && value > 0 && reason.trim() !== '') onSubmit(value, reason.trim());
      }}
    >
      <h3>{kind === 'IN' ? 'Ingreso de efectivo' : 'Retiro de efectivo'}</h3>
      <label>
        Monto (Bs)
        <input ref={ref} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" data-testid="cash-movement-amount" />
      </label>
      <label>
        Motivo
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} data-testid="cash-movement-reason" />
      </label>
      <button className="primary" type="submit" data-testid="cash-movement-submit">
        Registrar (Enter)
      </button>
      <span className="muted">Esc cancela</span>
    </form>
  );
}

function ReasonForm({ label, testid, onSubmit }: { label: string; testid: string; onSubmit: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <form
      className="panel form-row"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim().length >= 3) onSubmit(reason.trim());
      }}
    >
      <label>
        {label}
        <input ref={ref} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} data-testid={`${testid}-reason`} />
      </label>
      <button className="primary" type="submit" data-testid={`${testid}-submit`}>
        Confirmar (Enter)
      </button>
    </form>
  );
}

function CloseForm({
  reasonNeeded,
  onClose,
}: {
  reasonNeeded: string | null;
  onClose: (denominations: Record<string, number>, counted: { CARD: number; QR: number }, reason?: string) => void;
}) {
  const [pieces, setPieces] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const reasonRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (reasonNeeded) reasonRef.current?.focus();
  }, [reasonNeeded]);
  const [card, setCard] = useState('');
  const [qr, setQr] = useState('');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const counts: Record<string, number> = {};
  let valid = true;
  for (const k of DENOMINATION_KEYS) {
    const t = (pieces[k] ?? '').trim();
    if (t === '') continue;
    if (!/^\d{1,6}$/.test(t)) valid = false;
    else if (Number(t) > 0) counts[k] = Number(t);
  }
  const cash = Object.entries(counts).reduce((s, [k, n]) => s + Math.round(Number(k) * 100) * n, 0);
  const cardValue = card.trim() === '' ? 0 : amountOf(card);
  const qrValue = qr.trim() === '' ? 0 : amountOf(qr);
  if (cardValue === null || qrValue === null) valid = false;
  if (reasonNeeded && reason.trim().length < 3) valid = false;
  return (
    <form
      className="panel"
      data-testid="cash-close-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onClose(counts, { CARD: cardValue ?? 0, QR: qrValue ?? 0 }, reasonNeeded ? reason.trim() : undefined);
      }}
    >
      <h3>Cierre de caja: arqueo</h3>
      <div className="denominations">
        {DENOMINATION_KEYS.map((k, i) => (
          <label key={k}>
            Bs {k.replace('.', ',')}
            <input
              ref={i === 0 ? first : undefined}
              value={pieces[k] ?? ''}
              onChange={(e) => setPieces({ ...pieces, [k]: e.target.value })}
              inputMode="numeric"
              size={5}
              data-testid={`cash-denomination-${k}`}
            />
          </label>
        ))}
      </div>
      <p>
        Efectivo contado: <strong data-testid="cash-counted-total">Bs {formatAmountEs(cash)}</strong>
      </p>
      <label>
        Total tarjeta según el terminal (Bs)
        <input value={card} onChange={(e) => setCard(e.target.value)} inputMode="decimal" data-testid="cash-counted-card" />
      </label>
      <label>
        Total QR según el banco (Bs)
        <input value={qr} onChange={(e) => setQr(e.target.value)} inputMode="decimal" data-testid="cash-counted-qr" />
      </label>
      {reasonNeeded && (
        <div>
          <p className="error-text" data-testid="cash-close-reason-needed">
            {reasonNeeded.charAt(0).toUpperCase() + reasonNeeded.slice(1)}
          </p>
          <label>
            Motivo del cierre
            <input ref={reasonRef} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} size={50} data-testid="cash-close-reason" />
          </label>
        </div>
      )}
      <button className="primary" type="submit" disabled={!valid} data-testid="cash-close-submit">
        Cerrar caja (Enter)
      </button>
      <span className="muted">Esc cancela</span>
    </form>
  );
}

function ReportView({ report }: { report: CashReport }) {
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
        {inv.notesCancelled > 0 ? ` · notas anuladas ${inv.notesCancelled}` : ''} · en contingencia {inv.contingency}
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
