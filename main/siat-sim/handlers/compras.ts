// ServicioRecepcionCompras (CONTRACT §2.6, PURCHASES.md): the purchase register with SIAT's
// checks. SIAT's codes for purchase rows are not documented (PURCHASES.md §2.3); the simulator
// uses the invoice codes of the same meaning, listed in README ("Compras"):
//   package: 969 hash, 920 archivo, 985 count ≠ declared, 972 more than 500, 943 fechaEnvio,
//            1041 gestion/periodo invalid or in the future;
//   per file (numeroArchivo from 0): 939 XSD, 1018 subtotal, 1015 base, 1028 crédito fiscal,
//            1041 fechaEmision outside the declared gestion/periodo, 987/994 issuer NIT
//            inactive/nonexistent in the padrón, 1000 already registered;
//   anulacionCompra: 924 unknown, 2217 ELIMINADO (seed 001);
//   consultaCompras: archivo = gzip of a tar of one XML per purchase reported to the NIT in the
//            month of `fecha` up to that day (our choice; SIAT's format is undocumented).
// Runs in: SIAT simulator only.
import { createHash, randomUUID } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { packPackage, unpackPackage } from '../../invoicing/archive';
import { validatePurchaseXml } from '../../purchases/registro-xsd';
import { parseSiatDateTime, formatSiatDateTime } from '../../siat/datetime';
import { xmlEscape } from '../../siat/soap';
import { checkCurrentCufd, checkPointOfSaleRequest, num, str, type Req } from '../checks';
import { estado, msg, reject, type SimMessage } from '../respond';
import type { SimulatorState } from '../state';
import { ComprasLog, type ComprasPackageRow } from '../state/compras';
import { MAX_PACKAGE_TAR_BYTES } from './recepcion';
import type { Handlers } from './types';

/** PURCHASES.md §1.1. */
export const COMPRAS_PACKAGE_MAX = 500;

const logs = new WeakMap<SimulatorState, ComprasLog>();

/** The purchase log of a simulator (created, and seeded in training, on first use). */
export function comprasLog(state: SimulatorState): ComprasLog {
  let log = logs.get(state);
  if (!log) logs.set(state, (log = new ComprasLog(state.db, () => state.clock.now())));
  return log;
}

function context(state: SimulatorState, req: Req) {
  const ctx = checkPointOfSaleRequest(state, req);
  checkCurrentCufd(state, str(req, 'cufd'), ctx.nit, ctx.sucursal, ctx.pv);
  return ctx;
}

function readTarGz(req: Req): { bytes: Buffer; files: { name: string; xml: string }[] } {
  const fechaEnvio = str(req, 'fechaEnvio');
  if (!fechaEnvio || !parseSiatDateTime(fechaEnvio)) reject(943);
  const archivo = str(req, 'archivo');
  if (!archivo) reject(920);
  const bytes = Buffer.from(archivo, 'base64');
  if ((str(req, 'hashArchivo') ?? '').toLowerCase() !== createHash('sha256').update(bytes).digest('hex')) reject(969);
  try {
    return { bytes, files: unpackPackage(bytes, MAX_PACKAGE_TAR_BYTES) };
  } catch {
    return reject(920);
  }
}

/** gestion/periodo: a real month, not after the simulator's current month. */
function checkPeriod(state: SimulatorState, req: Req): { gestion: number; periodo: number } {
  const gestion = num(req, 'gestion');
  const periodo = num(req, 'periodo');
  const today = formatSiatDateTime(state.clock.now());
  if (gestion === undefined || periodo === undefined || periodo < 1 || periodo > 12 || gestion < 2000) reject(1041);
  if (gestion * 100 + periodo > Number(today.slice(0, 4)) * 100 + Number(today.slice(5, 7))) reject(1041);
  return { gestion, periodo };
}

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });

const cents = (text: unknown): number => Math.round(Number(text) * 100);

