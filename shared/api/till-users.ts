// The store's people (issue 27): users per taxpayer, their roles, and the till's PIN login.
// The PIN travels only in requests; no answer ever carries it or its hash.
import Type, { type Static } from 'typebox';

// The literals of shared/till-roles.ts ROLES, spelled out so the static type keeps them.
const RoleSchema = Type.Union([Type.Literal('cajero'), Type.Literal('supervisor'), Type.Literal('administrador')], { description: 'cajero, supervisor o administrador' });
// Only digits is checked by the engine (main/till-users/till-people.ts), which says so in words;
// a schema pattern would answer "no tiene el formato esperado".
const Pin = Type.String({ minLength: 4, maxLength: 6, description: 'PIN de 4 a 6 dígitos (solo números)' });

export const TillUserSchema = Type.Object({
  id: Type.String(),
  login: Type.String({ description: 'Lo que la persona escribe en la caja para ingresar' }),
  name: Type.String({ description: 'Nombre que va en la factura como usuario' }),
  role: RoleSchema,
  active: Type.Boolean(),
  locked: Type.Boolean({ description: 'Bloqueado por PIN incorrectos' }),
  lockedUntil: Type.Union([Type.String(), Type.Null()], { description: 'Hasta cuándo (hora de Bolivia)' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const NewTillUserBody = Type.Object(
  {
    login: Type.String({ minLength: 2, maxLength: 40 }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    role: RoleSchema,
    pin: Pin,
  },
  { additionalProperties: false },
);

export const TillUserChangeBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    role: Type.Optional(RoleSchema),
    active: Type.Optional(Type.Boolean({ description: 'false desactiva (nadie se borra); true reactiva' })),
    pin: Type.Optional(Pin),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const TillPolicySchema = Type.Object(
  {
    idleMinutes: Type.Integer({ minimum: 1, maximum: 720, description: 'Minutos sin uso tras los que la caja pide el PIN de nuevo' }),
    sessionHours: Type.Integer({ minimum: 1, maximum: 24, description: 'Horas que dura como máximo una sesión de caja' }),
    lockMinutes: Type.Integer({ minimum: 1, maximum: 1440, description: 'Minutos de bloqueo tras 5 PIN incorrectos seguidos' }),
    discountLimitPercent: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01, description: 'Descuento máximo que da un cajero sin aprobación, en % de la línea (o de la venta, el adicional); más pide un supervisor' }),
    ),
    discountLimitAmount: Type.Optional(Type.Number({ minimum: 0, maximum: 99_999_999, description: 'Suma máxima de los descuentos de una venta que da un cajero sin aprobación, en Bs' })),
  },
  { additionalProperties: false },
);

export const TillLoginBody = Type.Object(
  {
    posId: Type.String({ format: 'uuid', description: 'Punto de venta donde se ingresa' }),
    user: Type.String({ minLength: 1, maxLength: 100, description: 'Usuario (login) o su id' }),
    pin: Pin,
  },
  { additionalProperties: false },
);

export const TillSessionSchema = Type.Object({
  token: Type.Optional(Type.String({ description: 'Se muestra una sola vez: va en X-API-Key en cada solicitud de la caja' })),
  user: TillUserSchema,
  posId: Type.String(),
  expiresAt: Type.Optional(Type.String({ description: 'Fin de la sesión (hora de Bolivia)' })),
  idleMinutes: Type.Optional(Type.Integer()),
});

export type TillUserDto = Static<typeof TillUserSchema>;
export type TillPolicy = Static<typeof TillPolicySchema>;
export type NewTillUser = Static<typeof NewTillUserBody>;
export type TillUserChange = Static<typeof TillUserChangeBody>;
