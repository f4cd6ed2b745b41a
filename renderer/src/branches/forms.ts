// The two forms of Sucursales y puntos de venta, checked before the engine is asked: the same
// limits as the engine's schemas (main/api/routes/envelope-branches.ts for a branch, POST /pos for a
// point of sale), so the manager reads a Spanish sentence instead of a 422.
import type { BranchOffice, BranchOfficeInput, CreatePosRequest, PosTypeCode } from '../../../shared/api-types';

export type BranchField = keyof BranchOfficeInput;

/** Spanish label of each field (also of the engine's `field` in its errors). */
export const BRANCH_FIELD_LABELS: Record<BranchField, string> = {
  name: 'Nombre',
  municipality: 'Municipio',
  address: 'Dirección',
  city: 'Ciudad',
  phone: 'Teléfono',
  description: 'Descripción',
};

/** Maximum lengths of the engine's schema. */
export const BRANCH_MAX_LENGTH: Record<BranchField, number> = {
  name: 100,
  municipality: 100,
  address: 300,
  city: 100,
  phone: 50,
  description: 500,
};

/** Printed on documents, so the engine refuses them blank. */
const BRANCH_REQUIRED: readonly BranchField[] = ['name', 'municipality', 'address', 'city'];

const BRANCH_FIELDS: readonly BranchField[] = ['name', 'municipality', 'address', 'city', 'phone', 'description'];

export const EMPTY_BRANCH: BranchOfficeInput = { name: '', municipality: '', address: '', city: '', phone: '', description: '' };

export function trimBranch(input: BranchOfficeInput): BranchOfficeInput {
  return {
    name: input.name.trim(),
    municipality: input.municipality.trim(),
    address: input.address.trim(),
    city: input.city.trim(),
    phone: input.phone.trim(),
    description: input.description.trim(),
  };
}

/** One Spanish sentence per problem, in the form's order; empty when the branch can be sent. */
export function validateBranch(input: BranchOfficeInput): string[] {
  const b = trimBranch(input);
  const errors: string[] = [];
  for (const f of BRANCH_FIELDS) {
    const label = BRANCH_FIELD_LABELS[f];
    if (BRANCH_REQUIRED.includes(f) && b[f] === '') errors.push(`${label}: es obligatorio.`);
    else if (b[f].length > BRANCH_MAX_LENGTH[f]) errors.push(`${label}: admite hasta ${BRANCH_MAX_LENGTH[f]} caracteres.`);
  }
  return errors;
}

/** The point-of-sale form as typed: selects give strings, "" = nothing chosen. */
export interface PosForm {
  branchId: string;
  type: string;
  name: string;
  description: string;
}

export const EMPTY_POS_FORM: PosForm = { branchId: '', type: '', name: '', description: '' };

export const POS_NAME_MAX = 100;
export const POS_DESCRIPTION_MAX = 500;

/** The request to send, or the problems that stop it. */
export function posRequestOf(form: PosForm): { request: CreatePosRequest; errors: [] } | { request: null; errors: string[] } {
  const errors: string[] = [];
  const branchId = Number(form.branchId);
  const type = Number(form.type);
  const name = form.name.trim();
  const description = form.description.trim();
  if (form.branchId === '' || !Number.isInteger(branchId) || branchId < 1) errors.push('Sucursal: elija la sucursal del punto de venta.');
  if (form.type === '' || !Number.isInteger(type) || type < 1 || type > 6) errors.push('Tipo: elija el tipo de punto de venta.');
  if (name === '') errors.push('Nombre: es obligatorio.');
  else if (name.length > POS_NAME_MAX) errors.push(`Nombre: admite hasta ${POS_NAME_MAX} caracteres.`);
  if (description === '') errors.push('Descripción: es obligatoria.');
  else if (description.length > POS_DESCRIPTION_MAX) errors.push(`Descripción: admite hasta ${POS_DESCRIPTION_MAX} caracteres.`);
  if (errors.length > 0) return { request: null, errors };
  return { request: { branchId, type: type as PosTypeCode, name, description }, errors: [] };
}

/** How two point-of-sale names compare: "Caja 1", "caja  1" and "CAJA 1" are one name to a cashier. */
function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** An open point of sale where the manager sees it: its branch, its code and its name. */
export interface PosPlace {
  id: string;
  code: number;
  name: string;
  branchCode: number;
  branchName: string;
}

/**
 * SIAT accepts two points of sale with one name, but the till's top bar then shows two identical
 * "Caja 1": the open points of sale whose name another one also has, by id. Every branch's PV 0
 * (the branch itself) is named "Caja principal" by Kipu and cannot be renamed or closed: PV 0s
 * alike are not warned about among themselves, only when a registered point of sale takes the name.
 */
export function sharedPosNames(branches: readonly BranchOffice[]): Map<string, PosPlace[]> {
  const byName = new Map<string, PosPlace[]>();
  for (const b of branches) {
    for (const p of b.pos) {
      const key = nameKey(p.name);
      byName.set(key, [...(byName.get(key) ?? []), { id: p.id, code: p.code, name: p.name, branchCode: b.siatCode, branchName: b.name }]);
    }
  }
  const out = new Map<string, PosPlace[]>();
  for (const same of byName.values()) {
    if (same.length < 2 || same.every((p) => p.code === 0)) continue;
    for (const p of same) out.set(p.id, same.filter((o) => o.id !== p.id));
  }
  return out;
}

/** The open points of sale already called `name` (the new one's form warns before registering). */
export function posNamedLike(branches: readonly BranchOffice[], name: string): PosPlace[] {
  const key = nameKey(name);
  if (key === '') return [];
  return branches.flatMap((b) => b.pos.filter((p) => nameKey(p.name) === key).map((p) => ({ id: p.id, code: p.code, name: p.name, branchCode: b.siatCode, branchName: b.name })));
}

/** "punto de venta 1 de la sucursal 0 (Casa Matriz)". */
export function posPlaceText(p: PosPlace): string {
  return `punto de venta ${p.code} de la sucursal ${p.branchCode} (${p.branchName})`;
}
