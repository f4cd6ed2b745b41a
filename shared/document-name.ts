// What a document is called wherever a person reads of it — the till's lists, Central, the print
// messages: an invoice, or a note on one (the credit-debit note 24, the nota de conciliación 29).
import { sectorSpec } from './sectors';
import { TIPO_FACTURA_DOCUMENTO } from './siat-codes';

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
