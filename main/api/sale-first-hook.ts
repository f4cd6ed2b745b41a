// The till's sale and its ticket counted while in flight, so heavy work on the engine's thread
// waits for them (heavy-work/sale-first.ts, issue 25, decision 0097): from the request's routing
// to the answer written or the connection closed, whichever comes first — a client that goes away
// mid-sale ends the count too.
import type { FastifyInstance } from 'fastify';
import { ROUTES, routeKey } from '../../shared/api/routes';
import { saleFirst as engineSaleFirst, type SaleFirst } from '../heavy-work/sale-first';

/** A sale (any sector, a note) and the ticket printed at the till, a reprint too. */
export const SALE_ROUTES: ReadonlySet<string> = new Set([routeKey(ROUTES.invoices.create), routeKey(ROUTES.invoices.print)]);

export function countSalesInFlight(app: FastifyInstance, gate: SaleFirst = engineSaleFirst): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (SALE_ROUTES.has(`${req.method} ${req.routeOptions.url}`)) reply.raw.once('close', gate.begin());
    done();
  });
}
