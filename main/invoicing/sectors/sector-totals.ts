// The sector's own header amounts as they enter the totals (layout rules.totals; decision 0047):
// which amounts montoTotal adds to the lines, which part of it is outside the IVA base, and for
// export the national and international costs, whose totals Kipu computes from their detail.
// Pure: reads the converted sector fields (sector-input.ts) and returns what computeTotals needs.
import { sectorFields } from '../../../shared/sector-fields';
import { formatAmountEs, type Cents } from '../../../shared/money';
import type { SectorValues } from '../../store/invoices';
import type { SectorLayout } from '../../../shared/sectors/layout';

type Add = (field: string, rule: string, message: string) => void;

export interface SectorTotalsInput {
  addedToTotal: Cents;
  notSubjectToIva: Cents;
  currencyLines: boolean;
}

/** An amount with at most 2 decimals and 12 integer digits (money.ts's bound), as a JSON number or a decimal string ("150.00"). */
function costCents(v: unknown): Cents | null {
  // eslint-disable-next-line regexp/no-super-linear-move -- a number's own digits (toFixed: at most ~42 characters), never user text
  const text = typeof v === 'number' && Number.isFinite(v) ? v.toFixed(10).replace(/0+$/, '').replace(/\.$/, '') : typeof v === 'string' ? v.trim() : null;
  const m = text === null ? null : /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Σ of a costs detail: a JSON object of concept → amount, as go-siat and SIAT's samples write
 * costosGastosNacionales / costosGastosInternacionales. null when absent; undefined when it is not
 * such an object (the problem goes to `add`).
 */
function costsDetailSum(text: string | number | null | undefined, field: string, label: string, add: Add): Cents | null | undefined {
  if (text === null || text === undefined || text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(text));
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    add(field, 'COSTS_DETAIL', `${label}: debe ser un objeto JSON de concepto → monto, p. ej. {"Transporte interno":"150.00"}`);
    return undefined;
  }
  let sum = 0;
  for (const [concept, value] of Object.entries(parsed)) {
    const c = costCents(value);
    if (c === null) {
      add(field, 'COSTS_DETAIL', `${label}: el monto de "${concept}" debe ser un número positivo con 2 decimales como máximo`);
      return undefined;
    }
    sum += c;
  }
  return sum;
}

/** The sector's header amounts by XML name (0 when absent or nil). */
function amountByXml(sector: number, data: SectorValues, xml: string): Cents {
  const f = sectorFields(sector)?.header.find((x) => x.xml === xml);
  const v = f ? data[f.key] : null;
  return typeof v === 'number' ? v : 0;
}

/**
 * What computeTotals needs from the sector's own fields. For export (sector 3): the national
 * and international costs (Σ of their detail; the international total as sent when it has no
 * detail), and no additional discount (no source says where it enters an export's total).
 */
export function sectorTotalsInput(layout: SectorLayout, data: SectorValues | null, additionalDiscount: Cents, add: Add): SectorTotalsInput | null {
  const rules = layout.rules.totals;
  const values = data ?? {};
  if (rules.montoTotal === 'lines') {
    const sum = (names: readonly string[]) => names.reduce((a, n) => a + amountByXml(layout.sector, values, n), 0);
    return { addedToTotal: sum(rules.addedToTotal), notSubjectToIva: sum(rules.notSubjectToIva), currencyLines: false };
  }
  let ok = true;
  if (additionalDiscount > 0) {
    add('additionalDiscount', 'NOT_IN_SECTOR', 'la factura de exportación no admite descuento adicional: descuente en las líneas');
    ok = false;
  }
  const national = costsDetailSum(values['nationalCosts'], 'nationalCosts', 'Gastos nacionales', add);
  const international = costsDetailSum(values['internationalCosts'], 'internationalCosts', 'Gastos internacionales', add);
  if (national === undefined || international === undefined) return null;
  const sentIntl = values['totalInternationalCosts'];
  if (international !== null && typeof sentIntl === 'number' && sentIntl !== international) {
    add('totalInternationalCosts', 'SIAT_FORMULA', `el total de gastos internacionales es la suma de su detalle: ${formatAmountEs(international)} (en la moneda de la factura)`);
    ok = false;
  }
  if (!ok || !data) return null;
  if (international !== null) data['totalInternationalCosts'] = international;
  const intl = international ?? (typeof sentIntl === 'number' ? sentIntl : 0);
  return { addedToTotal: (national ?? 0) + intl, notSubjectToIva: 0, currencyLines: true };
}

/**
 * Export: totalGastosNacionalesFob = montoDetalle + Σ costosGastosNacionales, written into the
 * sector data; a value sent that disagrees is refused.
 */
export function settleExportFob(layout: SectorLayout, data: SectorValues | null, sumSubTotals: Cents, add: Add): void {
  if (layout.rules.totals.montoTotal !== 'export' || !data) return;
  const national = costsDetailSum(data['nationalCosts'], 'nationalCosts', 'Gastos nacionales', add) ?? 0;
  const fob = sumSubTotals + national;
  const sent = data['totalNationalCostsFob'];
  if (typeof sent === 'number' && sent !== fob) {
    add('totalNationalCostsFob', 'SIAT_FORMULA', `el total FOB es el valor de las líneas más los gastos nacionales: ${formatAmountEs(fob)} (en la moneda de la factura)`);
    return;
  }
  data['totalNationalCostsFob'] = fob;
}
