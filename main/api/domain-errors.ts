// The one table from the domains' error codes to HTTP statuses and API codes (issue 30, point 5;
// decision 0090). Every domain failure is a DomainError (main/errors/domain-error.ts): a domain
// names what went wrong, never an HTTP status; this edge says how the API answers it, so a code
// answers with the same status wherever it is thrown, and a new code does not compile until it
// has its row here. SIAT's failures (siat-errors.ts) keep their own translation: they carry
// SIAT's messages and a note of what could not be done without SIAT. A disk that refused a write
// (store/storage-failure.ts) is SQLite's error, read here too.
import { DomainError } from '../errors/domain-error';
import type { BranchError } from '../store/branches';
import type { TenantError } from '../store/tenants';
import type { ProductConflictError } from '../store/products';
import { STORAGE_ERROR_CODE, storageFailureOf, type StorageFailure } from '../store/storage-failure';
import type { PosError } from '../points-of-sale/registration';
import type { ThirdPartyError } from '../third-parties/register-third-party';
import type { LinkThirdPartyError } from '../third-parties/link-third-party';
import type { ContingencyError } from '../contingency/contingency-service';
import type { WebhookError } from '../webhooks/endpoints-service';
import type { IssueError } from '../invoicing/issue-error';
import type { CertificateError } from '../invoicing/certificate';
import type { DocumentCheckError } from '../invoicing/document-check';
import type { MissingCertificateError } from '../invoicing/signer-provider';
import type { CashError } from '../cash/cash-service';
import type { PurchaseError } from '../purchases/purchase-error';
import type { DuplicatePurchaseError } from '../store/purchases';
import type { NoPointOfSaleError } from '../purchases/siat-compras';
import type { KeystoreUnavailableError } from '../config/secrets';
import type { WorkBusyError } from '../workers/pool';
import type { PeopleError } from '../till-users/till-people';
import type { LogoError } from '../storage/brand-logo';
import { ApiError } from './errors';
import { siatApiError } from './siat-errors';

/** An HTTP status and the API's machine code for it. */
type Answer = readonly [status: number, code: string];

const NOT_FOUND: Answer = [404, 'NOT_FOUND'];
const CONFLICT: Answer = [409, 'CONFLICT'];
const INVALID: Answer = [422, 'VALIDATION_FAILED'];
const FORBIDDEN: Answer = [403, 'FORBIDDEN'];
const SIAT_UNAVAILABLE: Answer = [503, 'SIAT_UNAVAILABLE'];
/** Said as is: the domain's code is the API's. */
const same = <C extends string>(status: number, code: C): readonly [number, C] => [status, code];

/** Every domain error the API translates; a class missing here has no row below and does not compile. */
type Translated =
  | BranchError
  | PosError
  | ThirdPartyError
  | LinkThirdPartyError
  | TenantError
  | ProductConflictError
  | CashError
  | PurchaseError
  | DuplicatePurchaseError
  | NoPointOfSaleError
  | IssueError
  | ContingencyError
  | WebhookError
  | PeopleError
  | DocumentCheckError
  | CertificateError
  | MissingCertificateError
  | KeystoreUnavailableError
  | WorkBusyError
  | LogoError;

/** One row per domain, one entry per code: the table's shape, checked by the compiler. */
type Table = { [E in Translated as E['domain']]: Record<E['code'], Answer> };

