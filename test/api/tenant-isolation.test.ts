// Issue #16: tenant isolation as a property. Tenant A (the training tenant) owns one real resource
// of every kind a route names by id; tenant B, with a key holding every scope, calls every
// operation of the OpenAPI document that names an id — in its path, in its query, in its JSON
// body or in an Idempotency-Key — with A's ids, and again with random ids of the same kinds (the
// control, sent first). The engine must:
//   (a) answer A's id exactly as it answers an id that does not exist: same status, same headers
//       (but the date and the length), same body once each id is replaced by its kind — so
//       neither the status nor the text tells B that A's resource exists. Wall-clock timing is not
//       asserted (no timed tests here); an identical answer shows the handler refused both at the
//       same step, which is what a timing difference would otherwise betray;
//   (b) answer 404, unless ROUTES gives the route another rule (see Rule);
//   (c) leave A's resources as they were after B's PUT/DELETE/POST on them: A re-reads each one,
//       and no row of the main tables changed.
// An operation that names an id and is in neither ROUTES nor NOT_TENANT_LOOKUPS fails the suite:
// a new route is covered when it is added, not when someone remembers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice, makePng } from '../fixtures/issued-invoice';
import { purchaseBody, settlePurchases } from '../fixtures/purchases';
import { operationsOf, type OpenApiDocument, type Operation } from '../fixtures/openapi';
import { sqliteConnection } from '../../main/store/store';
import { SCOPES } from '../../shared/api-scopes';

/** What an id names: one of A's resources, made in `before`. */
type Kind =
  | 'pos' // points_of_sale.id (UUID) of a point of sale A registered, with a contingency event
  | 'pos0' // A's point of sale 0, where A sold with an Idempotency-Key
  | 'idempotencyKey'
  | 'posCode' // SIAT codigoPuntoVenta of A's pos (sector style); B has a point of sale 0 too
  | 'branch' // branches.id (integer) of a branch A registered
  | 'branch0' // A's casa matriz, where its invoices are
  | 'product'
  | 'productCode'
  | 'invoice'
  | 'cuf'
  | 'invoiceNumber'
  | 'shortCode'
  | 'webhook'
  | 'delivery'
  | 'key'
  | 'keyPrefix'
  | 'user' // third-party user (seed 001 user/additional)
  | 'tillUser' // a person of A's store (cashier, issue 27)
  | 'event' // contingency event
  | 'tenant' // companyId
  | 'cashSession' // A's open cash session on its pos (reopened from cashSessionClosed, with a movement)
  | 'cashSessionClosed' // A's closed cash session (Z report stored; already reopened)
  | 'parkedSale' // A's held sale, waiting at its point of sale 0 (issue 27)
  | 'batch' // A's massive emission batch on pos0, COMPLETED
  | 'batchKey' // the Idempotency-Key A sent with that batch
  | 'purchase' // A's registered purchase (accepted by SIAT)
  | 'purchaseSeq' // its shoppingInvoiceId (per tenant: B has none of its own yet)
  | 'purchaseNumber' // its supplier invoice number
  | 'purchaseAuthorization'; // its authorization code (PageShopping calls it cuf)

/**
 * How a foreign id is answered (b):
 * - 404: the id is looked up among the caller's rows, so another tenant's is "not found".
 * - 'filter': the id narrows a list (GET /invoices?posId=): a foreign one is an empty page or a
 *   404, whichever an unknown id gets.
 * - 403: the id must be the caller's own and is compared, not looked up (the logo's companyId,
 *   README: "another company → 403"); any other value, existing or not, gets the same 403.
 * - 422: a body whose only foreign id is judged among the caller's own rows as a mismatch (B's
 *   point of sale with A's branch): the same refusal as for a branch that does not exist.
 */
type Rule = 404 | 'filter' | 403 | 422;

/** Names a value of each kind: A's for the request under test, a random one for the control. */
type Pick = (k: Kind) => string;

interface Variant {
  /** Path and query parameters that carry an id; the others get a plain value (PLAIN). */
  params?: Partial<Record<string, Kind>>;
  /** A JSON body the route accepts, so the request reaches the lookup; ids in it come from `id`. */
  body?: (id: Pick) => unknown;
  /** Headers that carry an id. */
  headers?: (id: Pick) => Record<string, string>;
  /** When this variant's id is judged by another rule than the route's. */
  rule?: Rule;
}

interface Route {
  variants: Variant[];
  rule?: Rule;
  headers?: Record<string, string>;
  rawBody?: () => NonNullable<RequestInit['body']>;
}

/**
 * Public links need no key: a CUF or an object key is the capability there (README, Security), so
 * B's key changes nothing and they are not tenant-scoped lookups. Catalog and type names are not
 * ids. Listed so that the coverage check below knows they were decided, not forgotten.
 */
const NOT_TENANT_LOOKUPS: Record<string, string> = {
  'GET /api/v1/public/invoice/{cuf}': 'public: the CUF is the capability',
  'GET /api/v1/public/invoice/{cuf}/xml': 'public: the CUF is the capability',
  'GET /api/v1/public/invoice/{cuf}/pdf': 'public: the CUF is the capability',
  'GET /api/v1/public/invoice/{cuf}/ticket': 'public: the CUF is the capability',
  'GET /api/v1/public/invoice/{cuf}/zip': 'public: the CUF is the capability',
  'GET /api/v1/public/storage/{*}': 'public: whitelisted object keys (logos)',
  'GET /api/v1/siat/sync/catalogs/{type}': 'a catalog type, not an id',
  'POST /api/v1/till/login': 'public: the point of sale names its tenant and the PIN is the credential (decision 0064); another tenant’s user is unknown there (till-users.test.ts)',
  'POST /api/v1/products': 'code names the product being created, not one to find: see "A’s product code is free for B" below',
  'POST /api/v1/purchases': 'invoiceNumber names the purchase being registered, not one to find: see "A’s purchase is free for B" below',
  'PUT /api/v1/settings/taxpayer': 'companyId is read-only: the one GET answered is accepted back, another is 422; it never selects a tenant (test/api/fidelity.test.ts)',
};

