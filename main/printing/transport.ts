// Sends ESC/POS bytes to a receipt printer: raw TCP (port 9100), a device path, or a system
// printer through CUPS' lp/lpr. This is the I/O edge of printing. Every failure comes back as a
// value with a Spanish message the cashier can act on; nothing here throws, and every wait is
// bounded (the sale path must never wait on a printer: callers fire and report).
import { spawn } from 'node:child_process';
import { constants as fsConstants, promises as fsp, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import net from 'node:net';
import type { InvoiceDocumentModel } from '../documents/model';
import { classifyAddress, resolveChecked, type Resolver } from '../net/address-guard';
import { buildEscposTicket } from './escpos-ticket';
import { isPrinterDevicePath, parsePrinterInterface, PRINTER_ADDRESS_REFUSED, printerAddressPolicy, type PrinterSettings } from './settings';
import { buildEscposTestPage } from './test-page';

export type PrintErrorCode = 'PRINTER_OFFLINE' | 'PRINTER_TIMEOUT' | 'PRINTER_ERROR' | 'NETWORK_IN_TRAINING';
/**
 * `message` goes to the cashier (and the API caller); `cause` is the system's own reason (an
 * errno code, a resolved address) for the log only: echoed to the caller it would tell which
 * ports are open and which paths exist (issue #19, findings 1 and 8).
 */
export type PrintResult = { ok: true } | { ok: false; code: PrintErrorCode; message: string; cause?: string };

export interface SendOptions {
  /** Upper bound for the whole job (connect, status, write). Default 3000 ms. */
  timeoutMs?: number;
  /**
   * Ask a TCP printer for its paper and cover state (DLE EOT 2 / DLE EOT 4) before sending.
   * Default: on for EPSON-type printers (Star line mode does not answer DLE EOT).
   */
  queryStatus?: boolean;
  /** How long to wait for the status answer; printers that do not answer are printed to anyway. */
  statusWaitMs?: number;
  /** KIPU_PRINTER_ALLOW_LOOPBACK: a tcp:// printer may be on this machine. Tests and labs only. */
  allowLoopback?: boolean;
  /** Name resolution for tcp:// printers (tests inject one). */
  resolve?: Resolver;
  /**
   * Training (issue 24, item 7): never a connection outside this machine. A tcp:// printer whose
   * address is not loopback answers NETWORK_IN_TRAINING before any connection (print-job.ts
   * hands the job to the virtual printer then).
   */
  loopbackOnly?: boolean;
}

export const DEFAULT_PRINT_TIMEOUT_MS = 3000;

const fail = (code: PrintErrorCode, message: string, cause?: string): PrintResult => ({ ok: false, code, message, ...(cause ? { cause } : {}) });

export async function sendToPrinter(
  settings: Pick<PrinterSettings, 'interface' | 'type'>,
  bytes: Uint8Array,
  opts: SendOptions = {},
): Promise<PrintResult> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_PRINT_TIMEOUT_MS;
  try {
    const target = parsePrinterInterface(settings.interface);
    if (!target) return fail('PRINTER_ERROR', `La conexión de la impresora «${settings.interface}» no es válida. Revísela en Configuración > Impresora.`);
    switch (target.kind) {
      case 'tcp':
        return await sendTcp(target.host, target.port, bytes, {
          timeoutMs,
          queryStatus: opts.queryStatus ?? settings.type === 'epson',
          statusWaitMs: opts.statusWaitMs ?? Math.min(400, Math.floor(timeoutMs / 4)),
          allowLoopback: opts.allowLoopback ?? false,
          loopbackOnly: opts.loopbackOnly ?? false,
          ...(opts.resolve ? { resolve: opts.resolve } : {}),
        });
      case 'device':
        return await writeToDevice(target.path, bytes, timeoutMs);
      case 'system':
        return await sendSystem(target.name, bytes, timeoutMs);
      case 'virtual':
        // Files, not a transport: print-job.ts writes them (virtual-printer.ts).
        return fail('PRINTER_ERROR', 'La impresora virtual no está disponible para este trabajo.');
    }
  } catch (err) {
    return fail('PRINTER_ERROR', 'No se pudo imprimir. Revise la impresora y vuelva a intentarlo.', describe(err));
  }
}

