// The sector fields the Venta screen asks for (issue #12): which fields the point of sale's
// default document has (shared/sector-fields.ts, the one declaration), and the typed text turned
// into the request's values, with es-BO messages naming the field. Pure.
import { invoiceType } from '../../../shared/invoice-types';
import { sectorFields, type SectorField, type SectorFields } from '../../../shared/sector-fields';
import { fromHundredths } from '../../../shared/money';
import { COMPRA_VENTA_SECTOR, sectorSpec } from '../../../shared/sectors';
import { parseAmount } from '../format/amount-input';
import { parseDateTimeEs } from '../format/dates';

/** What the cashier typed: header fields by API key, line fields by cart line key then API key. */
export interface SectorDraft {
  header: Readonly<Record<string, string>>;
  lines: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export const EMPTY_SECTOR_DRAFT: SectorDraft = { header: {}, lines: {} };

/**
 * The fields of the document a till issues; null when there is nothing to ask. Compra-venta's
 * optional serial and IMEI stay an API feature: the ordinary till is unchanged.
 */
export function saleSectorFields(type: string): SectorFields | null {
  const t = invoiceType(type);
  if (!t || t.sector === COMPRA_VENTA_SECTOR) return null;
  const f = sectorFields(t.sector);
  if (!f || (f.header.length === 0 && f.line.length === 0)) return null;
  return f;
}

/**
 * Whether the document a till issues has a gift card (its layout has montoGiftCard): alquiler,
 * servicios básicos, export and others do not, and the engine refuses a gift card there, so the
 * Venta screen does not offer it.
 */
export function saleAcceptsGiftCard(type: string): boolean {
  const t = invoiceType(type);
  return !!t && (sectorSpec(t.sector)?.layout.cabecera.some((e) => e.name === 'montoGiftCard') ?? false);
}

export type SectorValue = string | number;

/** dd/mm/aaaa [hh:mm] (es-BO, a day that exists) → aaaa-mm-ddThh:mm:ss, the API's date-time. */
function dateTimeValue(text: string): string | null {
  const v = parseDateTimeEs(text);
  return v ? `${v}:00` : null;
}

/** One field's text as its request value (none when left empty) or the problem, in Spanish. */
export function fieldValue(f: SectorField, raw: string | undefined): { value?: SectorValue; problem?: string } {
  const text = (raw ?? '').trim();
  if (text === '') return f.required ? { problem: `${f.label}: es obligatorio.` } : {};
  switch (f.kind) {
    case 'string':
      if (f.maxLength !== undefined && text.length > f.maxLength) return { problem: `${f.label}: como máximo ${f.maxLength} caracteres.` };
      return { value: text };
    case 'integer': {
      if (!/^\d+$/.test(text)) return { problem: `${f.label}: debe ser un número entero.` };
      const n = Number(text);
      if ((f.minimum !== undefined && n < f.minimum) || (f.maximum !== undefined && n > f.maximum)) {
        return { problem: `${f.label}: debe estar entre ${f.minimum ?? 0} y ${f.maximum ?? n}.` };
      }
      return { value: n };
    }
    case 'amount': {
      const c = parseAmount(text);
      if (c === null) return { problem: `${f.label}: monto no válido (p. ej. 1.234,50).` };
      return { value: fromHundredths(c) };
    }
    case 'dateTime': {
      const v = dateTimeValue(text);
      return v ? { value: v } : { problem: `${f.label}: fecha no válida (dd/mm/aaaa hh:mm).` };
    }
  }
}

export interface SectorRequestValues {
  header: Record<string, SectorValue>;
  /** By cart line key. */
  lines: Record<string, Record<string, SectorValue>>;
}

/**
 * The request values of the sector's fields, or the problems (one line each, naming the field
 * and, for a line field, the product). `lines` are the cart's lines (key and description).
 */
export function sectorRequestValues(
  fields: SectorFields,
  draft: SectorDraft,
  lines: readonly { key: string; description: string }[],
): { ok: true; values: SectorRequestValues } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const header: Record<string, SectorValue> = {};
  for (const f of fields.header) {
    const r = fieldValue(f, draft.header[f.key]);
    if (r.problem) errors.push(r.problem);
    else if (r.value !== undefined) header[f.key] = r.value;
  }
  const byLine: Record<string, Record<string, SectorValue>> = {};
  for (const l of lines) {
    const out: Record<string, SectorValue> = {};
    for (const f of fields.line) {
      const r = fieldValue(f, draft.lines[l.key]?.[f.key]);
      if (r.problem) errors.push(`${l.description} — ${r.problem}`);
      else if (r.value !== undefined) out[f.key] = r.value;
    }
    byLine[l.key] = out;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values: { header, lines: byLine } };
}
