// Spanish labels of API codes.
import type { InvoiceState, PosMode, PosTypeCode } from '../../../shared/api-types';
import { sectorSpec } from '../../../shared/sectors';
import { TIPO_FACTURA_DOCUMENTO } from '../../../shared/siat-codes';

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

/** A note on an invoice (tipoFacturaDocumento 3: the credit-debit note 24, the nota de conciliación 29). */
export function isNote(sector: number | null | undefined): boolean {
  return sector !== null && sector !== undefined && sectorSpec(sector)?.tipoFactura === TIPO_FACTURA_DOCUMENTO.DOCUMENTO_AJUSTE;
}

/**
 * What a document is called wherever the till or Central lists it: "Factura N° 17", or
 * "Nota de crédito-débito N° 3" ("Nota de conciliación N° 2") and, when known, the invoice it
 * refers to ("sobre factura N° 17").
 */
export function documentName(d: { sector?: number | null; number: number; originalNumber?: number | null }): { kind: string; title: string; reference: string | null } {
  if (!isNote(d.sector)) return { kind: 'Factura', title: `Factura N° ${d.number}`, reference: null };
  const original = d.originalNumber ?? null;
  const kind = sectorSpec(d.sector!)!.label;
  return { kind, title: `${kind} N° ${d.number}`, reference: original !== null && original > 0 ? `sobre factura N° ${original}` : null };
}

/** documentName in one line: "Nota de crédito-débito N° 3 sobre factura N° 17". */
export function documentLabel(d: Parameters<typeof documentName>[0]): string {
  const n = documentName(d);
  return n.reference ? `${n.title} ${n.reference}` : n.title;
}

/**
 * A SIAT code by its description in the synced catalog ("UNIDAD (BIENES)" for unit 57), as the
 * documents print it; before the catalog is synced, the code with what it is ("unidad 57").
 */
export function catalogDescription(entries: readonly { codigo: number; descripcion: string }[] | undefined, code: number, what: string): string {
  return entries?.find((e) => e.codigo === code)?.descripcion ?? `${what} ${code}`;
}