/** Domain → code → answer. A state that forbids the action is a 409. */
export const DOMAIN_ERROR_STATUS = {
  branch: {
    NOT_FOUND,
    CODES_EXHAUSTED: INVALID,
    MAIN_BRANCH: CONFLICT,
    OPEN_POINTS_OF_SALE: CONFLICT,
    UNSENT_INVOICES: CONFLICT,
    DUPLICATE_NAME: CONFLICT,
  },
  pointOfSale: {
    BRANCH_NOT_FOUND: NOT_FOUND,
    NOT_FOUND,
    BRANCH_ITSELF: CONFLICT,
    ALREADY_CLOSED: CONFLICT,
    UNSETTLED: CONFLICT,
    CLOSING: CONFLICT,
    REGISTERING: CONFLICT,
    AMBIGUOUS: CONFLICT,
    IDEMPOTENCY_CONFLICT: same(409, 'IDEMPOTENCY_CONFLICT'),
    // Registered in SIAT but not saved here: the engine's fault, and the detail says what to do.
    NOT_STORED: [500, 'POS_NOT_STORED'],
  },
  thirdParty: {
    NOT_PROVIDER: FORBIDDEN,
    DUPLICATE_NIT: CONFLICT,
    DUPLICATE_USERNAME: CONFLICT,
    UNKNOWN_SECTOR: INVALID,
    UNSUPPORTED_SECTOR: INVALID,
  },
  thirdPartyLink: {
    NOT_FOUND,
    NOT_PROVIDER: FORBIDDEN,
    SELF: INVALID,
    ALREADY_LINKED: CONFLICT,
    DUPLICATE_USERNAME: CONFLICT,
    INVALID_USERNAME: INVALID,
  },
  tenant: {
    DUPLICATE_NIT: CONFLICT,
    INVALID_NIT: INVALID,
    INVALID_NAME: INVALID,
    NOT_FOUND,
  },
  product: { DUPLICATE: CONFLICT },
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
  },
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
    // As the role policy answers it (server.ts): the till asks a supervisor's approval in place.
    APPROVAL_REQUIRED: [403, 'ROLE_REQUIRED'],
  },
  purchaseDuplicate: { DUPLICATE: CONFLICT },
  /** Purchases talk to SIAT from one of the tenant's points of sale: without one, the state forbids it. */
  purchaseNoPointOfSale: { NO_POINT_OF_SALE: CONFLICT },
  /** Issuing, cancelling, the contingency's sale: the codes are the API's (SIAT_REJECTED, NIT_INVALID …). */
  issue: {
    BAD_REQUEST: same(400, 'BAD_REQUEST'),
    NOT_SUPPORTED: same(400, 'NOT_SUPPORTED'),
    VALIDATION_FAILED: INVALID,
    NIT_INVALID: same(422, 'NIT_INVALID'),
    SIAT_UNAVAILABLE,
    CONTINGENCY_LIMIT: same(503, 'CONTINGENCY_LIMIT'),
    IDEMPOTENCY_CONFLICT: same(409, 'IDEMPOTENCY_CONFLICT'),
    SIAT_REJECTED: same(422, 'SIAT_REJECTED'),
    NOT_CANCELLABLE: same(422, 'NOT_CANCELLABLE'),
    NOT_REVERSIBLE: same(422, 'NOT_REVERSIBLE'),
    ALREADY_REVERTED: same(422, 'ALREADY_REVERTED'),
    CANCELLATION_TERM_OVER: same(422, 'CANCELLATION_TERM_OVER'),
    REVERSAL_TERM_OVER: same(422, 'REVERSAL_TERM_OVER'),
    CAFC_TERM_OVER: same(422, 'CAFC_TERM_OVER'),
    // The sale was not stored: the engine is sound, its disk is not (as `storage` below).
    [STORAGE_ERROR_CODE.FULL]: same(503, STORAGE_ERROR_CODE.FULL),
    [STORAGE_ERROR_CODE.READ_ONLY]: same(503, STORAGE_ERROR_CODE.READ_ONLY),
    [STORAGE_ERROR_CODE.IO]: same(503, STORAGE_ERROR_CODE.IO),
  },
  /** Offline issuing needs a CUFD SIAT still extends: without one, SIAT is what is missing. */
  contingency: {
    NO_CUFD: SIAT_UNAVAILABLE,
    CUFD_TOO_OLD: SIAT_UNAVAILABLE,
    NOT_OFFLINE_MOTIVE: INVALID,
    ALREADY_ACTIVE: CONFLICT,
    NOT_FOUND,
    ENDED: CONFLICT,
  },
  webhook: {
    INVALID,
    TOO_MANY: INVALID,
    NOT_FOUND,
  },
  /**
   * The store's people (issue 27). A refused sign-in is a 401 (no credential yet); a refused
   * approval a 403: the cashier's own session is fine, and a 401 would send the till back to
   * its login screen. A locked person is a 423.
   */
  people: {
    VALIDATION_FAILED: INVALID,
    CONFLICT,
    NOT_FOUND,
    UNAUTHORIZED: same(401, 'UNAUTHORIZED'),
    USER_INACTIVE: same(403, 'USER_INACTIVE'),
    USER_LOCKED: same(423, 'USER_LOCKED'),
    WRONG_PIN: same(401, 'WRONG_PIN'),
    APPROVAL_WRONG_PIN: same(403, 'WRONG_PIN'),
    UNKNOWN_USER: same(401, 'UNKNOWN_USER'),
    APPROVAL_UNKNOWN_USER: same(403, 'UNKNOWN_USER'),
    APPROVER_ROLE_TOO_LOW: same(403, 'APPROVER_ROLE_TOO_LOW'),
    POS_CLOSED: same(409, 'POS_CLOSED'),
  },
  /** A document SIAT would refuse (its XSD, our signature): nothing was stored (document-check.ts). */
  documentCheck: {
    SCHEMA: [422, 'XSD_INVALID'],
    SIGNATURE: [422, 'SIGNATURE_INVALID'],
  },
  certificate: {
    UNREADABLE: same(422, 'CERTIFICATE_UNREADABLE'),
    WRONG_PASSWORD: same(422, 'CERTIFICATE_WRONG_PASSWORD'),
    NO_PRIVATE_KEY: same(422, 'CERTIFICATE_NO_PRIVATE_KEY'),
    NO_CERTIFICATE: same(422, 'CERTIFICATE_NO_CERTIFICATE'),
    KEY_MISMATCH: same(422, 'CERTIFICATE_KEY_MISMATCH'),
    TOO_COSTLY: same(422, 'CERTIFICATE_TOO_COSTLY'),
  },
  missingCertificate: { MISSING: [422, 'CERTIFICATE_MISSING'] },
  /**
   * The desktop has no OS keystore and may not write secrets in a plain file (decision 0040): the
   * engine is sound and keeps selling, this machine cannot keep the secret. Nothing was stored.
   */
  secrets: { KEYSTORE_UNAVAILABLE: [503, 'KEYSTORE_UNAVAILABLE'] },
  /** Too many documents waiting for the render workers: this tenant's share (429) or everyone's (503). */
  workBusy: {
    CALLER_SHARE: [429, 'RATE_LIMITED'],
    FULL: [503, 'BUSY'],
  },
  /** The brand's logo upload (storage/brand-logo.ts): too large is a 413, not a PNG or a bad one a 422. */
  logo: {
    LOGO_TOO_LARGE: same(413, 'LOGO_TOO_LARGE'),
    LOGO_NOT_PNG: same(422, 'LOGO_NOT_PNG'),
    LOGO_INVALID: same(422, 'LOGO_INVALID'),
  },
} as const satisfies Table;