const PRODUCT_BODY = { code: 'B-INTENTO', description: 'Cambio de B', priceUnit: 1, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' };
const SALE = {
  invoiceType: 'COMPUTERIZED_SALE', clientDocumentType: 1, clientDocumentNumber: '5115889', clientBusinessName: 'Juan Pérez', clientCode: 'C-1', paymentMethodCode: 1,
  details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Arroz 1 kg', quantity: 1, unitMeasure: 57, priceUnit: 9.5 }],
};
const BRANCH_FIELDS = { name: 'Sucursal de B', municipality: 'La Paz', address: 'Calle 1', city: 'La Paz', phone: '2771234', description: 'Intento de B' };
/** Seed 001's sector emission: the header, a line, and what each sector adds. */
const SECTOR_SALE = {
  clientReasonSocial: 'Juan Pérez', clientDocumentType: 1, clientNroDocument: '5115889', clientCode: 'C-1', paramPaymentMethod: 1, userPos: 'b',
  paramCurrency: 1, clientCity: 'La Paz', clientEmail: 'juan@example.com',
};
const SECTOR_LINE = { activityEconomic: '471110', unitMeasure: 58, codeProductSin: '99100', codeProduct: 'S-1', description: 'Servicio', qty: 1, priceUnit: 10 };
const SECTOR_EXTRAS: Record<string, { header?: Record<string, unknown>; line?: Record<string, unknown> }> = {
  rate: {},
  hospital: { line: { nameLastNameDoctor: 'Carlos Rojas', nitDocumentDoctor: 4455667 } },
  saleBon: {},
  telecom: {},
  education: { header: { nameStudent: 'Ana Quispe', billedPeriod: 'MARZO 2026' } },
};
/** One item of a massive emission batch: the sale without its posId (the batch's). */
const BATCH_ITEM = { ...SALE, clientCode: 'C-LOTE' };
/** B's own point of sale 0 and casa matriz, for bodies where only one member is A's. */
const mineB = { pos: '', branch: 0 };

const one = (params: Partial<Record<string, Kind>>): Route => ({ variants: [{ params }] });
/** A held sale's line (issue 27). */
const PARKED_LINE = { productId: 'p1', code: 'P1', description: 'Arroz 1 kg', unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100', unitPrice: 9.5, quantity: 1, discount: 0 };
const withBody = (body: (id: Pick) => unknown): Route => ({ variants: [{ body }] });

const ROUTES: Record<string, Route> = {
  'POST /api/v1/pos': withBody((id) => ({ branchId: Number(id('branch')), name: 'Caja de B', description: 'Intento de B', type: 5 })),
  // For A, closing its point of sale 0 is a 409 and the casa matriz too: B must not get that far.
  'DELETE /api/v1/pos/{id}': { variants: [{ params: { id: 'pos' } }, { params: { id: 'pos0' } }] },
  'GET /api/v1/products/{id}': one({ id: 'product' }),
  'PUT /api/v1/products/{id}': { variants: [{ params: { id: 'product' }, body: () => PRODUCT_BODY }] },
  'GET /api/v1/products/lookup': one({ code: 'productCode' }),
  'POST /api/v1/codes/nit': withBody((id) => ({ posId: id('pos'), nit: 1020304050 })),
  'POST /api/v1/codes/cufd': withBody((id) => ({ posId: id('pos') })),
  'GET /api/v1/codes/cufd/{posId}': one({ posId: 'pos' }),
  // The point of sale goes in the body or in the query (README, catalogs).
  'POST /api/v1/siat/sync/all': { variants: [{ params: { posId: 'pos' }, body: () => ({}) }, { body: (id) => ({ posId: id('pos') }) }] },
  'POST /api/v1/siat/sync/{catalog}': { variants: [{ params: { posId: 'pos' }, body: () => ({}) }, { body: (id) => ({ posId: id('pos') }) }] },
  // A retry is answered from the Idempotency-Key before the point of sale is looked up: A's key
  // with A's very sale must not replay A's invoice to B, nor A's key with B's own point of sale
  // be "reused with another body" (409). B's catalogs are not synced, so its sale is a 422.
  'POST /api/v1/invoices': {
    variants: [
      { body: (id) => ({ ...SALE, posId: id('pos') }) },
      { body: (id) => ({ ...SALE, posId: id('pos0') }), headers: (id) => ({ 'idempotency-key': id('idempotencyKey') }) },
      { body: () => ({ ...SALE, posId: mineB.pos }), headers: (id) => ({ 'idempotency-key': id('idempotencyKey') }), rule: 422 },
    ],
  },
  'GET /api/v1/invoices': { variants: [{ params: { posId: 'pos' } }], rule: 'filter' },
  'GET /api/v1/invoices/cuf/{cuf}': one({ cuf: 'cuf' }),
  'GET /api/v1/invoices/{id}': one({ id: 'invoice' }),
  'GET /api/v1/invoices/{id}/status': one({ id: 'invoice' }),
  'POST /api/v1/invoices/{id}/cancel': one({ id: 'invoice' }),
  'POST /api/v1/invoices/{id}/reverse-cancellation': one({ id: 'invoice' }),
  'POST /api/v1/invoices/{id}/resend-email': one({ id: 'invoice' }),
  'POST /api/v1/invoices/{id}/print': one({ id: 'invoice' }),
  // Contingency: the point of sale is looked up first (404); B's own point of sale with A's
  // branch is a branch that is not the point of sale's (422, judged among B's branches only);
  // A's event on B's point of sale is "not found" (404).
  // Manual invoices under CAFC (issue 17): the point of sale is looked up before anything else;
  // a transcription is named by its contingency event.
  'POST /api/v1/contingency/cafc': withBody((id) => ({
    posId: id('pos'),
    cafc: '1011D7A0C4B21',
    eventMotive: 5,
    eventStart: '2026-01-01T10:00',
    eventEnd: '2026-01-01T11:00',
    invoices: [{ invoiceNumber: 1, emissionDate: '2026-01-01T10:30', ...SALE, clientCode: 'M1' }],
  })),
  'GET /api/v1/contingency/cafc': { variants: [{ params: { posId: 'pos' } }], rule: 'filter' },
  'GET /api/v1/contingency/cafc/{id}': one({ id: 'event' }),
  'POST /api/v1/events/start': {
    variants: [
      { body: (id) => ({ posId: id('pos'), branchId: Number(id('branch')), codigoMotivo: 1, descripcion: 'Intento de B' }) },
      { body: (id) => ({ posId: mineB.pos, branchId: Number(id('branch')), codigoMotivo: 1, descripcion: 'Intento de B' }), rule: 422 },
    ],
  },
  'POST /api/v1/events/end': {
    variants: [
      { body: (id) => ({ posId: id('pos'), branchId: Number(id('branch')), eventoId: id('event') }) },
      { body: (id) => ({ posId: mineB.pos, branchId: mineB.branch, eventoId: id('event') }) },
    ],
  },
  'POST /api/v1/events': withBody((id) => ({ posId: id('pos'), branchId: Number(id('branch')), fechaEvento: '2026-11-24' })),
  'GET /api/v1/events/active/{posId}': one({ posId: 'pos' }),
  'GET /api/v1/till/queue': one({ posId: 'pos' }),
  'DELETE /api/v1/keys/{id}': { variants: [{ params: { id: 'key' } }, { params: { id: 'keyPrefix' } }] },
  'GET /api/v1/webhooks/endpoints/{id}': one({ id: 'webhook' }),
  'PUT /api/v1/webhooks/endpoints/{id}': { variants: [{ params: { id: 'webhook' }, body: () => ({ active: false, description: 'Cambio de B' }) }] },
  'DELETE /api/v1/webhooks/endpoints/{id}': one({ id: 'webhook' }),
  'POST /api/v1/webhooks/endpoints/{id}/rotate-secret': one({ id: 'webhook' }),
  'GET /api/v1/webhooks/endpoints/{id}/deliveries': one({ id: 'webhook' }),
  'POST /api/v1/webhooks/deliveries/{deliveryId}/redeliver': one({ deliveryId: 'delivery' }),
  'POST /api/v1/storage/brand/logo': {
    variants: [{ params: { companyId: 'tenant' } }],
    rule: 403,
    headers: { 'content-type': 'image/png' },
    rawBody: () => new Uint8Array(makePng(40, 40)),
  },
  'PUT /api/v1/branchOffice': withBody((id) => ({ ...BRANCH_FIELDS, branchId: Number(id('branch')) })),
  'GET /api/v1/branchOffice/{branchId}': { variants: [{ params: { branchId: 'branch' } }, { params: { branchId: 'branch0' } }] },
  'DELETE /api/v1/branchOffice/{branchId}': { variants: [{ params: { branchId: 'branch' } }, { params: { branchId: 'branch0' } }] },
  // Sector style: posId is a codigoPuntoVenta, which B has too (its own point of sale 0), so it
  // is foreign only together with A's branch; without branchId B's casa matriz is meant and the
  // invoice number and short code are what is foreign.
  'GET /api/v1/invoice/pagination': one({ posId: 'posCode', branchId: 'branch0' }),
  ...Object.fromEntries(
    ['xml', 'json', 'pdf'].map((f): [string, Route] => [
      `GET /api/v1/invoice/${f}`,
      {
        variants: [
          { params: { posId: 'posCode', branchId: 'branch0', invoiceNumber: 'invoiceNumber', invoiceCode: 'shortCode' } },
          { params: { posId: 'posCode', invoiceNumber: 'invoiceNumber', invoiceCode: 'shortCode' } },
        ],
      },
    ]),
  ),
  'GET /api/v1/user/additional/{userId}': one({ userId: 'user' }),
  'GET /api/v1/till-users/{id}': one({ id: 'tillUser' }),
  // Held sales (issue 27): by the point of sale (body or query) and by their own id.
  'POST /api/v1/parked-sales': withBody((id) => ({ posId: id('pos0'), lines: [PARKED_LINE] })),
  'GET /api/v1/parked-sales': one({ posId: 'pos0' }),
  'GET /api/v1/parked-sales/{id}': one({ id: 'parkedSale' }),
  'POST /api/v1/parked-sales/{id}/recall': one({ id: 'parkedSale' }),
  'PUT /api/v1/till-users/{id}': { variants: [{ params: { id: 'tillUser' }, body: () => ({ name: 'Cambio de B', active: false }) }] },
  // For A, its pos has an open session (a second open is a 409) and a default document it may change.
  'PUT /api/v1/pos/{id}/default-invoice-type': {
    variants: [
      { params: { id: 'pos' }, body: () => ({ invoiceType: 'COMPUTERIZED_SECTOR_EDUCATION' }) },
      { params: { id: 'pos0' }, body: () => ({ invoiceType: null }) },
    ],
  },
  // Massive emission: the point of sale is looked up before the Idempotency-Key (A's key with
  // B's own point of sale: see "A’s batch Idempotency-Key is free for B" below).
  'POST /api/v1/invoices/batch': {
    variants: [
      { body: (id) => ({ posId: id('pos'), items: [BATCH_ITEM] }) },
      { body: (id) => ({ posId: id('pos0'), items: [BATCH_ITEM] }), headers: (id) => ({ 'idempotency-key': id('batchKey') }) },
    ],
  },
  'GET /api/v1/invoices/batch/{id}': one({ id: 'batch' }),
  // Cash sessions (issue 17): A's pos has sessions, pos0 none.
  'GET /api/v1/cash/settings/{posId}': one({ posId: 'pos' }),
  'PUT /api/v1/cash/settings/{posId}': { variants: [{ params: { posId: 'pos' }, body: () => ({ requireSession: true }) }] },
  'POST /api/v1/cash/sessions': {
    variants: [{ body: (id) => ({ posId: id('pos'), openingFloat: 50 }) }, { body: (id) => ({ posId: id('pos0'), openingFloat: 50 }) }],
  },
  'GET /api/v1/cash/sessions': { variants: [{ params: { posId: 'pos' } }], rule: 'filter' },
  'GET /api/v1/cash/sessions/current': { variants: [{ params: { posId: 'pos' } }, { params: { posId: 'pos0' } }] },
  ...Object.fromEntries(
    ['', '/report', '/report/pdf'].map((tail): [string, Route] => [
      `GET /api/v1/cash/sessions/{id}${tail}`,
      { variants: [{ params: { id: 'cashSession' } }, { params: { id: 'cashSessionClosed' } }] },
    ]),
  ),
  'POST /api/v1/cash/sessions/{id}/report/print': { variants: [{ params: { id: 'cashSession' } }, { params: { id: 'cashSessionClosed' } }] },
  'POST /api/v1/cash/sessions/{id}/movements': {
    variants: [
      { params: { id: 'cashSession' }, body: () => ({ kind: 'IN', amount: 5, reason: 'Intento de B' }) },
      { params: { id: 'cashSession' }, body: () => ({ kind: 'OUT', amount: 1, reason: 'Intento de B' }) },
      { params: { id: 'cashSessionClosed' }, body: () => ({ kind: 'IN', amount: 5, reason: 'Intento de B' }) },
    ],
  },
  'POST /api/v1/cash/sessions/{id}/close': {
    variants: [
      { params: { id: 'cashSession' }, body: () => ({ denominations: { '100': 1 }, counted: { CARD: 0, QR: 0 }, note: 'Intento de B' }) },
      { params: { id: 'cashSessionClosed' }, body: () => ({ denominations: { '100': 1 } }) },
    ],
  },
  // For A: the open one is NOT_OPEN (409), the closed one ALREADY_REOPENED (409).
  'POST /api/v1/cash/sessions/{id}/reopen': {
    variants: [
      { params: { id: 'cashSessionClosed' }, body: () => ({ reason: 'Intento de B' }) },
      { params: { id: 'cashSession' }, body: () => ({ reason: 'Intento de B' }) },
    ],
  },
  'POST /api/v1/cash/drawer/open': { variants: [{ body: (id) => ({ posId: id('pos') }) }, { body: (id) => ({ posId: id('pos0') }) }] },
  // Purchases (issue 14).
  'GET /api/v1/purchases/{id}': one({ id: 'purchase' }),
  'DELETE /api/v1/purchases/{id}': one({ id: 'purchase' }),
  'GET /api/v1/purchases/by-shopping-invoice-id/{shoppingInvoiceId}': one({ shoppingInvoiceId: 'purchaseSeq' }),
  'GET /api/v1/invoice/shopping/PageShopping': {
    variants: [
      { params: { invoiceNumber: 'purchaseNumber' } },
      { params: { cuf: 'purchaseAuthorization' } },
      { params: { invoiceNumber: 'purchaseNumber', cuf: 'purchaseAuthorization' } },
    ],
    rule: 'filter',
  },
  // Seed 001's sector emission and cancellation: A's casa matriz (404, as an unknown branch); on
  // B's own point of sale 0, A's invoice number and short code name nothing (the note: 422 on
  // invoiceNumber, the cancellation: 404, as for an invoice that does not exist).
  ...Object.fromEntries(
    (['electronic', 'computarized'] as const).flatMap((m) =>
      ['rate', 'hospital', 'saleBon', 'debit', 'telecom', 'education'].flatMap((segment): [string, Route][] => [
        ...(segment === 'debit' ? [] : [[`POST /api/v1/invoice/${m}/${segment}`, withBody((id) => ({ ...SECTOR_SALE, ...SECTOR_EXTRAS[segment]!.header, posId: Number(id('posCode')), branchId: Number(id('branch0')), detailInvoice: [{ ...SECTOR_LINE, ...SECTOR_EXTRAS[segment]!.line }] }))] as [string, Route]]),
        [
          `POST /api/v1/invoice/${m}/${segment}/anulation`,
          {
            variants: [
              { body: (id) => ({ posId: Number(id('posCode')), branchId: Number(id('branch0')), invoiceCode: id('shortCode'), codeMotive: 1, invoiceNumber: Number(id('invoiceNumber')) }) },
              { body: (id) => ({ posId: Number(id('posCode')), invoiceCode: id('shortCode'), codeMotive: 1, invoiceNumber: Number(id('invoiceNumber')) }) },
            ],
          },
        ],
      ]),
    ),
  ),
  ...Object.fromEntries(
    (['electronic', 'computarized'] as const).map((m): [string, Route] => [
      `POST /api/v1/invoice/${m}/debit`,
      {
        variants: [
          { body: (id) => ({ posId: Number(id('posCode')), branchId: Number(id('branch0')), invoiceNumber: Number(id('invoiceNumber')), invoiceCode: id('shortCode'), userPos: 'b', detailInvoice: [{ codeProduct: 'P1', qty: 1, returnProduct: true }] }) },
          { body: (id) => ({ posId: Number(id('posCode')), invoiceNumber: Number(id('invoiceNumber')), invoiceCode: id('shortCode'), userPos: 'b', detailInvoice: [{ codeProduct: 'P1', qty: 1, returnProduct: true }] }), rule: 422 },
        ],
      },
    ]),
  ),
};

/** Plain values of the parameters that are not ids (required ones, or needed to reach the lookup). */
const PLAIN: Record<string, string> = { page: '0', size: '20', motivo: '1', catalog: 'activities', email: 'cliente@example.com' };

/** Query parameters whose name says they carry an id (path parameters always count). */
const ID_LIKE = /(^id$|Id$|^cuf$|^code$|invoiceCode|invoiceNumber)/;

let eng: TestEngine;
let ops: Operation[] = [];
let keyB: string;
/** A's value of each kind, as text. */
const own = {} as Record<Kind, string>;
/** What A reads before B's attempts, to compare afterwards (c). */
const READS = [] as string[];
const snapshots = new Map<string, string>();

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A random value of the same kind that names nothing. */
function randomOf(kind: Kind): string {
  switch (kind) {
    case 'branch':
    case 'branch0':
      return '2000000017';
    case 'posCode':
      return own.posCode; // not an id on its own (see ROUTES)
    case 'invoiceNumber':
      return '777777';
    case 'shortCode':
      // Each symbol the next one of Crockford's base 32 (main/invoicing/short-code.ts): a valid code, not A's.
      return own.shortCode.replace(/./g, (c) => CROCKFORD[(CROCKFORD.indexOf(c.toUpperCase()) + 1) % CROCKFORD.length]!);
    case 'cuf':
      return createHash('sha256').update(randomUUID()).digest('hex').toUpperCase().slice(0, own.cuf.length).padEnd(own.cuf.length, 'A');
    case 'productCode':
      return 'NO-EXISTE-9';
    case 'idempotencyKey':
      return `venta-${randomUUID()}`;
    case 'batchKey':
      return `lote-${randomUUID()}`;
    case 'purchaseNumber':
    case 'purchaseSeq':
      return '777777';
    case 'purchaseAuthorization':
      return `AUT${createHash('sha256').update(randomUUID()).digest('hex').slice(0, 12).toUpperCase()}`;
    case 'keyPrefix':
      return own.keyPrefix.slice(0, -4) + 'zzzz';
    default:
      return randomUUID();
  }
}

interface Built {
  url: string;
  init: RequestInit & { key: string; json?: unknown };
  values: Partial<Record<Kind, string>>;
}

function build(op: Operation, route: Route, variant: Variant, pick: Pick): Built {
  let path = op.path;
  const query: string[] = [];
  const values: Partial<Record<Kind, string>> = {};
  const take = (k: Kind) => (values[k] ??= pick(k));
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const kind = variant.params?.[p.name];
    const v = kind ? take(kind) : p.in === 'path' || p.required ? PLAIN[p.name] : undefined;
    if (v === undefined) {
      assert.ok(p.in === 'query', `${op.method} ${op.path}: no value for path parameter ${p.name}`);
      continue;
    }
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(v));
    else query.push(`${p.name}=${encodeURIComponent(v)}`);
  }
  const init: Built['init'] = { method: op.method, key: keyB, headers: { ...route.headers, ...variant.headers?.(take) } };
  if (variant.body) init.json = variant.body(take);
  else if (route.rawBody) init.body = route.rawBody();
  return { url: path + (query.length > 0 ? `?${query.join('&')}` : ''), init, values };
}

