// Receipt printer settings: the shape, the defaults and a run-time check that answers in
// Spanish (STYLE.md 4, 9) so the settings screen can show the message as is.
import { classifyAddress, type AddressClass, type AddressPolicy } from '../net/address-guard';

// The shape and the defaults are the API's (shared/api/printing.ts): one source for the engine,
// the OpenAPI document and the till's settings screen.
import type { PrinterSettings } from '../../shared/api/printing';
export { DEFAULT_PRINTER_SETTINGS } from '../../shared/api/printing';
export type { PrinterSettings };
export type PrinterType = PrinterSettings['type'];
/** Code pages that hold every Spanish letter (á é í ó ú ñ Ñ ü ¿ ¡ °). */
export type PrinterCharacterSet = PrinterSettings['characterSet'];

export type PrinterInterface =
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'device'; path: string }
  | { kind: 'system'; name: string }
  | { kind: 'virtual' };

/**
 * The virtual printer (issue 24, item 7): each job becomes files in the engine's data directory
 * (<data dir>/tickets/, main/printing/virtual-printer.ts) and the till shows the ticket on screen.
 * The value names no place: the engine alone decides where the files go.
 */
export const VIRTUAL_PRINTER_INTERFACE = 'virtual';

/** Port 9100 (raw/JetDirect) is what every network receipt printer listens on by default. */
export const DEFAULT_TCP_PORT = 9100;

// Issue #19, finding 1: a device path used to be any path, so a printer "test page" could
// overwrite any file the engine can write. Only the names receipt printers get are accepted: the
// usblp driver (/dev/usb/lpN), USB serial adapters (/dev/ttyUSBN, /dev/ttyACMN) and Windows ports
// (COMn, LPTn, opened as \\.\COMn). No UNC path, no relative path, no "..", no symlink farm.
// The transport checks again, and refuses anything that is not a character device once open.
const DEVICE_PATHS: readonly RegExp[] = [/^\/dev\/usb\/lp\d{1,3}$/, /^\/dev\/ttyUSB\d{1,3}$/, /^\/dev\/ttyACM\d{1,3}$/, /^(COM|LPT)\d{1,3}$/i];

export function isPrinterDevicePath(path: string): boolean {
  return DEVICE_PATHS.some((re) => re.test(path));
}

