// API DTOs of the engine's HTTP interface (/api/v1): the seed's ApiResponse style plus the
// till endpoints the desktop UI needs. One source of truth (STYLE.md rule 3): the renderer
// types its calls with these and the engine's routes may import them too.
// Amounts on the wire are JSON numbers with 2 decimals (seed: Invoice); inside the renderer
// they become integer cents through shared/money.ts before any arithmetic.

// ---------------------------------------------------------------- envelopes
// Defined once in shared/api-envelope.ts (the engine's envelopes); re-exported here so the
// renderer imports every DTO from one place.
export type {
  ApiErrorBody as ApiErrorResponse,
  ApiErrorInfo,
  ApiResponse,
  FieldProblem,
  Page,
  SiatMessageInfo as SiatMessage,
} from './api-envelope';
import type { SiatMessageInfo as SiatMessage } from './api-envelope';

// ---------------------------------------------------------------- codes

export type InvoiceState = 'PENDING' | 'VALIDATED' | 'REJECTED' | 'CANCELLED' | 'CONTINGENCY';
export const INVOICE_STATES: readonly InvoiceState[] = ['PENDING', 'VALIDATED', 'REJECTED', 'CANCELLED', 'CONTINGENCY'];

export type EmissionType = 'NORMAL' | 'CONTINGENCY';

/** The compra-venta types a till issues (seed: Sector documents). */
export type SaleInvoiceType = 'COMPUTERIZED_SALE' | 'ELECTRONIC_SALE';

/** SIAT catalog "tipo documento identidad". */
export const DOCUMENT_TYPE = { CI: 1, CEX: 2, PAS: 3, OD: 4, NIT: 5 } as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPE)[keyof typeof DOCUMENT_TYPE];

/** SIAT catalog "tipo método pago" — the combinations a till uses. */
export const PAYMENT_METHOD = {
  CASH: 1,
  CARD: 2,
  GIFT_CARD: 27,
  CASH_GIFT_CARD: 35,
  CARD_GIFT_CARD: 40,
} as const;
export type PaymentMethodCode = number;

/** exceptionCode 1: issue even though SIAT says the NIT is invalid. */
export const NIT_EXCEPTION = 1;

// ---------------------------------------------------------------- till

export interface TillConfig {
  training: boolean;
  demoApiKey: string | null;
  version: string;
  taxpayer: { nit: string; razonSocial: string } | null;
  /** Proposed: default compra-venta type from the taxpayer's modality. Absent = COMPUTERIZED_SALE. */
  defaultInvoiceType?: SaleInvoiceType;
  /** Proposed: tenant id, for the logo upload's companyId. */
  tenantId?: string | null;
}

export interface PointOfSale {
  id: string;
  code: number;
  /** Kipu's integer id of the branch (GET /api/v1/branchOffice → branchId). */
  branchId: number;
  branchCode: number;
  name: string;
}

export type PosMode = 'ONLINE' | 'CONTINGENCY';

export interface FlushProgress {
  running: boolean;
  sent: number;
  total: number;
}

export interface PosStatus {
  posId: string;
  code: number;
  branchCode: number;
  name: string;
  mode: PosMode;
  queued: number;
  activeEvent: ContingencyEvent | null;
  flush: FlushProgress;
}

export interface TillStatus {
  training: boolean;
  siatReachable: boolean;
  pos: PosStatus[];
}

/** Seed: Contingency event. */
export interface ContingencyEvent {
  id: string;
  posId: string;
  codigoMotivo: number;
  descripcionMotivo: string;
  fechaInicio: string;
  fechaFin: string | null;
  cufdEvento: string;
  codigoEventoSiat: number | null;
  finalizado: boolean;
  createdAt: string;
  /** Kipu extension: ACTIVE (selling offline), RECOVERING (sending to SIAT), CLOSED. */
  estado?: 'ACTIVE' | 'RECOVERING' | 'CLOSED';
}

export interface InvoiceStreamEvent {
  id: string;
  cuf: string;
  invoiceNumber: number;
  state: InvoiceState;
  amountTotal: number;
}

