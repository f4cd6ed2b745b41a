// A4 graphic representation of an invoice (the "representación gráfica" SIAT requires for the
// modality): issuer, invoice and client blocks, lines table, totals, literal, legends and QR.
// Long invoices continue on further pages with the table header repeated; the totals, legends
// and QR close the last page only. Pure: model in, PDF bytes out.
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { formatAmountEs } from '../../shared/money';
import {
  FIXED_LEGEND,
  REPLACES_A4_LABEL,
  TRAINING_MARK,
  branchText,
  clientDocumentText,
  documentHeading,
  formatFechaEmision,
  headerFieldRows,
  lineFieldTexts,
  lineCurrency,
  lineGroups,
  totalRows,
  literalText,
  pointOfSaleText,
  representationSentence,
  stateMark,
  type InvoiceDocumentLine,
  type InvoiceDocumentModel,
} from './model';
import { qrMatrix } from './qr';
import { embedLogoPng } from './pdf-logo';
import { GREY_FILL, GREY_TEXT, PageCanvas, RED, RULE, drawAligned, toWinAnsi, wrapText, type Align } from './pdf-text';

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 36;
const CONTENT_W = PAGE_W - MARGIN * 2;
/** Space kept at the bottom of every page for "Página i de n". */
const FOOTER_H = 18;
const BOTTOM = MARGIN + FOOTER_H;
/** SIAT recommends a printed QR of at least 3 × 3 cm (CONTRACT §8): 90 pt ≈ 3.2 cm. */
const QR_SIDE = 90;

const TABLE_SIZE = 7.5;
const TABLE_LEADING = 9;
const CELL_PAD = 3;

interface Column {
  title: string;
  width: number;
  align: Align;
  cell: (l: InvoiceDocumentLine) => string;
}

