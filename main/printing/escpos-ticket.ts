// ESC/POS bytes of the 80 mm ticket, composed with node-thermal-printer's command builders (no
// device is opened here: the bytes go to a transport afterwards). Pure: model + settings in,
// bytes out.
import { ThermalPrinter, PrinterTypes, CharacterSet } from 'node-thermal-printer';
import { formatAmountEs } from '../../shared/money';
import {
  FIXED_LEGEND,
  REPLACES_LABEL,
  TRAINING_MARK,
  branchText,
  clientDocumentText,
  documentHeading,
  formatFechaEmision,
  detailTitle,
  headerFieldRows,
  lineFieldTexts,
  lineGroups,
  totalRows,
  literalText,
  pointOfSaleText,
  representationSentence,
  stateMark,
  type InvoiceDocumentModel,
} from '../documents/model';
import { qrMatrix, qrRgba } from '../documents/qr';
import type { PrinterCharacterSet, PrinterSettings } from './settings';

const CHARACTER_SETS: Record<PrinterCharacterSet, CharacterSet> = {
  PC850: CharacterSet.PC850_MULTILINGUAL,
  PC858: CharacterSet.PC858_EURO,
  WPC1252: CharacterSet.WPC1252,
};

/** Module size in dots: 6 × ~45 modules ≈ 270 dots ≈ 3.4 cm at 203 dpi (SIAT: ≥ 3 cm, CONTRACT §8). */
const QR_CELL_DOTS = 6;

// Typographic characters none of the three code pages share, mapped to their plain forms.
const PLAIN: Record<string, string> = {
  '“': '"', '”': '"', '„': '"', '«': '"', '»': '"', '‘': "'", '’': "'", '‚': "'",
  '—': '-', '–': '-', '…': '...', '•': '*', '€': 'EUR', '\u00a0': ' ', '\t': ' ',
};

/**
 * Text the chosen code page can print byte-for-byte. PC850, PC858 and WPC1252 all hold the
 * Latin-1 letters Spanish uses; anything else is reduced to its base letter or "?". This also
 * stops node-thermal-printer from silently switching code page mid-ticket when it meets a
 * character the active page lacks.
 */
export function toPrintable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (PLAIN[ch] !== undefined) out += PLAIN[ch];
    else if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa1 && cp <= 0xff)) out += ch;
    else if (cp === 0x0a) out += '\n';
    else if (cp < 0x20 || (cp >= 0x7f && cp <= 0xa0)) out += ' ';
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length === 1 && (base.codePointAt(0) ?? 0x100) <= 0xff ? base : '?';
    }
  }
  return out;
}

/** The narrow part of the printer-type object we use for the raster QR (not in the .d.ts). */
interface RasterCapable {
  printImageBuffer(width: number, height: number, rgba: Uint8Array): Buffer;
}

/**
 * A command builder set up for the settings: reset, code page, and the drawer kick first (the
 * drawer opens while the ticket prints, which is what a cashier waits for).
 */
export function newEscposBuilder(settings: PrinterSettings, opts: { drawerKick?: boolean } = {}): ThermalPrinter {
  const p = new ThermalPrinter({
    type: settings.type === 'star' ? PrinterTypes.STAR : PrinterTypes.EPSON,
    // No interface: this object only composes bytes; transports send them.
    interface: '',
    width: settings.width,
    removeSpecialCharacters: false,
  });
  // ESC @ (initialize) is the same on EPSON and STAR; initHardware() is missing from the typings.
  p.add(Buffer.from([0x1b, 0x40]));
  p.setCharacterSet(CHARACTER_SETS[settings.characterSet]);
  if (opts.drawerKick ?? settings.drawerKick) {
    // EPSON: ESC p m t1 t2 takes five bytes; node-thermal-printer sends "ESC p 0" and "ESC p 1"
    // without pulse times, which printers read as one command with garbage timings. Pin 2,
    // 50 ms on, 500 ms off is the usual drawer pulse. STAR's own kick command is fine.
    if (settings.type === 'epson') p.add(Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]));
    else p.openCashDrawer();
  }
  return p;
}

