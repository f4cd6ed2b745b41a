// Checks SIAT applies to the identification fields of every request, in the order the
// simulator applies them: ambiente (910), NIT (919), system (911/912), modality (917/937),
// branch (918), point of sale (933), CUIS (913/929/930), CUFD (914/953). CONTRACT §6.
// Runs in: SIAT simulator only.

import { reject } from './respond';
import type { CufdRow, CuisRow, SimulatorState, TaxpayerRow } from './state';

export type Req = Record<string, unknown>;

export function num(req: Req, field: string): number | undefined {
  const v = req[field];
  return typeof v === 'number' ? v : undefined;
}

export function str(req: Req, field: string): string | undefined {
  const v = req[field];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

export function checkAmbiente(state: SimulatorState, req: Req): void {
  if (num(req, 'codigoAmbiente') !== state.ambiente) reject(910);
}

export interface Issuer {
  taxpayer: TaxpayerRow;
  nit: string;
  codigoSistema: string;
}

/** NIT (919), system (911 unknown, 912 of another taxpayer), optionally modality (917/937). */
export function checkIssuer(state: SimulatorState, req: Req, opts: { modalidad?: boolean } = {}): Issuer {
  checkAmbiente(state, req);
  const nit = str(req, 'nit');
  const taxpayer = nit ? state.padron.taxpayer(nit) : undefined;
  if (!nit || !taxpayer) reject(919);
  const codigoSistema = str(req, 'codigoSistema') ?? '';
  const systemNit = state.padron.systemNit(codigoSistema);
  if (systemNit === undefined) reject(911);
  if (systemNit !== nit) reject(912);
  if (opts.modalidad) {
    const modalidad = num(req, 'codigoModalidad');
    if (modalidad !== 1 && modalidad !== 2) reject(917);
    if (!state.padron.modalidades(taxpayer).includes(modalidad)) reject(937);
  }
  return { taxpayer, nit, codigoSistema };
}

/** Branch (918) and, when given, point of sale (933). Returns the padrón address. */
export function checkBranch(state: SimulatorState, nit: string, sucursal: number | undefined, pv?: number): { direccion: string } {
  const branch = sucursal === undefined ? undefined : state.padron.branch(nit, sucursal);
  if (!branch || sucursal === undefined) reject(918);
  if (pv !== undefined) {
    const pos = state.padron.pointOfSale(nit, sucursal, pv);
    if (!pos || pos.closed) reject(933);
  }
  return branch;
}

/**
 * The CUIS of the request: exists for this NIT and system (913), in force (929), issued for
 * this branch and — when `pv` is given — this point of sale (930).
 */
export function checkCuis(state: SimulatorState, req: Req, issuer: Issuer, sucursal: number, pv?: number): CuisRow {
  const row = state.codes.cuis(str(req, 'cuis') ?? '');
  if (!row || row.nit !== issuer.nit || row.codigo_sistema !== issuer.codigoSistema) reject(913);
  if (row.revoked || row.expires_at <= state.clock.now().getTime()) reject(929);
  if (row.codigo_sucursal !== sucursal || (pv !== undefined && row.codigo_punto_venta !== pv)) reject(930);
  return row;
}

/** A CUFD of this NIT, branch and point of sale (914), in force now (953). */
export function checkCurrentCufd(state: SimulatorState, codigo: string | undefined, nit: string, sucursal: number, pv: number): CufdRow {
  const row = codigo ? state.codes.cufd(codigo) : undefined;
  if (!row || row.nit !== nit || row.codigo_sucursal !== sucursal || row.codigo_punto_venta !== pv) reject(914);
  if (!state.codes.cufdValid(row)) reject(953);
  return row;
}

/** Full identification of a request made from a point of sale: issuer, branch, PV, CUIS. */
export function checkPointOfSaleRequest(
  state: SimulatorState,
  req: Req,
  opts: { modalidad?: boolean } = {},
): Issuer & { sucursal: number; pv: number; direccion: string; cuis: CuisRow } {
  const issuer = checkIssuer(state, req, opts);
  const sucursal = num(req, 'codigoSucursal');
  const pv = num(req, 'codigoPuntoVenta') ?? 0;
  const { direccion } = checkBranch(state, issuer.nit, sucursal, pv);
  const cuis = checkCuis(state, req, issuer, sucursal as number, pv);
  return { ...issuer, sucursal: sucursal as number, pv, direccion, cuis };
}
