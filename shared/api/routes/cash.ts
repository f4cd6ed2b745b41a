// Cash sessions (issue 17): the till's; the administrator reads and reopens them too (the
// contract: route.ts, decision 0080).
import Type from 'typebox';
import { PageQuery, pageSchema } from '../envelope';
import {
  CashReportSchema,
  CashSessionListItemSchema,
  CashSessionSchema,
  CashSettingsSchema,
  CloseBody,
  DrawerBody,
  MovementBody,
  OpenSessionBody,
  ReopenBody,
} from '../cash';
import { PrintOutcomeSchema, ReportPrintBody } from '../printing';
import { ADMIN, STORE, TILL, file, route } from './route';

export const CASH_ROUTES = {
  settings: route('GET', '/api/v1/cash/settings/:posId', STORE, { response: CashSettingsSchema }),
  /** Whether the till may sell without an open cash session is the owner's call (issue 26, finding 7). */
  saveSettings: route('PUT', '/api/v1/cash/settings/:posId', ADMIN, { body: CashSettingsSchema, response: CashSettingsSchema }),
  open: route('POST', '/api/v1/cash/sessions', STORE, { body: OpenSessionBody, response: CashSessionSchema }),
  current: route('GET', '/api/v1/cash/sessions/current', STORE, {
    query: Type.Object({ posId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
    response: Type.Union([CashSessionSchema, Type.Null()]),
  }),
  list: route('GET', '/api/v1/cash/sessions', STORE, {
    query: Type.Intersect([
      PageQuery,
      Type.Object({
        posId: Type.Optional(Type.String({ format: 'uuid' })),
        /** CLOSED: the past closes (reportes Z) a manager looks up on the Caja screen. */
        state: Type.Optional(Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')])),
      }),
    ]),
    response: pageSchema(CashSessionListItemSchema),
  }),
  get: route('GET', '/api/v1/cash/sessions/:id', STORE, { response: CashSessionSchema }),
  movement: route('POST', '/api/v1/cash/sessions/:id/movements', STORE, { body: MovementBody, response: CashSessionSchema }),
  close: route('POST', '/api/v1/cash/sessions/:id/close', STORE, { body: CloseBody, response: CashSessionSchema }),
  reopen: route('POST', '/api/v1/cash/sessions/:id/reopen', STORE, { body: ReopenBody, response: CashSessionSchema }),
  report: route('GET', '/api/v1/cash/sessions/:id/report', STORE, { response: CashReportSchema }),
  reportPdf: route('GET', '/api/v1/cash/sessions/:id/report/pdf', STORE, { response: file() }),
  printReport: route('POST', '/api/v1/cash/sessions/:id/report/print', STORE, { body: ReportPrintBody, response: PrintOutcomeSchema }),
  openDrawer: route('POST', '/api/v1/cash/drawer/open', TILL, { body: DrawerBody, response: PrintOutcomeSchema }),
} as const;
