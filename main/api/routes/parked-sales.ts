// Held (parked) sales (issue 27): the till sets a sale aside to serve the next customer and
// recalls it later, after a restart too. Per tenant and point of sale; a till session parks and
// recalls at its own point of sale only. Recalling marks the sale (who, when); nothing is deleted.
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { ParkedSale } from '../../store/parked-sales';
import { ok, pageOf } from '../envelope';
import { offsetOf } from '../pagination';
import { ApiError, notFound, unprocessable } from '../errors';
import { openPointOfSale } from '../point-of-sale-param';
import { MAX_PARKED_DRAFT_BYTES, type NewParkedSale, type ParkedLine, type ParkedSaleDto } from '../../../shared/api/parked-sales';
import { formatBs, fromHundredths, multiply, toHundredths, type Cents } from '../../../shared/money';
import { toBoliviaIso } from '../../../shared/time';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export function parkedSaleDto(p: ParkedSale): ParkedSaleDto {
  const sale = JSON.parse(p.sale) as { lines: ParkedLine[]; additionalDiscount: number; draft: Record<string, unknown> };
  return {
    id: p.id,
    posId: p.posId,
    status: p.recalledAt ? 'RECALLED' : 'WAITING',
    parkedBy: p.parkedBy,
    label: p.label,
    lineCount: p.lineCount,
    total: fromHundredths(p.totalCents),
    lines: sale.lines,
    additionalDiscount: sale.additionalDiscount,
    draft: sale.draft,
    parkedAt: toBoliviaIso(new Date(p.parkedAt)),
    recalledAt: p.recalledAt ? toBoliviaIso(new Date(p.recalledAt)) : null,
    recalledBy: p.recalledBy,
  };
}

/** The sale's total as the invoice would have it (Σ quantity × price − line discount, − additional), or the problems. */
export function parkedTotal(body: Pick<NewParkedSale, 'lines' | 'additionalDiscount'>): { total: Cents } | { problems: { field: string; rule: string; message: string }[] } {
  const problems: { field: string; rule: string; message: string }[] = [];
  let total = 0;
  body.lines.forEach((l, i) => {
    const q = toHundredths(l.quantity);
    const price = toHundredths(l.unitPrice);
    const discount = toHundredths(l.discount);
    if (q === null) problems.push({ field: `lines[${i}].quantity`, rule: 'decimals', message: 'La cantidad admite hasta 2 decimales' });
    if (price === null) problems.push({ field: `lines[${i}].unitPrice`, rule: 'decimals', message: 'El precio admite hasta 2 decimales' });
    if (discount === null) problems.push({ field: `lines[${i}].discount`, rule: 'decimals', message: 'El descuento admite hasta 2 decimales' });
    if (q === null || price === null || discount === null) return;
    const gross = multiply(q, price);
    if (discount > gross) problems.push({ field: `lines[${i}].discount`, rule: 'max', message: `El descuento (${formatBs(discount)}) supera el importe de la línea (${formatBs(gross)})` });
    total += gross - discount;
  });
  const additional = toHundredths(body.additionalDiscount ?? 0);
  if (additional === null) problems.push({ field: 'additionalDiscount', rule: 'decimals', message: 'El descuento adicional admite hasta 2 decimales' });
  else if (problems.length === 0 && additional > total)
    problems.push({ field: 'additionalDiscount', rule: 'max', message: `El descuento adicional (${formatBs(additional)}) supera el total de la venta (${formatBs(total)})` });
  return problems.length > 0 ? { problems } : { total: total - (additional ?? 0) };
}

