// The X/Z report and the drawer pulse as ESC/POS bytes, decoded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildEscposCashReport } from '../../../main/cash/report-escpos';
import { buildDrawerPulse } from '../../../main/printing/drawer';
import { buildCashReport } from '../../../main/cash/cash-report';
import { sessionFigures } from '../../../main/cash/close-arithmetic';
import { renderCashReportPdf } from '../../../main/cash/report-pdf';
import { PDFDocument } from 'pdf-lib';
import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/api/printing';
import { cp850, includesBytes } from '../printing/escpos-bytes';

const settings = { ...DEFAULT_PRINTER_SETTINGS, drawerKick: true };
const report = (kind: 'X' | 'Z', who: { cashier: string | null; closeReason: string | null } = { cashier: 'Ana', closeReason: null }) =>
  buildCashReport({
    ...who,
    kind,
    session: { id: 's1', number: 7, openedAt: '2026-03-02T12:00:00.000Z', openedBy: 'Ana', closedAt: kind === 'Z' ? '2026-03-02T22:00:00.000Z' : null, closedBy: kind === 'Z' ? 'Ana' : null },
    business: { razonSocial: 'COMERCIAL KIPU DEMO S.R.L.', nit: '7000123019' },
    pos: { code: 1, branchCode: 2, name: 'Caja 2' },
    movements: [{ id: 'm1', kind: 'OUT', amount: 30, reason: 'Pago de bolsas', usuario: 'Ana', approver: 'Sergio Vargas', createdAt: '2026-03-02T15:30:00.000Z' }],
    figures: sessionFigures({
      openingFloat: 10_000,
      movements: [{ kind: 'OUT', amount: 3_000 }],
      sales: [
        { invoiceId: 'a', number: 41, sector: 1, state: 'VALIDATED', codigoEmision: 1, total: 4_660, method: 'CASH', amount: 2_660 },
        { invoiceId: 'a', number: 41, sector: 1, state: 'VALIDATED', codigoEmision: 1, total: 4_660, method: 'CARD', amount: 2_000 },
        { invoiceId: 'b', number: 42, sector: 1, state: 'CONTINGENCY', codigoEmision: 2, total: 1_000, method: 'CASH', amount: 1_000 },
      ],
      cancelled: [],
      count: kind === 'Z' ? { denominations: { '100': 1, '5': 1 }, counted: { CARD: 2_000 } } : null,
    }),
    sales: [
      { invoiceId: 'a', number: 41, sector: 1, state: 'VALIDATED', codigoEmision: 1, total: 4_660, method: 'CASH', amount: 2_660 },
      { invoiceId: 'b', number: 42, sector: 1, state: 'CONTINGENCY', codigoEmision: 2, total: 1_000, method: 'CASH', amount: 1_000 },
    ],
    annulled: [],
    denominations: kind === 'Z' ? { '100': 1, '5': 1 } : null,
    note: null,
    generatedAt: '2026-03-02T22:00:00.000Z',
    training: true,
  });

/** The printable text of an ESC/POS job: printable bytes kept, commands dropped to line breaks. */
function text(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/\x1b[@Ea!-]./g, '').replace(/[\x00-\x09\x0b-\x1f]/g, '');
}

test('Z report bytes: reset, code page, Spanish letters in CP850, totals, count, difference, cut; no drawer kick', () => {
  const bytes = buildEscposCashReport(report('Z'), settings);
  assert.deepEqual([...bytes.subarray(0, 2)], [0x1b, 0x40]);
  assert.ok(!includesBytes(bytes, [0x1b, 0x70]), 'a report never opens the drawer');
  assert.ok(includesBytes(bytes, cp850('REPORTE Z - CIERRE DE CAJA')));
  assert.ok(includesBytes(bytes, cp850('Sesión N°')));
  const t = text(bytes);
  assert.match(t, /Esperado\s+106,60/); // 100 + 26,60 + 10 − 30
  assert.match(t, /Efectivo contado\s+105,00/);
  assert.match(t, /DIFERENCIA TOTAL\s+-1,60/);
  assert.match(t, /Emitidas fuera de l.nea\s+1/);
  assert.match(t, /Primera N\S*\s+41/);
  assert.ok(includesBytes(bytes, [0x1d, 0x56]), 'paper cut (GS V)');
  assert.match(t, /MODO ENTRENAMIENTO/);
});

