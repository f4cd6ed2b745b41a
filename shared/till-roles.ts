// The people who work a till (issue 27): their roles and which role each act needs. Shared with
// the renderer, which shows the roles and greys out what the logged-in role cannot do; the engine
// enforces it (main/api/acts.ts). One table, read at once by a reviewer.

export const ROLES = ['cajero', 'supervisor', 'administrador'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(v: unknown): v is Role {
  return typeof v === 'string' && (ROLES as readonly string[]).includes(v);
}

/** A role may do what every role before it in ROLES may do. */
export function roleAtLeast(held: Role, needed: Role): boolean {
  return ROLES.indexOf(held) >= ROLES.indexOf(needed);
}

/** What a person does at the till that the role policy distinguishes. */
export const ACTS = [
  'sell',
  'reprint',
  'cash-open',
  'cash-in',
  'cash-close-own',
  'cancel',
  'return',
  'reverse',
  'cash-out',
  'cash-close-other',
  'cash-reopen',
  'discount-over-limit',
  'price-override',
  'catalog',
  'purchase-delete',
  'administration',
] as const;
export type Act = (typeof ACTS)[number];

/** The least role each act needs (issue 27, "Roles"). */
export const ACT_ROLE: Record<Act, Role> = {
  sell: 'cajero',
  reprint: 'cajero',
  'cash-open': 'cajero',
  'cash-in': 'cajero',
  'cash-close-own': 'cajero',
  cancel: 'supervisor',
  return: 'supervisor',
  reverse: 'supervisor',
  'cash-out': 'supervisor',
  'cash-close-other': 'supervisor',
  'cash-reopen': 'supervisor',
  // A sale's discount over the store's limit (percent or amount, till-users policy) and a price
  // other than the catalog's: the store loses money on them (issue 27).
  'discount-over-limit': 'supervisor',
  'price-override': 'supervisor',
  // Products' prices and codes: a price changed in the catalog is a price override for every sale.
  catalog: 'supervisor',
  // A purchase SIAT registered is deleted in SIAT too (anulacionCompra): the month's crédito fiscal
  // loses it, as a sale's cancellation loses its débito (decision 0094). One SIAT never registered
  // (queued, or rejected) is withdrawn locally by whoever registered it: no act.
  'purchase-delete': 'supervisor',
  administration: 'administrador',
};

/** The act in Spanish, as a 403 names it. */
export const ACT_LABELS: Record<Act, string> = {
  sell: 'vender',
  reprint: 'reimprimir',
  'cash-open': 'abrir la caja',
  'cash-in': 'registrar un ingreso de efectivo',
  'cash-close-own': 'cerrar su caja',
  cancel: 'anular una factura',
  return: 'registrar una devolución (nota de crédito-débito)',
  reverse: 'revertir una anulación',
  'cash-out': 'retirar efectivo',
  'cash-close-other': 'cerrar la caja que abrió otra persona',
  'cash-reopen': 'reabrir una caja cerrada',
  'discount-over-limit': 'dar un descuento mayor al límite de la tienda',
  'price-override': 'vender a un precio distinto al del catálogo',
  catalog: 'cambiar productos y precios',
  'purchase-delete': 'eliminar una compra que SIAT ya registró',
  administration: 'administrar la tienda (configuración, claves, usuarios)',
};

/** PIN: 4 to 6 digits. */
export const PIN_RE = /^[0-9]{4,6}$/;
/** Till session tokens start with this; API keys with `kipu_`. */
export const TILL_TOKEN_PREFIX = 'kipt_';
/** Headers of a supervisor's approval in place (the supervisor does not log in): user id or login, and PIN. */
export const APPROVER_HEADER = 'x-supervisor-user';
export const APPROVER_PIN_HEADER = 'x-supervisor-pin';
/** On an approved act's answer: the approver's name, percent-encoded (the till shows both names). */
export const APPROVED_BY_HEADER = 'x-supervisor-name';
