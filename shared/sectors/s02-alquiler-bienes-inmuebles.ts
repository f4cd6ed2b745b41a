// Sector 2, alquiler de bienes inmuebles: every landlord and office rental. Official SIN XSD
// (facturaElectronicaAlquilerBienInmueble.xsd, ver.23/08/2021; the computarizada file is derived
// from it, resources/siat/xsd/README.md): sector 1's cabecera with periodoFacturado after
// codigoCliente, no gift card, montoTotalSujetoIva > 0; sector 1's detalle without serial or IMEI.
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { str } from './fields';
import { insertAfter, own, without } from './layout';
import type { SectorSpec } from './spec';

// billedPeriod: seed 001's name for periodoFacturado (education uses it too, the same limits).
const header = [str('billedPeriod', 'periodoFacturado', 'Periodo facturado', true, 50)];

export const ALQUILER_BIENES_INMUEBLES: SectorSpec = {
  code: 2,
  label: 'Alquiler de bienes inmuebles',
  tipoFactura: 1,
  // The seeds name no invoiceType for this sector: the names are Kipu's.
  invoiceTypes: [
    { name: 'ELECTRONIC_PROPERTY_RENTAL', modalidad: 1 },
    { name: 'COMPUTERIZED_PROPERTY_RENTAL', modalidad: 2 },
  ],
  header,
  line: [],
  samples: { billedPeriod: 'MARZO 2026' },
  layout: { cabecera: without(insertAfter(CABECERA_1, 'codigoCliente', own(header, 'periodoFacturado')), 'montoGiftCard'), detalle: DETALLE_BASE },
  formulas: { positiveTaxBase: true },
  xsd: facturaXsd('AlquilerBienInmueble'),
  till: { sells: true },
};