test('the paper says whose it is (taxpayer, NIT, branch, point of sale) and lists each cash movement with its approver', () => {
  const t = text(buildEscposCashReport(report('Z'), settings));
  assert.match(t, /COMERCIAL KIPU DEMO S\.R\.L\.\s+NIT 7000123019\s+SUCURSAL N. 2\s+No\. Punto de Venta 1 - Caja 2/);
  // 15:30Z is 11:30 in Bolivia; the withdrawal is the «- Retiros» of the cash formula.
  assert.match(t, /MOVIMIENTOS DE EFECTIVO\s+02\/03\/2026 11:30 Retiro\s+-30,00\s+Motivo: Pago de bolsas\s+Por: Ana - Autoriz.: Sergio Vargas/);
  const none = text(buildEscposCashReport({ ...report('X'), movements: [] }, settings));
  assert.match(none, /MOVIMIENTOS DE EFECTIVO\s+Sin ingresos ni retiros/);
});

test('X and Z name the cashier whose drawer it is; a Z closed by someone else says why', () => {
  assert.match(text(buildEscposCashReport(report('X'), settings)), /Cajero\/a\s+Ana/);
  const t = text(buildEscposCashReport(report('Z', { cashier: 'Ana', closeReason: 'Terminó su turno sin cerrar' }), settings));
  assert.match(t, /Cajero\/a\s+Ana/);
  // Wrapped at the paper's width; the text test reads CP850 bytes as latin1, hence «.» for «ó».
  assert.match(t, /Cerrada en lugar de Ana: Termin. su turno sin\s+cerrar/);
  assert.ok(includesBytes(buildEscposCashReport(report('Z', { cashier: 'Ana', closeReason: 'Terminó su turno sin cerrar' }), settings), cp850('Termin')));
  // A session opened with an API key has nobody's name to show.
  assert.doesNotMatch(text(buildEscposCashReport(report('X', { cashier: null, closeReason: null }), settings)), /Cajero\/a/);
});

test('X report has no count section', () => {
  const t = text(buildEscposCashReport(report('X'), settings));
  assert.match(t, /REPORTE X - CAJA ABIERTA/);
  assert.doesNotMatch(t, /ARQUEO|DIFERENCIA TOTAL/);
});

test('drawer pulse: ESC @, code page, then ESC p 0 25 250 (EPSON); STAR uses its own kick', () => {
  const pulse = buildDrawerPulse(settings);
  assert.deepEqual([...pulse.subarray(0, 2)], [0x1b, 0x40]);
  assert.deepEqual([...pulse.subarray(-5)], [0x1b, 0x70, 0x00, 0x19, 0xfa]);
  const star = buildDrawerPulse({ ...settings, type: 'star' });
  assert.ok(!includesBytes(star, [0x1b, 0x70, 0x00, 0x19, 0xfa]));
  assert.ok(star.length > 2);
});

test('the report PDF is one 80 mm page', async () => {
  const pdf = await PDFDocument.load(await renderCashReportPdf(report('Z')));
  assert.equal(pdf.getPageCount(), 1);
  assert.equal(Math.round(pdf.getPage(0).getWidth() * 100) / 100, 226.77);
});

test('a Z stored before issue 24 (per-method cancelled/notes) still reads and prints: no NaN, its figures as computed then', async () => {
  const { storedReport } = await import('../../../main/cash/cash-report');
  const { reportLines } = await import('../../../main/cash/report-layout');
  const now = report('Z');
  const old = JSON.parse(JSON.stringify(now));
  for (const m of old.methods) {
    m.cancelled = m.method === 'CASH' ? 46.6 : 0;
    m.notes = m.method === 'CASH' ? 5 : 0;
    delete m.refunds;
    delete m.cancelledEarlier;
  }
  old.invoices = { issued: 2, cancelled: 1, contingency: 1, firstNumber: 41, lastNumber: 42 };
  // Nor did it name the taxpayer or list the movements (decision 0086): filled from today's records.
  for (const k of ['razonSocial', 'nit', 'posName', 'movements']) delete old[k];
  const r = storedReport(old, { razonSocial: 'HOY S.A.', nit: '123', posName: 'Caja 2', movements: () => now.movements });
  assert.deepEqual([r.razonSocial, r.nit, r.posName, r.movements], ['HOY S.A.', '123', 'Caja 2', now.movements]);
  const cash = r.methods.find((m) => m.method === 'CASH')!;
  assert.deepEqual([cash.refunds, cash.cancelledEarlier, cash.expected], [5, 46.6, now.methods.find((m) => m.method === 'CASH')!.expected]);
  const text = reportLines(r).map((l) => ('label' in l ? `${l.label} ${l.value}` : 'text' in l ? l.text : '')).join('\n');
  assert.doesNotMatch(text, /NaN|undefined/);
  assert.match(text, /Anuladas \(1\) 0,00/);
});
