// One table from the domains' error codes to HTTP statuses and API codes. The routes and the
// error handler both translate through it, so a code answers with the same status wherever it
// is thrown. SIAT's failures (siat-errors.ts) keep their own translation: they carry SIAT's
// messages and a note of what could not be done without SIAT.
import { BranchError, type BranchErrorCode } from '../store/branches';
import { TenantError } from '../store/tenants';
import { ProductConflictError } from '../store/products';
import { STORAGE_ERROR_CODE, storageFailureOf, type StorageFailure } from '../store/storage-failure';
import { PosError, type PosErrorCode } from '../points-of-sale/registration';
import { ThirdPartyError, type ThirdPartyErrorCode } from '../third-parties/register-third-party';
import { LinkThirdPartyError, type LinkErrorCode } from '../third-parties/link-third-party';
import { ContingencyError } from '../contingency/contingency-service';
import { WebhookError } from '../webhooks/endpoints-service';
import { IssueError } from '../invoicing/issue-error';
import { CertificateError } from '../invoicing/certificate';
import { DocumentCheckError } from '../invoicing/document-check';
import { MissingCertificateError } from '../invoicing/signer-provider';
import { CashError, type CashErrorCode } from '../cash/cash-service';
import { PurchaseError, type PurchaseErrorCode } from '../purchases/purchase-error';
import { DuplicatePurchaseError } from '../store/purchases';
import { NoPointOfSaleError } from '../purchases/siat-compras';
import { KeystoreUnavailableError } from '../config/secrets';
import { WorkBusyError } from '../workers/pool';
import { PeopleError } from '../till-users/till-people';
import { ApiError } from './errors';
import { siatApiError } from './siat-errors';

/** An HTTP status and the API's machine code for it. */
type Answer = readonly [status: number, code: string];

const NOT_FOUND: Answer = [404, 'NOT_FOUND'];
const CONFLICT: Answer = [409, 'CONFLICT'];
const INVALID: Answer = [422, 'VALIDATION_FAILED'];
const FORBIDDEN: Answer = [403, 'FORBIDDEN'];

