// API keys of a tenant (GET/POST/DELETE /api/v1/keys). The scopes are shared/api-scopes.ts's.
import Type, { type Static } from 'typebox';
import type { Scope } from '../api-scopes';

export const ScopeSchema = Type.Union([Type.Literal('admin'), Type.Literal('till'), Type.Literal('integrator')]);
// Compile-time guard: the schema's literals are exactly the scopes of shared/api-scopes.ts.
const sameScopes: [Static<typeof ScopeSchema>, Scope] extends [Scope, Static<typeof ScopeSchema>] ? true : never = true;
void sameScopes;

export const ApiKeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** First characters of the key, to tell keys apart. */
  prefix: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(ScopeSchema, { description: 'Ámbitos de la clave: admin, till (caja), integrator (integración)' }),
});
export type ApiKeyInfo = Static<typeof ApiKeySchema>;

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: 3, uniqueItems: true, description: 'Por omisión ["till"]: la clave de una caja' })),
  },
  { additionalProperties: false },
);

/** GET /api/v1/keys/current: the key (or the person's session) this request came with, what the till offers by. */
export const CurrentKeySchema = Type.Object({
  name: Type.String(),
  /** '' for a person's session (it has no key). */
  prefix: Type.String(),
  scopes: Type.Array(ScopeSchema),
});

/** 201 of POST /api/v1/keys: `key` is the full key, shown once. */
export const CreatedApiKeySchema = Type.Intersect([ApiKeySchema, Type.Object({ key: Type.String() })]);

export const KeyIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const RevokedApiKeySchema = Type.Object({ id: Type.String(), revoked: Type.Boolean() });
