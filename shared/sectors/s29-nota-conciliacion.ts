// Sector 29, nota de conciliación: the telecom and basic-services adjustment of an invoice already
// validated (a bill charged too much or too little). Official SIN XSD
// (notaElectronicaConciliacion.xsd; the computarizada file is derived from it,
// resources/siat/xsd/README.md). Issued from an original invoice
// (main/invoicing/conciliation-note.ts), never sold at the till.
import { CABECERA_1, DETALLE_BASE } from './common';
import { el } from './layout';
import type { SectorSpec } from './spec';

export const NOTA_CONCILIACION: SectorSpec = {
  code: 29,
  label: 'Nota de conciliación',
  tipoFactura: 3,
  // The seeds name no invoiceType for this sector: the names are Kipu's.
  invoiceTypes: [
    { name: 'NOTE_CONCILIATION', modalidad: 1 },
    { name: 'COMPUTERIZED_NOTE_CONCILIATION', modalidad: 2 },
  ],
  header: [],
  line: [],
  samples: {},
  // No payment, currency, gift card or cafc; the original invoice's number, CUF, control code
  // (nil: Kipu's originals have a CUF) and date; its total, the conciliated total and the IVA
  // credit and debit the adjustment makes; the original's lines, then the conciliated ones.
  layout: {
    numberElement: 'numeroNotaConciliacion',
    cabecera: [
      ...CABECERA_1.slice(0, 4),
      el('numeroNotaConciliacion', 'int'),
      ...CABECERA_1.slice(5, 16),
      el('numeroFactura', 'int'),
      el('numeroAutorizacionCuf', 'str'),
      el('codigoControl', 'str', true),
      el('fechaEmisionFactura', 'dateTime'),
      el('montoTotalOriginal', 'dec'),
      el('montoTotalConciliado', 'dec'),
      el('creditoFiscalIva', 'dec'),
      el('debitoFiscalIva', 'dec'),
      el('codigoExcepcion', 'int', true),
      el('leyenda', 'str'),
      el('usuario', 'str'),
      el('codigoDocumentoSector', 'int'),
    ],
    detalle: DETALLE_BASE,
    twoParts: {
      original: 'detalleOriginal',
      adjusted: 'detalleConciliacion',
      adjustedElements: [
        ...DETALLE_BASE.slice(0, 4),
        el('montoOriginal', 'dec'),
        el('montoFinal', 'dec'),
        el('montoConciliado', 'dec'),
      ],
    },
  },
  xsd: { 1: 'notaElectronicaConciliacion.xsd', 2: 'notaComputarizadaConciliacion.xsd' },
  till: { sells: false, why: 'la nota de conciliación se emite sobre una factura validada (API, originalInvoiceId)' },
};