/** Headers that differ between any two requests: the date, the body length, rate-limit counters. */
const VOLATILE_HEADER = /^(date|content-length|x-ratelimit-.*|ratelimit.*|retry-after|x-request-id|etag|keep-alive|connection)$/;

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

async function answer(b: Built): Promise<Seen> {
  const res = await eng.api(b.url, b.init);
  const raw = await res.text();
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !VOLATILE_HEADER.test(k)));
  let body = raw;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    delete parsed.timestamp;
    body = JSON.stringify(parsed);
  } catch {
    // Not JSON: compared as text.
  }
  // The ids themselves become their kind, in one pass (a kind's name must not be rescanned), longest
  // first; a number only where it stands alone. What is left must not differ.
  const entries = Object.entries(b.values).sort(([, x], [, y]) => y!.length - x!.length) as [Kind, string][];
  if (entries.length > 0) {
    const escape = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = entries.map(([, v]) => (/^\d+$/.test(v) ? `(?<![\\d.])${v}(?![\\d.])` : escape(v))).join('|');
    body = body.replace(new RegExp(pattern, 'g'), (m) => `<${entries.find(([, v]) => v === m)![0]}>`);
  }
  return { status: res.status, headers, body, raw };
}

/** Rows of the tables a request could write, hashed (api_keys without its last use). */
function fingerprint(): string {
  const db = sqliteConnection(eng.store);
  const sql = [
    'SELECT * FROM tenants ORDER BY id',
    'SELECT id, tenant_id, prefix, hash, name, scopes, revoked_at FROM api_keys ORDER BY id',
    'SELECT * FROM branches ORDER BY id',
    'SELECT * FROM points_of_sale ORDER BY id',
    'SELECT * FROM products ORDER BY id',
    'SELECT * FROM invoices ORDER BY id',
    'SELECT * FROM contingency_events ORDER BY id',
    'SELECT * FROM webhook_endpoints ORDER BY id',
    'SELECT * FROM webhook_deliveries ORDER BY id',
    'SELECT * FROM third_party_users ORDER BY id',
    'SELECT * FROM settings ORDER BY 1, 2',
    'SELECT * FROM cash_sessions ORDER BY id',
    'SELECT * FROM cash_movements ORDER BY id',
    'SELECT * FROM invoice_payments ORDER BY invoice_id, seq',
    'SELECT * FROM purchases ORDER BY id',
    'SELECT * FROM purchase_packages ORDER BY id',
    'SELECT * FROM invoice_batches ORDER BY id',
    'SELECT * FROM invoice_batch_items ORDER BY batch_id, item_index',
    'SELECT * FROM invoice_batch_packages ORDER BY id',
  ];
  const rows = sql.map((s) => db.prepare(s).raw().all());
  return createHash('sha256').update(JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('hex') : v))).digest('hex');
}