/** Builds the ESC/POS ticket and sends it; never throws. */
export async function printTicket(model: InvoiceDocumentModel, settings: PrinterSettings, opts: SendOptions = {}): Promise<PrintResult> {
  let bytes: Buffer;
  try {
    bytes = buildEscposTicket(model, settings);
  } catch (err) {
    return fail('PRINTER_ERROR', `No se pudo preparar el ticket para la impresora: ${describe(err)}.`);
  }
  return sendToPrinter(settings, bytes, opts);
}

/** Prints the test page (settings, Spanish characters, ruler, QR); never throws. */
export async function printTestPage(settings: PrinterSettings, opts: SendOptions = {}): Promise<PrintResult> {
  let bytes: Buffer;
  try {
    bytes = buildEscposTestPage(settings);
  } catch (err) {
    return fail('PRINTER_ERROR', `No se pudo preparar la página de prueba: ${describe(err)}.`);
  }
  return sendToPrinter(settings, bytes, opts);
}

// ---------------------------------------------------------------------------------------
// TCP (raw port 9100)

// DLE EOT n: real-time status. n=2 offline cause (bit 2 cover open, bit 5 stopped by paper
// end), n=4 roll paper sensor (bits 5–6 paper end). Each answer has bits 1 and 4 set and bits 0
// and 7 clear, which is how a status byte is told apart from anything else.
const STATUS_QUERY = Buffer.from([0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);
const isStatusByte = (b: number) => (b & 0x93) === 0x12;

export function interpretStatus(offlineCause: number, paper: number): PrintResult | null {
  if (!isStatusByte(offlineCause) || !isStatusByte(paper)) return null;
  if ((paper & 0x60) !== 0 || (offlineCause & 0x20) !== 0) {
    return fail('PRINTER_ERROR', 'La impresora no tiene papel. Coloque un rollo nuevo y vuelva a imprimir el ticket.');
  }
  if ((offlineCause & 0x04) !== 0) {
    return fail('PRINTER_ERROR', 'La tapa de la impresora está abierta. Ciérrela y vuelva a imprimir el ticket.');
  }
  if ((offlineCause & 0x40) !== 0) {
    return fail('PRINTER_ERROR', 'La impresora informa un error (cuchilla trabada o sobrecalentamiento). Apáguela, revísela y vuelva a imprimir.');
  }
  return null;
}

const tcpUnreachable = (where: string) =>
  `No se pudo conectar con la impresora en ${where}. Verifique que esté encendida y conectada a la red del negocio, y que la dirección y el puerto sean correctos.`;

async function sendTcp(
  host: string,
  port: number,
  bytes: Uint8Array,
  o: { timeoutMs: number; queryStatus: boolean; statusWaitMs: number; allowLoopback: boolean; loopbackOnly: boolean; resolve?: Resolver },
): Promise<PrintResult> {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const started = Date.now();
  // Resolve once, check every answer, connect to the checked address (no second lookup can
  // redirect the job: DNS rebinding). The lookup counts against the job's time bound.
  const r = await resolveChecked(host, printerAddressPolicy({ allowLoopback: o.allowLoopback }), {
    timeoutMs: o.timeoutMs,
    ...(o.resolve ? { resolve: o.resolve } : {}),
  });
  if (!r.ok && r.reason === 'refused') return fail('PRINTER_ERROR', PRINTER_ADDRESS_REFUSED, `${r.address} (${r.info.class})`);
  // A name that does not resolve reads like any printer that cannot be reached.
  if (!r.ok) return fail('PRINTER_OFFLINE', tcpUnreachable(where), `lookup: ${r.cause}`);
  const cls = classifyAddress(r.address.address).class;
  if (o.loopbackOnly && cls !== 'loopback') {
    return fail('NETWORK_IN_TRAINING', `En modo entrenamiento Kipu no se conecta a la impresora de red ${where}.`, `${r.address.address} (${cls})`);
  }
  return connectAndSend(r.address.address, port, where, bytes, { ...o, timeoutMs: Math.max(o.timeoutMs - (Date.now() - started), 1) });
}

function connectAndSend(
  address: string,
  port: number,
  where: string,
  bytes: Uint8Array,
  o: { timeoutMs: number; queryStatus: boolean; statusWaitMs: number },
): Promise<PrintResult> {
  return new Promise<PrintResult>((resolve) => {
    let settled = false;
    let connected = false;
    const socket = net.connect({ host: address, port });
    const finish = (r: PrintResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(statusTimer);
      socket.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => {
      finish(
        connected
          ? fail('PRINTER_TIMEOUT', `La impresora en ${where} no terminó de recibir el ticket en ${seconds(o.timeoutMs)}. Revise que tenga papel y la tapa cerrada, y vuelva a imprimir.`)
          : fail('PRINTER_OFFLINE', tcpUnreachable(where), 'connect timeout'),
      );
    }, o.timeoutMs);
    let statusTimer: NodeJS.Timeout | undefined;

    const sendJob = () => {
      if (settled) return;
      clearTimeout(statusTimer);
      socket.end(bytes, () => finish({ ok: true }));
    };

    socket.on('connect', () => {
      connected = true;
      if (!o.queryStatus) return sendJob();
      let answer = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        if (statusTimer === undefined || settled) return;
        answer = Buffer.concat([answer, chunk]);
        if (answer.length < 2) return;
        const problem = interpretStatus(answer[0] ?? 0, answer[1] ?? 0);
        statusTimer = undefined;
        if (problem) finish(problem);
        else sendJob();
      });
      socket.write(STATUS_QUERY);
      // Not every printer (or print server in front of it) answers; then just print.
      statusTimer = setTimeout(() => {
        statusTimer = undefined;
        sendJob();
      }, o.statusWaitMs);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      const cause = err.code ?? err.message;
      // Before the connection: refused, unreachable, down and filtered all read the same, so the
      // answers cannot be used to map which ports are open (issue #19, finding 8).
      if (!connected) return finish(fail('PRINTER_OFFLINE', tcpUnreachable(where), cause));
      return finish(fail('PRINTER_ERROR', `La impresora en ${where} cortó la conexión mientras imprimía. Revise el papel y vuelva a imprimir.`, cause));
    });
  });
}

