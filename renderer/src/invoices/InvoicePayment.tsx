// How an invoice was paid, in the detail of Facturas: SIAT's own name of its codigoMetodoPago
// from the synced 'payment-methods' catalog (a combined code such as 10 reads "EFECTIVO-TARJETA",
// never "Método 10") and, for a split sale, the parts stored with the invoice.
import type { CatalogEntry, Invoice } from '../../../shared/api-types';
import { formatBs, toHundredths } from '../../../shared/money';
import { cardSuffix, paymentMethodName, paymentSplitText } from '../../../shared/payment-methods';
import { isNote } from '../format/labels';

export interface InvoicePaymentSummary {
  /** SIAT's description of the code. */
  name: string;
  /** "Efectivo Bs 50,00 + Tarjeta Bs 30,00 (…1234)"; null for a single method. */
  parts: string | null;
}

/** Null on a credit-debit note: it carries no payment method of its own (it copies the original's). */
export function invoicePaymentSummary(
  inv: Pick<Invoice, 'paymentMethodCode' | 'cardNumber' | 'payments' | 'sector'>,
  catalog: readonly CatalogEntry[] | undefined,
): InvoicePaymentSummary | null {
  if (isNote(inv.sector)) return null;
  const parts = (inv.payments ?? []).filter((p) => p.amount > 0);
  return {
    // A card alone is named by its last four digits, as a split's card part.
    name: paymentMethodName(inv.paymentMethodCode, catalog) + (parts.length <= 1 ? cardSuffix(inv.cardNumber) : ''),
    parts: parts.length > 1 ? paymentSplitText(parts, inv.cardNumber, (bs) => formatBs(toHundredths(bs) ?? Math.round(bs * 100))) : null,
  };
}

export function InvoicePaymentView({ summary, code }: { summary: InvoicePaymentSummary | null; code: number }) {
  if (!summary) return null;
  return (
    <span data-testid="invoice-detail-payment" data-code={code} title={`codigoMetodoPago ${code}`}>
      {summary.name}
      {summary.parts && (
        <>
          {' '}
          (<span data-testid="invoice-detail-payment-parts">{summary.parts}</span>)
        </>
      )}
    </span>
  );
}
