// The parts several sector files share: sector 1's cabecera and detalle in the official XSD order
// (CONTRACT.md §9.1), from which the other sectors state their differences (§9.2), and the serial
// and IMEI line fields of the sectors that sell devices (1, 22, 35).
import { el, own, type ElementList } from './layout';
import { str, type SectorField } from './fields';

/** Sector 1's cabecera, official XSD order (§9.1). */
export const CABECERA_1: ElementList = [
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
export const DETALLE_BASE: ElementList = [
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

export const SERIAL_LINE: readonly SectorField[] = [
  { ...str('numberSerial', 'numeroSerie', 'N.º de serie', false, 1500), integerToo: true },
  { ...str('numberImei', 'numeroImei', 'IMEI', false, 1500), integerToo: true },
];

export const SERIAL_SAMPLES = { numberSerial: 'SN-4451-2026', numberImei: '356938035643809' } as const;

/** Sector 1's detalle, with the serial and IMEI last. */
export const DETALLE_SERIAL: ElementList = [...DETALLE_BASE, ...own(SERIAL_LINE, 'numeroSerie', 'numeroImei')];

/** The XSD files of a sector whose file is named after its root, `factura{Electronica|Computarizada}<Name>.xsd`. */
export const facturaXsd = (name: string) => ({ 1: `facturaElectronica${name}.xsd`, 2: `facturaComputarizada${name}.xsd` }) as const;
