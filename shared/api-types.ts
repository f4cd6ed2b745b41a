// The DTOs of the engine's HTTP interface (/api/v1), gathered for the renderer: every type here
// is the Static<> of a TypeBox schema in shared/api/ (one file per resource), the same schema
// the engine's routes validate and serialize with and the OpenAPI document shows (STYLE.md
// rule 3). Amounts on the wire are JSON numbers with 2 decimals (seed: Invoice); inside the
// renderer they become integer cents through shared/money.ts before any arithmetic.
import type { InvoiceListFilterSchema, InvoiceState } from './api/invoice';
import type { Static } from 'typebox';
import type { AskSchema, RegulationHitSchema, ResolutionSchema } from './api/ai';

export type {
  ApiErrorInfo,
  FieldProblem,
  Page,
  SiatMessageInfo as SiatMessage,
} from './api/envelope';

export {
  INVOICE_STATES,
  type CreateInvoiceRequest,
  type Invoice,
  type InvoiceListItem,
  type InvoiceState,
  type InvoiceStatusInfo,
} from './api/invoice';

/** GET /api/v1/invoices: the page and the filters; an empty `state` means all. */
export type InvoiceListQuery = Omit<Partial<Static<typeof InvoiceListFilterSchema>>, 'state'> & {
  page?: number;
  size?: number;
  state?: InvoiceState | '';
};

export {
  DOCUMENT_TYPE,
  NIT_EXCEPTION,
  PAYMENT_METHOD,
  SYNC_CATALOGS,
  type CatalogEntry,
  type CatalogSyncStatus,
  type CufdRecord,
  type GenericCatalogType,
  type NitCheckResult,
} from './api/tax-codes';

export type {
  ClientSuggestion,
  InvoiceReissuedStreamEvent,
  InvoiceStreamEvent,
  PosMode,
  PosStatus,
  SaleInvoiceType,
  TillConfig,
  TillQueue,
  TillStatus,
  CentralSyncStatus,
} from './api/till';

export type { ContingencyEvent, EndEventRequest, StartEventRequest } from './api/contingency-event';
export type { CafcEvent, CafcTranscriptionRequest, ManualInvoice } from './api/cafc';
export type { CreatePosRequest, CreatedPos, PointOfSale, PosTypeCode } from './api/point-of-sale';
export type { BranchOffice, BranchOfficeInput } from './api/branch';
export { PRODUCT_CSV_HEADER, type Product, type ProductImportResult, type ProductInput } from './api/product';
export type { CertificateUpload, SiatSettingsInput, SiatSettingsView, TaxpayerSettings } from './api/settings';
export type { PrinterSettings, TillPrinting } from './api/printing';
export type { DemoStoreState } from './api/demo-store';
export type { ApiKeyInfo } from './api/keys';
export type { CashMovement, CashReport, CashSessionListItem, CashSessionView, PaymentInput, PaymentKind as PaymentMethodKind } from './api/cash';
export { DENOMINATION_KEYS, PAYMENT_KIND_LABEL, PAYMENT_KINDS } from './api/cash';

export type { PurchaseInput, PurchaseRecordDto as PurchaseRecord } from './api/purchases';
export type { BookTotals } from './api/books';
export type { Batch, BatchSummary } from './api/batch';

/** The assistant's answer for the till's panel (POST /api/v1/ai/ask) and the SIAT error guide (POST /api/v1/ai/resolve-error). */
export type AssistantAnswer = Static<typeof AskSchema>;
export type RegulationHit = Static<typeof RegulationHitSchema>;
export type SiatErrorResolution = Static<typeof ResolutionSchema>;