/** Appends the QR: the printer's own QR command, or a raster image for printers without one. */
export function appendQr(p: ThermalPrinter, url: string, settings: PrinterSettings): void {
  if (settings.qr === 'native') {
    // `correction` is read by the EPSON builder, `correctionLevel` by the STAR one.
    p.printQR(url, { cellSize: QR_CELL_DOTS, correction: 'M', model: 2, correctionLevel: 'M' } as Parameters<ThermalPrinter['printQR']>[1]);
  } else {
    const img = qrRgba(qrMatrix(url), QR_CELL_DOTS, 2);
    const builder = (p as unknown as { printer: RasterCapable }).printer;
    p.add(builder.printImageBuffer(img.width, img.height, img.data));
  }
}

export function buildEscposTicket(model: InvoiceDocumentModel, settings: PrinterSettings): Buffer {
  const p = newEscposBuilder(settings);
  const w = settings.width;

  const line = (t: string) => p.println(toPrintable(t));
  const rule = () => p.println('-'.repeat(w));
  /** Label left, value right; when both do not fit on one line the value goes right-aligned below. */
  const row = (label: string, value: string) => {
    const l = toPrintable(label);
    const v = toPrintable(value);
    if (l.length + v.length + 1 <= w) {
      p.println(l + ' '.repeat(w - l.length - v.length) + v);
    } else {
      p.println(l);
      p.println(v.length >= w ? v : ' '.repeat(w - v.length) + v);
    }
  };

  p.alignCenter();
  if (model.training) {
    p.invert(true);
    p.bold(true);
    line(` ${TRAINING_MARK} `);
    p.bold(false);
    p.invert(false);
    p.newLine();
  }
  // ESC ! (EPSON) also resets emphasis, so size goes before bold.
  const heading = documentHeading(model);
  p.setTextQuadArea();
  p.bold(true);
  line(heading.title);
  p.setTextNormal();
  if (heading.sector) line(heading.sector);
  p.bold(false);
  if (heading.subtitle) line(heading.subtitle);
  const mark = stateMark(model);
  if (mark) {
    p.setTextQuadArea();
    p.bold(true);
    line(mark);
    p.setTextNormal();
    p.bold(false);
  }
  p.bold(true);
  line(model.issuer.razonSocial);
  p.bold(false);
  line(branchText(model.issuer.codigoSucursal));
  line(pointOfSaleText(model.issuer.codigoPuntoVenta));
  line(model.issuer.direccion);
  if (model.issuer.telefono) line(`Teléfono: ${model.issuer.telefono}`);
  line(model.issuer.municipio);
  rule();
  for (const [label, value] of [
    ['NIT', model.issuer.nit],
    [heading.numberLabel, String(model.numeroFactura)],
    ['CÓD. AUTORIZACIÓN', model.cuf],
    ...(model.replacesCuf ? ([[REPLACES_LABEL, model.replacesCuf]] as const) : []),
  ] as const) {
    p.bold(true);
    line(label);
    p.bold(false);
    line(value);
  }
  rule();

  p.alignLeft();
  row('NOMBRE/RAZÓN SOCIAL:', model.client.nombre);
  row('NIT/CI/CEX:', clientDocumentText(model.client));
  row('COD. CLIENTE:', model.client.codigoCliente);
  row('FECHA DE EMISIÓN:', formatFechaEmision(model.fechaEmision));
  for (const r of headerFieldRows(model)) row(r.label.toLocaleUpperCase('es-BO'), r.value);
  rule();

  for (const group of lineGroups(model)) {
    p.alignCenter();
    p.bold(true);
    line(group.title ?? detailTitle(model));
    p.bold(false);
    p.alignLeft();
    for (const l of group.lines) {
      p.bold(true);
      line(`${l.codigoProducto} - ${l.descripcion}`);
      p.bold(false);
      line(`Unidad de Medida: ${l.unidadMedida}`);
      for (const t of lineFieldTexts(l)) line(t);
      row(`${formatAmountEs(l.cantidad)} X ${formatAmountEs(l.precioUnitario)} - ${formatAmountEs(l.descuento)}`, formatAmountEs(l.subTotal));
    }
    rule();
  }

  for (const r of totalRows(model)) {
    p.bold(r.bold);
    row(r.label, r.value);
  }
  p.bold(false);
  line(literalText(model.literal));
  rule();

  p.alignCenter();
  p.bold(true);
  line(FIXED_LEGEND);
  p.bold(false);
  p.newLine();
  line(model.leyenda);
  p.newLine();
  line(representationSentence(model));
  p.newLine();

  appendQr(p, model.qrUrl, settings);
  p.newLine();
  if (model.training) {
    p.bold(true);
    line(TRAINING_MARK);
    p.bold(false);
  }
  p.cut();
  return p.getBuffer();
}