/**
 * The disk refused a write (store/storage-failure.ts): the transaction rolled back, so nothing
 * was stored. A 503 — the engine is sound, its disk is not — with what the cashier can do.
 */
const STORAGE_ANSWER = {
  FULL: [503, STORAGE_ERROR_CODE.FULL],
  READ_ONLY: [503, STORAGE_ERROR_CODE.READ_ONLY],
  IO: [503, STORAGE_ERROR_CODE.IO],
} as const satisfies Record<StorageFailure, Answer>;

/** Domains whose API detail says more than the message. */
const DETAIL: { readonly [D in Translated['domain']]?: (message: string) => string } = {
  documentCheck: (message) => `${message.replace(/\.$/, '')}. No se emitió ni se guardó nada.`,
};

/**
 * Any write but a sale's (issuing says it of the sale itself, invoicing/issue-invoice.ts): what
 * happened, that the change was not saved, and what to do.
 */
const STORAGE_DETAIL: Record<StorageFailure, string> = {
  FULL: 'El disco del equipo está lleno: el cambio no se guardó. Libere espacio y vuelva a intentar.',
  READ_ONLY: 'La base de datos del equipo está en solo lectura: el cambio no se guardó. Revise el disco o los permisos de la carpeta de datos y vuelva a intentar.',
  IO: 'El disco del equipo no permite escribir (solo lectura o dañado): el cambio no se guardó. Revise el disco, reinicie Kipu y vuelva a intentar.',
};

/**
 * A domain error (or a SIAT failure) as the API error it answers with; null for anything else.
 * `needsSiat` says what cannot be done without SIAT, for a 503's detail (siat-errors.ts).
 */
export function domainApiError(err: unknown, needsSiat?: string): ApiError | null {
  if (err instanceof ApiError) return err;
  if (err instanceof DomainError) {
    const row = (DOMAIN_ERROR_STATUS as Record<string, Record<string, Answer> | undefined>)[err.domain];
    const answer = row?.[err.code];
    if (!answer) return null; // not translated: the error handler's 500, with the error in the log
    const { fields, siat, neededRole } = err.details;
    const detail = DETAIL[err.domain as Translated['domain']]?.(err.message) ?? err.message;
    return new ApiError(answer[0], answer[1], detail, {
      ...(fields ? { fields } : {}),
      ...(siat ? { ...(siat.code !== null ? { siatCode: siat.code } : {}), siatMessages: siat.messages } : {}),
      ...(neededRole ? { neededRole } : {}),
    });
  }
  const storage = storageFailureOf(err);
  if (storage) return new ApiError(STORAGE_ANSWER[storage][0], STORAGE_ANSWER[storage][1], STORAGE_DETAIL[storage]);
  return siatApiError(err, needsSiat);
}

/** `err` translated when it is a domain error, else unchanged (to rethrow). */
export function asApiError(err: unknown, needsSiat?: string): unknown {
  return domainApiError(err, needsSiat) ?? err;
}
