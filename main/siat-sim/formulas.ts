// The amount rules SIAT checks on a received document, per sector, read from the sector's layout
// (main/invoicing/sectors/layouts.ts) and never written per sector: §3.7's formulas on the lines
// of every sector with a detalle, the layout's tax-base rule (tasa cero, export, zona franca:
// montoTotalSujetoIva 0), whole-line bonuses where the layout allows them (35), the sector's
// header amounts in montoTotal and the IVA base and export's costs (rules.totals, decision 0047),
// and the credit-debit note's sums against the original invoice SIAT registered (CONTRACT §9.3).
// Codes: CONTRACT §6; choices: docs/decisions/0026-simulator-sector-checks.md and 0047.
// Runs in: SIAT simulator only.

import { XMLParser } from 'fast-xml-parser';
import type { SectorLayout, TwoParts } from '../../shared/sectors/layout';
import { msg, type SimMessage } from './respond';
import { findSector } from '../siat/code-catalog';
import { TIPO_FACTURA_DOCUMENTO } from '../../shared/siat-codes';

export type XmlNode = Record<string, unknown>;

const documentParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  isArray: (name) => name === 'detalle' || name === 'detalleOriginal' || name === 'detalleConciliacion',
});

/** The cabecera and detalle of a document's XML; throws when it has no cabecera. */
export function parseDocument(xml: string): { cab: XmlNode; detalles: XmlNode[]; root: XmlNode } {
  const doc = documentParser.parse(xml) as XmlNode;
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('@_'));
  const root = (rootName ? doc[rootName] : undefined) as XmlNode | undefined;
  const cab = root?.['cabecera'] as XmlNode | undefined;
  if (!root || !cab || typeof cab !== 'object') throw new Error('no cabecera');
  const detalles = ((root['detalle'] as XmlNode[] | undefined) ?? []).filter((d) => typeof d === 'object');
  return { cab, detalles, root };
}

export function text(node: unknown): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string') return node;
  if (typeof node === 'object') {
    const n = node as XmlNode;
    if (n['@_nil'] === 'true') return null;
    return typeof n['#text'] === 'string' ? n['#text'] : '';
  }
  return String(node);
}