// ---------------------------------------------------------------------------------------
// Device (/dev/usb/lp0, /dev/ttyUSB0, /dev/ttyACM0, COM3, LPT1)

/**
 * Every failure before the device is known to be a printer's character device reads the same
 * (issue #19, finding 1): the message never tells whether a path exists, is a file, a folder or
 * forbidden. The real reason goes to the log through `cause`.
 */
export const DEVICE_UNAVAILABLE =
  'No se pudo usar la impresora USB o serie. Verifique que esté encendida y conectada, que la conexión sea la del dispositivo (por ejemplo /dev/usb/lp0 o COM3) y que el usuario del sistema tenga permiso para usarla (grupo «lp» o «dialout»).';

export type DeviceOpenResult = { ok: true; handle: FileHandle } | { ok: false; cause: string };

export interface DeviceOpenOptions {
  /** Which paths may be opened; the printer device names by default (tests widen it to /dev/null). */
  allowed?: (path: string) => boolean;
  platform?: NodeJS.Platform;
}

/**
 * Opens a printer device for writing without ever creating, truncating or following a link to a
 * file: the path must be a printer device name, it must already be a character device (lstat,
 * so a FIFO cannot block the open and a symlink is not followed), it is opened O_WRONLY with
 * O_NOFOLLOW and O_NOCTTY (no O_CREAT, no O_TRUNC), and fstat on the open descriptor must show the
 * same character device — a swap between the checks is refused too.
 */
