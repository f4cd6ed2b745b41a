// The purchase register's errors: a code the API maps to a status (api/domain-errors.ts), a
// Spanish message, the fields at fault and, when SIAT said no, SIAT's codes verbatim.
import type { FieldIssue } from './purchase-input';
import { DomainError } from '../errors/domain-error';
import type { Role } from '../../shared/till-roles';

export type PurchaseErrorCode = 'INVALID' | 'XSD' | 'DUPLICATE' | 'NOT_FOUND' | 'NOT_DELETABLE' | 'IMPORT_FORMAT' | 'IMPORT_TOO_LARGE' | 'QR' | 'SIAT_REFUSED' | 'APPROVAL_REQUIRED';

export class PurchaseError extends DomainError<PurchaseErrorCode> {
  readonly domain = 'purchase';
  override name = 'PurchaseError';
  constructor(
    code: PurchaseErrorCode,
    message: string,
    readonly fields: FieldIssue[] = [],
    readonly siat: { code: number | null; messages: { codigo: number; descripcion: string }[] } | null = null,
    neededRole?: Role,
  ) {
    super(code, message, { ...(fields.length ? { fields } : {}), ...(siat ? { siat } : {}), ...(neededRole ? { neededRole } : {}) });
  }
}