/** Event names and payloads of GET /api/v1/till/stream (text/event-stream). */
export interface TillStreamEvents {
  status: TillStatus;
  invoice: InvoiceStreamEvent;
  'contingency.opened': Partial<ContingencyEvent> & { posId?: string };
  'contingency.closed': Partial<ContingencyEvent> & { posId?: string };
  'contingency.package_rejected': { posId?: string; detail?: string; siatMessages?: SiatMessage[] };
  'siat.connection_lost': Record<string, unknown>;
  'siat.connection_restored': Record<string, unknown>;
}
export type TillStreamEventName = keyof TillStreamEvents;

export interface TillQueue {
  invoices: InvoiceListItem[];
  events: ContingencyEvent[];
}

export interface StartEventRequest {
  posId: string;
  /** The branch's integer id; the seed types it as a string, the engine accepts both. */
  branchId: number | string;
  codigoMotivo: number;
  descripcion: string;
}

export interface EndEventRequest {
  posId: string;
  branchId: number | string;
  eventoId: string;
}

// ---------------------------------------------------------------- products

export interface Product {
  id: string;
  code: string;
  barcode: string | null;
  description: string;
  priceUnit: number;
  unitMeasure: number;
  activityEconomic: string;
  codeProductSin: string;
  active: boolean;
}

export type ProductInput = Omit<Product, 'id'>;

export interface ProductImportResult {
  created: number;
  updated: number;
  errors: { line: number; message: string }[];
}

export const PRODUCT_CSV_HEADER = 'code,barcode,description,priceUnit,unitMeasure,activityEconomic,codeProductSin';

// ---------------------------------------------------------------- invoices

export interface InvoiceLine {
  activityEconomic: string;
  codeProductSin: string;
  codeProduct?: string;
  description: string;
  quantity: number;
  unitMeasure: number;
  priceUnit: number;
  amountDiscount: number;
  amountSubtotal: number;
}

/** Seed: Invoice, plus the till's extra links and emission type. */
export interface Invoice {
  id: string;
  invoiceNumber: number;
  cuf: string;
  state: InvoiceState;
  emissionType: EmissionType;
  siatCode: number | null;
  siatDescription: string | null;
  clientDocumentType: number;
  clientDocumentNumber: string;
  clientBusinessName: string;
  clientEmail: string | null;
  amountSubtotal: number;
  amountDiscount: number;
  amountTotal: number;
  literal: string;
  paymentMethodCode: number;
  emissionDate: string;
  details: InvoiceLine[];
  pdfUrl: string;
  xmlUrl: string;
  ticketUrl?: string;
  /** SIAT's QR page for this invoice (printed as QR on the ticket). */
  qrUrl?: string;
}

/** Seed: Invoice list item. */
export interface InvoiceListItem {
  id: string;
  invoiceNumber: number;
  cuf: string;
  state: InvoiceState;
  clientBusinessName: string;
  amountTotal: number;
  emissionDate: string;
}

/** Seed: Invoice status. */
export interface InvoiceStatusInfo {
  id: string;
  invoiceNumber: number;
  cuf: string;
  state: InvoiceState;
  siatCode: number | null;
  siatDescription: string | null;
  emissionType: EmissionType;
  lastChecked: string;
}

/** Seed: Cancellation result. */
export interface CancellationResult {
  id: string;
  invoiceNumber: number;
  cuf: string;
  state: 'CANCELLED';
  cancellationReason: number;
  cancellationDate: string;
}

export interface CreateInvoiceDetail {
  activityEconomic: string;
  codeProductSin: string;
  codeProduct: string;
  description: string;
  quantity: number;
  unitMeasure: number;
  priceUnit: number;
  amountDiscount?: number;
}

export interface CreateInvoiceRequest {
  invoiceType: SaleInvoiceType;
  posId: string;
  clientDocumentType: number;
  clientDocumentNumber: string;
  clientComplement?: string;
  clientBusinessName: string;
  clientCode: string;
  clientEmail?: string;
  paymentMethodCode: number;
  cardNumber?: string;
  giftCardAmount?: number;
  additionalDiscount?: number;
  exceptionCode?: number;
  details: CreateInvoiceDetail[];
}

export interface InvoiceListQuery {
  page?: number;
  size?: number;
  q?: string;
  state?: InvoiceState | '';
  from?: string;
  to?: string;
}

export interface PrintResult {
  printed: boolean;
  detail: string;
}

// ---------------------------------------------------------------- codes and catalogs

export interface NitCheckRequest {
  posId: string;
  nit: number;
}

export interface NitCheckResult {
  valido: boolean;
  nit: number;
  mensaje: string;
}

