// Every engine call the UI makes, one function per call, each naming its route in the contract
// (shared/api/routes/, decision 0080): the path, the method and the answer's type come from
// there, so nothing here can drift from the engine. No state here (stores hold state).
import type { Scope } from '../../../shared/api-scopes';
import { publicInvoiceRoute, type PublicInvoiceFormat } from '../../../shared/api/public-links';
import { ROUTES } from '../../../shared/api/routes';
import type {
  CafcTranscriptionRequest,
  CertificateUpload,
  CreateInvoiceRequest,
  CreatePosRequest,
  BranchOfficeInput,
  EndEventRequest,
  GenericCatalogType,
  InvoiceListQuery,
  PrinterSettings,
  ProductInput,
  SiatSettingsInput,
  StartEventRequest,
  TaxpayerSettings,
} from '../../../shared/api-types';
import type { SmtpSettingsInput } from '../../../shared/api/mail';
import type { NewTillUser, TillPolicy, TillUserChange } from '../../../shared/api/till-users';
import type { NewParkedSale } from '../../../shared/api/parked-sales';
import type { HttpClient } from './http';

export function createKipuApi(http: HttpClient) {
  const { call } = http;
  const R = ROUTES;

  return {
    // till
    // Public. After login the key goes along (`withKey`): the engine then answers with the
    // caller's tenant (tenantId, default invoice type) instead of only the demo tenant's.
    tillConfig: (withKey = false) => call(R.public.tillConfig, { auth: withKey }),
    pointsOfSale: () => call(R.pos.list),
    // A person's PIN login at this till's point of sale (issue 27): public, answers a session token.
    tillLogin: (posId: string, user: string, pin: string) => call(R.till.login, { body: { posId, user, pin } }),
    tillLogout: () => call(R.till.logout),
    tillMe: () => call(R.till.me),
    tillPolicy: () => call(R.tillUsers.policy),
    setTillPolicy: (p: TillPolicy) => call(R.tillUsers.savePolicy, { body: p }),
    // The store's people (Configuración › Personas, the administrator's): a page by name; nobody is deleted.
    tillUsers: (page: number, size: number) => call(R.tillUsers.list, { query: { page, size } }),
    createTillUser: (u: NewTillUser) => call(R.tillUsers.create, { body: u }),
    /** Name, role, a new PIN (it lifts a lockout), or active false/true. */
    updateTillUser: (id: string, change: TillUserChange) => call(R.tillUsers.update, { params: { id }, body: change }),
    // Held sales (issue 27): parked by the engine per point of sale, recalled (never deleted).
    parkSale: (sale: NewParkedSale) => call(R.parkedSales.park, { body: sale }),
    parkedSales: (posId: string) => call(R.parkedSales.list, { query: { posId, size: 50 } }),
    recallParkedSale: (id: string) => call(R.parkedSales.recall, { params: { id } }),
    tillStatus: () => call(R.till.status),
    tillQueue: (posId: string) => call(R.till.queue, { query: { posId } }),

    // branches (sector style, seed 001) and points of sale
    branchOffices: () => call(R.branches.list),
    createBranchOffice: (b: BranchOfficeInput) => call(R.branches.create, { body: b }),
    closeBranchOffice: (branchId: number) => call(R.branches.close, { params: { branchId } }),
    /** Registers the point of sale in SIAT: 503 while SIAT is offline. */
    createPos: (req: CreatePosRequest, idempotencyKey: string) => call(R.pos.create, { body: req, headers: { 'Idempotency-Key': idempotencyKey } }),
    closePos: (id: string) => call(R.pos.close, { params: { id } }),
    /** The document the till issues by default at this point of sale (null = compra-venta). */
    setPosDefaultInvoiceType: (id: string, invoiceType: string | null) => call(R.pos.setDefaultInvoiceType, { params: { id }, body: { invoiceType } }),

    // products
    products: (q: string, page = 0, size = 20) => call(R.products.list, { query: { q, page, size } }),
    productLookup: (code: string) => call(R.products.lookup, { query: { code } }),
    createProduct: (p: ProductInput) => call(R.products.create, { body: p }),
    updateProduct: (id: string, p: ProductInput) => call(R.products.update, { params: { id }, body: p }),
    /** Training only (409 elsewhere): the demo store's products, and their removal in one step. */
    demoStore: () => call(R.products.demoStore),
    removeDemoStore: () => call(R.products.removeDemoStore),
    importProducts: (csv: string) => call(R.products.import, { raw: { body: csv, contentType: 'text/csv' } }),

    // invoices
    createInvoice: (req: CreateInvoiceRequest, idempotencyKey: string) => call(R.invoices.create, { body: req, headers: { 'Idempotency-Key': idempotencyKey } }),
    invoices: (q: InvoiceListQuery) =>
      call(R.invoices.list, { query: { page: q.page ?? 0, size: q.size ?? 20, q: q.q, state: q.state || undefined, from: q.from, to: q.to } }),
    invoice: (id: string) => call(R.invoices.get, { params: { id } }),
    invoiceStatus: (id: string) => call(R.invoices.status, { params: { id } }),
    // `motivo` is a code of SIAT's catalog (the dialog lists it), hence motivoSiat (issue 28).
    cancelInvoice: (id: string, motivo: number) => call(R.invoices.cancel, { params: { id }, query: { motivoSiat: motivo } }),
    reverseCancellation: (id: string) => call(R.invoices.reverseCancellation, { params: { id } }),
    resendEmail: (id: string, email?: string) => call(R.invoices.resendEmail, { params: { id }, query: { email: email || undefined } }),
    /** `copy`: a reprint of a ticket already handed out (says COPIA, never opens the drawer). */
    printInvoice: (id: string, o: { copy?: boolean } = {}) => call(R.invoices.print, { params: { id }, ...(o.copy ? { body: { copy: true } } : {}) }),
    publicUrl: (cuf: string, format: PublicInvoiceFormat) => http.url(publicInvoiceRoute(format), { params: { cuf } }),

    // codes
    checkNit: (posId: string, nit: number) => call(R.codes.checkNit, { body: { posId, nit } }),
    clientSuggestions: (q: string) => call(R.till.clients, { query: { q } }),
    activeCufd: (posId: string) => call(R.codes.activeCufd, { params: { posId } }),
    renewCufd: (posId: string) => call(R.codes.renewCufd, { body: { posId } }),

    // catalogs
    syncStatus: () => call(R.catalogs.status),
    syncAll: (posId?: string) => call(R.catalogs.syncAll, { body: posId ? { posId } : {} }),
    syncOne: (catalog: string, posId?: string) => call(R.catalogs.syncOne, { params: { catalog }, body: posId ? { posId } : {} }),
    catalog: (type: GenericCatalogType) => call(R.catalogs.catalog, { params: { type } }),
    activities: () => call(R.catalogs.activities),
    sinProducts: (activityCode: string) => call(R.catalogs.products, { query: { activityCode } }),

    // contingency
    activeEvent: (posId: string) => call(R.contingency.active, { params: { posId } }),
    startEvent: (req: StartEventRequest) => call(R.contingency.start, { body: req }),
    endEvent: (req: EndEventRequest) => call(R.contingency.end, { body: req }),
    checkConnection: () => call(R.contingency.checkConnection),
    transcribeCafc: (req: CafcTranscriptionRequest) => call(R.contingency.transcribeCafc, { body: req }),
    cafcEvents: (posId: string) => call(R.contingency.cafcEvents, { query: { posId } }),

    // settings
    taxpayer: () => call(R.settings.taxpayer),
    saveTaxpayer: (t: TaxpayerSettings) => call(R.settings.saveTaxpayer, { body: t }),
    siatSettings: () => call(R.settings.siat),
    saveSiat: (s: SiatSettingsInput) => call(R.settings.saveSiat, { body: s }),
    uploadCertificate: (c: CertificateUpload) => call(R.settings.uploadCertificate, { body: c }),
    printer: () => call(R.printing.settings),
    tillPrinting: () => call(R.printing.tillSettings),
    savePrinter: (p: PrinterSettings) => call(R.printing.save, { body: p }),
    testPrinter: () => call(R.printing.test),
    uploadLogo: (companyId: string, png: Blob) => call(R.storage.logo, { query: { companyId }, raw: { body: png, contentType: 'image/png' } }),
    smtp: () => call(R.settings.smtp),
    saveSmtp: (s: SmtpSettingsInput) => call(R.settings.saveSmtp, { body: s }),
    apiKeys: () => call(R.settings.keys),
    currentKey: () => call(R.settings.currentKey),
    createApiKey: (name: string, scopes: Scope[]) => call(R.settings.createKey, { body: { name, scopes } }),
    deleteApiKey: (id: string) => call(R.settings.revokeKey, { params: { id } }),
  };
}