const FIXED_COLUMNS_W = 64 + 50 + 80 + 62 + 54 + 64;
/** The lines table; an export in another currency names it in the amount columns' titles. */
function columns(currency: string | null): Column[] {
  const amount = (title: string) => (currency ? `${title} (${currency})` : title);
  return [
    { title: 'CÓDIGO PRODUCTO / SERVICIO', width: 64, align: 'left', cell: (l) => l.codigoProducto },
    { title: 'CANTIDAD', width: 50, align: 'right', cell: (l) => formatAmountEs(l.cantidad) },
    { title: 'UNIDAD DE MEDIDA', width: 80, align: 'left', cell: (l) => l.unidadMedida },
    // The sector's line fields (doctor, operating room, serial number …) go under the description.
    { title: 'DESCRIPCIÓN', width: CONTENT_W - FIXED_COLUMNS_W, align: 'left', cell: (l) => [l.descripcion, ...lineFieldTexts(l)].join('\n') },
    { title: amount('PRECIO UNITARIO'), width: 62, align: 'right', cell: (l) => formatAmountEs(l.precioUnitario) },
    { title: amount('DESCUENTO'), width: 54, align: 'right', cell: (l) => formatAmountEs(l.descuento) },
    { title: amount('SUBTOTAL'), width: 64, align: 'right', cell: (l) => formatAmountEs(l.subTotal) },
  ];
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

interface WrappedRow {
  cells: string[][];
  height: number;
}

export async function renderInvoicePdf(model: InvoiceDocumentModel, opts: { logoPng?: Uint8Array } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const heading = documentHeading(model);
  doc.setTitle(toWinAnsi(`${heading.title} ${model.numeroFactura} - ${model.issuer.razonSocial}`));
  doc.setAuthor(toWinAnsi(model.issuer.razonSocial));
  doc.setSubject(`CUF ${model.cuf}`);
  doc.setProducer('Kipu');
  doc.setCreator('Kipu');
  const fonts: Fonts = {
    regular: doc.embedStandardFont(StandardFonts.Helvetica),
    bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
    italic: doc.embedStandardFont(StandardFonts.HelveticaOblique),
  };
  let logo: PDFImage | null = null;
  if (opts.logoPng && opts.logoPng.length > 0) {
    // A broken logo must not stop the invoice from printing: it is decoration, not a fact.
    try {
      logo = await embedLogoPng(doc, opts.logoPng);
    } catch {
      logo = null;
    }
  }

  const r = new A4Renderer(doc, fonts, model, logo);
  r.render();
  return doc.save();
}

class A4Renderer {
  private page!: PDFPage;
  private canvas!: PageCanvas;
  private y = 0;
  private readonly pages: PageCanvas[] = [];
  private readonly heading: ReturnType<typeof documentHeading>;
  private readonly columns: Column[];

  constructor(
    private readonly doc: PDFDocument,
    private readonly f: Fonts,
    private readonly model: InvoiceDocumentModel,
    private readonly logo: PDFImage | null,
  ) {
    this.heading = documentHeading(model);
    this.columns = columns(lineCurrency(model));
  }

  render(): void {
    this.newPage();
    this.drawFirstHeader();
    for (const group of lineGroups(this.model)) {
      if (group.title) {
        if (this.y - 40 < BOTTOM) {
          this.newPage();
          this.drawContinuationHeader();
        }
        this.canvas.text(toWinAnsi(group.title), MARGIN, this.y - 10, this.f.bold, 8.5);
        this.y -= 16;
      }
      this.drawTableHeader();
      for (const line of group.lines) {
        const row = this.wrapRow(line);
        if (this.y - row.height < BOTTOM) {
          this.newPage();
          this.drawContinuationHeader();
          this.drawTableHeader();
        }
        this.drawRow(row);
      }
      this.y -= 6;
    }
    const closingH = this.closingHeight();
    if (this.y - 8 - closingH < BOTTOM) {
      this.newPage();
      this.drawContinuationHeader();
    }
    this.drawClosing();
    this.drawFooters();
  }

  // ---- pages ---------------------------------------------------------------------------

  private newPage(): void {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.canvas = new PageCanvas(this.doc, this.page);
    this.pages.push(this.canvas);
    this.y = PAGE_H - MARGIN;
    // Marks go first so the content stays readable over them.
    if (this.model.training) this.watermark('SIN VALOR FISCAL', rgb(0.6, 0.6, 0.6), 0.18);
    const mark = stateMark(this.model);
    if (mark) this.watermark(mark, RED, 0.22);
    if (this.model.training) this.drawTrainingBanner();
  }

  private watermark(text: string, color: ReturnType<typeof rgb>, opacity: number): void {
    const size = text.length > 10 ? 64 : 96;
    const w = this.f.bold.widthOfTextAtSize(text, size);
    const angle = Math.atan2(PAGE_H, PAGE_W);
    const cx = PAGE_W / 2 - (Math.cos(angle) * w) / 2 + (Math.sin(angle) * size) / 3;
    const cy = PAGE_H / 2 - (Math.sin(angle) * w) / 2 - (Math.cos(angle) * size) / 3;
    this.page.drawText(text, { x: cx, y: cy, size, font: this.f.bold, color, opacity, rotate: degrees((angle * 180) / Math.PI) });
  }

  private drawTrainingBanner(): void {
    const h = 20;
    this.canvas.rect(MARGIN, this.y - h, CONTENT_W, h, { stroke: RED, lineWidth: 1.5, fill: rgb(1, 0.93, 0.93) });
    drawAligned(this.canvas, TRAINING_MARK, { x: MARGIN, y: this.y - h + 6, width: CONTENT_W, font: this.f.bold, size: 11, align: 'center', color: RED });
    this.y -= h + 8;
  }

  private drawFooters(): void {
    const n = this.pages.length;
    this.pages.forEach((canvas, i) => {
      const text = `${this.heading.numberLabel} ${this.model.numeroFactura} — Página ${i + 1} de ${n}`;
      drawAligned(canvas, text, { x: MARGIN, y: MARGIN, width: CONTENT_W, font: this.f.regular, size: 7, align: 'right', color: GREY_TEXT });
      // After the marks and the logo (pdf-lib's own stream), so the content paints over them.
      canvas.flush();
    });
  }

  // ---- header blocks --------------------------------------------------------------------

  private drawFirstHeader(): void {
    const m = this.model;
    const top = this.y;
    const leftW = 270;
    let ly = top;

    if (this.logo) {
      const scale = Math.min(130 / this.logo.width, 52 / this.logo.height, 1);
      const w = this.logo.width * scale;
      const h = this.logo.height * scale;
      this.page.drawImage(this.logo, { x: MARGIN, y: ly - h, width: w, height: h });
      ly -= h + 6;
    }
    ly = this.paragraph(m.issuer.razonSocial, { x: MARGIN, y: ly, width: leftW, font: this.f.bold, size: 10, leading: 12 });
    const issuerLines = [
      branchText(m.issuer.codigoSucursal),
      pointOfSaleText(m.issuer.codigoPuntoVenta),
      m.issuer.direccion,
      m.issuer.telefono ? `Teléfono: ${m.issuer.telefono}` : null,
      m.issuer.municipio,
    ];
    for (const t of issuerLines) {
      if (t) ly = this.paragraph(t, { x: MARGIN, y: ly, width: leftW, font: this.f.regular, size: 8, leading: 10 });
    }

    // Invoice block: NIT, number, CUF in a bordered box at the right.
    const boxW = 250;
    const boxX = MARGIN + CONTENT_W - boxW;
    const labelW = 92;
    const rows: Array<[string, string]> = [
      ['NIT', m.issuer.nit],
      [this.heading.numberLabel, String(m.numeroFactura)],
      ['CÓD. AUTORIZACIÓN', m.cuf],
      ...(m.replacesCuf ? [[REPLACES_A4_LABEL, m.replacesCuf] as [string, string]] : []),
    ];
    let ry = top;
    for (const [label, value] of rows) {
      const lines = wrapText(toWinAnsi(value), this.f.regular, 8, boxW - labelW - 8);
      const h = lines.length * 10 + 6;
      this.canvas.rect(boxX, ry - h, boxW, h, { stroke: RULE, lineWidth: 0.5 });
      this.canvas.text(toWinAnsi(label), boxX + 4, ry - 11, this.f.bold, 8);
      lines.forEach((t, i) => this.canvas.text(t, boxX + labelW, ry - 11 - i * 10, this.f.regular, 8));
      ry -= h;
    }

    this.y = Math.min(ly, ry) - 14;
    const h = this.heading;
    drawAligned(this.canvas, toWinAnsi(h.title), { x: MARGIN, y: this.y - 14, width: CONTENT_W, font: this.f.bold, size: 16, align: 'center' });
    this.y -= 14;
    for (const [t, font, size] of [[h.sector, this.f.bold, 11], [h.subtitle, this.f.regular, 9]] as const) {
      if (!t) continue;
      drawAligned(this.canvas, toWinAnsi(t), { x: MARGIN, y: this.y - size - 3, width: CONTENT_W, font, size, align: 'center' });
      this.y -= size + 4;
    }
    this.y -= 12;
    const mark = stateMark(m);
    if (mark) {
      drawAligned(this.canvas, mark, { x: MARGIN, y: this.y - 12, width: CONTENT_W, font: this.f.bold, size: 14, align: 'center', color: RED });
      this.y -= 20;
    }

    // Client block: two columns of label/value pairs.
    const colW = CONTENT_W / 2;
    const clientTop = this.y;
    let cy = clientTop;
    cy = this.labelValue('Fecha:', formatFechaEmision(m.fechaEmision), MARGIN, cy, colW - 10, 98);
    cy = this.labelValue('Nombre/Razón Social:', m.client.nombre, MARGIN, cy, colW - 10, 98);
    let cy2 = clientTop;
    cy2 = this.labelValue('NIT/CI/CEX:', clientDocumentText(m.client), MARGIN + colW, cy2, colW, 70);
    cy2 = this.labelValue('Cod. Cliente:', m.client.codigoCliente, MARGIN + colW, cy2, colW, 70);
    // The sector's own fields (student and period, joint NIT …) and a note's original invoice,
    // alternating columns so the block stays short.
    const fieldLabelW = (label: string, min: number) => Math.max(min, this.f.bold.widthOfTextAtSize(toWinAnsi(label), 8) + 6);
    headerFieldRows(m).forEach((row, i) => {
      if (i % 2 === 0) cy = this.labelValue(row.label, row.value, MARGIN, cy, colW - 10, fieldLabelW(row.label, 98));
      else cy2 = this.labelValue(row.label, row.value, MARGIN + colW, cy2, colW, fieldLabelW(row.label, 70));
    });
    this.y = Math.min(cy, cy2) - 8;
  }

  private drawContinuationHeader(): void {
    const m = this.model;
    const text = `${this.heading.numberLabel} ${m.numeroFactura} — NIT ${m.issuer.nit} — ${m.issuer.razonSocial} (continuación)`;
    const lines = wrapText(toWinAnsi(text), this.f.bold, 8, CONTENT_W);
    for (const t of lines) {
      this.canvas.text(t, MARGIN, this.y - 8, this.f.bold, 8);
      this.y -= 10;
    }
    this.y -= 6;
  }

  /** Bold label then wrapped value on the same first line; returns the next y. */
  private labelValue(label: string, value: string, x: number, y: number, width: number, labelW: number): number {
    this.canvas.text(toWinAnsi(label), x, y - 8, this.f.bold, 8);
    const lines = wrapText(toWinAnsi(value), this.f.regular, 8, width - labelW);
    lines.forEach((t, i) => this.canvas.text(t, x + labelW, y - 8 - i * 10, this.f.regular, 8));
    return y - lines.length * 10 - 3;
  }

  private paragraph(
    text: string,
    o: { x: number; y: number; width: number; font: PDFFont; size: number; leading: number; align?: Align },
  ): number {
    let y = o.y;
    for (const t of wrapText(toWinAnsi(text), o.font, o.size, o.width)) {
      drawAligned(this.canvas, t, { x: o.x, y: y - o.size, width: o.width, font: o.font, size: o.size, align: o.align ?? 'left' });
      y -= o.leading;
    }
    return y;
  }

  // ---- lines table ----------------------------------------------------------------------

  private drawTableHeader(): void {
    const titles = this.columns.map((c) => wrapText(toWinAnsi(c.title), this.f.bold, 6.5, c.width - CELL_PAD * 2));
    const h = Math.max(...titles.map((t) => t.length)) * 8 + CELL_PAD * 2;
    this.canvas.rect(MARGIN, this.y - h, CONTENT_W, h, { fill: GREY_FILL, stroke: RULE, lineWidth: 0.5 });
    let x = MARGIN;
    this.columns.forEach((c, i) => {
      const lines = titles[i] ?? [];
      const blockH = lines.length * 8;
      const y0 = this.y - (h - blockH) / 2 - 6.5;
      lines.forEach((t, j) =>
        drawAligned(this.canvas, t, { x: x + CELL_PAD, y: y0 - j * 8, width: c.width - CELL_PAD * 2, font: this.f.bold, size: 6.5, align: 'center' }),
      );
      x += c.width;
    });
    this.y -= h;
  }

  private wrapRow(line: InvoiceDocumentLine): WrappedRow {
    const cells = this.columns.map((c) => wrapText(toWinAnsi(c.cell(line)), this.f.regular, TABLE_SIZE, c.width - CELL_PAD * 2));
    const height = Math.max(...cells.map((c) => c.length)) * TABLE_LEADING + CELL_PAD * 2 - 1;
    return { cells, height };
  }

  private drawRow(row: WrappedRow): void {
    let x = MARGIN;
    this.columns.forEach((c, i) => {
      (row.cells[i] ?? []).forEach((t, j) =>
        drawAligned(this.canvas, t, {
          x: x + CELL_PAD,
          y: this.y - CELL_PAD - TABLE_SIZE - j * TABLE_LEADING + 1,
          width: c.width - CELL_PAD * 2,
          font: this.f.regular,
          size: TABLE_SIZE,
          align: c.align,
        }),
      );
      x += c.width;
    });
    this.y -= row.height;
    this.canvas.line(MARGIN, this.y, MARGIN + CONTENT_W, this.y, { stroke: RULE, lineWidth: 0.4 });
  }

  // ---- closing block: totals, literal, legends, QR --------------------------------------

  private totalsRows(): Array<{ label: string; value: string; bold: boolean }> {
    return totalRows(this.model);
  }

  private static readonly TOTALS_W = 250;
  private static readonly TOTAL_ROW_H = 12;

  private legendParagraphs(): Array<{ text: string; font: PDFFont; size: number }> {
    return [
      { text: FIXED_LEGEND, font: this.f.bold, size: 8 },
      { text: this.model.leyenda, font: this.f.regular, size: 7.5 },
      { text: representationSentence(this.model), font: this.f.italic, size: 7.5 },
    ];
  }

  private legendsWidth(): number {
    return CONTENT_W - QR_SIDE - 16;
  }

  private closingHeight(): number {
    const totalsH = this.totalsRows().length * A4Renderer.TOTAL_ROW_H + 4;
    const literalH = wrapText(toWinAnsi(literalText(this.model.literal)), this.f.bold, 8, CONTENT_W - A4Renderer.TOTALS_W - 16).length * 10;
    let legendsH = 0;
    for (const p of this.legendParagraphs()) legendsH += wrapText(toWinAnsi(p.text), p.font, p.size, this.legendsWidth()).length * (p.size + 2) + 6;
    return Math.max(totalsH, literalH) + 14 + Math.max(legendsH, QR_SIDE);
  }

  private drawClosing(): void {
    const m = this.model;
    this.y -= 8;
    const top = this.y;

    // Totals at the right, label and value columns.
    const tw = A4Renderer.TOTALS_W;
    const tx = MARGIN + CONTENT_W - tw;
    let ty = top;
    for (const row of this.totalsRows()) {
      const font = row.bold ? this.f.bold : this.f.regular;
      drawAligned(this.canvas, toWinAnsi(row.label), { x: tx, y: ty - 9, width: tw - 80, font, size: 8, align: 'right' });
      drawAligned(this.canvas, row.value, { x: tx + tw - 76, y: ty - 9, width: 76 - CELL_PAD, font, size: 8, align: 'right' });
      ty -= A4Renderer.TOTAL_ROW_H;
    }
    this.canvas.rect(tx, ty - 4, tw, top - ty + 4, { stroke: RULE, lineWidth: 0.5 });

    // "Son: …" at the left of the totals.
    const ly = this.paragraph(literalText(m.literal), { x: MARGIN, y: top - 2, width: CONTENT_W - tw - 16, font: this.f.bold, size: 8, leading: 10 });
    this.y = Math.min(ty - 4, ly) - 14;

    // Legends at the left, QR at the right.
    const legendTop = this.y;
    let gy = legendTop;
    for (const p of this.legendParagraphs()) {
      gy = this.paragraph(p.text, { x: MARGIN, y: gy, width: this.legendsWidth(), font: p.font, size: p.size, leading: p.size + 2, align: 'center' });
      gy -= 6;
    }
    this.canvas.qr(qrMatrix(m.qrUrl), MARGIN + CONTENT_W - QR_SIDE, legendTop, QR_SIDE);
    this.y = Math.min(gy, legendTop - QR_SIDE);
  }
}
