// FacturacionOperaciones (CONTRACT §2.3): points of sale, system close, significant events.
// Runs in: SIAT simulator only.

import { parseSiatDateTime, siatDate } from '../../siat/datetime';
import { CATALOG_DATA } from '../catalog-data';
import { checkBranch, checkCuis, checkCurrentCufd, checkIssuer, checkPointOfSaleRequest, num, str } from '../checks';
import { reject } from '../respond';
import { CUFD_EXTENSION_MS } from '../state';
import type { Handlers } from './types';

function tipoPuntoVentaText(tipo: number): string {
  return CATALOG_DATA.sincronizarParametricaTipoPuntoVenta.find((t) => t.codigoClasificador === tipo)?.descripcion ?? String(tipo);
}

export const operacionesHandlers: Handlers = {
  registroPuntoVenta(state, req) {
    const issuer = checkIssuer(state, req, { modalidad: true });
    const sucursal = num(req, 'codigoSucursal');
    checkBranch(state, issuer.nit, sucursal);
    // The CUIS of the branch (PV 0), §2.3.
    checkCuis(state, req, issuer, sucursal as number);
    const tipo = num(req, 'codigoTipoPuntoVenta');
    if (tipo === undefined || !CATALOG_DATA.sincronizarParametricaTipoPuntoVenta.some((t) => t.codigoClasificador === tipo)) reject(947);
    const nombre = (str(req, 'nombrePuntoVenta') ?? '').trim();
    const descripcion = (str(req, 'descripcion') ?? '').trim();
    if (!nombre) reject(948);
    if (!descripcion) reject(949);
    if (nombre.length > 100) reject(997);
    if (descripcion.length > 500) reject(998);
    const codigo = state.padron.registerPointOfSale(issuer.nit, sucursal as number, nombre, descripcion, tipo);
    return { codigoPuntoVenta: codigo, mensajesList: [], transaccion: true };
  },

  registroPuntoVentaComisionista(state, req) {
    const issuer = checkIssuer(state, req, { modalidad: true });
    const sucursal = num(req, 'codigoSucursal');
    checkBranch(state, issuer.nit, sucursal);
    checkCuis(state, req, issuer, sucursal as number);
    const nombre = (str(req, 'nombrePuntoVenta') ?? '').trim();
    const descripcion = (str(req, 'descripcion') ?? '').trim();
    if (!nombre) reject(948);
    if (!descripcion) reject(949);
    const inicio = parseSiatDateTime(str(req, 'fechaInicio') ?? '');
    const fin = parseSiatDateTime(str(req, 'fechaFin') ?? '');
    if (!inicio || !fin || fin <= inicio) reject(996);
    if (!str(req, 'nitComisionista')) reject(919);
    // Tipo 1 = PUNTO VENTA COMISIONISTA (§7).
    const codigo = state.padron.registerPointOfSale(issuer.nit, sucursal as number, nombre, descripcion, 1);
    return { codigoPuntoVenta: codigo, mensajesList: [], transaccion: true };
  },

  consultaPuntoVenta(state, req) {
    const issuer = checkIssuer(state, req);
    const sucursal = num(req, 'codigoSucursal');
    checkBranch(state, issuer.nit, sucursal);
    checkCuis(state, req, issuer, sucursal as number);
    const lista = state.padron.pointsOfSale(issuer.nit, sucursal as number).map((p) => ({
      codigoPuntoVenta: p.codigo_punto_venta,
      nombrePuntoVenta: p.nombre,
      tipoPuntoVenta: tipoPuntoVentaText(p.tipo),
    }));
    if (lista.length === 0) reject(982);
    return { listaPuntosVentas: lista, mensajesList: [], transaccion: true };
  },

  cierrePuntoVenta(state, req) {
    const issuer = checkIssuer(state, req);
    const sucursal = num(req, 'codigoSucursal');
    const pv = num(req, 'codigoPuntoVenta');
    checkBranch(state, issuer.nit, sucursal, pv);
    checkCuis(state, req, issuer, sucursal as number);
    // PV 0 is the branch itself; it cannot be closed.
    if (pv === undefined || pv === 0) reject(933);
    state.padron.closePointOfSale(issuer.nit, sucursal as number, pv);
    return { codigoPuntoVenta: pv, mensajesList: [], transaccion: true };
  },

  cierreOperacionesSistema(state, req) {
    const ctx = checkPointOfSaleRequest(state, req, { modalidad: true });
    // §2.3: disables the current CUIS and CUFD of the branch/PV for this system.
    state.codes.revokeCodes(ctx.nit, ctx.sucursal, ctx.pv, ctx.codigoSistema);
    return { codigoSistema: ctx.codigoSistema, mensajesList: [], transaccion: true };
  },

  registroEventoSignificativo(state, req) {
    const ctx = checkPointOfSaleRequest(state, req);
    const motivo = num(req, 'codigoMotivoEvento');
    if (motivo === undefined) reject(950);
    // §5.2: catalog codes 1–7.
    if (!CATALOG_DATA.sincronizarParametricaEventosSignificativos.some((e) => e.codigoClasificador === motivo)) reject(976);
    const descripcion = (str(req, 'descripcion') ?? '').trim();
    if (!descripcion) reject(951);
    // `cufd` is the NEW CUFD obtained after the contingency and must be in force (§5.1 step 3).
    checkCurrentCufd(state, str(req, 'cufd'), ctx.nit, ctx.sucursal, ctx.pv);
    const cufdEvento = state.codes.cufd(str(req, 'cufdEvento') ?? '');
    if (!cufdEvento || cufdEvento.nit !== ctx.nit || cufdEvento.codigo_sucursal !== ctx.sucursal || cufdEvento.codigo_punto_venta !== ctx.pv) reject(984);
    const inicioText = str(req, 'fechaHoraInicioEvento');
    const finText = str(req, 'fechaHoraFinEvento');
    if (!finText) reject(960);
    const inicio = parseSiatDateTime(inicioText ?? '');
    const fin = parseSiatDateTime(finText);
    // §5.4: end > start (974), end not in the future (974). The range lies within the
    // cufdEvento's life extended "hasta 72 horas" from its issue (§5.1.2; Kipu's reading,
    // docs/decisions/0003-contingency-limits.md) → 981 otherwise.
    if (!inicio || !fin || fin.getTime() <= inicio.getTime() || fin.getTime() > state.clock.now().getTime() + 60_000) reject(974);
    const extendedUntil = cufdEvento.issued_at + CUFD_EXTENSION_MS;
    if (inicio.getTime() < cufdEvento.issued_at - 60_000 || inicio.getTime() >= extendedUntil || fin.getTime() > extendedUntil + 60_000) reject(981);
    const codigo = state.reception.registerEvent({
      nit: ctx.nit,
      codigo_sucursal: ctx.sucursal,
      codigo_punto_venta: ctx.pv,
      codigo_motivo: motivo,
      descripcion,
      cufd: str(req, 'cufd') as string,
      cufd_evento: cufdEvento.codigo,
      inicio: inicio.getTime(),
      fin: fin.getTime(),
      inicio_text: inicioText as string,
      fin_text: finText,
    });
    return { codigoRecepcionEventoSignificativo: codigo, listaCodigos: [], mensajesList: [], transaccion: true };
  },

  consultaEventoSignificativo(state, req) {
    const ctx = checkPointOfSaleRequest(state, req);
    const fecha = parseSiatDateTime(str(req, 'fechaEvento') ?? '');
    if (!fecha) reject(996);
    const day = siatDate(fecha);
    const lista = state.reception
      .events(ctx.nit, ctx.sucursal, ctx.pv)
      .filter((e) => siatDate(new Date(e.inicio)) === day)
      .map((e) => ({
        codigoEvento: e.codigo_motivo,
        codigoRecepcionEventoSignificativo: e.codigo_recepcion,
        descripcion: e.descripcion,
        fechaFin: e.fin_text,
        fechaInicio: e.inicio_text,
      }));
    return { listaCodigos: lista, mensajesList: [], transaccion: true };
  },
};
