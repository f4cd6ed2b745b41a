// 80 mm ticket as PDF: the same facts as the A4 representation in a roll layout, for printers
// driven through the system's PDF path and for sharing. The page is exactly 80 mm wide and as
// tall as its content. Pure: model in, PDF bytes out.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type RGB } from 'pdf-lib';
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
} from './model';
import { qrMatrix } from './qr';
import { BLACK, PageCanvas, RED, RULE, drawAligned, toWinAnsi, wrapText, type Align } from './pdf-text';

/** 80 mm in points (80 / 25.4 × 72). */
export const TICKET_WIDTH_PT = 226.77;
const MARGIN_X = 10;
const MARGIN_Y = 12;
const CONTENT_W = TICKET_WIDTH_PT - MARGIN_X * 2;
/** Acrobat refuses pages taller than 200 in; longer tickets continue on another page. */
const MAX_PAGE_H = 14400;
const QR_SIDE = 100;

interface Item {
  height: number;
  draw: (canvas: PageCanvas, top: number) => void;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

export async function renderTicketPdf(model: InvoiceDocumentModel): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`Ticket ${documentHeading(model).title.toLowerCase()} ${model.numeroFactura} - ${model.issuer.razonSocial}`));
  doc.setProducer('Kipu');
  doc.setCreator('Kipu');
  const fonts: Fonts = {
    regular: doc.embedStandardFont(StandardFonts.Helvetica),
    bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
    italic: doc.embedStandardFont(StandardFonts.HelveticaOblique),
  };
  const items = ticketItems(model, fonts);

  // Pack items into as few pages as the height limit allows (one for any ordinary sale).
  const pages: Item[][] = [[]];
  let used = 0;
  for (const item of items) {
    if (used + item.height > MAX_PAGE_H - MARGIN_Y * 2 && (pages.at(-1)?.length ?? 0) > 0) {
      pages.push([]);
      used = 0;
    }
    pages.at(-1)?.push(item);
    used += item.height;
  }
  for (const pageItems of pages) {
    const h = pageItems.reduce((s, i) => s + i.height, 0) + MARGIN_Y * 2;
    const canvas = new PageCanvas(doc, doc.addPage([TICKET_WIDTH_PT, h]));
    let top = h - MARGIN_Y;
    for (const item of pageItems) {
      item.draw(canvas, top);
      top -= item.height;
    }
    canvas.flush();
  }
  return doc.save();
}

