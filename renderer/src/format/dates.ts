// Dates as a person in Bolivia reads and types them: dd/mm/aaaa, 24-hour clock, Bolivia time.
// The one place the renderer turns dates and instants into text and typed text into dates
// (eslint.config.js forbids Date getters, toLocale*String and native date inputs elsewhere).
//
// Two kinds of text reach the till: SIAT's and the API's date-times without zone
// (yyyy-MM-ddTHH:mm:ss, already Bolivia time: formatted from their text) and instants with a
// zone (toISOString's "…Z", as cash sessions, API keys and batches carry: converted to Bolivia
// time, UTC−4 all year). Nothing here depends on the computer's time zone or language.
import { boliviaDate, fromBoliviaIso, isIsoDate, toBoliviaIso } from '../../../shared/time';

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;
const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** The text in Bolivia time without zone: a "…Z" instant is converted, a zone-less one kept. */
function inBolivia(iso: string): string | null {
  if (!ZONED.test(iso) || !/T\d{2}:\d{2}/.test(iso)) return iso;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : toBoliviaIso(d);
}

/** dd/mm/aaaa of a date, a date-time or an instant; '—' when absent. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = ISO.exec(inBolivia(iso) ?? '');
  if (!m) return iso;
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/** dd/mm/aaaa hh:mm of a date-time or an instant (dd/mm/aaaa of a plain date); '—' when absent. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = ISO.exec(inBolivia(iso) ?? '');
  if (!m) return iso;
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  return m[4] ? `${date} ${m[4]}:${m[5]}` : date;
}

/** The instant of a date-time: zone-less text is Bolivia time; null when malformed. */
export function parseLocal(iso: string): Date | null {
  const local = inBolivia(iso);
  const m = local === null ? null : ISO.exec(local);
  if (!m) return null;
  return fromBoliviaIso(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`);
}

/** "5 h 20 min", "45 min", "vencido". */
export function formatRemaining(untilIso: string, now: Date): string {
  const until = parseLocal(untilIso);
  if (!until) return '—';
  const ms = until.getTime() - now.getTime();
  if (ms <= 0) return 'vencido';
  const totalMin = Math.floor(ms / 60000);
  const h = Math.floor(totalMin / 60);
  const min = totalMin % 60;
  return h > 0 ? `${h} h ${min} min` : `${min} min`;
}

/** yyyy-MM-ddTHH:mm:ss: Bolivia's wall clock now (the till's "when", whatever the PC's zone). */
export function boliviaNow(now: Date = new Date()): string {
  return toBoliviaIso(now).slice(0, 19);
}

/** { year, month } of Bolivia's calendar at this instant. */
export function boliviaMonth(now: Date = new Date()): { year: number; month: number } {
  const day = boliviaDate(now);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

// ---- Typed dates -------------------------------------------------------------------------------
// Native <input type="date">/"datetime-local"/"month" follow the computer's language
// (mm/dd/yyyy, "November 2026" on an English system), so the till has text fields of its own
// (components/DateInput.tsx) that read what a person types with these parsers.

const DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/;

/** A typed date's problem in Spanish, or its yyyy-mm-dd. */
function readDay(text: string): { iso: string } | { problem: string } {
  const m = DAY.exec(text);
  if (!m) return { problem: 'escriba la fecha como dd/mm/aaaa' };
  const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const iso = `${String(y).padStart(4, '0')}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  if (!isIsoDate(iso)) return { problem: `el ${m[1]!.padStart(2, '0')}/${m[2]!.padStart(2, '0')}/${y} no existe` };
  return { iso };
}

/**
 * What a person types in a date field, dd/mm/aaaa (also d/m/aa, dd-mm-aaaa, dd.mm.aaaa) →
 * yyyy-mm-dd. Empty → ''; invalid or nonexistent (30/02) → null.
 */
export function parseDateEs(text: string): string | null {
  const t = text.trim();
  if (t === '') return '';
  const r = readDay(t);
  return 'iso' in r ? r.iso : null;
}

/** dd/mm/aaaa hh:mm (the time may be omitted: 00:00) → yyyy-mm-ddThh:mm. Empty → ''; invalid → null. */
export function parseDateTimeEs(text: string): string | null {
  const t = text.trim();
  if (t === '') return '';
  return dateTimeRead(t, false).value;
}

function dateTimeRead(t: string, timeRequired: boolean): { value: string | null; problem: string | null } {
  const m = /^(\S+)(?:\s+(\d{1,2})[:.h](\d{2}))?$/.exec(t);
  if (!m) return { value: null, problem: 'escriba dd/mm/aaaa hh:mm' };
  const day = readDay(m[1]!);
  if ('problem' in day) return { value: null, problem: m[2] === undefined && !DAY.test(m[1]!) ? 'escriba dd/mm/aaaa hh:mm' : day.problem };
  if (m[2] === undefined) return timeRequired ? { value: null, problem: 'falta la hora (hh:mm)' } : { value: `${day.iso}T00:00`, problem: null };
  if (Number(m[2]) > 23 || Number(m[3]) > 59) return { value: null, problem: `la hora ${m[2]}:${m[3]} no existe` };
  return { value: `${day.iso}T${m[2].padStart(2, '0')}:${m[3]}`, problem: null };
}

/** mm/aaaa (also m/aaaa, mm-aaaa) → { year, month }; null when it is not a month. */
export function parseMonthEs(text: string): { year: number; month: number } | null {
  const m = /^(\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const month = Number(m[1]);
  return month >= 1 && month <= 12 ? { year: Number(m[2]), month } : null;
}

/** mm/aaaa of a month. */
export function formatMonth(year: number, month: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/** One month earlier or later. */
export function addMonths(year: number, month: number, delta: number): { year: number; month: number } {
  const i = year * 12 + (month - 1) + delta;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

/**
 * A date field's text: its value ('' when empty; yyyy-mm-dd, or yyyy-mm-ddThh:mm with the time
 * required) or why it is refused, in Spanish.
 */
export function readDateField(text: string, withTime: boolean): { value: string; problem: null } | { value: null; problem: string } {
  const t = text.trim();
  if (t === '') return { value: '', problem: null };
  if (withTime) {
    const r = dateTimeRead(t, true);
    return r.value === null ? { value: null, problem: r.problem ?? 'fecha no válida' } : { value: r.value, problem: null };
  }
  const r = readDay(t);
  return 'iso' in r ? { value: r.iso, problem: null } : { value: null, problem: r.problem };
}

/** The text a date field shows for a value: yyyy-mm-dd → dd/mm/aaaa, yyyy-mm-ddThh:mm → dd/mm/aaaa hh:mm. */
export function dateInputText(iso: string, withTime: boolean): string {
  if (!iso) return '';
  return withTime ? formatDateTime(iso) : formatDate(iso);
}
