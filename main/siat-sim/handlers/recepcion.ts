// Invoice reception services (CONTRACT §2.4, §2.5, §2.7): online reception, offline packages,
// massive packages and their validation, annulment, reversal, state query, annexes.
// Runs in: SIAT simulator only.

import { createHash, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { unpackPackage } from '../../invoicing/archive';
import { findSector, serviceForSector, type Modalidad } from '../../siat/code-catalog';
import { parseSiatDateTime } from '../../siat/datetime';
import { withinCancellationTerm } from '../../siat/cancellation-window';
import { toBoliviaIso } from '../../../shared/time';
import { isWarning } from '../../siat/messages';
import { CATALOG_DATA } from '../catalog-data';
import { checkCurrentCufd, checkPointOfSaleRequest, num, str, type Req } from '../checks';
import { checkDocuments, type DocumentCheckContext, type DocumentVerdict } from '../documents';
import { estado, msg, reject, type SimMessage } from '../respond';
import { PACKAGE_WINDOW_MS, type PackageRow, type SimulatorState } from '../state';
import type { CallInfo, Handler, Handlers } from './types';

/**
 * What an archivo may inflate to (issue #16: a gzip bomb is 920, not the simulator's memory):
 * one invoice with 500 lines is well under 1 MiB; a package of 1,000 of them under 256 MiB.
 */
export const MAX_INVOICE_XML_BYTES = 16 * 1024 * 1024;
export const MAX_PACKAGE_TAR_BYTES = 256 * 1024 * 1024;

/** §3.6: offline/CAFC packages ≤ 500 documents (954); massive ≤ 1000 (956). */
export const PACKAGE_MAX = 500;
export const MASSIVE_MAX = 1000;
/** §5.4: transcribe and send CAFC invoices ≤ 72 h after recovery. */
const CAFC_WINDOW_MS = 72 * 60 * 60 * 1000;

interface ReceptionContext extends DocumentCheckContext {
  codigoSistema: string;
  requestCufd: string;
}

/**
 * Identification checks of every reception request (§2.4 base type): issuer, branch, PV,
 * CUIS, sector (931) routed to this service (932), tipoFacturaDocumento (915), the request's
 * CUFD in force (914/953), codigoEmision (916).
 */
function receptionContext(state: SimulatorState, req: Req, call: CallInfo, emisiones: number[]): ReceptionContext {
  const ctx = checkPointOfSaleRequest(state, req, { modalidad: true });
  const modalidad = num(req, 'codigoModalidad') as Modalidad;
  const sector = num(req, 'codigoDocumentoSector');
  const def = sector === undefined ? undefined : findSector(sector);
  if (sector === undefined || !def) reject(931);
  if (serviceForSector(sector, modalidad) !== call.servicePath) reject(932);
  if (num(req, 'tipoFacturaDocumento') !== def.tipoFactura) reject(915);
  const emision = num(req, 'codigoEmision');
  if (emision === undefined || !emisiones.includes(emision)) reject(916);
  checkCurrentCufd(state, str(req, 'cufd'), ctx.nit, ctx.sucursal, ctx.pv);
  return {
    state,
    nit: ctx.nit,
    codigoSistema: ctx.codigoSistema,
    sucursal: ctx.sucursal,
    pv: ctx.pv,
    modalidad,
    emision,
    sector,
    tipoFactura: def.tipoFactura,
    requestCufd: str(req, 'cufd') as string,
  };
}

/**
 * A document is received only in a sector the padrón enables for the NIT (940); annulment, state
 * and package polls of what was already received are not refused for it.
 */
function checkSectorEnabled(ctx: ReceptionContext): void {
  if (!ctx.state.padron.sectorEnabled(ctx.nit, ctx.sector)) reject(940);
}

/** archivo + hashArchivo + fechaEnvio (§3.5): hash over the gzip bytes (969). */
function readArchivo(req: Req): Buffer {
  const fechaEnvio = str(req, 'fechaEnvio');
  if (!fechaEnvio || !parseSiatDateTime(fechaEnvio)) reject(943);
  const archivo = str(req, 'archivo');
  if (!archivo) reject(920);
  const bytes = Buffer.from(archivo, 'base64');
  const hash = createHash('sha256').update(bytes).digest('hex');
  if ((str(req, 'hashArchivo') ?? '').toLowerCase() !== hash) reject(969);
  return bytes;
}

/** A package's archivo: checked like readArchivo, then a tar.gz of XMLs (920 when it is not). */
function readPackage(req: Req): { bytes: Buffer; files: { name: string; xml: string }[] } {
  const bytes = readArchivo(req);
  try {
    return { bytes, files: unpackPackage(bytes, MAX_PACKAGE_TAR_BYTES) };
  } catch {
    return reject(920);
  }
}

function registerVerdict(
  state: SimulatorState,
  ctx: DocumentCheckContext,
  v: DocumentVerdict,
  operation: string,
  codigoRecepcion: string,
  pkg?: { id: string; numeroArchivo: number },
): void {
  if (v.valid && v.cuf) {
    state.reception.registerInvoice({
      cuf: v.cuf,
      nit: ctx.nit,
      codigo_sucursal: ctx.sucursal,
      codigo_punto_venta: ctx.pv,
      sector: ctx.sector,
      numero: v.numero ?? 0,
      modalidad: ctx.modalidad,
      emision: ctx.emision,
      fecha_emision: v.fechaEmision ?? '',
      cufd: v.cufd ?? '',
      codigo_recepcion: codigoRecepcion,
      package_id: pkg?.id ?? null,
      xml: v.xml,
    });
  }
  state.reception.recordReception({
    cuf: v.cuf,
    nit: ctx.nit,
    operation,
    sector: ctx.sector,
    packageId: pkg?.id ?? null,
    numeroArchivo: pkg?.numeroArchivo ?? null,
    outcome: v.valid ? 'VALIDADA' : v.duplicate ? 'DUPLICADA' : 'RECHAZADA',
    messages: v.messages,
  });
}

// ---------------------------------------------------------------------------------------
// Packages: accepted at once (901), validated after packageValidationDelayMs.

const processing = new WeakMap<SimulatorState, { timers: Set<NodeJS.Timeout>; running: Map<string, Promise<void>> }>();

function processorOf(state: SimulatorState) {
  let p = processing.get(state);
  if (!p) processing.set(state, (p = { timers: new Set(), running: new Map() }));
  return p;
}

/** Cancels pending validation timers (simulator close). */
export function stopPackageProcessing(state: SimulatorState): Promise<unknown> {
  const p = processorOf(state);
  for (const t of p.timers) clearTimeout(t);
  p.timers.clear();
  return Promise.allSettled([...p.running.values()]);
}

function schedulePackage(state: SimulatorState, codigo: string): void {
  const p = processorOf(state);
  const timer = setTimeout(() => {
    p.timers.delete(timer);
    void processPackage(state, codigo).catch(() => undefined);
  }, state.packageValidationDelayMs);
  p.timers.add(timer);
}

function processPackage(state: SimulatorState, codigo: string): Promise<void> {
  const p = processorOf(state);
  const running = p.running.get(codigo);
  if (running) return running;
  const run = validatePackage(state, codigo).finally(() => p.running.delete(codigo));
  p.running.set(codigo, run);
  return run;
}

async function validatePackage(state: SimulatorState, codigo: string): Promise<void> {
  const pkg = state.reception.package(codigo);
  if (!pkg || pkg.estado !== 901) return;
  const files = unpackPackage(pkg.archivo, MAX_PACKAGE_TAR_BYTES);
  const ctx: DocumentCheckContext = {
    state,
    nit: pkg.nit,
    sucursal: pkg.codigo_sucursal,
    pv: pkg.codigo_punto_venta,
    modalidad: pkg.modalidad,
    emision: pkg.emision,
    sector: pkg.sector,
    tipoFactura: pkg.tipo_factura,
    event: pkg.codigo_evento !== null ? state.reception.event(pkg.codigo_evento) : undefined,
  };
  const verdicts = await checkDocuments(ctx, files.map((f) => f.xml));
  if (pkg.cafc) {
    // Transcribed manual invoices (CONTRACT §5.3): each against the package's CAFC booklet.
    for (const v of verdicts) {
      const cafc = /<cafc>([^<]*)<\/cafc>/.exec(v.xml)?.[1] ?? null;
      for (const codigo of state.cafc.check(pkg.nit, pkg.cafc, { cafc, numero: v.numero ?? null, fechaEmision: v.fechaEmision ?? null })) {
        v.messages.push(msg(codigo));
        v.valid = false;
      }
    }
  }
  const forced = pkg.forced_rejections ? (JSON.parse(pkg.forced_rejections) as { numeroArchivo?: number[]; cufs?: string[]; codigo: number }) : null;
  const messages: SimMessage[] = [];
  let validCount = 0;
  const operation = pkg.kind === 'paquete' ? 'recepcionPaqueteFactura' : 'recepcionMasivaFactura';
  state.transaction(() => {
    verdicts.forEach((v, i) => {
      if (forced && (forced.numeroArchivo?.includes(i) || (v.cuf !== null && forced.cufs?.includes(v.cuf)))) {
        v.messages.push(msg(forced.codigo));
        v.valid = false;
        v.duplicate = false;
      }
      // numeroArchivo = index of the file within the package, 0-based unless the admin API asked
      // for 1-based (README: SIAT's base is undocumented).
      for (const m of v.messages) messages.push({ ...m, numeroArchivo: i + state.faults.fileNumberBase });
      registerVerdict(state, ctx, v, operation, codigo, { id: codigo, numeroArchivo: i });
      if (v.valid) validCount++;
    });
  });
  const hasErrors = messages.some((m) => !isWarning(m.codigo));
  const final = !hasErrors ? 908 : validCount > 0 ? 904 : 902;
  state.reception.finishPackage(codigo, final, messages);
}

async function pollPackage(state: SimulatorState, req: Req, nit: string, kinds: PackageRow['kind'][]): Promise<Record<string, unknown>> {
  const codigo = str(req, 'codigoRecepcion');
  if (!codigo) reject(923);
  let pkg = state.reception.package(codigo);
  if (!pkg || pkg.nit !== nit || !kinds.includes(pkg.kind)) reject(944);
  if (pkg.estado === 901) {
    // 901 while pending; once the delay has passed the validation is awaited (it may have been
    // interrupted by a restart of a simulator with a data directory).
    if (Date.now() < pkg.ready_at) return estado(901, [], codigo);
    await processPackage(state, codigo);
    pkg = state.reception.package(codigo) as PackageRow;
    if (pkg.estado === 901) return estado(901, [], codigo);
  }
  return estado(pkg.estado, pkg.result ? (JSON.parse(pkg.result) as SimMessage[]) : [], codigo);
}

function receivePackage(state: SimulatorState, req: Req, call: CallInfo, kind: 'paquete' | 'masiva'): Record<string, unknown> {
  const ctx = receptionContext(state, req, call, [kind === 'paquete' ? 2 : 3]);
  checkSectorEnabled(ctx);
  let eventCode: number | null = null;
  if (kind === 'paquete') {
    const event = state.reception.event(num(req, 'codigoEvento') ?? -1);
    if (!event || event.nit !== ctx.nit || event.codigo_sucursal !== ctx.sucursal || event.codigo_punto_venta !== ctx.pv) reject(957);
    // §5.4: packages go at most 48 h after the contingency ended (983 "fuera de plazo"); manual
    // CAFC invoices are transcribed and sent within 72 h.
    const window = str(req, 'cafc') ? CAFC_WINDOW_MS : PACKAGE_WINDOW_MS;
    if (state.clock.now().getTime() > event.fin + window) reject(983);
    eventCode = event.codigo_recepcion;
  } else if (!ctx.state.padron.taxpayer(ctx.nit)?.masiva) {
    reject(955);
  }
  const { bytes, files } = readPackage(req);
  if (kind === 'paquete' && files.length > PACKAGE_MAX) reject(954);
  if (kind === 'masiva' && files.length > MASSIVE_MAX) reject(956);
  if (num(req, 'cantidadFacturas') !== files.length) reject(985);
  const codigo = randomUUID();
  const rule = state.faults.rejectFilesNext;
  state.faults.rejectFilesNext = null;
  state.reception.insertPackage({
    codigo_recepcion: codigo,
    kind,
    service: call.servicePath,
    nit: ctx.nit,
    codigo_sucursal: ctx.sucursal,
    codigo_punto_venta: ctx.pv,
    sector: ctx.sector,
    modalidad: ctx.modalidad,
    emision: ctx.emision,
    tipo_factura: ctx.tipoFactura,
    cufd: ctx.requestCufd,
    codigo_evento: eventCode,
    cafc: str(req, 'cafc') ?? null,
    cantidad: files.length,
    archivo: bytes,
    received_at: state.clock.now().getTime(),
    ready_at: Date.now() + state.packageValidationDelayMs,
    estado: 901,
    result: null,
    forced_rejections: rule ? JSON.stringify(rule) : null,
  });
  schedulePackage(state, codigo);
  return estado(901, [], codigo);
}

// ---------------------------------------------------------------------------------------
// Online reception, annulment, reversal, state

const recepcionFactura: Handler = async (state, req, call) => {
  const ctx = receptionContext(state, req, call, [1]);
  checkSectorEnabled(ctx);
  const bytes = readArchivo(req);
  let xml: string;
  try {
    xml = gunzipSync(bytes, { maxOutputLength: MAX_INVOICE_XML_BYTES }).toString('utf8');
  } catch {
    reject(920);
  }
  const [verdict] = await checkDocuments(ctx, [xml]);
  const v = verdict as DocumentVerdict;
  const codigoRecepcion = randomUUID();
  registerVerdict(state, ctx, v, call.operation, codigoRecepcion);
  if (!v.valid) return estado(902, v.messages);
  return estado(908, v.messages, codigoRecepcion);
};

const anulacion: Handler = (state, req, call) => {
  const ctx = receptionContext(state, req, call, [1, 2, 3]);
  const motivo = num(req, 'codigoMotivo');
  if (!CATALOG_DATA.sincronizarParametricaMotivoAnulacion.some((m) => m.codigoClasificador === motivo)) reject(925);
  const inv = state.reception.invoice(str(req, 'cuf') ?? '');
  if (!inv || inv.nit !== ctx.nit) reject(924);
  if (inv.estado === 'ANULADA') reject(936);
  // §5.4: until day 9 of the month after the emission (export sectors 180 days), SIAT's clock.
  if (!withinCancellationTerm(toBoliviaIso(state.clock.now()), inv.fecha_emision, inv.sector)) reject(934);
  state.reception.annulInvoice(inv.cuf, motivo as number);
  return estado(905);
};

const reversion: Handler = (state, req, call) => {
  const ctx = receptionContext(state, req, call, [1, 2, 3]);
  const inv = state.reception.invoice(str(req, 'cuf') ?? '');
  if (!inv || inv.nit !== ctx.nit) reject(924);
  // §5.4: a reversal happens once only.
  if (inv.reverted) reject(968);
  if (inv.estado !== 'ANULADA') reject(945);
  // §5.4: within the annulment's own term (3012 "fuera de plazo").
  if (!withinCancellationTerm(toBoliviaIso(state.clock.now()), inv.fecha_emision, inv.sector)) reject(3012);
  state.reception.revertAnnulment(inv.cuf);
  return estado(907);
};

const verificacionEstado: Handler = (state, req, call) => {
  const ctx = receptionContext(state, req, call, [1, 2, 3]);
  const cuf = str(req, 'cuf') ?? '';
  const inv = state.reception.invoice(cuf);
  if (inv && inv.nit === ctx.nit) return estado(inv.estado === 'ANULADA' ? 905 : 908, [], inv.codigo_recepcion);
  const rejection = state.reception.lastRejection(cuf);
  if (rejection) return estado(902, rejection.map((m) => msg(m.codigo)));
  return estado(902, [msg(946)]);
};

const recepcionAnexos: Handler = (state, req, call) => {
  const ctx = receptionContext(state, req, call, [1, 2, 3]);
  const inv = state.reception.invoice(str(req, 'cuf') ?? '');
  if (!inv || inv.nit !== ctx.nit) reject(924);
  return estado(908, [], inv.codigo_recepcion);
};

const recepcionAnexosSuministro: Handler = (state, req, call) => {
  receptionContext(state, req, call, [1, 2, 3]);
  for (const anexo of (req['anexosList'] as Req[] | undefined) ?? []) {
    if (!state.reception.invoice(str(anexo, 'cufFactSuministro') ?? '')) reject(924);
  }
  return estado(908);
};

/** Handlers of an invoice reception service (the simulator registers the ones in its table). */
export const recepcionHandlers: Handlers = {
  recepcionFactura,
  recepcionDocumentoAjuste: recepcionFactura,
  recepcionPaqueteFactura: (state, req, call) => receivePackage(state, req, call, 'paquete'),
  recepcionMasivaFactura: (state, req, call) => receivePackage(state, req, call, 'masiva'),
  validacionRecepcionPaqueteFactura: (state, req, call) => pollPackage(state, req, receptionContext(state, req, call, [2]).nit, ['paquete']),
  validacionRecepcionMasivaFactura: (state, req, call) => pollPackage(state, req, receptionContext(state, req, call, [3]).nit, ['masiva']),
  anulacionFactura: anulacion,
  anulacionDocumentoAjuste: anulacion,
  reversionAnulacionFactura: reversion,
  reversionAnulacionDocumentoAjuste: reversion,
  verificacionEstadoFactura: verificacionEstado,
  verificacionEstadoDocumentoAjuste: verificacionEstado,
  recepcionAnexos,
  recepcionAnexosSuministroEnergia: recepcionAnexosSuministro,
};
