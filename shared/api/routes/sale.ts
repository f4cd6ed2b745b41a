// The sale's routes: issuing and reading invoices, printing the ticket, the till's status, queue
// and event stream, held sales, a person's session at the till, and the public links a customer
// opens (the contract: route.ts, decision 0080).
import Type from 'typebox';
import { PageQuery, pageSchema } from '../envelope';
import {
  CancelQuery,
  CancellationResultSchema,
  CancellationReversalResultSchema,
  InvoiceListFilterSchema,
  InvoiceListItemSchema,
  InvoiceSchema,
  InvoiceStatusSchema,
  PublicInvoiceSummarySchema,
  WaitQuery,
  createInvoiceBody,
} from '../invoice';
import { EmailInvoiceQuery } from '../mail';
import { PrintBody, PrintOutcomeSchema } from '../printing';
import { ClientSuggestionQuery, ClientSuggestionSchema, TillConfigSchema, TillQueueSchema, TillStatusSchema } from '../till';
import { TillLoginBody, TillSessionSchema } from '../till-users';
import { NewParkedSaleBody, ParkedSaleSchema, ParkedSalesQuery } from '../parked-sales';
import { PUBLIC, SELL, STORE, TILL, file, route } from './route';

const PosQuery = Type.Object({ posId: Type.String({ format: 'uuid' }) });

/** Invoices (seed 000): every sector, notes, and their acts. */
export const INVOICE_ROUTES = {
  create: route('POST', '/api/v1/invoices', SELL, { query: WaitQuery, body: createInvoiceBody(), response: InvoiceSchema }),
  list: route('GET', '/api/v1/invoices', SELL, { query: Type.Intersect([PageQuery, InvoiceListFilterSchema]), response: pageSchema(InvoiceListItemSchema) }),
  get: route('GET', '/api/v1/invoices/:id', SELL, { response: InvoiceSchema }),
  byCuf: route('GET', '/api/v1/invoices/cuf/:cuf', SELL, { response: InvoiceSchema }),
  status: route('GET', '/api/v1/invoices/:id/status', SELL, { response: InvoiceStatusSchema }),
  cancel: route('POST', '/api/v1/invoices/:id/cancel', SELL, { query: CancelQuery, response: CancellationResultSchema }),
  reverseCancellation: route('POST', '/api/v1/invoices/:id/reverse-cancellation', SELL, { response: CancellationReversalResultSchema }),
  resendEmail: route('POST', '/api/v1/invoices/:id/resend-email', SELL, { query: EmailInvoiceQuery, response: Type.String({ description: 'Dirección a la que se envió' }) }),
  /** The ticket on the till's printer; `copy` for a reprint (says COPIA, never opens the drawer). */
  print: route('POST', '/api/v1/invoices/:id/print', TILL, { body: PrintBody, response: PrintOutcomeSchema }),
} as const;

/** The till's own routes (not in the seeds). */
export const TILL_ROUTES = {
  status: route('GET', '/api/v1/till/status', STORE, { response: TillStatusSchema }),
  queue: route('GET', '/api/v1/till/queue', STORE, { query: PosQuery, response: TillQueueSchema }),
  clients: route('GET', '/api/v1/till/clients', STORE, { query: ClientSuggestionQuery, response: Type.Array(ClientSuggestionSchema) }),
  /** Server-sent events (shared/api/events.ts); read with fetch, as EventSource sends no key. */
  stream: route('GET', '/api/v1/till/stream', STORE, { response: file() }),
  /** A person's PIN login at a point of sale (issue 27): the PIN is the credential. */
  login: route('POST', '/api/v1/till/login', PUBLIC, { body: TillLoginBody, response: TillSessionSchema }),
  me: route('GET', '/api/v1/till/me', STORE, { response: TillSessionSchema }),
  logout: route('POST', '/api/v1/till/logout', STORE, { response: Type.Object({ ended: Type.Boolean() }) }),
} as const;

/** Held sales (issue 27): parked per point of sale, recalled, never deleted. */
export const PARKED_SALE_ROUTES = {
  park: route('POST', '/api/v1/parked-sales', STORE, { body: NewParkedSaleBody, response: ParkedSaleSchema }),
  list: route('GET', '/api/v1/parked-sales', STORE, { query: Type.Intersect([PageQuery, ParkedSalesQuery]), response: pageSchema(ParkedSaleSchema) }),
  get: route('GET', '/api/v1/parked-sales/:id', STORE, { response: ParkedSaleSchema }),
  recall: route('POST', '/api/v1/parked-sales/:id/recall', STORE, { response: ParkedSaleSchema }),
} as const;

/**
 * No key: the till's bootstrap, and the seed's customer links (a CUF is the capability, as on
 * SIAT's own QR page; guessing is throttled per address, main/api/server.ts).
 */
export const PUBLIC_ROUTES = {
  tillConfig: route('GET', '/api/v1/public/till-config', PUBLIC, { response: TillConfigSchema }),
  invoice: route('GET', '/api/v1/public/invoice/:cuf', PUBLIC, { response: PublicInvoiceSummarySchema }),
  invoiceXml: route('GET', '/api/v1/public/invoice/:cuf/xml', PUBLIC, { response: file() }),
  invoicePdf: route('GET', '/api/v1/public/invoice/:cuf/pdf', PUBLIC, { response: file() }),
  invoiceTicket: route('GET', '/api/v1/public/invoice/:cuf/ticket', PUBLIC, { response: file() }),
  invoiceZip: route('GET', '/api/v1/public/invoice/:cuf/zip', PUBLIC, { response: file() }),
  storage: route('GET', '/api/v1/public/storage/*', PUBLIC, { response: file() }),
} as const;