function ticketItems(m: InvoiceDocumentModel, f: Fonts): Item[] {
  const items: Item[] = [];
  const text = (t: string, o: { font?: PDFFont; size?: number; align?: Align; color?: RGB; gapAfter?: number } = {}) => {
    const font = o.font ?? f.regular;
    const size = o.size ?? 7.5;
    const leading = size + 2;
    for (const line of wrapText(toWinAnsi(t), font, size, CONTENT_W)) {
      items.push({
        height: leading,
        draw: (p, top) => drawAligned(p, line, { x: MARGIN_X, y: top - size, width: CONTENT_W, font, size, align: o.align ?? 'center', color: o.color ?? BLACK }),
      });
    }
    if (o.gapAfter) gap(o.gapAfter);
  };
  const gap = (h: number) => items.push({ height: h, draw: () => undefined });
  const rule = () =>
    items.push({
      height: 9,
      draw: (p, top) =>
        p.line(MARGIN_X, top - 4.5, MARGIN_X + CONTENT_W, top - 4.5, { stroke: RULE, lineWidth: 0.5, dash: [2, 2] }),
    });
  /** A label at the left and a value at the right; a value too long for the rest wraps below. */
  const labelValue = (label: string, value: string, font: PDFFont = f.regular, size = 7.5) => {
    const l = toWinAnsi(label);
    const v = toWinAnsi(value);
    const room = CONTENT_W - font.widthOfTextAtSize(l, size) - 6;
    if (font.widthOfTextAtSize(v, size) <= room) {
      items.push({
        height: size + 2.5,
        draw: (p, top) => {
          drawAligned(p, l, { x: MARGIN_X, y: top - size, width: CONTENT_W, font, size });
          drawAligned(p, v, { x: MARGIN_X, y: top - size, width: CONTENT_W, font, size, align: 'right' });
        },
      });
    } else {
      text(label, { font, size, align: 'left' });
      text(value, { font: f.regular, size, align: 'right' });
    }
  };

  if (m.training) {
    const lines = wrapText(TRAINING_MARK, f.bold, 8, CONTENT_W - 8);
    const h = lines.length * 10 + 6;
    items.push({
      height: h + 6,
      draw: (p, top) => {
        p.rect(MARGIN_X, top - h, CONTENT_W, h, { stroke: RED, lineWidth: 1, fill: rgb(1, 0.93, 0.93) });
        lines.forEach((t, i) => drawAligned(p, t, { x: MARGIN_X, y: top - 11 - i * 10, width: CONTENT_W, font: f.bold, size: 8, align: 'center', color: RED }));
      },
    });
  }
  const heading = documentHeading(m);
  text(heading.title, { font: f.bold, size: 12 });
  if (heading.sector) text(heading.sector, { font: f.bold, size: 9 });
  if (heading.subtitle) text(heading.subtitle, { size: 7.5 });
  gap(4);
  const mark = stateMark(m);
  if (mark) text(mark, { font: f.bold, size: 14, color: RED, gapAfter: 2 });

  text(m.issuer.razonSocial, { font: f.bold, size: 8 });
  text(branchText(m.issuer.codigoSucursal));
  text(pointOfSaleText(m.issuer.codigoPuntoVenta));
  text(m.issuer.direccion);
  if (m.issuer.telefono) text(`Teléfono: ${m.issuer.telefono}`);
  text(m.issuer.municipio);
  rule();

  text('NIT', { font: f.bold });
  text(m.issuer.nit);
  text(heading.numberLabel, { font: f.bold });
  text(String(m.numeroFactura));
  text('CÓD. AUTORIZACIÓN', { font: f.bold });
  text(m.cuf);
  if (m.replacesCuf) {
    gap(2);
    text(REPLACES_LABEL, { font: f.bold, color: RED });
    text(m.replacesCuf, { color: RED });
  }
  rule();

  labelValue('NOMBRE/RAZÓN SOCIAL:', m.client.nombre);
  labelValue('NIT/CI/CEX:', clientDocumentText(m.client));
  labelValue('COD. CLIENTE:', m.client.codigoCliente);
  labelValue('FECHA DE EMISIÓN:', formatFechaEmision(m.fechaEmision));
  for (const row of headerFieldRows(m)) labelValue(row.label.toLocaleUpperCase('es-BO'), row.value);
  rule();

  for (const group of lineGroups(m)) {
    text(group.title ?? detailTitle(m), { font: f.bold, gapAfter: 2 });
    for (const l of group.lines) {
      text(`${l.codigoProducto} - ${l.descripcion}`, { font: f.bold, size: 7, align: 'left' });
      text(`Unidad de Medida: ${l.unidadMedida}`, { size: 7, align: 'left' });
      for (const t of lineFieldTexts(l)) text(t, { size: 7, align: 'left' });
      labelValue(`${formatAmountEs(l.cantidad)} X ${formatAmountEs(l.precioUnitario)} - ${formatAmountEs(l.descuento)}`, formatAmountEs(l.subTotal), f.regular, 7);
      gap(2);
    }
    rule();
  }

  for (const row of totalRows(m)) labelValue(row.label, row.value, row.bold ? f.bold : f.regular);
  gap(3);
  text(literalText(m.literal), { align: 'left' });
  rule();

  text(FIXED_LEGEND, { font: f.bold, size: 7, gapAfter: 3 });
  text(m.leyenda, { size: 7, gapAfter: 3 });
  text(representationSentence(m), { font: f.italic, size: 7, gapAfter: 6 });

  const qr = qrMatrix(m.qrUrl);
  items.push({ height: QR_SIDE, draw: (p, top) => p.qr(qr, MARGIN_X + (CONTENT_W - QR_SIDE) / 2, top, QR_SIDE) });
  if (m.training) {
    gap(6);
    text(TRAINING_MARK, { font: f.bold, size: 8, color: RED });
  }
  return items;
}