function decimals(value: string | null): number {
  if (!value) return 0;
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** A decimal string as an exact scaled integer: value × 10^scale (null when it has more decimals). */
function scaled(value: string | null, scale: number): bigint | null {
  if (value === null) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const frac = m[3] ?? '';
  if (frac.length > scale) return null;
  const v = BigInt(m[2]! + frac.padEnd(scale, '0'));
  return m[1] ? -v : v;
}

/** Cents of a 2-decimal amount; an absent (or nil) element counts as `fallback`. */
function cents(node: unknown, fallback: bigint | null = null): bigint | null {
  const t = text(node);
  return t === null ? fallback : scaled(t, 2);
}

/** Divides a non-negative scaled integer by 10^drop, rounding HALF-UP (§3.3). */
function roundHalfUp(v: bigint, drop: number): bigint {
  if (drop <= 0) return v * 10n ** BigInt(-drop);
  const d = 10n ** BigInt(drop);
  return (v + d / 2n) / d;
}

/**
 * subTotal = cantidad × precioUnitario − montoDescuento (1018), at the precision the subTotal is
 * written with (2 decimals in Kipu's documents; up to 5 or 10 where the sector's XSD allows it):
 * the product rounded HALF-UP to it. Returns the subTotal at scale 10, or null when the line is
 * wrong. A subTotal of 0 only where the layout allows whole-line bonuses (35).
 */
function lineSubTotal(d: XmlNode, allowZero: boolean): bigint | null {
  const cantidadText = text(d['cantidad']);
  const precioText = text(d['precioUnitario']);
  const descuentoText = text(d['montoDescuento']) ?? '0';
  const subTotalText = text(d['subTotal']);
  const dc = decimals(cantidadText);
  const dp = decimals(precioText);
  const target = Math.max(2, decimals(subTotalText), decimals(descuentoText));
  if (target > 10) return null;
  const cantidad = scaled(cantidadText, dc);
  const precio = scaled(precioText, dp);
  const descuento = scaled(descuentoText, target);
  const subTotal = scaled(subTotalText, target);
  if (cantidad === null || precio === null || descuento === null || subTotal === null || cantidad < 0n || precio < 0n) return null;
  const product = roundHalfUp(cantidad * precio, dc + dp - target);
  if (product - descuento !== subTotal) return null;
  if (subTotal < 0n || (subTotal === 0n && !allowZero)) return null;
  return subTotal * 10n ** BigInt(10 - target);
}

/** Cents at the scale-10 precision of line sums. */
const E8 = 10n ** 8n;

/** The lines' subTotals (scale 10) with 1018 for each wrong line, numbered from 0 as SIAT does. */
function lineMessages(detalles: XmlNode[], allowZero: boolean, out: SimMessage[]): (bigint | null)[] {
  return detalles.map((d, i) => {
    const s = lineSubTotal(d, allowZero);
    if (s === null) out.push(msg(1018, { numeroDetalle: i }));
    return s;
  });
}

/** Σ of a costs detail (JSON object concept → amount) in cents; 0 when nil; null when malformed. */
function costsDetail(node: unknown): bigint | null {
  const t = text(node);
  if (t === null || t === '') return 0n;
  let parsed: unknown;
  try {
    parsed = JSON.parse(t);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  let sum = 0n;
  for (const v of Object.values(parsed)) {
    const c = typeof v === 'number' || typeof v === 'string' ? scaled(String(v), 2) : null;
    if (c === null || c < 0n) return null;
    sum += c;
  }
  return sum;
}

/**
 * Export (decision 0047): montoDetalle = Σ subTotal (1060); totalGastosNacionalesFob =
 * Σ subTotal + Σ costosGastosNacionales and totalGastosInternacionales = Σ
 * costosGastosInternacionales when detailed (1024, our choice of code); montoTotalMoneda =
 * totalGastosNacionalesFob + totalGastosInternacionales and montoTotal = montoTotalMoneda ×
 * tipoCambio HALF-UP to cents, no descuentoAdicional (1013).
 */
function exportMessages(cab: XmlNode, sum: bigint | null, out: SimMessage[]): void {
  const montoDetalle = cents(cab['montoDetalle']);
  if (montoDetalle === null || (sum !== null && montoDetalle * E8 !== sum)) out.push(msg(1060));
  const national = costsDetail(cab['costosGastosNacionales']);
  const international = costsDetail(cab['costosGastosInternacionales']);
  const fob = cents(cab['totalGastosNacionalesFob']);
  const intl = cents(cab['totalGastosInternacionales'], 0n);
  // FOB over the lines themselves, so a wrong montoDetalle is only 1060.
  const fobOk = fob !== null && national !== null && (sum === null || fob * E8 === sum + national * E8);
  const intlOk = intl !== null && international !== null && (text(cab['costosGastosInternacionales']) === null || intl === international);
  if (!fobOk || !intlOk) out.push(msg(1024));
  const moneda = cents(cab['montoTotalMoneda']);
  const montoTotal = cents(cab['montoTotal']);
  const descuento = cents(cab['descuentoAdicional'], 0n);
  const tipoCambioText = text(cab['tipoCambio']);
  const scale = Math.max(2, decimals(tipoCambioText));
  const tipoCambio = scaled(tipoCambioText, scale);
  const expectedTotal = moneda !== null && tipoCambio !== null ? roundHalfUp(moneda * tipoCambio, scale) : null;
  if (fob === null || intl === null || moneda === null || moneda !== fob + intl || descuento !== 0n || montoTotal === null || montoTotal !== expectedTotal) out.push(msg(1013));
}

/** A header amount by XML name in cents; absent or nil = 0; null when malformed. */
function sumOf(cab: XmlNode, names: readonly string[]): bigint | null {
  let sum = 0n;
  for (const n of names) {
    const c = cents(cab[n], 0n);
    if (c === null) return null;
    sum += c;
  }
  return sum;
}

/**
 * §3.7 and the sector's totals (layout rules.totals, decision 0047): montoTotal (1013),
 * montoTotalMoneda (1014), montoTotalSujetoIva (1015), export's montoDetalle (1060) and costs (1024).
 */
function invoiceMessages(layout: SectorLayout, cab: XmlNode, detalles: XmlNode[]): SimMessage[] {
  const out: SimMessage[] = [];
  const rules = layout.rules.totals;
  const subTotals = lineMessages(detalles, layout.rules.zeroSubtotalLines, out);
  // Σ subTotal at scale 10; null when a line is already wrong (its 1018 says so).
  const sum = subTotals.every((s) => s !== null) ? subTotals.reduce<bigint>((a, s) => a + s!, 0n) : null;
  const montoTotal = cents(cab['montoTotal']);
  if (rules.montoTotal === 'export') {
    exportMessages(cab, sum, out);
  } else {
    // montoTotal = Σ subTotal − descuentoAdicional + the sector's added amounts (1013; the gift card is not subtracted here).
    const descuentoAdicional = cents(cab['descuentoAdicional'], 0n);
    const added = sumOf(cab, rules.addedToTotal);
    if (montoTotal === null || descuentoAdicional === null || added === null || (sum !== null && montoTotal * E8 !== sum - descuentoAdicional * E8 + added * E8)) out.push(msg(1013));
  }
  // montoTotalMoneda = montoTotal / tipoCambio (1014), one cent of rounding tolerated.
  const montoTotalMoneda = cents(cab['montoTotalMoneda']);
  const tipoCambioText = text(cab['tipoCambio']);
  const scale = Math.max(2, decimals(tipoCambioText));
  const tipoCambio = scaled(tipoCambioText, scale);
  if (montoTotal !== null && montoTotalMoneda !== null && tipoCambio !== null && tipoCambio > 0n) {
    const exact = (montoTotal * 10n ** BigInt(scale) * 10n) / tipoCambio; // cents × 10
    const diff = (exact + 5n) / 10n - montoTotalMoneda;
    if (diff > 1n || diff < -1n) out.push(msg(1014));
  } else {
    out.push(msg(1014));
  }
  // montoTotalSujetoIva (1015): 0 where the sector has no tax base (tasa cero, export, zona
  // franca); otherwise montoTotal − montoGiftCard − the amounts outside the base, the gift card
  // only where the layout has one.
  const sujetoIva = cents(cab['montoTotalSujetoIva']);
  const giftCard = layout.rules.giftCard ? cents(cab['montoGiftCard'], 0n) : 0n;
  const outside = sumOf(cab, rules.notSubjectToIva);
  const expectedBase = layout.rules.sujetoIva === 'zero' ? 0n : montoTotal !== null && giftCard !== null && outside !== null ? montoTotal - giftCard - outside : null;
  if (sujetoIva === null || expectedBase === null || sujetoIva !== expectedBase) out.push(msg(1015));
  return out;
}

/** What the note check needs of the invoice SIAT registered under numeroAutorizacionCuf. */
export interface RegisteredOriginal {
  nit: string;
  sector: number;
  numero: number;
  fecha_emision: string;
  estado: 'VALIDA' | 'ANULADA';
  xml: string;
}

/** IVA on the returned amount (CONTRACT §9.3: 75.00 returned → 9.75). */
const IVA_PERCENT = 13n;

/** The same line, amount by amount (numbers compared as numbers: 2.00 = 2). */
function sameLine(a: XmlNode, b: XmlNode): boolean {
  const same = (k: string, scale: number) => {
    const x = scaled(text(a[k]) ?? '0', scale);
    const y = scaled(text(b[k]) ?? '0', scale);
    return x !== null && x === y;
  };
  return (
    text(a['codigoProducto']) === text(b['codigoProducto']) &&
    text(a['actividadEconomica']) === text(b['actividadEconomica']) &&
    text(a['codigoProductoSin']) === text(b['codigoProductoSin']) &&
    same('cantidad', 10) &&
    same('precioUnitario', 10) &&
    same('montoDescuento', 10) &&
    same('subTotal', 10)
  );
}

/**
 * The original a note refers to, checked as SIAT does: it exists for this NIT with the note's
 * number (1048), is a valid invoice and not itself a note (1061), its date is the note's (1051).
 * Its lines with an amount (the official note schemas refuse a subTotal of 0, so a line the
 * original gave away whole is not repeated), or null when it failed 1048 or 1061.
 */
function checkedOriginal(cab: XmlNode, nit: string, original: (cuf: string) => RegisteredOriginal | undefined, out: SimMessage[]): XmlNode[] | null {
  const orig = original(text(cab['numeroAutorizacionCuf']) ?? '');
  if (!orig || orig.nit !== nit || String(orig.numero) !== text(cab['numeroFactura'])) {
    out.push(msg(1048));
    return null;
  }
  if (orig.estado !== 'VALIDA' || findSector(orig.sector)?.tipoFactura === TIPO_FACTURA_DOCUMENTO.DOCUMENTO_AJUSTE) {
    out.push(msg(1061));
    return null;
  }
  if (orig.fecha_emision !== text(cab['fechaEmisionFactura'])) out.push(msg(1051));
  try {
    return parseDocument(orig.xml).detalles.filter((d) => (cents(d['subTotal']) ?? 1n) > 0n);
  } catch {
    return [];
  }
}

/**
 * The credit-debit note (CONTRACT §9.3): the original exists for this NIT (1048), is a valid
 * invoice (1061: annulled, or itself a note), its number and date are the note's (1048/1051); the
 * lines tagged 1 are the original's lines (1049) and the returned ones (2) are products of it
 * (1049); montoTotalOriginal = Σ subTotal(1) (1030); montoTotalDevuelto = Σ subTotal(2) −
 * montoDescuentoCreditoDebito (1029) and not above the original (1033);
 * montoEfectivoCreditoDebito = 13 % of the returned amount, HALF-UP (1031).
 */
function noteMessages(cab: XmlNode, detalles: XmlNode[], nit: string, original: (cuf: string) => RegisteredOriginal | undefined): SimMessage[] {
  const out: SimMessage[] = [];
  const subTotals = lineMessages(detalles, false, out);
  const tx = detalles.map((d) => text(d['codigoDetalleTransaccion']));
  let sumOriginal = 0n;
  let sumReturned = 0n;
  detalles.forEach((_, i) => {
    if (tx[i] === '1') sumOriginal += subTotals[i] ?? 0n;
    else if (tx[i] === '2') sumReturned += subTotals[i] ?? 0n;
    else out.push(msg(1049, { numeroDetalle: i }));
  });
  const linesOk = subTotals.every((s) => s !== null);

  const originalLines = checkedOriginal(cab, nit, original, out);
  if (originalLines) {
    const noteOriginal = detalles.filter((_, i) => tx[i] === '1');
    const sameOriginal = noteOriginal.length === originalLines.length && noteOriginal.every((d, i) => sameLine(d, originalLines[i]!));
    const codes = new Set(originalLines.map((d) => text(d['codigoProducto'])));
    const returnedKnown = detalles.every((d, i) => tx[i] !== '2' || codes.has(text(d['codigoProducto'])));
    if (!sameOriginal || !returnedKnown) out.push(msg(1049));
  }

  if (!linesOk) return out;
  const montoOriginal = cents(cab['montoTotalOriginal']);
  const montoDevuelto = cents(cab['montoTotalDevuelto']);
  const descuento = cents(cab['montoDescuentoCreditoDebito'], 0n);
  const efectivo = cents(cab['montoEfectivoCreditoDebito']);
  if (montoOriginal === null || montoOriginal * E8 !== sumOriginal) out.push(msg(1030));
  if (montoDevuelto === null || descuento === null || montoDevuelto * E8 !== sumReturned - descuento * E8 || montoDevuelto <= 0n) out.push(msg(1029));
  if (montoDevuelto !== null && montoOriginal !== null && montoDevuelto > montoOriginal) out.push(msg(1033));
  // 13 % of the returned amount, in cents, HALF-UP.
  if (montoDevuelto !== null && (efectivo === null || efectivo !== (montoDevuelto * IVA_PERCENT + 50n) / 100n)) out.push(msg(1031));
  return out;
}

/** A line of a part of the document (the conciliation note's detalleOriginal / detalleConciliacion). */
function partOf(root: XmlNode | undefined, name: string): XmlNode[] {
  return ((root?.[name] as XmlNode[] | undefined) ?? []).filter((d) => typeof d === 'object');
}

/**
 * The nota de conciliación (sector 29, official XSD): the original exists for this NIT (1048), is
 * a valid invoice and not a note (1061), its date is the note's (1051); detalleOriginal repeats
 * the original's lines and each detalleConciliacion line is one of its products with the
 * original's amount (1049); montoTotalOriginal = Σ subTotal of detalleOriginal (1030);
 * montoConciliado = |montoFinal − montoOriginal| per line and montoTotalConciliado = their sum
 * (1029). creditoFiscalIva / debitoFiscalIva are not checked: no source says how SIAT computes
 * them (decision 0073).
 */
function conciliationMessages(parts: TwoParts, cab: XmlNode, root: XmlNode | undefined, nit: string, original: (cuf: string) => RegisteredOriginal | undefined): SimMessage[] {
  const out: SimMessage[] = [];
  const originals = partOf(root, parts.original);
  const adjusted = partOf(root, parts.adjusted);
  const subTotals = lineMessages(originals, false, out);
  const originalLines = checkedOriginal(cab, nit, original, out);
  if (originalLines) {
    const sameOriginal = originals.length === originalLines.length && originals.every((d, i) => sameLine(d, originalLines[i]!));
    const adjustedKnown = adjusted.every((a) => {
      const o = originalLines.find((d) => text(d['codigoProducto']) === text(a['codigoProducto']));
      return o !== undefined && cents(o['subTotal']) === cents(a['montoOriginal']);
    });
    if (!sameOriginal || !adjustedKnown) out.push(msg(1049));
  }
  const montoOriginal = cents(cab['montoTotalOriginal']);
  if (subTotals.every((s) => s !== null) && (montoOriginal === null || montoOriginal * E8 !== subTotals.reduce<bigint>((a, s) => a + s!, 0n))) out.push(msg(1030));
  let sum = 0n;
  let linesOk = true;
  for (const a of adjusted) {
    const [o, f, c] = [cents(a['montoOriginal']), cents(a['montoFinal']), cents(a['montoConciliado'])];
    if (o === null || f === null || c === null || c !== (f > o ? f - o : o - f)) linesOk = false;
    else sum += c;
  }
  const total = cents(cab['montoTotalConciliado']);
  if (!linesOk || total === null || total !== sum) out.push(msg(1029));
  return out;
}

/**
 * The sector's amount rules on a parsed document. A layout without detalle (boleto aéreo) has
 * none here; a layout whose lines carry codigoDetalleTransaccion is an adjustment note; one with
 * its lines in two parts is the nota de conciliación (`root`: the parsed document's root).
 */
export function sectorFormulaMessages(
  layout: SectorLayout,
  cab: XmlNode,
  detalles: XmlNode[],
  nit: string,
  original: (cuf: string) => RegisteredOriginal | undefined,
  root?: XmlNode,
): SimMessage[] {
  if (layout.twoParts) return conciliationMessages(layout.twoParts, cab, root, nit, original);
  if (!layout.detalle) return [];
  if (layout.detalle.some((e) => e.name === 'codigoDetalleTransaccion')) return noteMessages(cab, detalles, nit, original);
  return invoiceMessages(layout, cab, detalles);
}