export async function openPrinterDevice(path: string, opts: DeviceOpenOptions = {}): Promise<DeviceOpenResult> {
  const allowed = opts.allowed ?? isPrinterDevicePath;
  const platform = opts.platform ?? process.platform;
  if (!allowed(path)) return { ok: false, cause: 'not a printer device name' };
  const isPortName = /^(COM|LPT)\d+$/i.test(path);
  if (platform === 'win32') {
    // \\.\COM3 is the Win32 device namespace: it names devices only, never a file, and Windows'
    // stat reports every handle as a file or a folder, so the name is the check here.
    if (!isPortName) return { ok: false, cause: 'not a Windows port name' };
    try {
      return { ok: true, handle: await fsp.open(`\\\\.\\${path}`, fsConstants.O_WRONLY) };
    } catch (err) {
      return { ok: false, cause: describe(err) };
    }
  }
  // COM3 elsewhere would be a file relative to the working directory.
  if (isPortName) return { ok: false, cause: 'Windows port name on another system' };
  let before: Stats;
  try {
    before = await fsp.lstat(path);
  } catch (err) {
    return { ok: false, cause: describe(err) };
  }
  if (!before.isCharacterDevice()) return { ok: false, cause: `not a character device (${kindOf(before)})` };
  let handle: FileHandle;
  try {
    handle = await fsp.open(path, fsConstants.O_WRONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NOCTTY ?? 0));
  } catch (err) {
    return { ok: false, cause: describe(err) };
  }
  try {
    const after = await handle.stat();
    if (after.isCharacterDevice() && after.rdev === before.rdev && after.ino === before.ino && after.dev === before.dev) return { ok: true, handle };
    await handle.close().catch(() => undefined);
    return { ok: false, cause: `changed between checks (${kindOf(after)})` };
  } catch (err) {
    await handle.close().catch(() => undefined);
    return { ok: false, cause: describe(err) };
  }
}

