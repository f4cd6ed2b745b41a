// A SIAT document sector's layout as data (issue #12): tipoFacturaDocumento, the ordered
// cabecera and detalle elements with their XML kind and nillability, and the amount rules SIAT
// checks. Each sector file (shared/sectors/sNN-*.ts) declares its own; main/invoicing/sectors/
// layouts.ts resolves them, and the XML builder (main/invoicing/xml/sector-xml.ts), the document
// mapping, sale validation and the simulator's formula checks read the result; no sector has
// code of its own.
// Facts: ../shared/siat/sectors/README.md, CONTRACT.md §3.2, §9.1–9.3, docs/sectors.md and
// docs/decisions/0017-sector-layouts.md.
import type { SectorField } from './fields';

/**
 * How an element's value is written: text, integer, 2-decimal amount (Cents), SIAT date-time,
 * or 'zero': an amount the official layout fixes as the literal `0` (tasa cero's
 * montoTotalSujetoIva, issue 28 item 11), whose value must be 0.
 */
export type XmlKind = 'str' | 'int' | 'dec' | 'dateTime' | 'zero';

export interface ElementSpec {
  readonly name: string;
  readonly kind: XmlKind;
  /** Written as xsi:nil="true" when the value is null; a null non-nillable element is a bug. */
  readonly nillable: boolean;
}

/** montoTotalSujetoIva per sector: total − gift card (sector 1), fixed 0 (tasa cero, export). */
export type SujetoIvaRule = 'total-minus-gift-card' | 'zero';

/**
 * How montoTotal and montoTotalSujetoIva are formed from the lines and the sector's own header
 * amounts (decision 0047, with the sources of each sector's choice).
 * - 'lines': montoTotal = Σ subTotal − descuentoAdicional + Σ `addedToTotal` (CONTRACT §3.7 for
 *   sector 1, where the list is empty); montoTotalSujetoIva = montoTotal − montoGiftCard −
 *   Σ `notSubjectToIva` (unless the sector's base is fixed 0).
 * - 'export' (sector 3): lines, montoDetalle and the costs are in the invoice's currency;
 *   montoDetalle = Σ subTotal; totalGastosNacionalesFob = montoDetalle + Σ costosGastosNacionales;
 *   totalGastosInternacionales = Σ costosGastosInternacionales (when detailed);
 *   montoTotalMoneda = totalGastosNacionalesFob + totalGastosInternacionales;
 *   montoTotal = montoTotalMoneda × tipoCambio, HALF-UP to cents; no descuentoAdicional.
 */
export interface TotalRules {
  readonly montoTotal: 'lines' | 'export';
  /** The sector's header amounts (XML names) that montoTotal adds to the lines. */
  readonly addedToTotal: readonly string[];
  /** The sector's header amounts (XML names) inside montoTotal that are not subject to IVA. */
  readonly notSubjectToIva: readonly string[];
}

export interface SectorLayout {
  readonly sector: number;
  readonly tipoFactura: number;
  /** The XSD file (resources/siat/xsd) each modality names in xsi:noNamespaceSchemaLocation. */
  readonly schemaFile: SchemaFiles;
  /** The element that carries the document's own number. */
  readonly numberElement: 'numeroFactura' | 'numeroNotaCreditoDebito' | 'numeroNotaConciliacion';
  readonly cabecera: readonly ElementSpec[];
  /** null: the sector has no detalle (boleto aéreo). */
  readonly detalle: readonly ElementSpec[] | null;
  /** Lines written in two parts (nota de conciliación, 29); absent: every line is a `detalle`. */
  readonly twoParts?: TwoParts;
  readonly rules: {
    readonly sujetoIva: SujetoIvaRule;
    /** A line may be given away whole (bonificaciones: subTotal 0, CONTRACT §9.2 sector 35). */
    readonly zeroSubtotalLines: boolean;
    /** montoTotalSujetoIva > 0, not ≥ 0 (the sector's XSD says minExclusive 0). */
    readonly positiveTaxBase: boolean;
    /** The cabecera has montoGiftCard (several sectors remove it, §9.2). */
    readonly giftCard: boolean;
    readonly totals: TotalRules;
  };
}

export type ElementList = readonly ElementSpec[];

/**
 * A document whose lines come in two parts (the nota de conciliación's official XSD): the
 * original invoice's lines (transaction 1) as `original` elements with the `detalle` layout, then
 * the adjusted ones (transaction 2) as `adjusted` elements with their own layout.
 */
export interface TwoParts {
  readonly original: string;
  readonly adjusted: string;
  readonly adjustedElements: ElementList;
}

/** The XSD file per modality (1 electrónica, 2 computarizada). */
export interface SchemaFiles {
  readonly 1: string;
  readonly 2: string;
}

export const el = (name: string, kind: XmlKind, nillable = false): ElementSpec => ({ name, kind, nillable });

const KIND = { string: 'str', integer: 'int', amount: 'dec', dateTime: 'dateTime' } as const;

/**
 * A sector's own elements, by XML name, in the order given, from its API fields: the kind
 * follows the field's, and a required field (or one with a default) is a non-nillable element.
 */
export function own(fields: readonly SectorField[], ...xmlNames: string[]): ElementSpec[] {
  return xmlNames.map((name) => {
    const f = fields.find((x) => x.xml === name);
    if (!f) throw new Error(`layout: no sector field ${name}`);
    return el(f.xml, KIND[f.kind], !f.required && f.default === undefined);
  });
}

/** Inserts elements right after `anchor` (or before it with `before`): §9.2 states sectors this way. */
export function insertAfter(list: ElementList, anchor: string, add: ElementList): ElementSpec[] {
  const i = list.findIndex((e) => e.name === anchor);
  if (i < 0) throw new Error(`layout: no element ${anchor}`);
  return [...list.slice(0, i + 1), ...add, ...list.slice(i + 1)];
}

export function insertBefore(list: ElementList, anchor: string, add: ElementList): ElementSpec[] {
  const i = list.findIndex((e) => e.name === anchor);
  if (i < 0) throw new Error(`layout: no element ${anchor}`);
  return [...list.slice(0, i), ...add, ...list.slice(i)];
}

export function without(list: ElementList, ...names: string[]): ElementSpec[] {
  for (const n of names) if (!list.some((e) => e.name === n)) throw new Error(`layout: no element ${n}`);
  return list.filter((e) => !names.includes(e.name));
}
