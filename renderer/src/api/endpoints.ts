// Every engine call the UI makes, typed with shared/api-types.ts. One function per endpoint;
// no state here (stores hold state).
import type { Scope } from '../../../shared/api-scopes';
import { publicInvoicePath, type PublicInvoiceFormat } from '../../../shared/api/public-links';
import type {
  ClientSuggestion,
  ApiKeyInfo,
  BranchOffice,
  BranchOfficeInput,
  CancellationResult,
  CancellationReversalResult,
  CafcEvent,
  CafcTranscriptionRequest,
  CatalogEntry,
  CatalogSyncStatus,
  CertificateInfo,
  CertificateUpload,
  ContingencyEvent,
  CreateInvoiceRequest,
  CreatePosRequest,
  CreatedApiKey,
  CreatedPos,
  CufdRecord,
  EndEventRequest,
  GenericCatalogType,
  Invoice,
  InvoiceListItem,
  InvoiceListQuery,
  InvoiceStatusInfo,
  LogoUploadResult,
  NitCheckResult,
  Page,
  PointOfSale,
  PrintResult,
  PrinterSettings,
  DemoStoreRemoval,
  DemoStoreState,
  TillPrinting,
  Product,
  ProductImportResult,
  ProductInput,
  SiatSettingsInput,
  SiatSettingsView,
  StartEventRequest,
  TaxpayerSettings,
  TillConfig,
  TillQueue,
  TillStatus,
} from '../../../shared/api-types';
import type { SmtpSettingsInput, SmtpSettingsView } from '../../../shared/api/mail';
import type { TillPolicy, TillSessionDto } from '../../../shared/api/till-users';
import type { NewParkedSale, ParkedSaleDto } from '../../../shared/api/parked-sales';
import type { HttpClient } from './http';

const enc = encodeURIComponent;