export function parkedSaleRoutes(app: FastifyInstance, deps: { store: Store; now?: () => Date }): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Ventas en espera'];
  const now = deps.now ?? (() => new Date());
  const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

  /** A person's till session works at its own point of sale only. */
  const samePos = (req: FastifyRequest, posId: string) => {
    const actor = req.tillActor;
    if (actor && actor.posId !== posId) {
      throw new ApiError(403, 'OTHER_POINT_OF_SALE', `La sesión de ${actor.user.name} es de otro punto de venta: las ventas en espera se ven y se retoman en la caja donde se pusieron`);
    }
  };
  const load = (req: FastifyRequest, id: string) => {
    const p = deps.store.parkedSales.byId(req.tenant.id, id);
    if (!p) throw notFound(`Venta en espera ${id} no encontrada`);
    samePos(req, p.posId);
    return p;
  };

  r.post(
    ROUTES.parkedSales.park.path,
    {
      schema: {
        tags,
        summary: 'Pone en espera la venta en curso (no es una factura)',
        description: 'Guarda las líneas y el resto de la venta para atender al siguiente cliente; sobrevive a un reinicio. El total lo calcula el motor.',
        ...contractSchema(ROUTES.parkedSales.park, 201),
      },
    },
    async (req, reply) => {
      const body = req.body;
      openPointOfSale(deps.store, req.tenant.id, body.posId);
      samePos(req, body.posId);
      const t = parkedTotal(body);
      if ('problems' in t) throw unprocessable(t.problems.map((p) => `${p.field}: ${p.message}`).join('; '), t.problems);
      const draft = body.draft ?? {};
      const draftJson = JSON.stringify(draft);
      if (Buffer.byteLength(draftJson) > MAX_PARKED_DRAFT_BYTES) {
        throw unprocessable(`El resto de la venta (draft) ocupa más de ${MAX_PARKED_DRAFT_BYTES / 1024} KiB`, [{ field: 'draft', rule: 'maxBytes', message: 'Demasiado grande' }]);
      }
      const p = deps.store.parkedSales.park({
        tenantId: req.tenant.id,
        posId: body.posId,
        parkedBy: req.apiKey.name.slice(0, 100) || 'kipu',
        parkedByUserId: req.tillActor?.user.id ?? null,
        label: body.label?.trim() || null,
        lineCount: body.lines.length,
        totalCents: t.total,
        sale: JSON.stringify({ lines: body.lines, additionalDiscount: body.additionalDiscount ?? 0, draft }),
        parkedAt: now().toISOString(),
      });
      return reply.status(201).send(ok(parkedSaleDto(p), `Venta en espera (${formatBs(t.total)})`));
    },
  );

  r.get(
    ROUTES.parkedSales.list.path,
    {
      schema: {
        tags,
        summary: 'Las ventas en espera de un punto de venta, la más antigua primero',
        ...contractSchema(ROUTES.parkedSales.list),
      },
    },
    async (req) => {
      const q = req.query as { page: number; size: number; posId: string; status?: 'WAITING' | 'RECALLED' | 'ALL' };
      if (!deps.store.pointsOfSale.details(req.tenant.id, q.posId)) throw notFound(`Punto de venta ${q.posId} no encontrado`);
      samePos(req, q.posId);
      const { items, total } = deps.store.parkedSales.list(req.tenant.id, q.posId, q.status ?? 'WAITING', offsetOf(q), q.size);
      return ok(pageOf(items.map(parkedSaleDto), q.page, q.size, total));
    },
  );

  r.get(
    ROUTES.parkedSales.get.path,
    { schema: { tags, summary: 'Una venta en espera', params: IdParams, ...contractSchema(ROUTES.parkedSales.get) } },
    async (req) => ok(parkedSaleDto(load(req, req.params.id))),
  );

  r.post(
    ROUTES.parkedSales.recall.path,
    {
      schema: {
        tags,
        summary: 'Retoma una venta en espera: la devuelve a la caja y la marca retomada (no se borra)',
        description: '409 ALREADY_RECALLED si otra caja o persona ya la retomó.',
        params: IdParams,
        ...contractSchema(ROUTES.parkedSales.recall),
      },
    },
    async (req) => {
      const p = load(req, req.params.id);
      const by = req.apiKey.name.slice(0, 100) || 'kipu';
      if (!deps.store.parkedSales.recall(req.tenant.id, p.id, by, req.tillActor?.user.id ?? null, now().toISOString())) {
        const again = deps.store.parkedSales.byId(req.tenant.id, p.id)!;
        const at = again.recalledAt ? ` a las ${toBoliviaIso(new Date(again.recalledAt)).slice(11, 16)}` : '';
        throw new ApiError(409, 'ALREADY_RECALLED', `Esta venta en espera ya la retomó ${again.recalledBy ?? 'otra persona'}${at}`);
      }
      return ok(parkedSaleDto(deps.store.parkedSales.byId(req.tenant.id, p.id)!), 'Venta retomada');
    },
  );
}
