// Where a nota de conciliación (SIAT sector 29) keeps its original invoice's facts and its own
// amounts in the stored sectorData (by these names, also the API's response names). The
// original's facts have the credit-debit note's names (credit-debit-note-data.ts).
import { CONCILIATION_NOTE_SECTOR } from '../../shared/sectors';
import { NOTE } from './credit-debit-note-data';

export const CONCILIATION = {
  SECTOR: CONCILIATION_NOTE_SECTOR,
  ORIGINAL_ID: NOTE.ORIGINAL_ID,
  ORIGINAL_NUMBER: NOTE.ORIGINAL_NUMBER,
  ORIGINAL_CUF: NOTE.ORIGINAL_CUF,
  ORIGINAL_DATE: NOTE.ORIGINAL_DATE,
  AMOUNT_ORIGINAL: NOTE.AMOUNT_ORIGINAL,
  AMOUNT_CONCILIATED: 'amountTotalConciliated',
  IVA_CREDIT: 'ivaCreditAmount',
  IVA_DEBIT: 'ivaDebitAmount',
  /** On a conciliated line (sectorFields): the original line's amount, the final one, their difference. */
  LINE_ORIGINAL: 'amountOriginal',
  LINE_FINAL: 'amountFinal',
  LINE_CONCILIATED: 'amountConciliated',
} as const;
