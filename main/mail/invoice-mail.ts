// The e-mail that carries an invoice to the customer: Spanish subject and body, the A4 PDF and
// the XML attached (seed "Resend e-mail": "sends the PDF and the XML"). Pure: builds the message.
import { formatAmountEs } from '../../shared/money';
import { formatFechaEmision, type InvoiceDocumentModel } from '../documents/model';

export interface InvoiceMailInput {
  model: InvoiceDocumentModel;
  to: string;
  from: string;
  fileStem: string;
  pdf: Uint8Array;
  xml: string;
  /** Public link to the invoice page/PDF, printed in the body when known. */
  pdfUrl?: string;
}

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export function invoiceMailSubject(model: Pick<InvoiceDocumentModel, 'numeroFactura' | 'issuer' | 'training'>): string {
  const base = `Factura N° ${model.numeroFactura} de ${model.issuer.razonSocial}`;
  return model.training ? `[SIN VALOR FISCAL] ${base}` : base;
}

export function buildInvoiceMail(input: InvoiceMailInput): MailMessage {
  const m = input.model;
  const lines = [
    `Estimado(a) ${m.client.nombre}:`,
    '',
    `Le enviamos su factura N° ${m.numeroFactura} emitida por ${m.issuer.razonSocial} (NIT ${m.issuer.nit}) el ${formatFechaEmision(m.fechaEmision)}.`,
    '',
    `Importe total: Bs ${formatAmountEs(m.montoTotal)}`,
    `CUF: ${m.cuf}`,
    ...(m.state === 'ANULADA' ? ['', 'ATENCIÓN: esta factura fue ANULADA.'] : []),
    ...(m.training ? ['', 'Documento emitido en MODO ENTRENAMIENTO: no tiene valor fiscal.'] : []),
    '',
    'Adjuntamos la factura en PDF y el archivo XML. Puede verificarla en el sitio del Servicio de Impuestos Nacionales:',
    m.qrUrl,
    ...(input.pdfUrl ? ['', `Descargar la factura: ${input.pdfUrl}`] : []),
    '',
    'Atentamente,',
    m.issuer.razonSocial,
  ];
  return {
    from: input.from,
    to: input.to,
    subject: invoiceMailSubject(m),
    text: lines.join('\n'),
    attachments: [
      { filename: `${input.fileStem}.pdf`, content: Buffer.from(input.pdf.buffer, input.pdf.byteOffset, input.pdf.byteLength), contentType: 'application/pdf' },
      { filename: `${input.fileStem}.xml`, content: Buffer.from(input.xml, 'utf8'), contentType: 'application/xml' },
    ],
  };
}
