// Sends ESC/POS bytes to a receipt printer: raw TCP (port 9100), a device path, or a system
// printer through CUPS' lp/lpr. This is the I/O edge of printing. Every failure comes back as a
// value with a Spanish message the cashier can act on; nothing here throws, and every wait is
// bounded (the sale path must never wait on a printer: callers fire and report).
import { spawn } from 'node:child_process';
import { constants as fsConstants, promises as fsp } from 'node:fs';
import net from 'node:net';
import type { InvoiceDocumentModel } from '../documents/model';
import { buildEscposTicket } from './escpos-ticket';
import { parsePrinterInterface, type PrinterSettings } from './settings';
import { buildEscposTestPage } from './test-page';

export type PrintErrorCode = 'PRINTER_OFFLINE' | 'PRINTER_TIMEOUT' | 'PRINTER_ERROR';
export type PrintResult = { ok: true } | { ok: false; code: PrintErrorCode; message: string };

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
}

export const DEFAULT_PRINT_TIMEOUT_MS = 3000;

const fail = (code: PrintErrorCode, message: string): PrintResult => ({ ok: false, code, message });

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
        });
      case 'device':
        return await sendDevice(target.path, bytes, timeoutMs);
      case 'system':
        return await sendSystem(target.name, bytes, timeoutMs);
    }
  } catch (err) {
    return fail('PRINTER_ERROR', `No se pudo imprimir: ${describe(err)}.`);
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

function sendTcp(
  host: string,
  port: number,
  bytes: Uint8Array,
  o: { timeoutMs: number; queryStatus: boolean; statusWaitMs: number },
): Promise<PrintResult> {
  const where = `${host}:${port}`;
  return new Promise<PrintResult>((resolve) => {
    let settled = false;
    let connected = false;
    const socket = net.connect({ host, port });
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
          : fail('PRINTER_TIMEOUT', `La impresora en ${where} no respondió en ${seconds(o.timeoutMs)}. Verifique que esté encendida y conectada a la red.`),
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
      switch (err.code) {
        case 'ECONNREFUSED':
          return finish(fail('PRINTER_OFFLINE', `La impresora en ${where} rechazó la conexión. Verifique que esté encendida y que la dirección y el puerto sean correctos.`));
        case 'EHOSTUNREACH':
        case 'ENETUNREACH':
        case 'EHOSTDOWN':
        case 'ENOTFOUND':
        case 'EAI_AGAIN':
        case 'ETIMEDOUT':
          return finish(fail('PRINTER_OFFLINE', `No se encuentra la impresora en ${where}. Verifique que esté encendida y conectada a la misma red.`));
        case 'ECONNRESET':
        case 'EPIPE':
          return finish(fail('PRINTER_ERROR', `La impresora en ${where} cortó la conexión mientras imprimía. Revise el papel y vuelva a imprimir.`));
        default:
          return finish(fail('PRINTER_ERROR', `Error al comunicarse con la impresora en ${where}: ${describe(err)}.`));
      }
    });
  });
}

// ---------------------------------------------------------------------------------------
// Device path (/dev/usb/lp0, COM3, \\.\COM3)

async function sendDevice(path: string, bytes: Uint8Array, timeoutMs: number): Promise<PrintResult> {
  const devicePath = process.platform === 'win32' && /^(COM\d+|LPT\d+)$/i.test(path) ? `\\\\.\\${path}` : path;
  // O_WRONLY without O_CREAT: a missing device must fail, not become a regular file.
  const job = (async (): Promise<PrintResult> => {
    const fh = await fsp.open(devicePath, fsConstants.O_WRONLY);
    try {
      await fh.write(bytes);
      return { ok: true };
    } finally {
      await fh.close().catch(() => undefined);
    }
  })().catch((err: NodeJS.ErrnoException) => deviceError(path, err));
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

function deviceError(path: string, err: NodeJS.ErrnoException): PrintResult {
  switch (err.code) {
    case 'ENOENT':
    case 'ENODEV':
    case 'ENXIO':
      return fail('PRINTER_OFFLINE', `No se encuentra la impresora en ${path}. Verifique que esté encendida y conectada por USB o serie.`);
    case 'EIO':
      // usblp answers EIO when the printer reports itself off-line or in error.
      return fail('PRINTER_OFFLINE', `La impresora en ${path} está fuera de línea. Verifique que esté encendida, con la tapa cerrada, y vuelva a imprimir.`);
    case 'ENOSPC':
      // usblp answers ENOSPC when the printer reports paper out.
      return fail('PRINTER_ERROR', 'La impresora no tiene papel. Coloque un rollo nuevo y vuelva a imprimir el ticket.');
    case 'EACCES':
    case 'EPERM':
      return fail('PRINTER_ERROR', `Sin permiso para usar la impresora en ${path}. Agregue el usuario del sistema al grupo «lp» y vuelva a iniciar sesión.`);
    case 'EBUSY':
      return fail('PRINTER_ERROR', `La impresora en ${path} está ocupada por otro programa. Ciérrelo y vuelva a imprimir.`);
    case 'EISDIR':
      return fail('PRINTER_ERROR', `${path} es una carpeta, no una impresora. Revise la conexión en Configuración > Impresora.`);
    default:
      return fail('PRINTER_ERROR', `Error al escribir en la impresora ${path}: ${describe(err)}.`);
  }
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
  if (o.kind === 'error') return fail('PRINTER_ERROR', `No se pudo usar el sistema de impresión: ${describe(o.err)}.`);
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
  if (err instanceof Error) return err.message;
  return String(err);
}
