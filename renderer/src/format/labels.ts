// Spanish labels of API codes.
import type { InvoiceState, PosMode, PosTypeCode } from '../../../shared/api-types';

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  PENDING: 'Pendiente',
  VALIDATED: 'Validada',
  REJECTED: 'Rechazada',
  CANCELLED: 'Anulada',
  CONTINGENCY: 'En contingencia',
};

export function invoiceStateLabel(s: string): string {
  return (INVOICE_STATE_LABELS as Record<string, string>)[s] ?? s;
}

/**
 * One answer of SIAT where a person reads what SIAT said of a document (Facturas, Compras): its
 * words first, its code after, «VALIDADA (código 908)». A walk read «SIAT 908: VALIDADA» as a code
 * to decipher. Errors keep «SIAT 1013: …» (api/errors.ts): there the code is what support asks for.
 */
export function siatAnswerText(m: { codigo: number; descripcion?: string | null }): string {
  return m.descripcion ? `${m.descripcion} (código ${m.codigo})` : `Código ${m.codigo}`;
}

export const MODE_LABELS: Record<PosMode, string> = {
  ONLINE: 'En línea',
  CONTINGENCY: 'Contingencia',
};

/** SIAT's official cancellation reasons, used until the catalog has been synced. */
export const FALLBACK_CANCELLATION_REASONS = [
  { codigo: 1, descripcion: 'FACTURA MAL EMITIDA' },
  { codigo: 2, descripcion: 'NOTA DE CREDITO-DEBITO MAL EMITIDA' },
  { codigo: 3, descripcion: 'DATOS DE EMISION INCORRECTOS' },
  { codigo: 4, descripcion: 'FACTURA O NOTA DE CREDITO-DEBITO DEVUELTA' },
];

/** Seed: Contingency events — codigoMotivo 1…4, used until the catalog has been synced. */
export const FALLBACK_EVENT_REASONS = [
  { codigo: 1, descripcion: 'CORTE DEL SERVICIO DE INTERNET' },
  { codigo: 2, descripcion: 'INACCESIBILIDAD AL SERVICIO WEB DE LA ADMINISTRACIÓN TRIBUTARIA' },
  { codigo: 3, descripcion: 'VIRUS INFORMÁTICO O FALLA DE SOFTWARE' },
  { codigo: 4, descripcion: 'OTRO' },
];

export const CATALOG_LABELS: Record<string, string> = {
  activities: 'Actividades económicas',
  products: 'Productos y servicios SIN',
  legends: 'Leyendas',
  'cancellation-reasons': 'Motivos de anulación',
  'document-types': 'Tipos de documento de identidad',
  'payment-methods': 'Métodos de pago',
  currencies: 'Monedas',
  'unit-measures': 'Unidades de medida',
  'significant-events': 'Eventos significativos',
  // Kept by "Sincronizar todo" besides the seed's nine.
  'activity-sectors': 'Actividades y documentos del sector',
  messages: 'Mensajes de servicios del SIAT',
  countries: 'Países de origen',
  'sector-documents': 'Tipos de documento del sector',
  'emission-types': 'Tipos de emisión',
  'room-types': 'Tipos de habitación',
  'pos-types': 'Tipos de punto de venta',
  'invoice-types': 'Tipos de factura',
};

/**
 * SIAT catalog TipoPuntoVenta: the six types POST /pos accepts, with SIAT's own descriptions
 * (sincronizarParametricaTipoPuntoVenta).
 */
export const POS_TYPES: readonly { codigo: PosTypeCode; descripcion: string }[] = [
  { codigo: 1, descripcion: 'PUNTO VENTA COMISIONISTA' },
  { codigo: 2, descripcion: 'PUNTO VENTA VENTANILLA DE COBRANZA' },
  { codigo: 3, descripcion: 'PUNTO DE VENTA MOVILES' },
  { codigo: 4, descripcion: 'PUNTO DE VENTA YPFB' },
  { codigo: 5, descripcion: 'PUNTO DE VENTA CAJEROS' },
  { codigo: 6, descripcion: 'PUNTO DE VENTA CONJUNTA' },
];


export { countOf } from '../../../shared/count';

export { isNote, documentName, documentLabel } from '../../../shared/document-name';

/**
 * A SIAT code by its description in the synced catalog ("UNIDAD (BIENES)" for unit 57), as the
 * documents print it; before the catalog is synced, the code with what it is ("unidad 57").
 */
export function catalogDescription(entries: readonly { codigo: number; descripcion: string }[] | undefined, code: number, what: string): string {
  return entries?.find((e) => e.codigo === code)?.descripcion ?? `${what} ${code}`;
}
