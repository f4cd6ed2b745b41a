// F6 pago: cash with change, card number, gift card; totals in cents.
import { forwardRef, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatBs } from '../../../shared/money';
import { parseAmount } from '../format/amount-input';
import { cartTotals } from './cart';
import { changeDue, paymentMethodCode, paymentMethodLabel } from './payment';
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
  const change = changeDue(payment, totals);
  const short = payment.kind === 'cash' && payment.received !== null && payment.received < totals.due;

  return (
    <section className="panel payment-panel" data-testid="payment-panel" aria-label="Pago">
      <h3>
        <kbd>F6</kbd> Pago <span className="muted small">— {paymentMethodLabel(paymentMethodCode(payment, totals))}</span>
      </h3>
      <div className="row segmented" role="radiogroup" aria-label="Medio de pago">
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
            onChange={() => update({ kind: 'card' })}
          />
          Tarjeta
        </label>
      </div>
      {payment.kind === 'cash' ? (
        <div className="row">
          <label className="field">
            <span>Recibido</span>
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
            <strong>{short ? 'Falta ' + formatBs(totals.due - (payment.received ?? 0)) : formatBs(change ?? 0)}</strong>
          </div>
        </div>
      ) : (
        <div className="row">
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
        </div>
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
