// The role policy of the store's people (issue 27), as a preHandler: after validation, when the
// body is known. A person whose role is short of the act's is refused with the role it needs,
// unless a supervisor of the same tenant approves in place (X-Supervisor-User + X-Supervisor-Pin).
// An act the drawer refuses anyway (a cajero's return in another person's open till) is refused
// before a supervisor is called over: the approval would only reach the same refusal.
// Runs in: engine.
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/store';
import type { TillActor, TillPeople } from '../till-users/till-people';
import { actOf, saleReason, type ActLookup } from './acts';
import { toHundredths } from '../../shared/money';
import { ACT_LABELS, ACT_ROLE, APPROVED_BY_HEADER, APPROVER_HEADER, APPROVER_PIN_HEADER, roleAtLeast, type Act } from '../../shared/till-roles';
import { domainApiError } from './domain-errors';
import { ApiError } from './errors';
import { drawerRefusal } from '../cash/cash-service';
import { doerOf } from './doer';

/** The acts done in the till's open cash session, with the verb its refusal says. */
const DRAWER_VERB: Partial<Record<Act, string>> = { return: 'devolver', 'discount-over-limit': 'vender', 'price-override': 'vender' };

/**
 * A refused act, logged with who asked (issue 27: "the attempt logged"; the PIN never is): by
 * this hook, and by a route whose own check refuses again (a purchase SIAT accepted meanwhile).
 */
export function logActRefusal(store: Pick<Store, 'tillUsers'>, actor: TillActor, act: Act, code: string, approver: string | null): void {
  const { user } = actor;
  store.tillUsers.logRefusal(actor.tenant.id, { act, usuario: user.name, userId: user.id, role: user.role, needed: ACT_ROLE[act], posId: actor.posId, code, approver, createdAt: new Date().toISOString() });
}

export function registerRoleHook(app: FastifyInstance, opts: { store: Store; people: TillPeople }): void {
  const { store, people } = opts;
  app.addHook('preHandler', async (req, reply) => {
    const actor = req.tillActor;
    if (!actor) return;
    const route = req.routeOptions.url ?? '';
    const lookup: ActLookup = {
      openedBy: (id, userId) => store.tillUsers.actsOn(actor.tenant.id, id).some((a) => a.act === 'cash-open' && a.userId === userId),
      discountLimit: () => {
        const p = people.policy(actor.tenant.id);
        return { percent: p.discountLimitPercent, amount: toHundredths(p.discountLimitAmount) ?? 0 };
      },
      catalogPrice: (code) => store.products.byCode(actor.tenant.id, code)?.priceCents ?? null,
      purchaseInSiat: (id) => store.purchases.byId(actor.tenant.id, id)?.state === 'ACCEPTED',
    };
    const request = { method: req.method, route, params: (req.params ?? {}) as Record<string, unknown>, body: req.body };
    const act = actOf(request, lookup, actor.user.id);
    req.act = act;
    if (!act) return;
    const needed = ACT_ROLE[act];
    if (roleAtLeast(actor.user.role, needed)) return;
    const who = req.headers[APPROVER_HEADER];
    const pin = req.headers[APPROVER_PIN_HEADER];
    const refused = (code: string) => logActRefusal(store, actor, act, code, typeof who === 'string' && who.trim() !== '' ? who.trim() : null);
    // Another person's open till refuses the act whoever approves it: said first (a fresh walk,
    // session 14: the supervisor typed a PIN to reach «No puede vender en la caja de …»).
    const verb = DRAWER_VERB[act];
    const open = verb && actor.posId ? store.cash.openFor(actor.tenant.id, actor.posId) : null;
    const drawer = open && verb ? drawerRefusal(store, open, doerOf(req), verb) : null;
    if (drawer) {
      const answer = domainApiError(drawer) ?? drawer;
      refused(answer instanceof ApiError ? answer.code : drawer.code);
      throw answer;
    }
    // A sale that needs a supervisor says why: which discount passes which limit, which price.
    // One sentence of its own (never in parentheses: the reason has its own, «línea 1 (Bs 1,91 de …)»).
    const reason = act === 'discount-over-limit' || act === 'price-override' ? (saleReason(req.body, lookup)?.reason ?? '') : '';
    const why = reason ? ` ${reason.charAt(0).toUpperCase()}${reason.slice(1)}.` : '';
    if (typeof who !== 'string' || who.trim() === '' || typeof pin !== 'string') {
      refused('ROLE_REQUIRED');
      throw new ApiError(
        403,
        'ROLE_REQUIRED',
        // A cashier reads it: who approves, in plain words (the headers are in the OpenAPI description).
        `Para ${ACT_LABELS[act]} hace falta el rol «${needed}»; ${actor.user.name} es ${actor.user.role}.${why} ` +
          `Pida a un ${needed} que lo apruebe aquí mismo con su usuario y su PIN.`,
        { neededRole: needed }, // who approves: the till's dialog names it (never read from the sentence)
      );
    }
    try {
      req.approver = await people.approve(actor.tenant.id, who, pin, needed, actor.posId);
    } catch (err) {
      const answer = domainApiError(err) ?? err;
      refused(answer instanceof ApiError ? answer.code : 'APPROVAL_FAILED');
      throw answer;
    }
    // The till names the approver once the act is done (both names on screen); percent-encoded,
    // as a header carries no accents.
    reply.header(APPROVED_BY_HEADER, encodeURIComponent(req.approver.name));
  });
}