/** Writes a job to a printer device; never throws, bounded by timeoutMs. */
export async function writeToDevice(path: string, bytes: Uint8Array, timeoutMs: number, opts: DeviceOpenOptions = {}): Promise<PrintResult> {
  const job = (async (): Promise<PrintResult> => {
    const opened = await openPrinterDevice(path, opts);
    if (!opened.ok) return fail('PRINTER_OFFLINE', DEVICE_UNAVAILABLE, opened.cause);
    try {
      await opened.handle.write(bytes);
      return { ok: true };
    } catch (err) {
      return deviceWriteError(path, err as NodeJS.ErrnoException);
    } finally {
      await opened.handle.close().catch(() => undefined);
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  // A blocked device write cannot be cancelled (it sits in libuv's thread pool); we stop waiting
  // and the file handle is closed by the job itself when the write ends.
  const timeout = new Promise<PrintResult>((resolve) => {
    timer = setTimeout(
      () => resolve(fail('PRINTER_TIMEOUT', `La impresora en ${path} no aceptó el ticket en ${seconds(timeoutMs)}. Revise que esté encendida, con papel y la tapa cerrada.`)),
      timeoutMs,
    );
  });
  const r = await Promise.race([job, timeout]);
  clearTimeout(timer);
  return r;
}

/** Errors once the device is open and known to be a character device: the printer's own state. */
function deviceWriteError(path: string, err: NodeJS.ErrnoException): PrintResult {
  const cause = err.code ?? err.message;
  switch (err.code) {
    case 'EIO':
      // usblp answers EIO when the printer reports itself off-line or in error.
      return fail('PRINTER_OFFLINE', `La impresora en ${path} está fuera de línea. Verifique que esté encendida, con la tapa cerrada, y vuelva a imprimir.`, cause);
    case 'ENOSPC':
      // usblp answers ENOSPC when the printer reports paper out.
      return fail('PRINTER_ERROR', 'La impresora no tiene papel. Coloque un rollo nuevo y vuelva a imprimir el ticket.', cause);
    default:
      return fail('PRINTER_ERROR', `La impresora en ${path} no aceptó el ticket. Apáguela y enciéndala, y vuelva a imprimir.`, cause);
  }
}

function kindOf(st: Stats): string {
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'directory';
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isFIFO()) return 'fifo';
  if (st.isSocket()) return 'socket';
  if (st.isBlockDevice()) return 'block device';
  return 'character device';
}

// ---------------------------------------------------------------------------------------
// System printer (CUPS lp, BSD lpr as fallback), raw so the ESC/POS bytes reach the printer.

async function sendSystem(name: string, bytes: Uint8Array, timeoutMs: number): Promise<PrintResult> {
  const deadline = Date.now() + timeoutMs;
  const lp = await runSpooler('lp', ['-d', name, '-o', 'raw', '-t', 'Kipu'], bytes, timeoutMs);
  if (lp.kind !== 'missing') return spoolerResult(name, lp, timeoutMs);
  const lpr = await runSpooler('lpr', ['-P', name, '-o', 'raw', '-T', 'Kipu'], bytes, Math.max(deadline - Date.now(), 200));
  if (lpr.kind !== 'missing') return spoolerResult(name, lpr, timeoutMs);
  return fail('PRINTER_ERROR', 'No se encontró el sistema de impresión (comandos lp o lpr de CUPS). Use una conexión tcp:// o la ruta del dispositivo.');
}

type SpoolerOutcome = { kind: 'missing' } | { kind: 'timeout' } | { kind: 'exit'; code: number | null; stderr: string } | { kind: 'error'; err: Error };

function runSpooler(cmd: string, args: string[], bytes: Uint8Array, timeoutMs: number): Promise<SpoolerOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: SpoolerOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const child = spawn(cmd, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done({ kind: 'timeout' });
    }, timeoutMs);
    child.stderr?.on('data', (c: Buffer) => {
      if (stderr.length < 2000) stderr += c.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => done(err.code === 'ENOENT' ? { kind: 'missing' } : { kind: 'error', err }));
    child.on('close', (code) => done({ kind: 'exit', code, stderr }));
    // The spooler may exit before reading everything (unknown printer): ignore EPIPE here and
    // report its exit status instead.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(bytes);
  });
}

function spoolerResult(name: string, o: SpoolerOutcome, timeoutMs: number): PrintResult {
  if (o.kind === 'timeout') return fail('PRINTER_TIMEOUT', `El sistema de impresión no aceptó el ticket para «${name}» en ${seconds(timeoutMs)}.`);
  if (o.kind === 'error') return fail('PRINTER_ERROR', 'No se pudo usar el sistema de impresión. Revise la impresora en la configuración del sistema.', describe(o.err));
  if (o.kind === 'exit' && o.code === 0) return { ok: true };
  const detail = o.kind === 'exit' ? o.stderr.trim().split('\n')[0] ?? '' : '';
  if (/not exist|unknown destination|no such|no existe|desconocid/i.test(detail)) {
    return fail('PRINTER_OFFLINE', `La impresora del sistema «${name}» no existe o no está instalada. Revise el nombre en Configuración > Impresora.`);
  }
  if (/disabled|not accepting|stopped|pausad|detenid/i.test(detail)) {
    return fail('PRINTER_OFFLINE', `La impresora del sistema «${name}» está detenida o no acepta trabajos. Actívela en la configuración de impresoras del sistema.`);
  }
  return fail('PRINTER_ERROR', `El sistema de impresión rechazó el ticket para «${name}»${detail ? `: ${detail}` : ''}.`);
}

// ---------------------------------------------------------------------------------------

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1).replace('.', ',')} s`;
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    return code ? `${code}: ${err.message}` : err.message;
  }
  return String(err);
}
