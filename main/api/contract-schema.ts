// A route's schemas as Fastify registers them, taken from the route contract (shared/api/routes,
// decision 0080; issue 30, decision 0090): its query, body and answer — the answer inside the
// style's success envelope, under the status it answers with — so a route file restates none of
// them. The route file adds only what the contract does not hold: the OpenAPI tags, summary and
// description, the path's params and headers. test/api/access.test.ts holds the registered
// schemas to the contract's.
import type { TSchema } from 'typebox';
import { apiResponse, sectorResponse } from '../../shared/api/envelope';
import type { Route, Shape } from '../../shared/api/routes/route';

/** A TypeBox schema, not a Shape (a file or JSON typed by hand, which the engine does not check). */
type SchemaOf<S> = S extends Shape<unknown> ? never : S extends TSchema ? S : never;
type Part<K extends string, S> = [S] extends [never] ? unknown : { [P in K]: S };
type Member<R, K extends string> = R extends Record<K, infer S> ? SchemaOf<S> : never;

type Inputs<R> = Part<'querystring', Member<R, 'query'>> & Part<'body', Member<R, 'body'>>;
type Wrapped<R, C extends number, W> = [Member<R, 'response'>] extends [never] ? unknown : { response: { [P in C]: W } };

function isSchema(s: TSchema | Shape<unknown> | undefined): s is TSchema {
  return s !== undefined && !('kind' in s && (s.kind === 'file' || s.kind === 'typed'));
}

function inputs(route: Route): Record<string, unknown> {
  return { ...(route.query ? { querystring: route.query } : {}), ...(isSchema(route.body) ? { body: route.body } : {}) };
}

/** The answer under each success status (200 when none is given). */
function answers(route: Route, statuses: number[], wrap: (s: TSchema) => TSchema): Record<string, unknown> {
  if (!isSchema(route.response)) return {};
  const schema = wrap(route.response);
  return { response: Object.fromEntries((statuses.length ? statuses : [200]).map((s) => [s, schema])) };
}

/** The schemas of a route of the API-key style (seed 000's ApiResponse); `statuses`: its success statuses, 200 by default. */
export function contractSchema<const R extends Route, const C extends number = 200>(
  route: R,
  ...statuses: C[]
): Inputs<R> & Wrapped<R, C, ReturnType<typeof apiResponse<Member<R, 'response'>>>> {
  return { ...inputs(route), ...answers(route, statuses, apiResponse) } as never;
}

/** The schemas of a route of the envelope style (seed 001's { message, errors, success, data }). */
export function envelopeContractSchema<const R extends Route, const C extends number = 200>(
  route: R,
  ...statuses: C[]
): Inputs<R> & Wrapped<R, C, ReturnType<typeof sectorResponse<Member<R, 'response'>>>> {
  return { ...inputs(route), ...answers(route, statuses, sectorResponse) } as never;
}
