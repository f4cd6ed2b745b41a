// The core seed's own reason codes and SIAT's (issue 28, item 2). The seed numbers its
// cancellation `motivo` and contingency `codigoMotivo` 1–4 with meanings of its own; SIAT's
// catalogs number theirs differently (SIAT's motivo 2 is "NOTA DE CREDITO-DEBITO MAL EMITIDA",
// its event 3 "INGRESO A ZONAS SIN INTERNET…"). A seed code is translated to the SIAT code whose
// synced description carries the seed's meaning: never a hard-coded SIAT number, so a catalog
// that renumbers still gets the right meaning. The README's "Sector codes: seed vs SIAT" shows
// the table. Routes that already speak SIAT (sector style `codeMotive`, `motivoSiat`,
// `codigoMotivoSiat`) pass SIAT's code unchanged. Pure: the caller hands in the synced catalog.
import type { CatalogName } from './catalog-sync';

interface SeedCode {
  seed: number;
  /** The seed's meaning, in Spanish for the error messages. */
  meaning: string;
  /** Matches the SIAT description (upper case, accents removed) that carries the meaning. */
  siat: RegExp;
  /** The same meaning when the cancelled document is a credit-debit note, if it differs. */
  siatForNote?: RegExp;
}

export interface SeedCodeTable {
  field: string;
  catalog: CatalogName;
  codes: readonly SeedCode[];
}

const BADLY_ISSUED = /^FACTURA MAL EMITIDA$/;
const NOTE_BADLY_ISSUED = /^NOTA DE CREDITO.?DEBITO MAL EMITIDA$/;

/** Core seed: "motivo 1 = data error, 2 = return, 3 = later period, 4 = other". */
export const SEED_CANCELLATION_REASONS: SeedCodeTable = {
  field: 'motivo',
  catalog: 'cancellation-reasons',
  codes: [
    { seed: 1, meaning: 'error en los datos', siat: /^DATOS DE EMISION INCORRECTOS$/ },
    { seed: 2, meaning: 'devolución', siat: /DEVUELTA$/ },
    // SIAT has no reason for "a later period" nor "other": both are SIAT's generic
    // "mal emitida" (of an invoice, or of a note when the document is one).
    { seed: 3, meaning: 'periodo posterior', siat: BADLY_ISSUED, siatForNote: NOTE_BADLY_ISSUED },
    { seed: 4, meaning: 'otro', siat: BADLY_ISSUED, siatForNote: NOTE_BADLY_ISSUED },
  ],
};

/** Core seed: "codigoMotivo 1 = internet outage, 2 = tax system failure, 3 = computer virus, 4 = other". */
export const SEED_CONTINGENCY_REASONS: SeedCodeTable = {
  field: 'codigoMotivo',
  catalog: 'significant-events',
  codes: [
    { seed: 1, meaning: 'corte de internet', siat: /^CORTE DEL SERVICIO DE INTERNET$/ },
    { seed: 2, meaning: 'falla del sistema tributario', siat: /^INACCESIBILIDAD AL SERVICIO WEB/ },
    // SIAT's virus event is one of those covered by paper invoices (CAFC), not by offline issue.
    { seed: 3, meaning: 'virus informático', siat: /^VIRUS INFORMATICO/ },
    // "Other": SIAT has no such event; selling where there is no internet is its general one.
    { seed: 4, meaning: 'otro', siat: /^VENTA EN LUGARES SIN INTERNET$/ },
  ],
};

const normalizeDescription = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

type SeedTranslation =
  | { ok: true; siatCode: number; descripcion: string }
  | { ok: false; reason: 'UNKNOWN_SEED_CODE' | 'NOT_IN_CATALOG'; message: string };

/** The SIAT code of `seed` in the synced `catalog` items. */
export function seedToSiat(
  table: SeedCodeTable,
  seed: number,
  catalog: readonly { codigo: string; descripcion: string }[],
  opts: { note?: boolean } = {},
): SeedTranslation {
  const def = table.codes.find((c) => c.seed === seed);
  if (!def) {
    const list = table.codes.map((c) => `${c.seed} ${c.meaning}`).join(', ');
    return { ok: false, reason: 'UNKNOWN_SEED_CODE', message: `${table.field} ${seed} no existe; valores: ${list}` };
  }
  const pattern = opts.note && def.siatForNote ? def.siatForNote : def.siat;
  const hit = catalog.find((i) => pattern.test(normalizeDescription(i.descripcion)));
  if (!hit || !/^\d+$/.test(hit.codigo)) {
    return {
      ok: false,
      reason: 'NOT_IN_CATALOG',
      message: `${table.field} ${seed} (${def.meaning}) no tiene equivalente en el catálogo ${table.catalog} sincronizado de SIAT; sincronice el catálogo o indique el código de SIAT`,
    };
  }
  return { ok: true, siatCode: Number(hit.codigo), descripcion: hit.descripcion };
}
