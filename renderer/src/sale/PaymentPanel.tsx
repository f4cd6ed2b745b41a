// F6 pago: cash with change, card number, gift card, and the split of one sale over several
// methods: a "+ <método>" field for each method SIAT's synced catalog has a combined code for
// beside the main one (Tab from "Recibido" reaches "+ Tarjeta", its card number, "+ QR" …);
// totals in cents.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PAYMENT_KIND_LABEL } from '../../../shared/api-types';
import { formatBs } from '../../../shared/money';
import { parseAmount } from '../format/amount-input';
import { parseDiscount } from './discount-input';
import { useCatalogs } from '../sync/catalogs-store';
import { cartTotals } from './cart';
import { changeDue, isSplit, offeredParts, paymentLabel, SPLIT_KINDS, splitOf, type Payment, type PaymentSplit, type SplitKind } from './payment';
import { useCart } from './cart-store';
import { usePayment } from './payment-store';
import { saleAcceptsGiftCard } from './sector-form';
import { saleInvoiceType, useSession } from '../session/session-store';

/** «Recibido»'s label: its unreadable text is told under that name (payment.unreadable). */
const RECEIVED_LABEL = 'Efectivo recibido';

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
  /** How the text becomes cents (default: an amount); the additional discount takes "10%" too. */
  parse?: (text: string) => number | null;
}) {
  const parse = props.parse ?? parseAmount;
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (props.value === null || props.value === 0 ? '' : (props.value / 100).toFixed(2).replace('.', ','));
  const unreadable = (t: string | null): t is string => t !== null && t.trim() !== '' && parse(t) === null;
  const invalid = unreadable(text);
  // Told to the payment (F12 refuses it) and kept on screen until corrected or the sale is over.
  const flagged = usePayment((s) => s.payment.unreadable?.[props.label] !== undefined);
  useEffect(() => {
    if (invalid && !flagged) setText(null); // the sale was issued, cancelled, held or recalled
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flagged]);
  // A field that goes away (a split part no longer offered) takes its unreadable text with it:
  // F12 must never refuse over a field the cashier cannot see.
  useEffect(() => () => usePayment.getState().setUnreadable(props.label, null), [props.label]);
  return (
    <input
      ref={props.inputRef}
      aria-label={props.label}
      placeholder={props.placeholder}
      inputMode="decimal"
      className={`amount ${invalid ? 'invalid' : ''}`}
      aria-invalid={invalid}
      data-testid={props.testId}
      value={shown}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        usePayment.getState().setUnreadable(props.label, unreadable(t) ? t : null);
        props.onChange(t.trim() === '' ? null : parse(t));
      }}
      // What is there is selected: a new amount typed replaces it («20» then «100» is not «20100»).
      onFocus={(e) => e.currentTarget.select()}
      onBlur={() => {
        if (!invalid) setText(null);
      }}
    />
  );
}

/**
 * The split's "+ <método>" fields — what the catalog combines with the main method, and any part
 * already typed (never hidden under the cashier) — and the summary of who pays what.
 */
export function SplitParts(props: {
  payment: Payment;
  parts: PaymentSplit;
  offered: readonly SplitKind[];
  catalogLoaded: boolean;
  cardNumber: ReactNode;
  onPart: (k: SplitKind, cents: number | null) => void;
}) {
  const { payment, parts, offered } = props;
  const split = isSplit(payment);
  const fields = SPLIT_KINDS.filter((k) => offered.includes(k) || (split && parts[k] > 0 && !(k === 'CARD' && payment.kind === 'card')));
  return (
    <>
      <div className="row split-row" aria-label="Pago mixto" data-testid="split-row" data-offered={offered.join(' ')}>
        {fields.map((k) => (
          <span key={k} className="split-part">
            <label className="field">
              <span>+ {PAYMENT_KIND_LABEL[k]}</span>
              <AmountInput
                label={`Parte con ${k === 'QR' ? 'QR' : PAYMENT_KIND_LABEL[k].toLowerCase()}`}
                placeholder="pago mixto"
                testId={`split-${k.toLowerCase()}-amount`}
                value={payment.parts[k] ?? 0}
                onChange={(v) => props.onPart(k, v)}
              />
            </label>
            {k === 'CARD' && payment.kind === 'cash' && props.cardNumber}
          </span>
        ))}
        {fields.length === 0 && (
          <p className="muted small" data-testid="split-unavailable">
            {props.catalogLoaded ? 'Pago mixto: el catálogo de SIAT no combina este medio con otros.' : 'Pago mixto: sincronice el catálogo de métodos de pago.'}
          </p>
        )}
      </div>
      {split && (
        <p className="small split-summary" data-testid="payment-split" {...Object.fromEntries(Object.entries(parts).map(([k, v]) => [`data-${k.toLowerCase()}`, v]))}>
          {(Object.entries(parts) as [keyof PaymentSplit, number][])
            .filter(([, v]) => v > 0)
            .map(([k, v]) => `${PAYMENT_KIND_LABEL[k]} ${formatBs(v)}`)
            .join(' · ')}
        </p>
      )}
    </>
  );
}