async function readA(path: string): Promise<string> {
  const res = await eng.api(path);
  const text = await res.text();
  assert.equal(res.status, 200, `A reads ${path}: ${text}`);
  return res.headers.get('content-type')?.includes('json') ? JSON.stringify({ ...(JSON.parse(text) as object), timestamp: null }) : createHash('sha256').update(text).digest('hex');
}

async function created(path: string, init: RequestInit & { json?: unknown }, status = 201): Promise<any> {
  const res = await eng.api(path, { method: 'POST', ...init });
  const body = (await res.json()) as any;
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body)}`);
  return body.data;
}

before(async () => {
  // A loopback webhook receiver that refuses connections: the delivery exists and fails fast.
  // The batch and the purchase go to the simulator in the background: short polls, so `before`
  // can wait for them to settle.
  eng = await startTestEngine({ KIPU_RATE_LIMIT: '100000', KIPU_PUBLIC_RATE_LIMIT: '100000', KIPU_WEBHOOK_ALLOW_PRIVATE: '1' }, undefined, {
    scheduler: false,
    massive: { poll: { initialMs: 50, maxMs: 300 }, retry: { initialMs: 100, maxMs: 500 } },
    purchases: { pollMs: 100, retryMs: { initial: 200, max: 1000 } },
  });
  ops = operationsOf((await (await eng.api('/docs/json')).json()) as OpenApiDocument);

  const tenantA = eng.store.apiKeys.authenticate(eng.ownerKey!)!.tenantId;
  const b = eng.store.tenants.create({ nit: '7770016', razonSocial: 'OTRA TIENDA S.R.L.' });
  keyB = eng.store.apiKeys.create(b.id, 'b', SCOPES).key;
  const posB = ((await (await eng.api('/api/v1/pos', { key: keyB })).json()) as { data: { id: string; branchId: number }[] }).data[0]!;
  Object.assign(mineB, { pos: posB.id, branch: posB.branchId });

  // Step 2: one real resource of each kind, A's.
  const webhook = await created('/api/v1/webhooks/endpoints', { json: { url: 'https://127.0.0.1:1/kipu', events: ['*'] } });
  const invoice = await issueInvoice(eng);
  const pos0 = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string; code: number; branchId: number }[] }).data[0]!;
  const product = await created('/api/v1/products', { json: { code: 'TI-A-1', description: 'Producto de A', priceUnit: 10, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
  const branch = await created('/api/v1/branchOffice', {
    json: { name: 'Sucursal de A', municipality: 'La Paz', address: 'Calle 21 de Calacoto 8050', city: 'La Paz', phone: '2771234', description: 'Tienda de A' },
  });
  const pos = await created('/api/v1/pos', { json: { branchId: pos0.branchId, name: 'Caja 2 de A', description: 'Caja junto a la entrada', type: 5 } });
  // A contingency event on the new point of sale (it needs a CUFD first): its posId routes now
  // have something to find.
  await created('/api/v1/codes/cufd', { json: { posId: pos.id } }, 200);
  const event = await created('/api/v1/events/start', { json: { posId: pos.id, branchId: pos0.branchId, codigoMotivo: 1, descripcion: 'Corte de internet' } }, 200);
  const user = await created('/api/v1/user/additional', {
    json: {
      username: 'tercero-de-a', nameOwner: 'María Quispe Mamani', nit: 4100016, socialReason: 'FERRETERÍA EL MARTILLO S.R.L.', phone: '+591 2 2418765',
      email: 'maria.quispe@martillo.bo', address: 'Calle Comercio 455', city: 'La Paz', docSector: 1,
      tokenData: { token: 'TOKEN-TERCERO-TI-eyJhbGciOiJIUzUxMiJ9.secreto', description: 'Token delegado 2026' },
      branchOffice: { municipality: 'La Paz', address: 'Av. Buenos Aires 1020', description: 'Tienda principal' },
    },
  });
  const logo = await created(`/api/v1/storage/brand/logo?companyId=${tenantA}`, { headers: { 'content-type': 'image/png' }, body: new Uint8Array(makePng(64, 64)) }, 200);
  const key = await created('/api/v1/keys', { json: { name: 'Caja de A', scopes: ['till'] } });
  const tillUser = await created('/api/v1/till-users', { json: { login: 'cajera-de-a', name: 'Cajera de A', role: 'cajero', pin: '2468' } });
  const parked = await created('/api/v1/parked-sales', { json: { posId: pos0.id, lines: [PARKED_LINE], label: 'Cliente de A' } });
  let deliveries: { id: string }[] = [];
  for (let i = 0; i < 50 && deliveries.length === 0; i++) {
    deliveries = ((await (await eng.api(`/api/v1/webhooks/endpoints/${webhook.id}/deliveries?page=0&size=20`)).json()) as { data: { content: { id: string }[] } }).data.content;
    if (deliveries.length === 0) await new Promise((r) => setTimeout(r, 20));
  }
  assert.ok(deliveries.length > 0, 'the invoice made a delivery to A’s endpoint');
  const sector = ((await (await eng.api(`/api/v1/invoice/pagination?posId=${pos0.code}&page=0&size=10`)).json()) as { data: { result: { invoiceNumber: number; code: string }[] } }).data.result;
  const mine = sector.find((r) => r.invoiceNumber === invoice.invoiceNumber)!;
  const idempotencyKey = 'venta-de-a-0016';
  await created('/api/v1/invoices?wait=true', { headers: { 'idempotency-key': idempotencyKey }, json: { ...SALE, posId: pos0.id } });
  // A's cash: session 1 on its pos opened, with a movement, closed (Z) and reopened as session 2, open.
  const closedSession = await created('/api/v1/cash/sessions', { json: { posId: pos.id, openingFloat: 100 } });
  await created(`/api/v1/cash/sessions/${closedSession.id}/movements`, { json: { kind: 'IN', amount: 20, reason: 'Cambio del banco' } });
  await created(`/api/v1/cash/sessions/${closedSession.id}/close`, { json: { denominations: { '100': 1, '20': 1 } } }, 200);
  const openSession = await created(`/api/v1/cash/sessions/${closedSession.id}/reopen`, { json: { reason: 'Cerrada por error' } });
  await created(`/api/v1/cash/sessions/${openSession.id}/movements`, { json: { kind: 'OUT', amount: 10, reason: 'Retiro a caja fuerte' } });
  // A's batch, issued and validated by the simulator before B tries anything.
  const batchKey = 'lote-de-a-0016';
  const batch = await created('/api/v1/invoices/batch', { headers: { 'idempotency-key': batchKey }, json: { posId: pos0.id, items: [BATCH_ITEM] } }, 202);
  assert.equal(batch.accepted, 1, JSON.stringify(batch));
  for (let i = 0; ; i++) {
    const state = ((await (await eng.api(`/api/v1/invoices/batch/${batch.batchId}`)).json()) as { data: { state: string } }).data.state;
    if (state === 'COMPLETED') break;
    assert.ok(i < 300, `A's batch is still ${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // A's purchase, sent to SIAT and accepted.
  const purchase = await created('/api/v1/purchases', { json: purchaseBody({ invoiceNumber: '41016', authorizationCode: 'AUTA0016TENANT' }) });
  await settlePurchases(eng);

  Object.assign(own, {
    pos: pos.id, posCode: String(pos0.code), branch: String(branch.branchId), product: product.id, productCode: 'TI-A-1', invoice: invoice.id, cuf: invoice.cuf,
    invoiceNumber: String(invoice.invoiceNumber), shortCode: mine.code, webhook: webhook.id, delivery: deliveries[0]!.id, key: key.id, keyPrefix: key.prefix,
    user: user.id, tillUser: tillUser.id, tenant: tenantA, event: event.id, pos0: pos0.id, idempotencyKey, branch0: String(pos0.branchId),
    cashSession: openSession.id, cashSessionClosed: closedSession.id, batch: batch.batchId, batchKey, parkedSale: parked.id,
    purchase: purchase.id, purchaseSeq: String(purchase.shoppingInvoiceId), purchaseNumber: '41016', purchaseAuthorization: 'AUTA0016TENANT',
  } satisfies Record<Kind, string>);
  // The branch routes also meet A's casa matriz and the point of sale 0 (whose close is refused for A).
  READS.push(
    `/api/v1/invoices/${invoice.id}`, `/api/v1/invoices/cuf/${invoice.cuf}`, `/api/v1/products/${product.id}`, `/api/v1/webhooks/endpoints/${webhook.id}`,
    `/api/v1/webhooks/endpoints/${webhook.id}/deliveries?page=0&size=20`, `/api/v1/branchOffice/${branch.branchId}`, `/api/v1/branchOffice/${pos0.branchId}`,
    '/api/v1/pos', '/api/v1/keys', `/api/v1/user/additional/${user.id}`, `/api/v1/till-users/${tillUser.id}`, '/api/v1/till-users?page=0&size=20', `/api/v1/events/active/${pos.id}`, `/api/v1/invoices?page=0&size=20`, `/api/v1/products?page=0&size=20`, `/api/v1/public/storage/${logo.objectKey}`,
    // The open session's X report is dated when it is read: its rows are in the fingerprint instead.
    `/api/v1/cash/sessions/${closedSession.id}`, `/api/v1/cash/sessions?posId=${pos.id}&page=0&size=20`, `/api/v1/cash/settings/${pos.id}`, `/api/v1/cash/settings/${pos0.id}`,
    `/api/v1/invoices/batch/${batch.batchId}`, '/api/v1/invoices/batch?page=0&size=20', `/api/v1/parked-sales/${parked.id}`, `/api/v1/parked-sales?posId=${pos0.id}&status=ALL`, `/api/v1/purchases/${purchase.id}`, '/api/v1/invoice/shopping/PageShopping?page=0&size=10',
  );
  for (const path of READS) snapshots.set(path, await readA(path));
});
after(async () => {
  await eng?.stop();
});

