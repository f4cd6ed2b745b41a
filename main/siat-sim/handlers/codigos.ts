// FacturacionCodigos (CONTRACT §2.1): CUIS, CUFD, masivos, verificarNit, certificate revocation.
// Runs in: SIAT simulator only.

import { formatSiatDateTimeWithOffset } from '../../siat/datetime';
import { mod11 } from '../../invoicing/cuf';
import { checkBranch, checkCuis, checkIssuer, num, str, type Issuer, type Req } from '../checks';
import { msg, reject, SimReject, type SimMessage } from '../respond';
import { CUIS_RENEWAL_WINDOW_MS, type SimulatorState } from '../state';
import type { Handlers } from './types';

/** §2.1: masivo requests carry at most 1000 items (3002). */
const MASIVO_MAX = 1000;

function cuisFor(state: SimulatorState, issuer: Issuer, modalidad: number, sucursal: number | undefined, pv: number): Record<string, unknown> {
  checkBranch(state, issuer.nit, sucursal, pv);
  const existing = state.codes.currentCuis(issuer.nit, issuer.codigoSistema, sucursal as number, pv, modalidad);
  const now = state.clock.now().getTime();
  // Asking while one is in force → 980 with the existing CUIS (§1.5); renewable in its last 5 days.
  if (existing && existing.expires_at - now > CUIS_RENEWAL_WINDOW_MS) {
    return {
      codigo: existing.codigo,
      fechaVigencia: formatSiatDateTimeWithOffset(new Date(existing.expires_at)),
      mensajesList: [msg(980)],
      transaccion: false,
    };
  }
  const row = state.codes.issueCuis(issuer.nit, issuer.codigoSistema, sucursal as number, pv, modalidad);
  return { codigo: row.codigo, fechaVigencia: formatSiatDateTimeWithOffset(new Date(row.expires_at)), mensajesList: [], transaccion: true };
}

function cufdFor(state: SimulatorState, req: Req, issuer: Issuer, modalidad: number, sucursal: number | undefined, pv: number): Record<string, unknown> {
  const { direccion } = checkBranch(state, issuer.nit, sucursal, pv);
  const cuis = checkCuis(state, req, issuer, sucursal as number, pv);
  if (cuis.modalidad !== modalidad) reject(917);
  const row = state.codes.issueCufd(cuis, direccion);
  const mensajes: SimMessage[] = [];
  if (cuis.expires_at - state.clock.now().getTime() <= CUIS_RENEWAL_WINDOW_MS) mensajes.push(msg(3008));
  return {
    codigo: row.codigo,
    codigoControl: row.codigo_control,
    direccion: row.direccion,
    fechaVigencia: formatSiatDateTimeWithOffset(new Date(row.expires_at)),
    mensajesList: mensajes,
    transaccion: true,
  };
}

/**
 * verificarNit rule (documented in README): the training taxpayer and NITs registered as
 * ACTIVO → 986; NITs registered as INACTIVO → 987; otherwise a NIT of 7–13 digits whose last
 * digit is the mod-11 check digit (CONTRACT §4 algorithm) of the preceding digits → 986,
 * anything else → 994. The register is seeded in seed.ts and editable via /admin/nit-status.
 */
export function nitStatus(state: SimulatorState, nit: string): 986 | 987 | 994 {
  if (state.padron.taxpayer(nit)) return 986;
  const registered = state.padron.nitStatus(nit);
  if (registered === 'ACTIVO') return 986;
  if (registered === 'INACTIVO') return 987;
  if (registered === 'INEXISTENTE') return 994;
  if (/^\d{7,13}$/.test(nit) && mod11(nit.slice(0, -1)) === nit.slice(-1)) return 986;
  return 994;
}

export const codigosHandlers: Handlers = {
  cuis(state, req) {
    const issuer = checkIssuer(state, req, { modalidad: true });
    return cuisFor(state, issuer, num(req, 'codigoModalidad') as number, num(req, 'codigoSucursal'), num(req, 'codigoPuntoVenta') ?? 0);
  },

  cufd(state, req) {
    const issuer = checkIssuer(state, req, { modalidad: true });
    return cufdFor(state, req, issuer, num(req, 'codigoModalidad') as number, num(req, 'codigoSucursal'), num(req, 'codigoPuntoVenta') ?? 0);
  },

  cuisMasivo(state, req) {
    const issuer = checkIssuer(state, req, { modalidad: true });
    const items = (req['datosSolicitud'] as Req[] | undefined) ?? [];
    if (items.length > MASIVO_MAX) reject(3002);
    const modalidad = num(req, 'codigoModalidad') as number;
    const lista = items.map((item) => {
      const sucursal = num(item, 'codigoSucursal');
      const pv = num(item, 'codigoPuntoVenta') ?? 0;
      try {
        const r = cuisFor(state, issuer, modalidad, sucursal, pv);
        return { ...r, codigoPuntoVenta: pv, codigoSucursal: sucursal, mensajeServicioList: r['mensajesList'], mensajesList: undefined };
      } catch (err) {
        if (!(err instanceof SimReject)) throw err;
        return { codigoPuntoVenta: pv, codigoSucursal: sucursal, mensajeServicioList: err.messages, transaccion: false };
      }
    });
    return { listaRespuestasCuis: lista, mensajesList: [], transaccion: true };
  },

  cufdMasivo(state, req) {
    const issuer = checkIssuer(state, req, { modalidad: true });
    const items = (req['datosSolicitud'] as Req[] | undefined) ?? [];
    if (items.length > MASIVO_MAX) reject(3002);
    const modalidad = num(req, 'codigoModalidad') as number;
    const lista = items.map((item) => {
      const sucursal = num(item, 'codigoSucursal');
      const pv = num(item, 'codigoPuntoVenta') ?? 0;
      try {
        const r = cufdFor(state, item, issuer, modalidad, sucursal, pv);
        return { ...r, codigoPuntoVenta: pv, codigoSucursal: sucursal, cuis: str(item, 'cuis'), mensajeServicioList: r['mensajesList'], mensajesList: undefined };
      } catch (err) {
        if (!(err instanceof SimReject)) throw err;
        return { codigoPuntoVenta: pv, codigoSucursal: sucursal, cuis: str(item, 'cuis'), mensajeServicioList: err.messages, transaccion: false };
      }
    });
    return { listaRespuestasCufd: lista, mensajesList: [], transaccion: true };
  },

  verificarNit(state, req) {
    const issuer = checkIssuer(state, req, { modalidad: true });
    const sucursal = num(req, 'codigoSucursal');
    checkBranch(state, issuer.nit, sucursal);
    checkCuis(state, req, issuer, sucursal as number);
    const nit = str(req, 'nitParaVerificacion');
    if (!nit) reject(919);
    const codigo = nitStatus(state, nit);
    // Only an active NIT is a successful answer; 987/994 come with transaccion=false.
    return { mensajesList: [msg(codigo)], transaccion: codigo === 986 };
  },

  notificaCertificadoRevocado(state, req) {
    const issuer = checkIssuer(state, req);
    const sucursal = num(req, 'codigoSucursal');
    checkBranch(state, issuer.nit, sucursal);
    checkCuis(state, req, issuer, sucursal as number);
    if (!str(req, 'certificado')) reject(927);
    // §2.1: the notification disables the current CUFDs of the electronic modality.
    state.codes.revokeElectronicCufds(issuer.nit);
    return { mensajesList: [], transaccion: true };
  },
};