/** Domain code → answer, per domain. A state that forbids the action is a 409. */
export const DOMAIN_ERROR_STATUS = {
  branch: {
    NOT_FOUND,
    CODES_EXHAUSTED: INVALID,
    MAIN_BRANCH: CONFLICT,
    OPEN_POINTS_OF_SALE: CONFLICT,
    UNSENT_INVOICES: CONFLICT,
    DUPLICATE_NAME: CONFLICT,
  } satisfies Record<BranchErrorCode, Answer>,
  pointOfSale: {
    BRANCH_NOT_FOUND: NOT_FOUND,
    NOT_FOUND,
    BRANCH_ITSELF: CONFLICT,
    ALREADY_CLOSED: CONFLICT,
    UNSETTLED: CONFLICT,
    CLOSING: CONFLICT,
    // Registered in SIAT but not saved here: the engine's fault, and the detail says what to do.
    NOT_STORED: [500, 'POS_NOT_STORED'],
  } satisfies Record<PosErrorCode, Answer>,
  thirdParty: {
    NOT_PROVIDER: FORBIDDEN,
    DUPLICATE_NIT: CONFLICT,
    DUPLICATE_USERNAME: CONFLICT,
    UNKNOWN_SECTOR: INVALID,
    UNSUPPORTED_SECTOR: INVALID,
  } satisfies Record<ThirdPartyErrorCode, Answer>,
  thirdPartyLink: {
    NOT_FOUND,
    NOT_PROVIDER: FORBIDDEN,
    SELF: INVALID,
    ALREADY_LINKED: CONFLICT,
    DUPLICATE_USERNAME: CONFLICT,
    INVALID_USERNAME: INVALID,
  } satisfies Record<LinkErrorCode, Answer>,
  tenant: {
    DUPLICATE_NIT: CONFLICT,
    INVALID_NIT: INVALID,
    INVALID_NAME: INVALID,
    NOT_FOUND,
  } satisfies Record<TenantError['code'], Answer>,
  /**
   * The disk refused a write (store/storage-failure.ts): the transaction rolled back, so nothing
   * was stored. A 503 — the engine is sound, its disk is not — with what the cashier can do.
   */
  storage: {
    FULL: [503, STORAGE_ERROR_CODE.FULL],
    READ_ONLY: [503, STORAGE_ERROR_CODE.READ_ONLY],
    IO: [503, STORAGE_ERROR_CODE.IO],
  } satisfies Record<StorageFailure, Answer>,
  /** Cash sessions (main/cash): a state that forbids the action is a 409 with its own code. */
  cash: {
    NOT_FOUND,
    POS_NOT_FOUND: NOT_FOUND,
    ALREADY_OPEN: [409, 'CASH_SESSION_OPEN'],
    NOT_OPEN: [409, 'CASH_SESSION_CLOSED'],
    ALREADY_REOPENED: [409, 'CASH_SESSION_REOPENED'],
    SESSION_REQUIRED: [409, 'CASH_SESSION_REQUIRED'],
    // One drawer, one person (decision 0069): the drawer's state forbids it, not the role.
    NOT_YOUR_SESSION: [409, 'CASH_SESSION_OF_ANOTHER'],
    REASON_REQUIRED: [422, 'REASON_REQUIRED'],
    INVALID,
  } satisfies Record<CashErrorCode, Answer>,
  purchase: {
    INVALID,
    XSD: [422, 'XSD_INVALID'],
    DUPLICATE: CONFLICT,
    NOT_FOUND,
    NOT_DELETABLE: CONFLICT,
    IMPORT_FORMAT: INVALID,
    IMPORT_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
    QR: INVALID,
    SIAT_REFUSED: [422, 'SIAT_REJECTED'],
  } satisfies Record<PurchaseErrorCode, Answer>,
  /**
   * The desktop has no OS keystore and may not write secrets in a plain file (decision 0040): the
   * engine is sound and keeps selling, this machine cannot keep the secret. Nothing was stored.
   */
  secrets: {
    KEYSTORE_UNAVAILABLE: [503, 'KEYSTORE_UNAVAILABLE'],
  },
  /** Domains that carry their status: the API code that goes with it. */
  byStatus: {
    404: NOT_FOUND,
    409: CONFLICT,
    422: INVALID,
    503: [503, 'SIAT_UNAVAILABLE'],
  } satisfies Record<ContingencyError['status'] | WebhookError['status'], Answer>,
} as const;

/**
 * Any write but a sale's (issuing says it of the sale itself, invoicing/issue-invoice.ts): what
 * happened, that the change was not saved, and what to do.
 */
const STORAGE_DETAIL: Record<StorageFailure, string> = {
  FULL: 'El disco del equipo está lleno: el cambio no se guardó. Libere espacio y vuelva a intentar.',
  READ_ONLY: 'La base de datos del equipo está en solo lectura: el cambio no se guardó. Revise el disco o los permisos de la carpeta de datos y vuelva a intentar.',
  IO: 'El disco del equipo no permite escribir (solo lectura o dañado): el cambio no se guardó. Revise el disco, reinicie Kipu y vuelva a intentar.',
};

const answer = ([status, code]: Answer, message: string, extra: ApiError['extra'] = {}) => new ApiError(status, code, message, extra);

/**
 * A domain error (or a SIAT failure) as the API error it answers with; null for anything else.
 * `needsSiat` says what cannot be done without SIAT, for a 503's detail (siat-errors.ts).
 */
