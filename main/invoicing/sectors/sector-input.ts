// The sector's own request fields (shared/sector-fields.ts), checked and converted to what is
// stored and written to the XML: amounts to Cents, date-times to SIAT's form. A field of another
// sector, a missing required field or a value out of its range is a problem naming the field.
// Pure.
import { toHundredths } from '../../../shared/money';
import { allSectorFields, sectorFields, type SectorField } from '../../../shared/sector-fields';
import type { SectorValues } from '../../store/invoices';

type Add = (field: string, rule: string, message: string) => void;

const HEADER_KEYS: ReadonlySet<string> = new Set(allSectorFields('header').map((f) => f.key));
const LINE_KEYS: ReadonlySet<string> = new Set(allSectorFields('line').map((f) => f.key));

/** 'yyyy-MM-ddTHH:mm[:ss[.SSS]]' (Bolivia time, no zone) → SIAT's 'yyyy-MM-ddTHH:mm:ss.SSS'. */
function siatDateTime(v: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(v.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}:${m[3] ?? '00'}Z`);
  if (Number.isNaN(d.getTime())) return null;
  return `${m[1]}T${m[2]}:${m[3] ?? '00'}.${(m[4] ?? '').padEnd(3, '0')}`;
}

function convert(f: SectorField, raw: unknown, at: string, add: Add): string | number | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    if (f.default !== undefined) return f.default;
    if (f.required) add(at, 'REQUIRED', `${f.label}: campo obligatorio de este sector`);
    return null;
  }
  switch (f.kind) {
    case 'string': {
      // A number beyond 2^53 has already lost digits in JSON.parse: refused, never stored altered.
      if (typeof raw === 'number' && Number.isInteger(raw) && !Number.isSafeInteger(raw)) {
        add(at, 'TYPE', `${f.label}: un número de más de 15 dígitos pierde precisión; envíelo como texto`);
        return null;
      }
      const v = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
      if (v === null) add(at, 'TYPE', `${f.label}: debe ser texto`);
      else if (f.maxLength !== undefined && v.length > f.maxLength) add(at, 'MAX_LENGTH', `${f.label}: como máximo ${f.maxLength} caracteres`);
      return v;
    }
    case 'integer': {
      const n = typeof raw === 'string' && /^\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
        add(at, 'TYPE', `${f.label}: debe ser un número entero`);
        return null;
      }
      if ((f.minimum !== undefined && n < f.minimum) || (f.maximum !== undefined && n > f.maximum)) {
        add(at, 'RANGE', `${f.label}: debe estar entre ${f.minimum} y ${f.maximum}`);
      }
      return n;
    }
    case 'amount': {
      const c = typeof raw === 'number' ? toHundredths(raw) : null;
      if (c === null) add(at, 'DECIMALS', `${f.label}: debe ser un monto positivo con 2 decimales como máximo`);
      return c;
    }
    case 'dateTime': {
      const d = typeof raw === 'string' ? siatDateTime(raw) : null;
      if (d === null) add(at, 'DATE_TIME', `${f.label}: fecha y hora como aaaa-mm-ddThh:mm:ss`);
      return d;
    }
  }
}

function readFields(fields: readonly SectorField[], known: ReadonlySet<string>, obj: Readonly<Record<string, unknown>>, prefix: string, sectorLabel: string, add: Add): SectorValues | null {
  const own = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(obj)) {
    if (known.has(key) && !own.has(key) && obj[key] !== undefined && obj[key] !== null) {
      add(`${prefix}${key}`, 'NOT_IN_SECTOR', `el campo ${key} no corresponde al sector ${sectorLabel}`);
    }
  }
  if (fields.length === 0) return null;
  const out: SectorValues = {};
  for (const f of fields) out[f.key] = convert(f, obj[f.key], `${prefix}${f.key}`, add);
  return out;
}

export interface SectorInput {
  header: SectorValues | null;
  lines: (SectorValues | null)[];
}

/** The sector fields of a request's header and lines; problems go to `add`. */
export function readSectorInput(
  sector: number,
  header: Readonly<Record<string, unknown>>,
  lines: readonly Readonly<Record<string, unknown>>[],
  add: Add,
): SectorInput {
  const def = sectorFields(sector);
  const label = def?.label ?? String(sector);
  return {
    header: readFields(def?.header ?? [], HEADER_KEYS, header, '', label, add),
    lines: lines.map((l, i) => readFields(def?.line ?? [], LINE_KEYS, l, `details[${i}].`, label, add)),
  };
}
