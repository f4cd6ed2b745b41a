// The forms of the Caja screen: open with a float, a cash movement, a reason (reopen), and the
// close with the count by denomination. Each keeps what is typed until it is sent; Enter sends.
import { useEffect, useRef, useState } from 'react';
import { DENOMINATION_KEYS } from '../../../shared/api-types';
import { formatAmountEs } from '../../../shared/money';
import { parseAmount } from '../format/amount-input';

/** "1.234,50" → 1234.5 for the API (bolivianos), or null. */
function amountOf(text: string): number | null {
  const c = parseAmount(text);
  return c === null ? null : c / 100;
}

export function OpenForm({ onOpen, forOthers = false }: { onOpen: (float: number) => void; forOthers?: boolean }) {
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
      {forOthers && (
        // A supervisor opening the day's cash for a cashier made it theirs: the cashier could not sell in it (decision 0069).
        <p className="muted small" data-testid="cash-open-own">
          La caja queda a su nombre: un cajero no puede cobrar en ella. Cada cajero abre la suya al ingresar.
        </p>
      )}
    </form>
  );
}

export function MovementForm({ kind, onSubmit }: { kind: 'IN' | 'OUT'; onSubmit: (amount: number, reason: string) => void }) {
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

export function ReasonForm({ label, testid, onSubmit }: { label: string; testid: string; onSubmit: (reason: string) => void }) {
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

export function CloseForm({
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
