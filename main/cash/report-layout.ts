// The X/Z report as lines, once, for both renderers (ESC/POS on the 80 mm printer and the PDF):
// a title, label/value rows and rules. Pure.
import { formatAmountEs } from '../../shared/money';
import { DENOMINATIONS, denominationKey, type CashReport } from '../../shared/api/cash';
import { toBoliviaIso } from '../../shared/time';
import { COPY_MARK, branchText, pointOfSaleText } from '../documents/model';

export type ReportLine =
  | { kind: 'title'; text: string }
  | { kind: 'text'; text: string; bold?: boolean; center?: boolean }
  | { kind: 'row'; label: string; value: string; bold?: boolean }
  | { kind: 'rule' };

/** Bolivianos (as the API holds them) in es-BO: 1.234,50. */
const amount = (bs: number) => formatAmountEs(Math.round(bs * 100));

/** dd/mm/aaaa hh:mm in Bolivia time, from an ISO instant. */
export function dateTimeEs(iso: string): string {
  const b = toBoliviaIso(new Date(iso));
  return `${b.slice(8, 10)}/${b.slice(5, 7)}/${b.slice(0, 4)} ${b.slice(11, 16)}`;
}

export function reportLines(r: CashReport, copy = false): ReportLine[] {
  const out: ReportLine[] = [];
  const row = (label: string, value: string, bold = false) => out.push({ kind: 'row', label, value, bold });
  const rule = () => out.push({ kind: 'rule' });
  if (r.training) out.push({ kind: 'text', text: 'MODO ENTRENAMIENTO - SIN VALOR FISCAL', bold: true, center: true });
  out.push({ kind: 'title', text: r.kind === 'Z' ? 'REPORTE Z - CIERRE DE CAJA' : 'REPORTE X - CAJA ABIERTA' });
  if (copy) out.push({ kind: 'text', text: COPY_MARK, bold: true, center: true });
  // Whose paper it is, as an invoice ticket says it (issue 24): taxpayer, NIT, branch, point of sale.
  out.push({ kind: 'text', text: r.razonSocial, bold: true, center: true });
  out.push({ kind: 'text', text: `NIT ${r.nit}`, center: true });
  out.push({ kind: 'text', text: branchText(r.branchCode), center: true });
  out.push({ kind: 'text', text: r.posName ? `${pointOfSaleText(r.posCode)} - ${r.posName}` : pointOfSaleText(r.posCode), center: true });
  rule();
  row('Sesión N°', String(r.sessionNumber));
  row('Apertura', dateTimeEs(r.openedAt));
  // Whose drawer it is (decision 0069); a session opened with an API key has no cashier.
  if (r.cashier) row('Cajero/a', r.cashier, true);
  row('Abrió', r.openedBy);
  if (r.closedAt) row('Cierre', dateTimeEs(r.closedAt));
  if (r.closedBy) row('Cerró', r.closedBy);
  if (r.closeReason) out.push({ kind: 'text', text: `Cerrada en lugar de ${r.cashier ?? r.openedBy}: ${r.closeReason}` });
  row('Emitido', dateTimeEs(r.generatedAt));
  rule();
  // The cash formula, line by line: float + cash sales − cash refunds + in − out (= expected).
  const cash = r.methods.find((m) => m.method === 'CASH');
  out.push({ kind: 'text', text: 'EFECTIVO', bold: true });
  row('Fondo inicial', amount(r.openingFloat));
  if (cash) row('+ Ventas en efectivo', amount(cash.sales));
  if (cash) row('- Devoluciones en efectivo', amount(cash.refunds));
  if (cash && cash.cancelledEarlier !== 0) row('- Anuladas de sesiones anteriores', amount(cash.cancelledEarlier));
  row('+ Ingresos', amount(r.cashIn));
  row('- Retiros', amount(r.cashOut));
  if (cash) row('= Efectivo esperado', amount(cash.expected), true);
  rule();
  // Each cash in and out with who did it and, for a cajero's withdrawal, the supervisor who
  // approved it: what «+ Ingresos» and «- Retiros» add up (issue 24).
  out.push({ kind: 'text', text: 'MOVIMIENTOS DE EFECTIVO', bold: true });
  if (r.movements.length === 0) out.push({ kind: 'text', text: 'Sin ingresos ni retiros' });
  for (const m of r.movements) {
    row(`${dateTimeEs(m.createdAt)} ${m.kind === 'IN' ? 'Ingreso' : 'Retiro'}`, `${m.kind === 'IN' ? '' : '-'}${amount(m.amount)}`);
    out.push({ kind: 'text', text: `  Motivo: ${m.reason}` });
    out.push({ kind: 'text', text: `  Por: ${m.usuario}${m.approver ? ` - Autorizó: ${m.approver}` : ''}` });
  }
  rule();
  out.push({ kind: 'text', text: 'POR MEDIO DE PAGO', bold: true });
  for (const m of r.methods) {
    out.push({ kind: 'text', text: m.apart ? `${m.label} (aparte, no se cuenta)` : m.label, bold: true });
    row('  Ventas', amount(m.sales));
    if (m.refunds !== 0) row('  Devoluciones', `-${amount(m.refunds)}`);
    if (m.cancelledEarlier !== 0) row('  Anuladas de sesiones anteriores', amount(-m.cancelledEarlier));
    row('  Esperado', amount(m.expected), true);
    if (m.counted !== null) row('  Contado', amount(m.counted));
    if (m.difference !== null) row('  Diferencia', amount(m.difference), true);
  }
  rule();
  out.push({ kind: 'text', text: 'POR SECTOR (sin anuladas ni notas)', bold: true });
  if (r.sectors.length === 0) out.push({ kind: 'text', text: 'Sin facturas vigentes' });
  for (const s of r.sectors) row(`${s.label} (${s.count})`, amount(s.total));
  rule();
  out.push({ kind: 'text', text: 'FACTURAS', bold: true });
  row('Vigentes', String(r.invoices.issued));
  row(`Anuladas (${r.invoices.cancelled})`, amount(r.invoices.cancelledTotal));
  row(`Notas de crédito-débito (${r.invoices.notes})`, amount(r.invoices.notesTotal));
  if (r.invoices.notesCancelled > 0) row('Notas anuladas', String(r.invoices.notesCancelled));
  row('Emitidas fuera de línea', String(r.invoices.contingency));
  row('Primera N°', r.invoices.firstNumber === null ? '-' : String(r.invoices.firstNumber));
  row('Última N°', r.invoices.lastNumber === null ? '-' : String(r.invoices.lastNumber));
  if (r.kind === 'Z' && r.denominations) {
    rule();
    out.push({ kind: 'text', text: 'ARQUEO', bold: true });
    for (const cents of DENOMINATIONS) {
      const key = denominationKey(cents);
      const pieces = r.denominations[key] ?? 0;
      if (pieces > 0) row(`  ${pieces} x Bs ${amount(cents / 100)}`, amount((cents * pieces) / 100));
    }
    row('Efectivo contado', amount(r.cashCounted ?? 0), true);
    row('DIFERENCIA TOTAL', amount(r.totalDifference ?? 0), true);
    if (r.note) out.push({ kind: 'text', text: `Nota: ${r.note}` });
  }
  return out;
}

/** For the PDF's file name: yyyy-mm-dd of the session's opening in Bolivia. */
export function reportDay(r: CashReport): string {
  return toBoliviaIso(new Date(r.openedAt)).slice(0, 10);
}