const keyOf = (op: Operation) => `${op.method} ${op.path}`;

test('every operation with an id in its path, query or body is in the table (a new one must be added)', () => {
  const named = ops.filter(
    (op) =>
      op.parameters.some((p) => p.in === 'path' || (p.in === 'query' && ID_LIKE.test(p.name)) || (p.in === 'header' && /idempotency/i.test(p.name))) ||
      Object.keys(op.body?.properties ?? {}).some((k) => ID_LIKE.test(k)),
  );
  const unknown = named.filter((op) => !ROUTES[keyOf(op)] && !NOT_TENANT_LOOKUPS[keyOf(op)]).map(keyOf);
  assert.deepEqual(unknown, [], 'operations with an id that tenant-isolation.test.ts does not fill: add them to ROUTES (or NOT_TENANT_LOOKUPS, saying why)');
  const stale = [...Object.keys(ROUTES), ...Object.keys(NOT_TENANT_LOOKUPS)].filter((k) => !ops.some((op) => keyOf(op) === k));
  assert.deepEqual(stale, [], 'table entries for operations the document no longer has');
  // Every parameter a variant names exists on its operation.
  for (const op of ops.filter((o) => ROUTES[keyOf(o)])) {
    for (const v of ROUTES[keyOf(op)]!.variants) {
      for (const name of Object.keys(v.params ?? {})) assert.ok(op.parameters.some((p) => p.name === name), `${keyOf(op)} has no parameter ${name}`);
    }
  }
  assert.ok(Object.keys(ROUTES).length >= 39, `${Object.keys(ROUTES).length} operations with A's ids`);
});

