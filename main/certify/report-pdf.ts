// The evidence as a PDF to show the SIN: one block per stage and point of sale (done / required,
// SIAT's codes, first and last step, sample CUFs or codes, failures with SIAT's text). Pure: the
// stage reports in, PDF bytes out (A4, Helvetica, as documents/ and cash/report-pdf.ts use pdf-lib).
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { toWinAnsi, wrapText } from '../documents/pdf-text';
import { formatDateEs, toBoliviaIso } from '../../shared/time';
import { reportFileName, type StageReport } from './evidence';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - MARGIN * 2;

/** dd/mm/aaaa hh:mm:ss, Bolivian time. */
const when = (iso: string | null) => (iso ? `${formatDateEs(new Date(iso))} ${toBoliviaIso(new Date(iso)).slice(11, 19)}` : '—');

export interface PdfRun {
  id: string;
  nit: string;
  razonSocial: string;
  startedAt: string;
  scale: number;
  outcome: string;
}

export async function renderCertificationPdf(run: PdfRun, reports: readonly StageReport[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`Pruebas de autorización SIN - ${run.nit}`));
  doc.setProducer('Kipu');
  doc.setCreator('Kipu');
  const regular = doc.embedStandardFont(StandardFonts.Helvetica);
  const bold = doc.embedStandardFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (text: string, font: PDFFont = regular, size = 9) => {
    for (const line of wrapText(toWinAnsi(text), font, size, WIDTH)) {
      if (y - size < MARGIN) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y: y - size, size, font });
      y -= size + 3;
    }
  };
  write('Pruebas para la autorización del sistema de facturación (Fase I, piloto)', bold, 13);
  write(`${run.razonSocial} · NIT ${run.nit}`, bold, 10);
  write(`Corrida ${run.id} · iniciada el ${when(run.startedAt)}${run.scale > 1 ? ` · ENSAYO con cantidades reducidas (÷${run.scale})` : ''} · resultado: ${run.outcome === 'finished' ? 'completa' : run.outcome}`);
  write(`Generado por Kipu el ${when(new Date().toISOString())}. Cada solicitud y respuesta del SIAT está en la carpeta datos/ (token redactado).`);
  y -= 6;
  for (const r of reports) {
    y -= 4;
    write(`Etapa ${r.etapaSin} · ${r.titulo} · punto de venta ${r.puntoVenta}: ${r.hechos}/${r.requeridos}${r.hechos >= r.requeridos ? ' (completa)' : ''}`, bold, 10);
    const codes = Object.entries(r.codigosSiat).map(([c, n]) => `${c} × ${n}`).join(', ');
    write(`Fallidos: ${r.fallidos} · códigos del SIAT: ${codes || '—'}${r.codigoEsperado ? ` (esperado ${r.codigoEsperado})` : ''} · del ${when(r.primeraEn)} al ${when(r.ultimaEn)}`);
    if (r.seguimiento) write(`Seguimiento del simulador (lo que contó el SIAT para este sector y punto de venta): ${Object.entries(r.seguimiento).map(([n, c]) => `${n} ${c}`).join(' · ')}`);
    if (r.muestras.length > 0) write(`Muestras: ${r.muestras.join(' · ')}`, regular, 8);
    for (const a of r.respuestasMuestra.slice(0, 2)) write(`Respuesta: ${a}`, regular, 8);
    for (const f of r.fallas.slice(0, 5)) write(`Falla en el paso ${f.paso} (${when(f.en)}): ${f.codigo !== null ? `SIAT ${f.codigo} ` : ''}${f.texto ?? ''}`, regular, 8);
    if (r.fallas.length > 5) write(`… y ${r.fallas.length - 5} fallas más (${reportFileName(r)})`, regular, 8);
  }
  return doc.save();
}