/** The checks SIAT applies to one registroCompra after the XSD (sums, period, issuer, duplicates). */
function checkRegistro(state: SimulatorState, log: ComprasLog, nit: string, pkg: ComprasPackageRow, xml: string, seen: Set<string>): { messages: number[]; row?: Record<string, string> } {
  const r = (parser.parse(xml) as { registroCompra?: Record<string, string> }).registroCompra;
  if (!r) return { messages: [939] };
  const codes: number[] = [];
  const subtotal = cents(r.montoTotalCompra) - cents(r.importeIce) - cents(r.importeIehd) - cents(r.importeIpj) - cents(r.tasas) - cents(r.otroNoSujetoCredito) - cents(r.importesExentos) - cents(r.importeTasaCero);
  if (subtotal !== cents(r.subTotal)) codes.push(1018);
  const base = cents(r.subTotal) - cents(r.descuento) - cents(r.montoGiftCard);
  if (base !== cents(r.montoTotalSujetoIva)) codes.push(1015);
  if (Math.floor((cents(r.montoTotalSujetoIva) * 13 + 50) / 100) !== cents(r.creditoFiscal)) codes.push(1028);
  const fecha = String(r.fechaEmision ?? '');
  if (Number(fecha.slice(0, 4)) !== pkg.gestion || Number(fecha.slice(5, 7)) !== pkg.periodo) codes.push(1041);
  const status = state.padron.nitStatus(String(r.nitEmisor));
  if (status === 'INACTIVO') codes.push(987);
  const key = `${r.nitEmisor}|${r.codigoAutorizacion}|${r.numeroFactura}`;
  const existing = log.compra(nit, String(r.nitEmisor), String(r.codigoAutorizacion), String(r.numeroFactura));
  if (seen.has(key) || (existing && existing.origin === 'REGISTRADA' && existing.deleted === 0)) codes.push(1000);
  seen.add(key);
  return { messages: codes, row: r };
}

async function validateComprasPackage(state: SimulatorState, pkg: ComprasPackageRow): Promise<void> {
  const log = comprasLog(state);
  const files = unpackPackage(pkg.archivo, MAX_PACKAGE_TAR_BYTES);
  const xsd = await validatePurchaseXml(files.map((f) => f.xml));
  const messages: SimMessage[] = [];
  let valid = 0;
  const seen = new Set<string>();
  state.transaction(() => {
    files.forEach((f, i) => {
      const codes = xsd[i]!.valid ? checkRegistro(state, log, pkg.nit, pkg, f.xml, seen) : { messages: [939] };
      for (const c of codes.messages) messages.push(msg(c, { numeroArchivo: i }));
      if (codes.messages.length === 0 && 'row' in codes && codes.row) {
        const r = codes.row;
        log.register({
          nit: pkg.nit,
          nit_emisor: String(r.nitEmisor),
          codigo_autorizacion: String(r.codigoAutorizacion),
          numero_factura: String(r.numeroFactura),
          numero_dui_dim: String(r.numeroDuiDim),
          razon_social_emisor: String(r.razonSocialEmisor),
          fecha_emision: String(r.fechaEmision),
          monto_total: String(r.montoTotalCompra),
          credito_fiscal: String(r.creditoFiscal),
          tipo_compra: Number(r.tipoCompra),
          origin: 'REGISTRADA',
          package_id: pkg.codigo_recepcion,
        });
        valid++;
      }
    });
    log.finishPackage(pkg.codigo_recepcion, messages.length === 0 ? 908 : valid > 0 ? 904 : 902, messages);
  });
}

const validating = new Map<string, Promise<void>>();

function reportedArchivo(log: ComprasLog, nit: string, fecha: Date): string | undefined {
  const day = formatSiatDateTime(fecha).slice(0, 10);
  const rows = log.reportedTo(nit, `${day}T23:59:59.999`).filter((r) => r.fecha_emision.slice(0, 7) === day.slice(0, 7));
  if (rows.length === 0) return undefined;
  const files = rows.map((r, i) => ({
    name: `compra_${i + 1}.xml`,
    xml:
      '<?xml version="1.0" encoding="UTF-8"?><compra>' +
      `<nitEmisor>${r.nit_emisor}</nitEmisor><razonSocialEmisor>${xmlEscape(r.razon_social_emisor)}</razonSocialEmisor>` +
      `<codigoAutorizacion>${xmlEscape(r.codigo_autorizacion)}</codigoAutorizacion><numeroFactura>${r.numero_factura}</numeroFactura>` +
      `<numeroDuiDim>${xmlEscape(r.numero_dui_dim)}</numeroDuiDim><fechaEmision>${r.fecha_emision}</fechaEmision>` +
      `<montoTotalCompra>${r.monto_total}</montoTotalCompra><creditoFiscal>${r.credito_fiscal}</creditoFiscal>` +
      `<tipoCompra>${r.tipo_compra}</tipoCompra></compra>`,
  }));
  return packPackage(files).archivo;
}

