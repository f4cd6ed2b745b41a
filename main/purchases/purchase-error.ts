// The purchase register's errors: a code the API maps to a status (api/domain-errors.ts), a
// Spanish message, the fields at fault and, when SIAT said no, SIAT's codes verbatim.
import type { FieldIssue } from './purchase-input';
import { DomainError } from '../errors/domain-error';

export type PurchaseErrorCode = 'INVALID' | 'XSD' | 'DUPLICATE' | 'NOT_FOUND' | 'NOT_DELETABLE' | 'IMPORT_FORMAT' | 'IMPORT_TOO_LARGE' | 'QR' | 'SIAT_REFUSED';

export class PurchaseError extends DomainError<PurchaseErrorCode> {
  readonly domain = 'purchase';
  override name = 'PurchaseError';
  constructor(
    code: PurchaseErrorCode,
    message: string,
    readonly fields: FieldIssue[] = [],
    readonly siat: { code: number | null; messages: { codigo: number; descripcion: string }[] } | null = null,
  ) {
    super(code, message, { ...(fields.length ? { fields } : {}), ...(siat ? { siat } : {}) });
  }
}

