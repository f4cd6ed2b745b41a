import { useShallow } from 'zustand/react/shallow';
import { formatBs } from '../../../shared/money';
import { ErrorList } from '../components/ErrorList';
import { cartTotals } from './cart';
import { useCart } from './cart-store';
import { useIssue } from './issue-store';
import { usePayment } from './payment-store';
import { useApproval } from '../session/approval-store';
import type { Role } from '../../../shared/till-roles';

export function TotalsPanel({ onIssue }: { onIssue: () => void }) {
  const { lines, additionalDiscount } = useCart(useShallow((s) => ({ lines: s.lines, additionalDiscount: s.additionalDiscount })));
  const giftCard = usePayment((s) => s.payment.giftCard);
  const { issuing, errors } = useIssue(useShallow((s) => ({ issuing: s.issuing, errors: s.errors })));
  // The approval dialog open and its PIN not sent yet (a discount over the limit): waiting, not issuing.
  const awaiting = useApproval((s) => (s.need !== null && !s.busy ? s.role : null));
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
      <IssueButton issuing={issuing} awaiting={awaiting} onIssue={onIssue} />
    </section>
  );
}

/**
 * F12 as the stores leave it (rendered without them by test/renderer/sale): while the request
 * waits in the approval dialog (`awaiting`: whose approval) it says so, «Emitiendo…» once sent.
 */
export function IssueButton({ issuing, awaiting, onIssue }: { issuing: boolean; awaiting: Role | null; onIssue: () => void }) {
  return (
    <button className="primary issue" data-testid="issue-button" disabled={issuing} onClick={onIssue}>
      {issuing ? (
        // Short: the big button holds about 25 characters at 1024 px; the dialog on top says the rest.
        awaiting ? `Esperando al ${awaiting}…` : 'Emitiendo…'
      ) : (
        <>
          <kbd>F12</kbd> Emitir e imprimir
        </>
      )}
    </button>
  );
}
