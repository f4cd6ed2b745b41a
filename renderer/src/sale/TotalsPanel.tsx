import { useShallow } from 'zustand/react/shallow';
import { formatBs } from '../../../shared/money';
import { ErrorList } from '../components/ErrorList';
import { cartTotals } from './cart';
import { useCart } from './cart-store';
import { useIssue } from './issue-store';
import { usePayment } from './payment-store';

export function TotalsPanel({ onIssue }: { onIssue: () => void }) {
  const { lines, additionalDiscount } = useCart(useShallow((s) => ({ lines: s.lines, additionalDiscount: s.additionalDiscount })));
  const giftCard = usePayment((s) => s.payment.giftCard);
  const { issuing, errors } = useIssue(useShallow((s) => ({ issuing: s.issuing, errors: s.errors })));
  const t = cartTotals(lines, additionalDiscount, giftCard);
  const discounts = t.lineDiscounts + t.additionalDiscount;

  return (
    <section className="panel totals-panel" aria-label="Totales">
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd data-testid="subtotal-amount">{formatBs(t.gross)}</dd>
        {discounts > 0 && (
          <>
            <dt>Descuentos</dt>
            <dd data-testid="discount-amount">{formatBs(-discounts)}</dd>
          </>
        )}
        {t.giftCard > 0 && (
          <>
            <dt>Tarjeta de regalo</dt>
            <dd data-testid="gift-card-applied">{formatBs(-t.giftCard)}</dd>
          </>
        )}
      </dl>
      <div className="grand-total">
        <span>{t.giftCard > 0 ? 'A pagar' : 'Total'}</span>
        <strong data-testid="total-amount" data-cents={t.due}>
          {formatBs(t.due)}
        </strong>
      </div>
      <ErrorList errors={errors} testId="issue-errors" />
      <button className="primary issue" data-testid="issue-button" disabled={issuing} onClick={onIssue}>
        {issuing ? (
          'Emitiendo…'
        ) : (
          <>
            <kbd>F12</kbd> Emitir e imprimir
          </>
        )}
      </button>
    </section>
  );
}