test('another tenant’s key gets for A’s ids exactly what it gets for ids that do not exist, and A’s resources stay as they were', async (t) => {
  const started = Date.now();
  const before = fingerprint();
  let cases = 0;
  const statuses = new Map<number, number>();
  // Deletions last, so that a wrongful one (caught by (c)) does not hide what the others answer.
  for (const op of ops.filter((o) => ROUTES[keyOf(o)]).sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'))) {
    const route = ROUTES[keyOf(op)]!;
    for (const [i, variant] of route.variants.entries()) {
      await t.test(`${keyOf(op)}${route.variants.length > 1 ? ` #${i + 1}` : ''}`, async () => {
        // The control first: a write on A's id must not be what makes the control differ.
        const control = await answer(build(op, route, variant, randomOf));
        const foreign = await answer(build(op, route, variant, (k) => own[k]));
        cases++;
        statuses.set(foreign.status, (statuses.get(foreign.status) ?? 0) + 1);
        const show = `${keyOf(op)} → ${foreign.status} ${foreign.raw.slice(0, 400)}\n  control → ${control.status} ${control.raw.slice(0, 400)}`;
        assert.equal(foreign.status, control.status, `(a) status differs: ${show}`);
        assert.equal(foreign.body, control.body, `(a) text differs: ${show}`);
        assert.deepEqual(foreign.headers, control.headers, `(a) headers differ: ${show}`);
        const rule = variant.rule ?? route.rule ?? 404;
        if (rule === 'filter') {
          // Kipu's pages list `content`; seed 001's (sector style) list `result`; plain lists are arrays.
          const page = foreign.status === 200 ? (JSON.parse(foreign.raw) as { data: unknown[] | { content?: unknown[]; result?: unknown[] } }).data : null;
          const empty = page !== null && (Array.isArray(page) ? page : (page.content ?? page.result ?? [null])).length === 0;
          assert.ok(foreign.status === 404 || empty, `(b) a foreign filter is neither 404 nor an empty page: ${show}`);
        } else assert.equal(foreign.status, rule, `(b) ${show}`);
      });
    }
  }
  assert.equal(fingerprint(), before, '(c) B’s requests changed a row');
  for (const path of READS) assert.equal(await readA(path), snapshots.get(path), `(c) A’s ${path} changed`);
  t.diagnostic(`${cases} requests with A's ids (and as many controls) over ${Object.keys(ROUTES).length} operations in ${Date.now() - started} ms`);
  t.diagnostic(`statuses: ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
});

test('A’s product code and barcode are free for B: unique per tenant, so no 409 reveals them', async () => {
  const body = { code: own.productCode, barcode: '7771234500016', description: 'Producto de B', priceUnit: 3, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' };
  const a = await eng.api(`/api/v1/products/${own.product}`, { method: 'PUT', json: { ...body, description: 'Producto de A' } });
  assert.equal(a.status, 200, await a.text());
  const b = await eng.api('/api/v1/products', { method: 'POST', key: keyB, json: body });
  const created = await b.text();
  assert.equal(b.status, 201, created);
  const id = (JSON.parse(created) as { data: { id: string } }).data.id;
  // And back from another code onto A's: the update checks uniqueness within B too.
  const renamed = await eng.api(`/api/v1/products/${id}`, { method: 'PUT', key: keyB, json: { ...body, code: `${own.productCode}-B` } });
  assert.equal(renamed.status, 200, await renamed.text());
  const back = await eng.api(`/api/v1/products/${id}`, { method: 'PUT', key: keyB, json: body });
  assert.equal(back.status, 200, await back.text());
});

test('A’s purchase is free for B: the same supplier, authorization code and number registers for B (no 409), and A’s stays A’s', async () => {
  const before = await readA(`/api/v1/purchases/${own.purchase}`);
  const body = purchaseBody({ invoiceNumber: own.purchaseNumber, authorizationCode: own.purchaseAuthorization });
  const res = await eng.api('/api/v1/purchases', { method: 'POST', key: keyB, json: body });
  const text = await res.text();
  assert.equal(res.status, 201, text);
  const mine = (JSON.parse(text) as { data: { id: string; number: number } }).data;
  assert.notEqual(mine.id, own.purchase);
  assert.equal(mine.number, 1, 'B’s register numbers its own purchases from 1');
  // B's register and PageShopping show B's purchase only; A's shows A's only.
  const b = (await (await eng.api(`/api/v1/invoice/shopping/PageShopping?page=0&size=10&cuf=${own.purchaseAuthorization}`, { key: keyB })).json()) as { data: { result: { id: string }[] } };
  assert.deepEqual(b.data.result.map((p) => p.id), [mine.id]);
  const a = (await (await eng.api(`/api/v1/invoice/shopping/PageShopping?page=0&size=10&cuf=${own.purchaseAuthorization}`)).json()) as { data: { result: { id: string }[] } };
  assert.deepEqual(a.data.result.map((p) => p.id), [own.purchase]);
  assert.equal(await readA(`/api/v1/purchases/${own.purchase}`), before);
});

test('A’s batch Idempotency-Key is free for B: on B’s own point of sale it makes B’s own batch, not a replay of A’s nor a 409', async () => {
  const before = await readA(`/api/v1/invoices/batch/${own.batch}`);
  const res = await eng.api('/api/v1/invoices/batch', { method: 'POST', key: keyB, headers: { 'idempotency-key': own.batchKey }, json: { posId: mineB.pos, items: [BATCH_ITEM] } });
  const text = await res.text();
  assert.equal(res.status, 202, text);
  const mine = (JSON.parse(text) as { data: { batchId: string; posId: string } }).data;
  assert.notEqual(mine.batchId, own.batch);
  assert.equal(mine.posId, mineB.pos);
  assert.ok(!text.includes(own.batch) && !text.includes(own.pos0), `B’s answer names nothing of A’s: ${text}`);
  assert.equal((await eng.api(`/api/v1/invoices/batch/${own.batch}`, { key: keyB })).status, 404);
  assert.equal(await readA(`/api/v1/invoices/batch/${own.batch}`), before);
});
