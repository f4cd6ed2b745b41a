// Sector 3, comercial de exportación (CONTRACT.md §9.2; docs/sectors.md; totals: decision 0047).
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { amount, int, str } from './fields';
import { el, insertAfter, own, without } from './layout';
import type { SectorSpec } from './spec';

const header = [
  str('buyerAddress', 'direccionComprador', 'Dirección del comprador', true, 500),
  str('incoterm', 'incoterm', 'INCOTERM', true, 3),
  str('incotermDetail', 'incotermDetalle', 'Detalle INCOTERM', true, 500),
  str('destinationPort', 'puertoDestino', 'Puerto de destino', true, 500),
  str('destinationPlace', 'lugarDestino', 'Lugar de destino', true, 500),
  int('countryCode', 'codigoPais', 'País de destino', true, 1, 999),
  str('nationalCosts', 'costosGastosNacionales', 'Gastos nacionales (detalle)', false, 5000),
  amount('totalNationalCostsFob', 'totalGastosNacionalesFob', 'Total gastos nacionales FOB', false),
  str('internationalCosts', 'costosGastosInternacionales', 'Gastos internacionales (detalle)', false, 5000),
  amount('totalInternationalCosts', 'totalGastosInternacionales', 'Total gastos internacionales', false),
  str('packagesDescription', 'numeroDescripcionPaquetesBultos', 'Paquetes o bultos', false, 500),
  str('additionalInformation', 'informacionAdicional', 'Información adicional', false, 500),
];
const line = [str('nandinaCode', 'codigoNandina', 'Código NANDINA', true, 20)];

export const EXPORTACION: SectorSpec = {
  code: 3,
  label: 'Exportación',
  tipoFactura: 2,
  invoiceTypes: [
    { name: 'ELECTRONIC_EXPORT', modalidad: 1 },
    { name: 'COMPUTERIZED_EXPORT', modalidad: 2 },
  ],
  header,
  line,
  samples: {
    buyerAddress: 'Rua Augusta 1500, São Paulo',
    incoterm: 'FOB',
    incotermDetail: 'Libre a bordo, puerto de Arica',
    destinationPort: 'Arica',
    destinationPlace: 'Santos, Brasil',
    countryCode: 25,
    nationalCosts: '{"Transporte interno":"150.00"}',
    totalNationalCostsFob: 150,
    internationalCosts: '{"Flete marítimo":"200.00"}',
    totalInternationalCosts: 200,
    packagesDescription: '10 cajas de 12 unidades',
    additionalInformation: 'Pedido 2026-045',
    nandinaCode: '0901110000',
  },
  // §9.2: buyer address after complemento; INCOTERM and destination after codigoCliente;
  // national and international costs and the detail amount after montoTotal; packages and extra
  // information after montoTotalMoneda; no gift card. Lines carry the NANDINA code.
  layout: {
    cabecera: without(
      insertAfter(
        insertAfter(
          insertAfter(insertAfter(CABECERA_1, 'complemento', own(header, 'direccionComprador')), 'codigoCliente', own(header, 'incoterm', 'incotermDetalle', 'puertoDestino', 'lugarDestino', 'codigoPais')),
          'montoTotal',
          [
            ...own(header, 'costosGastosNacionales'),
            // Computed by Kipu (montoDetalle + national costs) when the request leaves it out.
            el('totalGastosNacionalesFob', 'dec'),
            ...own(header, 'costosGastosInternacionales', 'totalGastosInternacionales'),
            el('montoDetalle', 'dec'),
          ],
        ),
        'montoTotalMoneda',
        own(header, 'numeroDescripcionPaquetesBultos', 'informacionAdicional'),
      ),
      'montoGiftCard',
    ),
    detalle: insertAfter(DETALLE_BASE, 'codigoProducto', own(line, 'codigoNandina')),
  },
  formulas: { sujetoIva: 'zero', totals: { montoTotal: 'export', addedToTotal: [], notSubjectToIva: [] } },
  xsd: facturaXsd('ComercialExportacion'),
  till: { sells: true },
};
