// Where a credit-debit note (SIAT sector 24) keeps its original invoice's facts and its own
// amounts in the stored sectorData (by these names, also the API's response names).
import { CREDIT_DEBIT_NOTE_SECTOR } from '../../shared/sectors';

export const NOTE = {
  SECTOR: CREDIT_DEBIT_NOTE_SECTOR,
  ORIGINAL_ID: 'originalInvoiceId',
  ORIGINAL_NUMBER: 'originalInvoiceNumber',
  ORIGINAL_CUF: 'originalCuf',
  ORIGINAL_DATE: 'originalEmissionDate',
  AMOUNT_ORIGINAL: 'amountTotalOriginal',
  AMOUNT_RETURNED: 'amountTotalReturn',
  /** The returned lines' share of the original's additional discount (montoDescuentoCreditoDebito). */
  AMOUNT_DISCOUNT: 'amountDiscountCreditDebit',
  AMOUNT_CASH: 'amountCashCreditDebit',
} as const;
