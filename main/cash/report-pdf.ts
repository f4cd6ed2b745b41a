// The X/Z report as an 80 mm PDF (the same lines as the printed report, report-layout.ts), as
// tall as its content. Pure: report in, PDF bytes out.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { CashReport } from '../../shared/api/cash';
import { TICKET_WIDTH_PT } from '../documents/ticket-pdf';
import { BLACK, PageCanvas, RULE, drawAligned, toWinAnsi, wrapText } from '../documents/pdf-text';
import { reportLines } from './report-layout';

const MARGIN_X = 10;
const MARGIN_Y = 12;
const CONTENT_W = TICKET_WIDTH_PT - MARGIN_X * 2;
const SIZE = 7.5;
const LEADING = SIZE + 2.5;

export async function renderCashReportPdf(report: CashReport, copy = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`Reporte ${report.kind} - sesión de caja ${report.sessionNumber}`));
  doc.setProducer('Kipu');
  doc.setCreator('Kipu');
  const regular = doc.embedStandardFont(StandardFonts.Helvetica);
  const bold = doc.embedStandardFont(StandardFonts.HelveticaBold);

  type Draw = (c: PageCanvas, top: number) => void;
  const items: { h: number; draw: Draw }[] = [];
  for (const l of reportLines(report, copy)) {
    if (l.kind === 'rule') {
      items.push({ h: 9, draw: (c, top) => c.line(MARGIN_X, top - 4.5, MARGIN_X + CONTENT_W, top - 4.5, { stroke: RULE, lineWidth: 0.5, dash: [2, 2] }) });
    } else if (l.kind === 'row') {
      const font = l.bold ? bold : regular;
      const label = toWinAnsi(l.label);
      const value = toWinAnsi(l.value);
      items.push({
        h: LEADING,
        draw: (c, top) => {
          drawAligned(c, label, { x: MARGIN_X, y: top - SIZE, width: CONTENT_W, font, size: SIZE });
          drawAligned(c, value, { x: MARGIN_X, y: top - SIZE, width: CONTENT_W, font, size: SIZE, align: 'right' });
        },
      });
    } else {
      const title = l.kind === 'title';
      const font = title || l.bold ? bold : regular;
      const size = title ? 9.5 : SIZE;
      for (const line of wrapText(toWinAnsi(l.text), font, size, CONTENT_W)) {
        items.push({ h: size + 2.5, draw: (c, top) => drawAligned(c, line, { x: MARGIN_X, y: top - size, width: CONTENT_W, font, size, align: title || (l.kind === 'text' && l.center) ? 'center' : 'left', color: BLACK }) });
      }
    }
  }
  const height = items.reduce((s, i) => s + i.h, 0) + MARGIN_Y * 2;
  const canvas = new PageCanvas(doc, doc.addPage([TICKET_WIDTH_PT, height]));
  let top = height - MARGIN_Y;
  for (const i of items) {
    i.draw(canvas, top);
    top -= i.h;
  }
  canvas.flush();
  return doc.save();
}