export const comprasHandlers: Handlers = {
  recepcionPaqueteCompras(state, req) {
    const ctx = context(state, req);
    const { gestion, periodo } = checkPeriod(state, req);
    const { bytes, files } = readTarGz(req);
    if (files.length > COMPRAS_PACKAGE_MAX) reject(972);
    if (num(req, 'cantidadFacturas') !== files.length) reject(985);
    const codigo = randomUUID();
    comprasLog(state).insertPackage({
      codigo_recepcion: codigo,
      kind: 'RECEPCION',
      nit: ctx.nit,
      gestion,
      periodo,
      cantidad: files.length,
      archivo: bytes,
      received_at: state.clock.now().getTime(),
      ready_at: Date.now() + state.packageValidationDelayMs,
    });
    return estado(901, [], codigo);
  },

  async validacionRecepcionPaqueteCompras(state, req) {
    const ctx = context(state, req);
    const codigo = str(req, 'codigoRecepcion');
    if (!codigo) reject(923);
    const log = comprasLog(state);
    let pkg = log.package(codigo);
    if (!pkg || pkg.nit !== ctx.nit || pkg.kind !== 'RECEPCION') reject(944);
    if (pkg.estado === 901) {
      if (Date.now() < pkg.ready_at) return estado(901, [], codigo);
      let run = validating.get(codigo);
      if (!run) {
        run = validateComprasPackage(state, pkg).finally(() => validating.delete(codigo));
        validating.set(codigo, run);
      }
      await run;
      pkg = log.package(codigo)!;
    }
    return estado(pkg.estado, pkg.result ? (JSON.parse(pkg.result) as SimMessage[]) : [], codigo);
  },

  async confirmacionCompras(state, req) {
    const ctx = context(state, req);
    const { gestion, periodo } = checkPeriod(state, req);
    const { bytes, files } = readTarGz(req);
    if (files.length > COMPRAS_PACKAGE_MAX) reject(972);
    if (num(req, 'cantidadFacturas') !== files.length) reject(985);
    const xsd = await validatePurchaseXml(files.map((f) => f.xml), 'confirmacionCompra');
    const log = comprasLog(state);
    const messages: SimMessage[] = [];
    files.forEach((f, i) => {
      if (!xsd[i]!.valid) return void messages.push(msg(939, { numeroArchivo: i }));
      const c = (parser.parse(f.xml) as { confirmacionCompra: Record<string, string> }).confirmacionCompra;
      if (!log.confirm(ctx.nit, String(c.nitEmisor), String(c.codigoAutorizacion), String(c.numeroFactura))) messages.push(msg(924, { numeroArchivo: i }));
    });
    const codigo = randomUUID();
    log.insertPackage({ codigo_recepcion: codigo, kind: 'CONFIRMACION', nit: ctx.nit, gestion, periodo, cantidad: files.length, archivo: bytes, received_at: state.clock.now().getTime(), ready_at: Date.now() });
    const final = messages.length === 0 ? 908 : messages.length < files.length ? 904 : 902;
    log.finishPackage(codigo, final, messages);
    return estado(final, messages, codigo);
  },

  anulacionCompra(state, req) {
    const ctx = context(state, req);
    const auth = str(req, 'codAutorizacion');
    if (!auth) reject(924);
    const deleted = comprasLog(state).delete(ctx.nit, str(req, 'nitProveedor') ?? '', auth, str(req, 'nroFactura') ?? '');
    if (!deleted) reject(924);
    // seed 001: a deleted purchase carries 2217 ELIMINADO.
    return estado(905, [{ codigo: 2217, descripcion: 'ELIMINADO' }]);
  },

  consultaCompras(state, req) {
    const ctx = context(state, req);
    const fecha = parseSiatDateTime(str(req, 'fecha') ?? '');
    if (!fecha) reject(943);
    return { archivo: reportedArchivo(comprasLog(state), ctx.nit, fecha), mensajesList: [], transaccion: true };
  },
};
