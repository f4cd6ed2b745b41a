// Every sector Kipu issues, declared from sector 1's official layout (CONTRACT.md §9.1) and the
// differences SIAT's sources state for each (§9.2, §9.3; ../shared/siat/sectors/README.md;
// docs/sectors.md). The sector's own elements take their kind and nillability from their API
// field (shared/sector-fields.ts): a required field is a non-nillable element.
import { findSector } from '../../siat/codes';
import { sectorFields, type SectorField } from '../../../shared/sector-fields';
import { el, insertAfter, insertBefore, without, type ElementList, type ElementSpec, type SectorLayout, type SujetoIvaRule, type TotalRules } from './layout';

/** Sector 1's cabecera, official XSD order (§9.1). */
const CABECERA_1: ElementList = [
  el('nitEmisor', 'int'),
  el('razonSocialEmisor', 'str'),
  el('municipio', 'str'),
  el('telefono', 'str', true),
  el('numeroFactura', 'int'),
  el('cuf', 'str'),
  el('cufd', 'str'),
  el('codigoSucursal', 'int'),
  el('direccion', 'str'),
  el('codigoPuntoVenta', 'int', true),
  el('fechaEmision', 'dateTime'),
  el('nombreRazonSocial', 'str', true),
  el('codigoTipoDocumentoIdentidad', 'int'),
  el('numeroDocumento', 'str'),
  el('complemento', 'str', true),
  el('codigoCliente', 'str'),
  el('codigoMetodoPago', 'int'),
  el('numeroTarjeta', 'int', true),
  el('montoTotal', 'dec'),
  el('montoTotalSujetoIva', 'dec'),
  el('codigoMoneda', 'int'),
  el('tipoCambio', 'dec'),
  el('montoTotalMoneda', 'dec'),
  el('montoGiftCard', 'dec', true),
  el('descuentoAdicional', 'dec', true),
  el('codigoExcepcion', 'int', true),
  el('cafc', 'str', true),
  el('leyenda', 'str'),
  el('usuario', 'str'),
  el('codigoDocumentoSector', 'int'),
];

/** Sector 1's detalle without numeroSerie/numeroImei: the detalle of most sectors (§9.2). */
const DETALLE_BASE: ElementList = [
  el('actividadEconomica', 'str'),
  el('codigoProductoSin', 'int'),
  el('codigoProducto', 'str'),
  el('descripcion', 'str'),
  el('cantidad', 'dec'),
  el('unidadMedida', 'int'),
  el('precioUnitario', 'dec'),
  el('montoDescuento', 'dec', true),
  el('subTotal', 'dec'),
];

const KIND = { string: 'str', integer: 'int', amount: 'dec', dateTime: 'dateTime' } as const;

function fieldElement(f: SectorField): ElementSpec {
  return el(f.xml, KIND[f.kind], !f.required && f.default === undefined);
}

/** The sector's own elements, by XML name, in the order given. */
function own(sector: number, part: 'header' | 'line', ...xmlNames: string[]): ElementSpec[] {
  const fields = sectorFields(sector)?.[part] ?? [];
  return xmlNames.map((name) => {
    const f = fields.find((x) => x.xml === name);
    if (!f) throw new Error(`layout ${sector}: no ${part} field ${name} in shared/sector-fields.ts`);
    return fieldElement(f);
  });
}

interface Declared {
  cabecera: ElementList;
  detalle: ElementList | null;
  sujetoIva?: SujetoIvaRule;
  zeroSubtotalLines?: boolean;
  numberElement?: SectorLayout['numberElement'];
  totals?: TotalRules;
}

/** Sector 1's totals (CONTRACT §3.7): the lines, less the additional discount. */
const LINES_ONLY: TotalRules = { montoTotal: 'lines', addedToTotal: [], notSubjectToIva: [] };

/** Servicios básicos (13): the fees and payments a bill collects enter the total; fees and payments not subject to IVA leave the base (decision 0047). */
const BASIC_SERVICE_FEES = ['tasaAseo', 'tasaAlumbrado', 'otrasTasas', 'otrosPagosNoSujetoIva'];


const DETALLE_SERIAL: ElementList = [...DETALLE_BASE, ...own(1, 'line', 'numeroSerie', 'numeroImei')];

