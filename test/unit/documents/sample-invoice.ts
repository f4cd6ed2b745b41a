// A realistic issued invoice for the document tests (values after CONTRACT §9.1's official sample).
import { buildQrUrl, type InvoiceDocumentLine, type InvoiceDocumentModel } from '../../../main/documents/model';

export const SAMPLE_CUF = '44AAEC00DBD34C53C3E2CCE1A3FA7AF1E2A08606A667A75AC82F24C74';

export function sampleLine(i: number): InvoiceDocumentLine {
  const cantidad = 100 + (i % 3) * 50; // 1,00 / 1,50 / 2,00
  const precioUnitario = 1250 + i * 10;
  const subTotal = Math.round((cantidad * precioUnitario) / 100);
  return {
    codigoProducto: `PRD-${String(i).padStart(4, '0')}`,
    descripcion: i % 7 === 0 ? `Jugo de naranja en vaso, tamaño grande con hielo y azúcar morena (línea ${i})` : `Café con leche Nº ${i}`,
    cantidad,
    unidadMedida: 'UNIDAD (BIENES)',
    precioUnitario,
    descuento: 0,
    subTotal,
  };
}

export function sampleInvoice(lineCount = 3, overrides: Partial<InvoiceDocumentModel> = {}): InvoiceDocumentModel {
  const lines = Array.from({ length: lineCount }, (_, i) => sampleLine(i + 1));
  const subTotal = lines.reduce((s, l) => s + l.subTotal, 0);
  const descuentoAdicional = 100;
  const montoTotal = subTotal - descuentoAdicional;
  return {
    issuer: {
      nit: '1003579028',
      razonSocial: 'Panadería y Cafetería Ñandú S.R.L.',
      municipio: 'La Paz',
      telefono: '78595684',
      direccion: 'Av. Jorge López #123, Zona Sopocachi',
      codigoSucursal: 0,
      codigoPuntoVenta: 1,
    },
    numeroFactura: 137,
    cuf: SAMPLE_CUF,
    fechaEmision: '2021-10-06T16:03:48.675',
    modalidad: 1,
    offline: false,
    training: false,
    client: { nombre: 'María José Peñaranda Ibáñez', documentType: 1, documentNumber: '5115889', complemento: '1A', codigoCliente: '51158891' },
    lines,
    subTotal,
    descuentoAdicional,
    montoTotal,
    montoGiftCard: 0,
    montoAPagar: montoTotal,
    importeBaseCreditoFiscal: montoTotal,
    literal: 'Ciento Veinte 50/100 Bolivianos',
    leyenda: 'Ley N° 453: Tienes derecho a recibir información sobre las características y contenidos de los servicios que utilices.',
    qrUrl: buildQrUrl({ ambiente: 2, nit: '1003579028', cuf: SAMPLE_CUF, numero: 137 }),
    ...overrides,
  };
}
