// Stage V/VI groundwork: the 7 significant events as the SIN's test spreadsheets name them, found
// in the synced catalog (sincronizarParametricaEventosSignificativos) by their description, never
// by code: the SIN's own spreadsheets number 5–7 differently since 2022 (docs/siat/certification.md).
// Pure.
import type { CatalogItem } from '../store/catalogs';

export interface CertificationEvent {
  /** Stable name in Kipu's evidence. */
  key: 'internet' | 'web-service' | 'vehicle' | 'no-internet-place' | 'power' | 'software' | 'hardware';
  /** Words that identify the event in SIAT's description (accents and case ignored). */
  words: readonly string[];
  /** Manual invoices with CAFC, transcribed (the inspection's item 12 names these three). */
  cafc: boolean;
}

export const CERTIFICATION_EVENTS: readonly CertificationEvent[] = [
  { key: 'internet', words: ['CORTE', 'SERVICIO DE INTERNET'], cafc: false },
  { key: 'web-service', words: ['INACCESIBILIDAD', 'SERVICIO WEB'], cafc: false },
  { key: 'vehicle', words: ['ZONAS SIN INTERNET'], cafc: false },
  { key: 'no-internet-place', words: ['LUGARES SIN INTERNET'], cafc: false },
  { key: 'power', words: ['ENERGIA'], cafc: true },
  { key: 'software', words: ['VIRUS'], cafc: true },
  { key: 'hardware', words: ['HARDWARE'], cafc: true },
];

export interface MappedEvent extends CertificationEvent {
  codigo: number;
  descripcion: string;
}

export class EventMappingError extends Error {}

export const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Each of the 7 events with the synced catalog's code; a missing or ambiguous one is an error naming it. */
export function mapEvents(catalog: readonly CatalogItem[]): MappedEvent[] {
  if (catalog.length === 0) throw new EventMappingError('No hay eventos significativos sincronizados: sincronice los catálogos primero');
  return CERTIFICATION_EVENTS.map((ev) => {
    const hits = catalog.filter((item) => ev.words.every((w) => normalize(item.descripcion).includes(w)));
    if (hits.length === 0) throw new EventMappingError(`El catálogo de eventos significativos no tiene «${ev.words.join(' … ')}»`);
    if (hits.length > 1) throw new EventMappingError(`«${ev.words.join(' … ')}» coincide con ${hits.length} eventos del catálogo: ${hits.map((h) => `${h.codigo} ${h.descripcion}`).join('; ')}`);
    const hit = hits[0]!;
    return { ...ev, codigo: Number(hit.codigo), descripcion: hit.descripcion };
  });
}