/** Seed: CUFD record. */
export interface CufdRecord {
  cufd: string;
  codigoControl: string;
  vigencia: string;
  activo?: boolean;
}

/** Seed: Catalog entry. */
export interface CatalogEntry {
  codigo: number;
  descripcion: string;
}

export const SYNC_CATALOGS = [
  'activities',
  'products',
  'legends',
  'cancellation-reasons',
  'document-types',
  'payment-methods',
  'currencies',
  'unit-measures',
  'significant-events',
] as const;
export type SyncCatalog = (typeof SYNC_CATALOGS)[number];

export type GenericCatalogType =
  | 'document-types'
  | 'payment-methods'
  | 'currencies'
  | 'unit-measures'
  | 'cancellation-reasons'
  | 'significant-events';

export interface CatalogSyncStatus {
  catalog: SyncCatalog | string;
  lastSync: string | null;
  count: number;
}

// ---------------------------------------------------------------- settings

export interface TaxpayerSettings {
  nit: string;
  razonSocial: string;
  municipio: string;
  direccion: string;
  telefono: string;
  codigoSistema: string;
  /** 1 = producción, 2 = pruebas (piloto). */
  ambiente: 1 | 2;
  /** 1 = electrónica en línea, 2 = computarizada en línea. */
  modalidad: 1 | 2;
}

export interface SiatSettingsInput {
  url: string;
  token?: string;
  /** Day the delegated token expires ('yyyy-MM-dd'); null clears it; a new token without it clears it. */
  tokenExpiresOn?: string | null;
}

export interface SiatSettingsView {
  url: string;
  tokenSet: boolean;
  tokenExpiresOn: string | null;
}

export type CertificateUpload = { p12Base64: string; password: string } | { keyPem: string; certPem: string };

export interface CertificateInfo {
  subject: string;
  notAfter: string;
}

export interface PrinterSettings {
  type: 'epson' | 'star';
  /** `tcp://host:9100`, `/dev/usb/lp0` or `printer:<name>`. */
  interface: string;
  width: 48 | 42;
  characterSet: string;
  drawerKick: boolean;
  printOnIssue: boolean;
  qr: 'native' | 'image';
}

/** Seed: Object storage — logo upload. */
export interface LogoUploadResult {
  objectKey: string;
  cdnUrl: string;
  size: number;
}

import type { Scope } from './api-scopes';

export interface ApiKeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt?: string | null;
  /** First characters of the key, to tell keys apart. */
  prefix?: string;
  /** What the key may do (shared/api-scopes.ts). */
  scopes?: Scope[];
}

export interface CreatedApiKey {
  id?: string;
  name?: string;
  /** The full key; shown once. */
  key: string;
}

// ---------------------------------------------------------------- branches and points of sale

/** Sector style (seed 001): GET /branchOffice. A SIAT sucursal; `siatCode` 0 = casa matriz. */
export interface BranchOffice {
  /** Kipu's id of the branch (path parameter of DELETE /branchOffice/{branchId}). */
  branchId: number;
  /** SIAT's codigoSucursal. */
  siatCode: number;
  name: string;
  municipality: string;
  address: string;
  city: string;
  phone: string;
  description: string;
  /** Its open points of sale. */
  pos: BranchPointOfSale[];
}

export interface BranchPointOfSale {
  /** UUID (the posId of the API-key style; DELETE /pos/{id}). */
  id: string;
  /** SIAT's codigoPuntoVenta. */
  code: number;
  name: string;
}

/** POST /branchOffice: all required; `phone` and `description` may be empty. */
export type BranchOfficeInput = Pick<BranchOffice, 'name' | 'municipality' | 'address' | 'city' | 'phone' | 'description'>;

/** SIAT catalog TipoPuntoVenta (codigoTipoPuntoVenta of registroPuntoVenta). */
export type PosTypeCode = 1 | 2 | 3 | 4 | 5 | 6;

/** POST /pos: registers a point of sale in SIAT (needs SIAT online). */
export interface CreatePosRequest {
  branchId: number;
  /** 1–100 characters. */
  name: string;
  /** 1–500 characters. */
  description: string;
  type: PosTypeCode;
}

/** 201 of POST /pos. */
export interface CreatedPos {
  id: string;
  code: number;
  name: string;
  branchId: number;
  branchCode: number;
  type: PosTypeCode;
}