const DECLARED: Record<number, Declared> = {
  1: { cabecera: CABECERA_1, detalle: DETALLE_SERIAL },
  // Export (§9.2): buyer address after complemento; INCOTERM and destination after codigoCliente;
  // national and international costs and the detail amount after montoTotal; packages and extra
  // information after montoTotalMoneda; no gift card. Lines carry the NANDINA code.
  3: {
    cabecera: without(
      insertAfter(
        insertAfter(
          insertAfter(insertAfter(CABECERA_1, 'complemento', own(3, 'header', 'direccionComprador')), 'codigoCliente', own(3, 'header', 'incoterm', 'incotermDetalle', 'puertoDestino', 'lugarDestino', 'codigoPais')),
          'montoTotal',
          [
            ...own(3, 'header', 'costosGastosNacionales'),
            // Computed by Kipu (montoDetalle + national costs) when the request leaves it out.
            el('totalGastosNacionalesFob', 'dec'),
            ...own(3, 'header', 'costosGastosInternacionales', 'totalGastosInternacionales'),
            el('montoDetalle', 'dec'),
          ],
        ),
        'montoTotalMoneda',
        own(3, 'header', 'numeroDescripcionPaquetesBultos', 'informacionAdicional'),
      ),
      'montoGiftCard',
    ),
    detalle: insertAfter(DETALLE_BASE, 'codigoProducto', own(3, 'line', 'codigoNandina')),
    sujetoIva: 'zero',
    totals: { montoTotal: 'export', addedToTotal: [], notSubjectToIva: [] },
  },
  5: { cabecera: insertAfter(CABECERA_1, 'montoTotalMoneda', own(5, 'header', 'numeroParteRecepcion')), detalle: DETALLE_BASE, sujetoIva: 'zero' },
  // Tasa cero: the official layout (two public transcriptions) fixes montoTotalSujetoIva as `0`, not 0.00.
  8: { cabecera: CABECERA_1.map((e) => (e.name === 'montoTotalSujetoIva' ? el(e.name, 'zero') : e)), detalle: DETALLE_BASE, sujetoIva: 'zero' },
  11: { cabecera: insertAfter(CABECERA_1, 'codigoCliente', own(11, 'header', 'nombreEstudiante', 'periodoFacturado')), detalle: DETALLE_BASE },
  13: {
    cabecera: without(
      insertAfter(
        insertAfter(insertAfter(CABECERA_1, 'codigoPuntoVenta', own(13, 'header', 'mes', 'gestion', 'ciudad', 'zona', 'numeroMedidor')), 'nombreRazonSocial', own(13, 'header', 'domicilioCliente')),
        'montoTotalSujetoIva',
        own(
          13,
          'header',
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
    totals: { montoTotal: 'lines', addedToTotal: [...BASIC_SERVICE_FEES, 'ajusteSujetoIva'], notSubjectToIva: BASIC_SERVICE_FEES },
  },
  // Entidades financieras: the financial lease enters the total and not the IVA base (decision 0047).
  15: {
    cabecera: without(insertBefore(CABECERA_1, 'montoTotal', own(15, 'header', 'montoTotalArrendamientoFinanciero')), 'montoGiftCard'),
    detalle: DETALLE_BASE,
    totals: { montoTotal: 'lines', addedToTotal: ['montoTotalArrendamientoFinanciero'], notSubjectToIva: ['montoTotalArrendamientoFinanciero'] },
  },
  16: {
    cabecera: insertAfter(CABECERA_1, 'codigoCliente', own(16, 'header', 'cantidadHuespedes', 'cantidadHabitaciones', 'cantidadMayores', 'cantidadMenores', 'fechaIngresoHospedaje')),
    detalle: insertAfter(insertAfter(DETALLE_BASE, 'codigoProducto', own(16, 'line', 'codigoTipoHabitacion')), 'subTotal', own(16, 'line', 'detalleHuespedes')),
  },
  17: {
    cabecera: insertAfter(CABECERA_1, 'codigoCliente', own(17, 'header', 'modalidadServicio')),
    detalle: insertAfter(
      DETALLE_BASE,
      'descripcion',
      own(17, 'line', 'especialidad', 'especialidadDetalle', 'nroQuirofanoSalaOperaciones', 'especialidadMedico', 'nombreApellidoMedico', 'nitDocumentoMedico', 'nroMatriculaMedico', 'nroFacturaMedico'),
    ),
  },
  // Juegos de azar: montoTotalIj enters the total and not the IVA base; montoTotalSujetoIpj is
  // taken as sent (no source states its formula; decision 0047).
  18: {
    cabecera: without(insertAfter(CABECERA_1, 'montoTotal', own(18, 'header', 'montoTotalIj', 'montoTotalSujetoIpj')), 'montoGiftCard'),
    detalle: DETALLE_BASE,
    totals: { montoTotal: 'lines', addedToTotal: ['montoTotalIj'], notSubjectToIva: ['montoTotalIj'] },
  },
  22: { cabecera: insertAfter(CABECERA_1, 'telefono', own(22, 'header', 'nitConjunto')), detalle: DETALLE_SERIAL },
  // Nota de crédito-débito: official XSD (§9.3). No payment, currency, gift card or cafc; the
  // original invoice's number, CUF and date; original and returned totals; lines tagged 1/2.
  24: {
    numberElement: 'numeroNotaCreditoDebito',
    cabecera: [
      ...CABECERA_1.slice(0, 4),
      el('numeroNotaCreditoDebito', 'int'),
      ...CABECERA_1.slice(5, 16),
      el('numeroFactura', 'int'),
      el('numeroAutorizacionCuf', 'str'),
      el('fechaEmisionFactura', 'dateTime'),
      el('montoTotalOriginal', 'dec'),
      el('montoTotalDevuelto', 'dec'),
      el('montoDescuentoCreditoDebito', 'dec', true),
      el('montoEfectivoCreditoDebito', 'dec'),
      el('codigoExcepcion', 'int', true),
      el('leyenda', 'str'),
      el('usuario', 'str'),
      el('codigoDocumentoSector', 'int'),
    ],
    detalle: [...DETALLE_BASE, el('codigoDetalleTransaccion', 'int')],
  },
  // Boleto aéreo (§9.2, go-siat's order): its own cabecera, no detalle; massive reception only.
  30: {
    cabecera: [
      el('nitEmisor', 'int'),
      el('numeroFactura', 'int'),
      el('cufd', 'str'),
      el('cuf', 'str'),
      el('codigoSucursal', 'int'),
      el('codigoPuntoVenta', 'int', true),
      el('direccion', 'str'),
      el('fechaEmision', 'dateTime'),
      el('razonSocialEmisor', 'str'),
      el('nombreRazonSocial', 'str', true),
      el('numeroDocumento', 'str'),
      el('codigoTipoDocumentoIdentidad', 'int'),
      ...own(30, 'header', 'nombrePasajero', 'numeroDocumentoPasajero', 'codigoIataLineaAerea', 'codigoIataAgenteViajes', 'nitAgenteViajes', 'codigoOrigenServicio'),
      el('codigoMoneda', 'int'),
      el('tipoCambio', 'dec'),
      ...own(30, 'header', 'montoTarifa'),
      el('montoTotal', 'dec'),
      el('montoTotalMoneda', 'dec'),
      el('montoTotalSujetoIva', 'dec'),
      el('codigoMetodoPago', 'int'),
      ...own(30, 'header', 'codigoTipoTransaccion'),
      el('usuario', 'str'),
      el('leyenda', 'str'),
      el('codigoDocumentoSector', 'int'),
    ],
    detalle: null,
  },
  // Seguros: ajusteAfectacionIva is the part of the total outside the IVA base (decision 0047).
  34: {
    cabecera: insertAfter(CABECERA_1, 'montoTotal', own(34, 'header', 'ajusteAfectacionIva')),
    detalle: DETALLE_BASE,
    totals: { montoTotal: 'lines', addedToTotal: [], notSubjectToIva: ['ajusteAfectacionIva'] },
  },
  35: { cabecera: CABECERA_1, detalle: DETALLE_SERIAL, zeroSubtotalLines: true },
};

const LAYOUTS: ReadonlyMap<number, SectorLayout> = new Map(
  Object.entries(DECLARED).map(([code, d]) => {
    const sector = Number(code);
    const def = findSector(sector);
    if (!def) throw new Error(`layout: sector ${sector} is not in SIAT's catalog (siat/codes.ts)`);
    const cabecera = d.cabecera;
    const layout: SectorLayout = {
      sector,
      tipoFactura: def.tipoFactura,
      numberElement: d.numberElement ?? 'numeroFactura',
      cabecera,
      detalle: d.detalle,
      rules: {
        sujetoIva: d.sujetoIva ?? 'total-minus-gift-card',
        zeroSubtotalLines: d.zeroSubtotalLines ?? false,
        giftCard: cabecera.some((e) => e.name === 'montoGiftCard'),
        totals: d.totals ?? LINES_ONLY,
      },
    };
    return [sector, Object.freeze(layout)];
  }),
);

/** The layout of a sector Kipu issues, or undefined. */
export function sectorLayout(sector: number): SectorLayout | undefined {
  return LAYOUTS.get(sector);
}

export function issuableSectors(): number[] {
  return [...LAYOUTS.keys()];
}
