// Sector 13, servicios básicos: official SIN XSD (issue 28, item 10); its limits are this
// file's (a test holds every field equal to the schema's facets); totals: decision 0047.
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { amount, int, str } from './fields';
import { insertAfter, own, without } from './layout';
import type { SectorSpec } from './spec';

const header = [
  str('month', 'mes', 'Mes', false, 10),
  int('year', 'gestion', 'Gestión', false, 2015, 9999),
  str('city', 'ciudad', 'Ciudad', false, 100),
  str('zone', 'zona', 'Zona', false, 100),
  str('meterNumber', 'numeroMedidor', 'N.º de medidor', true, 100),
  str('clientAddress', 'domicilioCliente', 'Domicilio del cliente', false, 500),
  amount('periodConsumption', 'consumoPeriodo', 'Consumo del periodo', false),
  int('law1886Beneficiary', 'beneficiarioLey1886', 'Beneficiario Ley 1886', false, 0, 99999999999999),
  amount('law1886Discount', 'montoDescuentoLey1886', 'Descuento Ley 1886', false),
  amount('dignityTariffDiscount', 'montoDescuentoTarifaDignidad', 'Descuento tarifa dignidad', false),
  amount('cleaningFee', 'tasaAseo', 'Tasa de aseo', false),
  amount('lightingFee', 'tasaAlumbrado', 'Tasa de alumbrado', false),
  amount('adjustmentNotSubjectToVat', 'ajusteNoSujetoIva', 'Ajuste no sujeto a IVA', false),
  str('adjustmentNotSubjectToVatDetail', 'detalleAjusteNoSujetoIva', 'Detalle ajuste no sujeto a IVA', false, 100),
  amount('adjustmentSubjectToVat', 'ajusteSujetoIva', 'Ajuste sujeto a IVA', false),
  str('adjustmentSubjectToVatDetail', 'detalleAjusteSujetoIva', 'Detalle ajuste sujeto a IVA', false, 100),
  amount('otherPaymentsNotSubjectToVat', 'otrosPagosNoSujetoIva', 'Otros pagos no sujetos a IVA', false),
  str('otherPaymentsNotSubjectToVatDetail', 'detalleOtrosPagosNoSujetoIva', 'Detalle otros pagos', false, 100),
  amount('otherFees', 'otrasTasas', 'Otras tasas', false),
];

/** The fees and payments a bill collects enter the total; those not subject to IVA leave the base (decision 0047). */
const FEES = ['tasaAseo', 'tasaAlumbrado', 'otrasTasas', 'otrosPagosNoSujetoIva'];

export const SERVICIOS_BASICOS: SectorSpec = {
  code: 13,
  label: 'Servicios básicos',
  tipoFactura: 1,
  invoiceTypes: [{ name: 'ELECTRONIC_BASIC_SERVICE', modalidad: 1 }],
  header,
  line: [],
  samples: {
    month: 'MARZO',
    year: 2026,
    city: 'La Paz',
    zone: 'Sopocachi',
    meterNumber: 'MED-445566',
    clientAddress: 'Calle Ecuador 2040',
    periodConsumption: '125 kWh',
    law1886Beneficiary: 0,
    law1886Discount: 0,
    dignityTariffDiscount: 0,
    cleaningFee: 0,
    lightingFee: 0,
    adjustmentNotSubjectToVat: 0,
    adjustmentNotSubjectToVatDetail: '{}',
    adjustmentSubjectToVat: 0,
    adjustmentSubjectToVatDetail: '{}',
    otherPaymentsNotSubjectToVat: 0,
    otherPaymentsNotSubjectToVatDetail: '{}',
    otherFees: 0,
  },
  layout: {
    cabecera: without(
      insertAfter(
        insertAfter(insertAfter(CABECERA_1, 'codigoPuntoVenta', own(header, 'mes', 'gestion', 'ciudad', 'zona', 'numeroMedidor')), 'nombreRazonSocial', own(header, 'domicilioCliente')),
        'montoTotalSujetoIva',
        own(
          header,
          'consumoPeriodo',
          'beneficiarioLey1886',
          'montoDescuentoLey1886',
          'montoDescuentoTarifaDignidad',
          'tasaAseo',
          'tasaAlumbrado',
          'ajusteNoSujetoIva',
          'detalleAjusteNoSujetoIva',
          'ajusteSujetoIva',
          'detalleAjusteSujetoIva',
          'otrosPagosNoSujetoIva',
          'detalleOtrosPagosNoSujetoIva',
          'otrasTasas',
        ),
      ),
      'montoGiftCard',
    ),
    detalle: DETALLE_BASE,
  },
  formulas: { positiveTaxBase: true, totals: { montoTotal: 'lines', addedToTotal: [...FEES, 'ajusteSujetoIva'], notSubjectToIva: FEES } },
  xsd: facturaXsd('ServicioBasico'),
  till: { sells: true },
};
