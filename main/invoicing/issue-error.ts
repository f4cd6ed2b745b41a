// The error of the invoicing use cases (issue, cancel, status): a code the API sends as is (its
// HTTP status is the API edge's, main/api/domain-errors.ts), a message a person can act on
// (STYLE rule 5), the fields at fault and SIAT's own code and messages when SIAT refused.
import type { SiatMessageRecord } from '../siat/messages';
import type { FieldProblem } from '../../shared/api-envelope';
import type { STORAGE_ERROR_CODE } from '../store/storage-failure';
import { DomainError } from '../errors/domain-error';

export type IssueErrorCode =
  /** The request names something that does not exist (an invoice type). */
  | 'BAD_REQUEST'
  /** A type Kipu has no document layout for. */
  | 'NOT_SUPPORTED'
  | 'VALIDATION_FAILED'
  /** SIAT says the buyer's NIT is not valid. */
  | 'NIT_INVALID'
  /** SIAT does not answer and the document cannot wait (a note, no CUFD). */
  | 'SIAT_UNAVAILABLE'
  /** The contingency went past the 72 hours SIAT extends a CUFD. */
  | 'CONTINGENCY_LIMIT'
  | 'IDEMPOTENCY_CONFLICT'
  | 'SIAT_REJECTED'
  | 'NOT_CANCELLABLE'
  | 'NOT_REVERSIBLE'
  | 'ALREADY_REVERTED'
  | 'CANCELLATION_TERM_OVER'
  | 'REVERSAL_TERM_OVER'
  | 'CAFC_TERM_OVER'
  /** The disk refused the sale's write: nothing was stored. */
  | (typeof STORAGE_ERROR_CODE)[keyof typeof STORAGE_ERROR_CODE];

export class IssueError extends DomainError<IssueErrorCode> {
  readonly domain = 'issue';
  override name = 'IssueError';
  constructor(
    code: IssueErrorCode,
    message: string,
    readonly fields?: FieldProblem[],
    readonly siat?: { code: number; messages: SiatMessageRecord[] },
  ) {
    super(code, message, { ...(fields ? { fields } : {}), ...(siat ? { siat } : {}) });
  }
}
