// F6 pago: cash with change, card number, gift card, and the split of one sale over cash, card
// and QR (Tab from "Recibido" reaches "+ Tarjeta", its card number and "+ QR"); totals in cents.
import { forwardRef, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatBs } from '../../../shared/money';
import { parseAmount } from '../format/amount-input';
import { cartTotals } from './cart';
import { changeDue, isSplit, paymentLabel, splitOf } from './payment';
import { useCart } from './cart-store';
import { usePayment } from './payment-store';

export interface PaymentPanelHandle {
  focus(): void;
}

/** An amount field that keeps the cashier's text and reports cents (null when empty). */
function AmountInput(props: {
  value: number | null;
  onChange: (cents: number | null) => void;
  testId: string;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (props.value === null || props.value === 0 ? '' : (props.value / 100).toFixed(2).replace('.', ','));
  const invalid = text !== null && text.trim() !== '' && parseAmount(text) === null;
  return (
    <input
      ref={props.inputRef}
      aria-label={props.label}
      placeholder={props.placeholder}
      inputMode="decimal"
      className={`amount ${invalid ? 'invalid' : ''}`}
      data-testid={props.testId}
      value={shown}
      onChange={(e) => {
        setText(e.target.value);
        props.onChange(e.target.value.trim() === '' ? null : parseAmount(e.target.value));
      }}
      onBlur={() => setText(null)}
    />
  );
}

export const PaymentPanel = forwardRef<PaymentPanelHandle>(function PaymentPanel(_p, ref) {
  const payment = usePayment((s) => s.payment);
  const update = usePayment((s) => s.update);
  const { lines, additionalDiscount } = useCart(useShallow((s) => ({ lines: s.lines, additionalDiscount: s.additionalDiscount })));
  const totals = cartTotals(lines, additionalDiscount, payment.giftCard);
  const receivedRef = useRef<HTMLInputElement>(null);
  const cardRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({
    focus: () => (payment.kind === 'card' ? cardRef.current : receivedRef.current)?.focus(),
  }));
  const split = isSplit(payment);
  const parts = splitOf(payment, totals);
  const change = changeDue(payment, totals);
  const cashDue = split ? Math.max(0, parts.cash) : totals.due;
  const short = payment.kind === 'cash' && payment.received !== null && payment.received < cashDue;
  // The card number is asked whenever a part is paid by card.
  const askCard = payment.kind === 'card' || payment.cardPart > 0;

  const cardNumber = askCard && (
    <label className="field grow">
      <span>N° de tarjeta</span>
      <input
        ref={cardRef}
        aria-label="Número de tarjeta"
        className="mono"
        placeholder="completo o 4 primeros + 4 últimos"
        data-testid="card-number"
        inputMode="numeric"
        autoComplete="off"
        value={payment.cardNumber}
        onChange={(e) => update({ cardNumber: e.target.value.replace(/[^\d ]/g, '') })}
      />
    </label>
  );

  return (
    <section className="panel payment-panel" data-testid="payment-panel" aria-label="Pago">
      <h3>
        <kbd>F6</kbd> Pago <span className="muted small" data-testid="payment-label">— {paymentLabel(payment, totals)}</span>
      </h3>
      <div className="row segmented" role="radiogroup" aria-label="Medio de pago (paga el resto)">
        <label className={payment.kind === 'cash' ? 'on' : ''}>
          <input
            type="radio"
            name="pay-kind"
            data-testid="payment-cash"
            checked={payment.kind === 'cash'}
            onChange={() => update({ kind: 'cash' })}
          />
          Efectivo
        </label>
        <label className={payment.kind === 'card' ? 'on' : ''}>
          <input
            type="radio"
            name="pay-kind"
            data-testid="payment-card"
            checked={payment.kind === 'card'}
            // Card pays the rest: a card part of a cash sale has no meaning any more.
            onChange={() => update({ kind: 'card', cardPart: 0 })}
          />
          Tarjeta
        </label>
      </div>
      {payment.kind === 'cash' ? (
        <div className="row">
          <label className="field">
            <span>{split ? 'Recibido (efectivo)' : 'Recibido'}</span>
            <AmountInput
              inputRef={receivedRef}
              label="Efectivo recibido"
              placeholder="exacto"
              testId="cash-received"
              value={payment.received}
              onChange={(v) => update({ received: v })}
            />
          </label>
          <div className={`change ${short ? 'short' : ''}`} data-testid="change-amount">
            <span>Cambio</span>
            <strong>{short ? 'Falta ' + formatBs(cashDue - (payment.received ?? 0)) : formatBs(change ?? 0)}</strong>
          </div>
        </div>
      ) : (
        <div className="row">{cardNumber}</div>
      )}
      <div className="row split-row" aria-label="Pago mixto">
        {payment.kind === 'cash' && (
          <label className="field">
            <span>+ Tarjeta</span>
            <AmountInput label="Parte con tarjeta" placeholder="pago mixto" testId="split-card-amount" value={payment.cardPart} onChange={(v) => update({ cardPart: v ?? 0 })} />
          </label>
        )}
        {payment.kind === 'cash' && cardNumber}
        <label className="field">
          <span>+ QR</span>
          <AmountInput label="Parte con QR" placeholder="pago mixto" testId="split-qr-amount" value={payment.qrPart} onChange={(v) => update({ qrPart: v ?? 0 })} />
        </label>
      </div>
      {split && (
        <p className="small split-summary" data-testid="payment-split" data-cash={parts.cash} data-card={parts.card} data-qr={parts.qr}>
          {[
            parts.cash > 0 ? `Efectivo ${formatBs(parts.cash)}` : null,
            parts.card > 0 ? `Tarjeta ${formatBs(parts.card)}` : null,
            parts.qr > 0 ? `QR ${formatBs(parts.qr)}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      <div className="row">
        <label className="field">
          <span>Gift card</span>
          <AmountInput label="Monto gift card" testId="gift-card-amount" value={payment.giftCard} onChange={(v) => update({ giftCard: v ?? 0 })} />
        </label>
        <label className="field">
          <span>Desc. adicional</span>
          <AmountInput
            label="Descuento adicional"
            testId="additional-discount"
            value={additionalDiscount}
            onChange={(v) => useCart.getState().setAdditionalDiscount(v ?? 0)}
          />
        </label>
      </div>
    </section>
  );
});