export const PaymentPanel = forwardRef<PaymentPanelHandle>(function PaymentPanel(_p, ref) {
  const payment = usePayment((s) => s.payment);
  const update = usePayment((s) => s.update);
  const { lines, additionalDiscount } = useCart(useShallow((s) => ({ lines: s.lines, additionalDiscount: s.additionalDiscount })));
  const totals = cartTotals(lines, additionalDiscount, payment.giftCard);
  const catalog = useCatalogs((s) => s.entries['payment-methods']);
  const giftCardOffered = useSession((s) => saleAcceptsGiftCard(saleInvoiceType(s.pointsOfSale.find((p) => p.id === s.posId), s.config)));
  useEffect(() => {
    void useCatalogs.getState().load('payment-methods');
  }, []);
  const receivedRef = useRef<HTMLInputElement>(null);
  const cardRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({
    focus: () => {
      const el = payment.kind === 'card' ? cardRef.current : receivedRef.current;
      el?.focus();
      el?.select(); // F6 again in the field: what is there is replaced by what is typed
    },
  }));
  const split = isSplit(payment);
  const parts = splitOf(payment, totals);
  const change = changeDue(payment, totals);
  const cashDue = split ? Math.max(0, parts.CASH) : totals.due;
  const short = payment.kind === 'cash' && payment.received !== null && payment.received < cashDue;
  const receivedUnreadable = payment.unreadable?.[RECEIVED_LABEL] !== undefined;
  // The card number is asked whenever a part is paid by card.
  const askCard = payment.kind === 'card' || parts.CARD > 0;
  // What the catalog combines with the main method, and any part already typed (never hidden).
  const offered = offeredParts(payment.kind, catalog);
  const setPart = (k: SplitKind, v: number | null) => update({ parts: { ...payment.parts, [k]: v ?? 0 } });

  const cardNumber = askCard && (
    <label className="field grow">
      <span>N° de tarjeta</span>
      <input
        ref={cardRef}
        aria-label="Número de tarjeta"
        className="mono"
        placeholder="4 primeros + 4 últimos"
        title="El número completo, o los 4 primeros y los 4 últimos dígitos"
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
            onChange={() => update({ kind: 'card', parts: { ...payment.parts, CARD: 0 } })}
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
              label={RECEIVED_LABEL}
              placeholder="exacto"
              testId="cash-received"
              value={payment.received}
              onChange={(v) => update({ received: v })}
            />
          </label>
          <div className={`change ${short ? 'short' : ''}`} data-testid="change-amount">
            <span>Cambio</span>
            {/* An unreadable «Recibido» has no change yet (a walk saw a green «Bs 0,00» beside the red field). */}
            <strong>{receivedUnreadable ? '—' : short ? 'Falta ' + formatBs(cashDue - (payment.received ?? 0)) : formatBs(change ?? 0)}</strong>
          </div>
        </div>
      ) : (
        <div className="row">{cardNumber}</div>
      )}
      <SplitParts payment={payment} parts={parts} offered={offered} catalogLoaded={!!catalog && catalog.length > 0} cardNumber={cardNumber} onPart={setPart} />
      <div className="row">
        {giftCardOffered && (
          <label className="field">
            {/* es-BO first; the SIN's own word after it, as its invoice prints it («MONTO GIFT CARD»). */}
            <span>Tarjeta de regalo (gift card)</span>
            <AmountInput label="Monto de la tarjeta de regalo (gift card)" testId="gift-card-amount" value={payment.giftCard} onChange={(v) => update({ giftCard: v ?? 0 })} />
          </label>
        )}
        <label className="field">
          <span>Desc. adicional</span>
          <AmountInput
            label="Descuento adicional"
            testId="additional-discount"
            placeholder="Bs o %"
            parse={(t) => {
              const d = parseDiscount(t, totals.subtotal);
              return d.ok ? d.amount : null;
            }}
            value={additionalDiscount}
            onChange={(v) => useCart.getState().setAdditionalDiscount(v ?? 0)}
          />
        </label>
      </div>
    </section>
  );
});