export function createKipuApi(http: HttpClient) {
  const get = <T>(path: string, query?: Record<string, string | number | undefined>) => http.request<T>('GET', path, { query });
  const post = <T>(path: string, json?: unknown, query?: Record<string, string | number | undefined>) =>
    http.request<T>('POST', path, json === undefined ? { query } : { json, query });
  const put = <T>(path: string, json: unknown) => http.request<T>('PUT', path, { json });

  return {
    // till
    // Public. After login the key goes along (`withKey`): the engine then answers with the
    // caller's tenant (tenantId, default invoice type) instead of only the demo tenant's.
    tillConfig: (withKey = false) => http.request<TillConfig>('GET', '/api/v1/public/till-config', { auth: withKey }),
    pointsOfSale: () => get<PointOfSale[]>('/api/v1/pos'),
    // A person's PIN login at this till's point of sale (issue 27): public, answers a session token.
    tillLogin: (posId: string, user: string, pin: string) => http.request<TillSessionDto>('POST', '/api/v1/till/login', { json: { posId, user, pin }, auth: false }),
    tillLogout: () => post<{ ended: boolean }>('/api/v1/till/logout'),
    tillMe: () => get<TillSessionDto>('/api/v1/till/me'),
    tillPolicy: () => get<TillPolicy>('/api/v1/till-users/policy'),
    setTillPolicy: (p: TillPolicy) => put<TillPolicy>('/api/v1/till-users/policy', p),
    // Held sales (issue 27): parked by the engine per point of sale, recalled (never deleted).
    parkSale: (sale: NewParkedSale) => post<ParkedSaleDto>('/api/v1/parked-sales', sale),
    parkedSales: (posId: string) => get<Page<ParkedSaleDto>>('/api/v1/parked-sales', { posId, size: 50 }),
    recallParkedSale: (id: string) => post<ParkedSaleDto>(`/api/v1/parked-sales/${enc(id)}/recall`),
    tillStatus: () => get<TillStatus>('/api/v1/till/status'),
    tillQueue: (posId: string) => get<TillQueue>('/api/v1/till/queue', { posId }),

    // branches (sector style, seed 001) and points of sale
    branchOffices: () => get<BranchOffice[]>('/api/v1/branchOffice'),
    createBranchOffice: (b: BranchOfficeInput) => post<BranchOffice>('/api/v1/branchOffice', b),
    closeBranchOffice: (branchId: number) => http.request<BranchOffice>('DELETE', `/api/v1/branchOffice/${enc(String(branchId))}`),
    /** Registers the point of sale in SIAT: 503 while SIAT is offline. */
    createPos: (req: CreatePosRequest) => post<CreatedPos>('/api/v1/pos', req),
    closePos: (id: string) => http.request<unknown>('DELETE', `/api/v1/pos/${enc(id)}`),
    /** The document the till issues by default at this point of sale (null = compra-venta). */
    setPosDefaultInvoiceType: (id: string, invoiceType: string | null) => put<PointOfSale>(`/api/v1/pos/${enc(id)}/default-invoice-type`, { invoiceType }),

    // products
    products: (q: string, page = 0, size = 20) => get<Page<Product>>('/api/v1/products', { q, page, size }),
    productLookup: (code: string) => get<Product>('/api/v1/products/lookup', { code }),
    createProduct: (p: ProductInput) => post<Product>('/api/v1/products', p),
    updateProduct: (id: string, p: ProductInput) => put<Product>(`/api/v1/products/${enc(id)}`, p),
    /** Training only (409 elsewhere): the demo store's products, and their removal in one step. */
    demoStore: () => get<DemoStoreState>('/api/v1/training/demo-store'),
    removeDemoStore: () => http.request<DemoStoreRemoval>('DELETE', '/api/v1/training/demo-store'),
    importProducts: (csv: string) =>
      http.request<ProductImportResult>('POST', '/api/v1/products/import', { body: csv, contentType: 'text/csv' }),

    // invoices
    createInvoice: (req: CreateInvoiceRequest, idempotencyKey: string) =>
      http.request<Invoice>('POST', '/api/v1/invoices', { json: req, headers: { 'Idempotency-Key': idempotencyKey } }),
    invoices: (q: InvoiceListQuery) =>
      get<Page<InvoiceListItem>>('/api/v1/invoices', {
        page: q.page ?? 0,
        size: q.size ?? 20,
        q: q.q,
        state: q.state || undefined,
        from: q.from,
        to: q.to,
      }),
    invoice: (id: string) => get<Invoice>(`/api/v1/invoices/${enc(id)}`),
    invoiceStatus: (id: string) => get<InvoiceStatusInfo>(`/api/v1/invoices/${enc(id)}/status`),
    // `motivo` is a code of SIAT's catalog (the dialog lists it), hence motivoSiat (issue 28).
    cancelInvoice: (id: string, motivo: number) =>
      post<CancellationResult>(`/api/v1/invoices/${enc(id)}/cancel`, undefined, { motivoSiat: motivo }),
    reverseCancellation: (id: string) => post<CancellationReversalResult>(`/api/v1/invoices/${enc(id)}/reverse-cancellation`),
    resendEmail: (id: string, email?: string) =>
      post<string>(`/api/v1/invoices/${enc(id)}/resend-email`, undefined, { email: email || undefined }),
    /** `copy`: a reprint of a ticket already handed out (says COPIA, never opens the drawer). */
    printInvoice: (id: string, o: { copy?: boolean } = {}) => post<PrintResult>(`/api/v1/invoices/${enc(id)}/print`, o.copy ? { copy: true } : undefined),
    publicUrl: (cuf: string, format: PublicInvoiceFormat) => http.url(publicInvoicePath(cuf, format)),

    // codes
    checkNit: (posId: string, nit: number) => post<NitCheckResult>('/api/v1/codes/nit', { posId, nit }),
    clientSuggestions: (q: string) => get<ClientSuggestion[]>('/api/v1/till/clients', { q }),
    activeCufd: (posId: string) => get<CufdRecord>(`/api/v1/codes/cufd/${enc(posId)}`),
    renewCufd: (posId: string) => post<CufdRecord>('/api/v1/codes/cufd', { posId }),

    // catalogs
    syncStatus: () => get<CatalogSyncStatus[]>('/api/v1/siat/sync/status'),
    syncAll: (posId?: string) => post<unknown>('/api/v1/siat/sync/all', posId ? { posId } : {}),
    syncOne: (catalog: string, posId?: string) => post<unknown>(`/api/v1/siat/sync/${enc(catalog)}`, posId ? { posId } : {}),
    catalog: (type: GenericCatalogType) => get<CatalogEntry[]>(`/api/v1/siat/sync/catalogs/${type}`),
    activities: () => get<CatalogEntry[]>('/api/v1/siat/sync/catalogs/activities'),
    sinProducts: (activityCode: string) => get<CatalogEntry[]>('/api/v1/siat/sync/catalogs/products', { activityCode }),

    // contingency
    activeEvent: (posId: string) => get<ContingencyEvent | null>(`/api/v1/events/active/${enc(posId)}`),
    startEvent: (req: StartEventRequest) => post<ContingencyEvent>('/api/v1/events/start', req),
    endEvent: (req: EndEventRequest) => post<unknown>('/api/v1/events/end', req),
    checkConnection: () => get<boolean>('/api/v1/events/check-connection'),
    transcribeCafc: (req: CafcTranscriptionRequest) => post<CafcEvent>('/api/v1/contingency/cafc', req),
    cafcEvents: (posId: string) => get<CafcEvent[]>('/api/v1/contingency/cafc', { posId }),

    // settings
    taxpayer: () => get<TaxpayerSettings>('/api/v1/settings/taxpayer'),
    saveTaxpayer: (t: TaxpayerSettings) => put<TaxpayerSettings>('/api/v1/settings/taxpayer', t),
    siatSettings: () => get<SiatSettingsView>('/api/v1/settings/siat'),
    saveSiat: (s: SiatSettingsInput) => put<SiatSettingsView>('/api/v1/settings/siat', s),
    uploadCertificate: (c: CertificateUpload) => post<CertificateInfo>('/api/v1/settings/certificate', c),
    printer: () => get<PrinterSettings>('/api/v1/settings/printer'),
    tillPrinting: () => get<TillPrinting>('/api/v1/printing/till-settings'),
    savePrinter: (p: PrinterSettings) => put<PrinterSettings>('/api/v1/settings/printer', p),
    testPrinter: () => post<PrintResult>('/api/v1/settings/printer/test'),
    uploadLogo: (companyId: string, png: Blob) =>
      http.request<LogoUploadResult>('POST', '/api/v1/storage/brand/logo', { query: { companyId }, body: png, contentType: 'image/png' }),
    smtp: () => get<SmtpSettingsView>('/api/v1/settings/smtp'),
    saveSmtp: (s: SmtpSettingsInput) => put<SmtpSettingsView>('/api/v1/settings/smtp', s),
    apiKeys: () => get<ApiKeyInfo[]>('/api/v1/keys'),
    createApiKey: (name: string, scopes: Scope[]) => post<CreatedApiKey>('/api/v1/keys', { name, scopes }),
    deleteApiKey: (id: string) => http.request<unknown>('DELETE', `/api/v1/keys/${enc(id)}`),
  };
}