export function parsePrinterInterface(value: string): PrinterInterface | null {
  const v = value.trim();
  if (v.toLowerCase() === VIRTUAL_PRINTER_INTERFACE) return { kind: 'virtual' };
  const tcp = /^tcp:\/\/(\[[0-9a-f:.]+\]|[^/:\s[\]]+)(?::(\d{1,5}))?\/?$/i.exec(v);
  if (tcp) {
    const port = tcp[2] === undefined ? DEFAULT_TCP_PORT : Number(tcp[2]);
    if (port < 1 || port > 65535) return null;
    return { kind: 'tcp', host: (tcp[1] ?? '').replace(/^\[|\]$/g, ''), port };
  }
  const sys = /^printer:(.+)$/i.exec(v);
  if (sys) {
    const name = (sys[1] ?? '').trim();
    // CUPS queue names: printable characters other than space, "/", "\\", "#" and quotes; never
    // a leading "-", which lp would read as an option.
    return /^[^\s/\\#'"-][^\s/\\#'"]*$/.test(name) ? { kind: 'system', name } : null;
  }
  if (isPrinterDevicePath(v)) return { kind: 'device', path: v };
  return null;
}

/**
 * Issue #19, finding 8: a network printer is on the store's LAN (private ranges) or, rarely,
 * reached at a public address; never this machine, link-local, cloud metadata, CGNAT or reserved
 * space. `allowLoopback` is KIPU_PRINTER_ALLOW_LOOPBACK, for tests and labs only.
 */
export function printerAddressPolicy(opts: { allowLoopback?: boolean } = {}): AddressPolicy {
  const allowed = new Set<AddressClass>(['public', 'private']);
  if (opts.allowLoopback) allowed.add('loopback');
  return (c) => allowed.has(c);
}

export const PRINTER_ADDRESS_REFUSED =
  'La dirección de la impresora de red no está permitida: use la IP de la impresora en la red local del negocio (por ejemplo tcp://192.168.1.50:9100). No se aceptan direcciones de este equipo (loopback), de enlace local, de metadatos ni reservadas.';

export interface PrinterValidationOptions {
  /** KIPU_PRINTER_ALLOW_LOOPBACK: tests and labs only. */
  allowLoopback?: boolean;
}

export interface SettingsError {
  field: keyof PrinterSettings;
  message: string;
}

export type SettingsResult = { ok: true; settings: PrinterSettings } | { ok: false; errors: SettingsError[] };

/** Checks settings coming from the UI, the API or disk. Unknown keys are dropped. */
export function validatePrinterSettings(input: unknown, opts: PrinterValidationOptions = {}): SettingsResult {
  const errors: SettingsError[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [{ field: 'interface', message: 'La configuración de la impresora no es válida.' }] };
  }
  const o = input as Record<string, unknown>;

  if (o.type !== 'epson' && o.type !== 'star') {
    errors.push({ field: 'type', message: 'Elija el tipo de impresora: EPSON (ESC/POS) o STAR.' });
  }
  const target = typeof o.interface === 'string' ? parsePrinterInterface(o.interface) : null;
  if (target === null) {
    // One text for every refused value, so it never tells whether a path exists.
    errors.push({
      field: 'interface',
      message:
        'La conexión de la impresora no es válida. Use tcp://IP:puerto (por ejemplo tcp://192.168.1.50:9100), el dispositivo USB o serie (/dev/usb/lp0, /dev/ttyUSB0, /dev/ttyACM0, COM3 o LPT1), printer:NOMBRE para una impresora del sistema o virtual para la impresora virtual (el ticket en pantalla).',
    });
  } else if (target.kind === 'tcp') {
    // An IP literal is judged here; a name ('invalid' as an address) by the transport once resolved.
    const c = classifyAddress(target.host).class;
    if (c !== 'invalid' && !printerAddressPolicy(opts)(c)) errors.push({ field: 'interface', message: PRINTER_ADDRESS_REFUSED });
  }
  if (o.width !== 48 && o.width !== 42) {
    errors.push({ field: 'width', message: 'El ancho debe ser 48 o 42 columnas.' });
  }
  if (o.characterSet !== 'PC850' && o.characterSet !== 'PC858' && o.characterSet !== 'WPC1252') {
    errors.push({ field: 'characterSet', message: 'Elija una página de códigos con letras en español: PC850, PC858 o WPC1252.' });
  } else if (o.type === 'star' && o.characterSet === 'PC850') {
    // Star's line mode has no code page 850 (node-thermal-printer maps it to 437, which lacks
    // á/é/í/ó/ú capitals and ¡); PC858 is 850 plus the euro sign.
    errors.push({ field: 'characterSet', message: 'Las impresoras STAR no tienen la página de códigos PC850; elija PC858 o WPC1252.' });
  }
  for (const field of ['drawerKick', 'printOnIssue'] as const) {
    if (typeof o[field] !== 'boolean') errors.push({ field, message: 'Indique sí o no.' });
  }
  if (o.qr !== 'native' && o.qr !== 'image') {
    errors.push({ field: 'qr', message: 'Elija cómo imprimir el código QR: nativo o como imagen.' });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      type: o.type as PrinterType,
      interface: target?.kind === 'virtual' ? VIRTUAL_PRINTER_INTERFACE : (o.interface as string).trim(),
      width: o.width as 48 | 42,
      characterSet: o.characterSet as PrinterCharacterSet,
      drawerKick: o.drawerKick as boolean,
      printOnIssue: o.printOnIssue as boolean,
      qr: o.qr as 'native' | 'image',
    },
  };
}