export function domainApiError(err: unknown, needsSiat?: string): ApiError | null {
  if (err instanceof ApiError) return err;
  if (err instanceof BranchError) return answer(DOMAIN_ERROR_STATUS.branch[err.code], err.message);
  if (err instanceof PosError) return answer(DOMAIN_ERROR_STATUS.pointOfSale[err.code], err.message);
  if (err instanceof ThirdPartyError) {
    const sector = err.code === 'UNKNOWN_SECTOR' || err.code === 'UNSUPPORTED_SECTOR';
    return answer(DOMAIN_ERROR_STATUS.thirdParty[err.code], err.message, sector ? { fields: [{ field: 'docSector', rule: 'enum', message: err.message }] } : {});
  }
  if (err instanceof LinkThirdPartyError) return answer(DOMAIN_ERROR_STATUS.thirdPartyLink[err.code], err.message);
  if (err instanceof TenantError) return answer(DOMAIN_ERROR_STATUS.tenant[err.code], err.message);
  if (err instanceof ContingencyError) return answer(DOMAIN_ERROR_STATUS.byStatus[err.status], err.message);
  if (err instanceof WebhookError) {
    return answer(DOMAIN_ERROR_STATUS.byStatus[err.status], err.message, err.status !== 404 && err.field ? { fields: [{ field: err.field, rule: 'webhook', message: err.message }] } : {});
  }
  if (err instanceof CashError) {
    return answer(DOMAIN_ERROR_STATUS.cash[err.code], err.message, err.field ? { fields: [{ field: err.field, rule: 'cash', message: err.message }] } : {});
  }
  // The store's people (issue 27) carry their own status: 401 wrong PIN, 423 locked, 403 inactive …
  if (err instanceof PeopleError) return new ApiError(err.status, err.code, err.message, err.field ? { fields: [{ field: err.field, rule: 'till-user', message: err.message }] } : {});
  if (err instanceof ProductConflictError) return answer(CONFLICT, err.message, { fields: [{ field: err.field, rule: 'unique', message: err.message }] });
  // Issuing names its own codes (SIAT_REJECTED, NIT_INVALID …) with the status that goes with them.
  if (err instanceof IssueError) {
    return new ApiError(err.status, err.code, err.message, {
      ...(err.fields ? { fields: err.fields } : {}),
      ...(err.siat ? { siatCode: err.siat.code, siatMessages: err.siat.messages } : {}),
    });
  }
  if (err instanceof PurchaseError) {
    return answer(DOMAIN_ERROR_STATUS.purchase[err.code], err.message, {
      ...(err.fields.length ? { fields: err.fields } : {}),
      ...(err.siat ? { ...(err.siat.code !== null ? { siatCode: err.siat.code } : {}), siatMessages: err.siat.messages } : {}),
    });
  }
  if (err instanceof DuplicatePurchaseError) return answer(CONFLICT, err.message, { fields: [{ field: 'authorizationCode', rule: 'unique', message: err.message }] });
  if (err instanceof NoPointOfSaleError) return answer(CONFLICT, err.message);
  // A document SIAT would refuse (its XSD, our signature): nothing was stored (document-check.ts).
  if (err instanceof DocumentCheckError) {
    return new ApiError(422, err.kind === 'schema' ? 'XSD_INVALID' : 'SIGNATURE_INVALID', `${err.message.replace(/\.$/, '')}. No se emitió ni se guardó nada.`, {
      fields: err.problems.map((message) => ({ field: 'documento', rule: err.kind === 'schema' ? 'xsd' : 'firma', message })),
    });
  }
  if (err instanceof CertificateError) return new ApiError(422, `CERTIFICATE_${err.code}`, err.message);
  if (err instanceof MissingCertificateError) return new ApiError(422, 'CERTIFICATE_MISSING', err.message);
  if (err instanceof KeystoreUnavailableError) return answer(DOMAIN_ERROR_STATUS.secrets.KEYSTORE_UNAVAILABLE, err.message);
  // Too many documents waiting for the render workers: this tenant's share (429) or everyone's (503).
  if (err instanceof WorkBusyError) return new ApiError(err.status, err.status === 429 ? 'RATE_LIMITED' : 'BUSY', err.message);
  const storage = storageFailureOf(err);
  if (storage) return answer(DOMAIN_ERROR_STATUS.storage[storage], STORAGE_DETAIL[storage]);
  return siatApiError(err, needsSiat);
}

/** `err` translated when it is a domain error, else unchanged (to rethrow). */
export function asApiError(err: unknown, needsSiat?: string): unknown {
  return domainApiError(err, needsSiat) ?? err;
}
