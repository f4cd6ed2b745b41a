// The store's records and its integrations: purchases and the monthly books (issue 14), massive
// emission batches, seed 001's invoice retrieval, webhooks and the assistant (the contract:
// route.ts, decision 0080).
import Type from 'typebox';
import { PageQuery, pageSchema } from '../envelope';
import {
  ConfirmInputSchema,
  ImportResultSchema,
  PageShoppingQuery,
  PageShoppingSchema,
  PurchaseInputSchema,
  PurchaseListQuery,
  PurchaseRecordSchema,
  QueryInputSchema,
  QueryResultSchema,
  QueueStatusSchema,
  ScanInputSchema,
  ScanResultSchema,
  SiatAnswerSchema,
} from '../purchases';
import { BookDownloadQuery, BookQuery, BookTotalsSchema } from '../books';
import { BatchAcceptedSchema, BatchPageSchema, BatchSchema, CreateBatchBody } from '../batch';
import { InvoiceXmlJsonSchema, PaginationQuery, RetrievalQuery, SectorInvoicePageSchema } from '../sector-invoice';
import { CreateWebhookBody, UpdateWebhookBody, WebhookDeliverySchema, WebhookEndpointSchema } from '../webhooks';
import { AiHealthSchema, AskSchema, ChatBody, InvoiceDataCheckBody, InvoiceDataCheckSchema, RegulationHitSchema, RegulationSearchQuery, ResolutionSchema, ResolveErrorBody } from '../ai';
import { ANY, PARTNER, SELL, STORE, file, route } from './route';

/** The purchase register (till screen Compras) and seed 001's purchase list (also the integrator's). */
export const PURCHASE_ROUTES = {
  list: route('GET', '/api/v1/purchases', STORE, { query: PurchaseListQuery, response: pageSchema(PurchaseRecordSchema) }),
  create: route('POST', '/api/v1/purchases', STORE, { body: PurchaseInputSchema, response: PurchaseRecordSchema }),
  scan: route('POST', '/api/v1/purchases/scan', STORE, { body: ScanInputSchema, response: ScanResultSchema }),
  /** A CSV or XLSX body, not JSON. */
  import: route('POST', '/api/v1/purchases/import', STORE, { response: ImportResultSchema }),
  queue: route('GET', '/api/v1/purchases/queue', STORE, { response: QueueStatusSchema }),
  send: route('POST', '/api/v1/purchases/send', STORE, { response: QueueStatusSchema }),
  get: route('GET', '/api/v1/purchases/:id', STORE, { response: PurchaseRecordSchema }),
  byShoppingInvoiceId: route('GET', '/api/v1/purchases/by-shopping-invoice-id/:shoppingInvoiceId', STORE, { response: PurchaseRecordSchema }),
  remove: route('DELETE', '/api/v1/purchases/:id', STORE, { response: PurchaseRecordSchema }),
  confirm: route('POST', '/api/v1/purchases/confirm', STORE, { body: ConfirmInputSchema, response: SiatAnswerSchema }),
  siatQuery: route('POST', '/api/v1/purchases/siat-query', STORE, { body: QueryInputSchema, response: QueryResultSchema }),
  pageShopping: route('GET', '/api/v1/invoice/shopping/PageShopping', ANY, { query: PageShoppingQuery, response: PageShoppingSchema }),
} as const;

/** The monthly books (Libros): totals, and the files SIAT's Libro de Compras y Ventas takes. */
export const BOOK_ROUTES = {
  totals: route('GET', '/api/v1/books/totals', STORE, { query: BookQuery, response: BookTotalsSchema }),
  ventas: route('GET', '/api/v1/books/ventas', STORE, { query: BookDownloadQuery, response: file() }),
  compras: route('GET', '/api/v1/books/compras', STORE, { query: BookDownloadQuery, response: file() }),
  notas: route('GET', '/api/v1/books/notas', STORE, { query: BookDownloadQuery, response: file() }),
} as const;

/** Massive emission: a month of fees or bills from the integrator's system, or the administrator's. */
export const BATCH_ROUTES = {
  create: route('POST', '/api/v1/invoices/batch', PARTNER, { body: CreateBatchBody, response: BatchAcceptedSchema }),
  list: route('GET', '/api/v1/invoices/batch', PARTNER, { query: PageQuery, response: BatchPageSchema }),
  get: route('GET', '/api/v1/invoices/batch/:id', PARTNER, { response: BatchSchema }),
} as const;

/** Seed 001's invoice retrieval (its envelope). */
export const SECTOR_INVOICE_ROUTES = {
  pagination: route('GET', '/api/v1/invoice/pagination', SELL, { query: PaginationQuery, response: SectorInvoicePageSchema }),
  xml: route('GET', '/api/v1/invoice/xml', SELL, { query: RetrievalQuery, response: Type.String() }),
  json: route('GET', '/api/v1/invoice/json', SELL, { query: RetrievalQuery, response: InvoiceXmlJsonSchema }),
  pdf: route('GET', '/api/v1/invoice/pdf', SELL, { query: RetrievalQuery, response: Type.String({ contentEncoding: 'base64' }) }),
} as const;

/** Webhooks: the integrator's and the administrator's; seed operations the demo key may try in training. */
export const WEBHOOK_ROUTES = {
  list: route('GET', '/api/v1/webhooks/endpoints', PARTNER, { query: PageQuery, response: pageSchema(WebhookEndpointSchema), demoKeyInTraining: true }),
  create: route('POST', '/api/v1/webhooks/endpoints', PARTNER, { body: CreateWebhookBody, response: WebhookEndpointSchema, demoKeyInTraining: true }),
  get: route('GET', '/api/v1/webhooks/endpoints/:id', PARTNER, { response: WebhookEndpointSchema, demoKeyInTraining: true }),
  update: route('PUT', '/api/v1/webhooks/endpoints/:id', PARTNER, { body: UpdateWebhookBody, response: WebhookEndpointSchema, demoKeyInTraining: true }),
  remove: route('DELETE', '/api/v1/webhooks/endpoints/:id', PARTNER, { response: Type.Null(), demoKeyInTraining: true }),
  rotateSecret: route('POST', '/api/v1/webhooks/endpoints/:id/rotate-secret', PARTNER, { response: WebhookEndpointSchema, demoKeyInTraining: true }),
  deliveries: route('GET', '/api/v1/webhooks/endpoints/:id/deliveries', PARTNER, { query: PageQuery, response: pageSchema(WebhookDeliverySchema), demoKeyInTraining: true }),
  redeliver: route('POST', '/api/v1/webhooks/deliveries/:deliveryId/redeliver', PARTNER, { response: WebhookDeliverySchema, demoKeyInTraining: true }),
} as const;

/** The assistant helps everyone; it answers offline. */
export const AI_ROUTES = {
  validate: route('POST', '/api/v1/ai/validate', ANY, { body: InvoiceDataCheckBody, response: InvoiceDataCheckSchema }),
  resolveError: route('POST', '/api/v1/ai/resolve-error', ANY, { body: ResolveErrorBody, response: ResolutionSchema }),
  searchRegulations: route('GET', '/api/v1/ai/normativas/search', ANY, { query: RegulationSearchQuery, response: Type.Array(RegulationHitSchema) }),
  chat: route('POST', '/api/v1/ai/chat', ANY, { body: ChatBody, response: Type.String() }),
  ask: route('POST', '/api/v1/ai/ask', ANY, { body: ChatBody, response: AskSchema }),
  status: route('GET', '/api/v1/ai/status', ANY, { response: AiHealthSchema }),
} as const;
