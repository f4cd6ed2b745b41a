// Seed data the SIAT simulator serves for every FacturacionSincronizacion list operation
// (CONTRACT §2.2, §7), keyed by operation name. sincronizarFechaHora is not here: it answers
// with the simulator's clock. Per-taxpayer lists (actividades, leyendas, productos, documento
// sector) belong to the training taxpayer (training-taxpayer.ts).
// Runs in: SIAT simulator.
import { SIAT_MESSAGES } from '../../siat/messages';
import { ACTIVIDADES, ACTIVIDADES_DOCUMENTO_SECTOR, LEYENDAS_FACTURA } from './activities';
import { PAIS_ORIGEN } from './countries';
import { TIPO_MONEDA } from './currencies';
import {
  EVENTOS_SIGNIFICATIVOS,
  MOTIVO_ANULACION,
  TIPO_DOCUMENTO_IDENTIDAD,
  TIPO_DOCUMENTO_SECTOR,
  TIPO_EMISION,
  TIPO_HABITACION,
  TIPO_PUNTO_VENTA,
  TIPOS_FACTURA,
} from './parametric';
import { TIPO_METODO_PAGO } from './payment-methods';
import { PRODUCTOS_SERVICIOS } from './products';
import type {
  ActividadDocumentoSectorItem,
  ActividadItem,
  LeyendaItem,
  ParametricaItem,
  ProductoServicioItem,
} from './types';
import { UNIDAD_MEDIDA } from './units';

export type {
  ActividadDocumentoSectorItem,
  ActividadItem,
  LeyendaItem,
  ParametricaItem,
  ProductoServicioItem,
} from './types';

/** Operations whose answer is `listaCodigos` of {codigoClasificador, descripcion}. */
export type ParametricaOperation =
  | 'sincronizarListaMensajesServicios'
  | 'sincronizarParametricaEventosSignificativos'
  | 'sincronizarParametricaMotivoAnulacion'
  | 'sincronizarParametricaPaisOrigen'
  | 'sincronizarParametricaTipoDocumentoIdentidad'
  | 'sincronizarParametricaTipoDocumentoSector'
  | 'sincronizarParametricaTipoEmision'
  | 'sincronizarParametricaTipoHabitacion'
  | 'sincronizarParametricaTipoMetodoPago'
  | 'sincronizarParametricaTipoMoneda'
  | 'sincronizarParametricaTipoPuntoVenta'
  | 'sincronizarParametricaTiposFactura'
  | 'sincronizarParametricaUnidadMedida';

export type CatalogData = { readonly [K in ParametricaOperation]: readonly ParametricaItem[] } & {
  readonly sincronizarActividades: readonly ActividadItem[];
  readonly sincronizarListaActividadesDocumentoSector: readonly ActividadDocumentoSectorItem[];
  readonly sincronizarListaLeyendasFactura: readonly LeyendaItem[];
  readonly sincronizarListaProductosServicios: readonly ProductoServicioItem[];
};

export type CatalogOperation = keyof CatalogData;

const MENSAJES_SERVICIOS: readonly ParametricaItem[] = Object.entries(SIAT_MESSAGES)
  .map(([codigo, descripcion]) => ({ codigoClasificador: Number(codigo), descripcion }))
  .sort((a, b) => a.codigoClasificador - b.codigoClasificador);

export const CATALOG_DATA: CatalogData = Object.freeze({
  sincronizarActividades: ACTIVIDADES,
  sincronizarListaActividadesDocumentoSector: ACTIVIDADES_DOCUMENTO_SECTOR,
  sincronizarListaLeyendasFactura: LEYENDAS_FACTURA,
  sincronizarListaMensajesServicios: MENSAJES_SERVICIOS,
  sincronizarListaProductosServicios: PRODUCTOS_SERVICIOS,
  sincronizarParametricaEventosSignificativos: EVENTOS_SIGNIFICATIVOS,
  sincronizarParametricaMotivoAnulacion: MOTIVO_ANULACION,
  sincronizarParametricaPaisOrigen: PAIS_ORIGEN,
  sincronizarParametricaTipoDocumentoIdentidad: TIPO_DOCUMENTO_IDENTIDAD,
  sincronizarParametricaTipoDocumentoSector: TIPO_DOCUMENTO_SECTOR,
  sincronizarParametricaTipoEmision: TIPO_EMISION,
  sincronizarParametricaTipoHabitacion: TIPO_HABITACION,
  sincronizarParametricaTipoMetodoPago: TIPO_METODO_PAGO,
  sincronizarParametricaTipoMoneda: TIPO_MONEDA,
  sincronizarParametricaTipoPuntoVenta: TIPO_PUNTO_VENTA,
  sincronizarParametricaTiposFactura: TIPOS_FACTURA,
  sincronizarParametricaUnidadMedida: UNIDAD_MEDIDA,
});

export const CATALOG_OPERATIONS: readonly CatalogOperation[] = Object.keys(CATALOG_DATA) as CatalogOperation[];
