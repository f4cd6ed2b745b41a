// The simulator's per-sector amount rules on hand-written XML: precisions other than Kipu's
// 2 decimals, HALF-UP rounding, the note's 13 % (main/siat-sim/formulas.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, sectorFormulaMessages, type RegisteredOriginal } from '../../../main/siat-sim/formulas';
import { sectorLayout } from '../../../main/invoicing/sectors/layouts';

const line = (cantidad: string, precio: string, descuento: string, subTotal: string, extra = '') =>
  `<detalle><codigoProducto>P</codigoProducto><cantidad>${cantidad}</cantidad><precioUnitario>${precio}</precioUnitario><montoDescuento>${descuento}</montoDescuento><subTotal>${subTotal}</subTotal>${extra}</detalle>`;

function codes(sector: number, cab: string, lines: string[], original?: RegisteredOriginal): number[] {
  const { cab: c, detalles } = parseDocument(`<f><cabecera>${cab}</cabecera>${lines.join('')}</f>`);
  return sectorFormulaMessages(sectorLayout(sector)!, c, detalles, '1', () => original).map((m) => m.codigo);
}

const header = (total: string, sujeto = total) =>
  `<montoTotal>${total}</montoTotal><montoTotalSujetoIva>${sujeto}</montoTotalSujetoIva><tipoCambio>1</tipoCambio><montoTotalMoneda>${total}</montoTotalMoneda><montoGiftCard xsi:nil="true"/><descuentoAdicional>0</descuentoAdicional>`;

test('a line product is rounded HALF-UP to the subTotal’s precision: 0.335 × 10.00 = 3.35, not 3.34', () => {
  assert.deepEqual(codes(1, header('3.35'), [line('0.335', '10.00', '0', '3.35')]), []);
  assert.deepEqual(codes(1, header('3.34'), [line('0.335', '10.00', '0', '3.34')]), [1018]);
});

test('bonificaciones with 5-decimal amounts: a whole bonus line and a line at 5 decimals', () => {
  const lines = [line('3', '1.33333', '0.00000', '3.99999'), line('1', '2.50000', '2.50000', '0.00000')];
  assert.deepEqual(codes(35, header('4.00'), lines), [1013]);
  const exact = [line('3', '1.33333', '0.00001', '3.99998'), line('1', '2.50002', '0.00002', '2.50000')];
  assert.deepEqual(codes(35, header('6.50'), exact), [1013], 'Σ 6.49998 is not 6.50');
  const whole = [line('3', '1.50000', '0', '4.50000'), line('1', '2.50000', '2.50000', '0.00000')];
  assert.deepEqual(codes(35, header('4.50'), whole), []);
});

test('tasa cero: sujeto IVA must be 0 whatever the total', () => {
  assert.deepEqual(codes(8, header('10.00', '0.00'), [line('1', '10.00', '0', '10.00')]), []);
  assert.deepEqual(codes(8, header('10.00'), [line('1', '10.00', '0', '10.00')]), [1015]);
});

test('the note’s efectivo is 13 % HALF-UP: 10.05 returned → 1.31 (1.3065)', () => {
  const original: RegisteredOriginal = { nit: '1', sector: 1, numero: 7, fecha_emision: '2026-01-01T10:00:00.000', estado: 'VALIDA', xml: `<f><cabecera><numeroFactura>7</numeroFactura></cabecera>${line('1', '20.10', '0', '20.10')}</f>` };
  const cab = (efectivo: string) =>
    `<numeroFactura>7</numeroFactura><numeroAutorizacionCuf>ABC</numeroAutorizacionCuf><fechaEmisionFactura>2026-01-01T10:00:00.000</fechaEmisionFactura><montoTotalOriginal>20.10</montoTotalOriginal><montoTotalDevuelto>10.05</montoTotalDevuelto><montoDescuentoCreditoDebito xsi:nil="true"/><montoEfectivoCreditoDebito>${efectivo}</montoEfectivoCreditoDebito>`;
  const lines = [line('1', '20.10', '0', '20.10', '<codigoDetalleTransaccion>1</codigoDetalleTransaccion>'), line('0.5', '20.10', '0', '10.05', '<codigoDetalleTransaccion>2</codigoDetalleTransaccion>')];
  assert.deepEqual(codes(24, cab('1.31'), lines, original), []);
  assert.deepEqual(codes(24, cab('1.30'), lines, original), [1031]);
});

// Decision 0047: the sector totals the simulator accepts, on hand-written XML.
test('servicios básicos: montoTotal = lines − descuento + fees + payments + ajusteSujetoIva; base leaves fees and payments out', () => {
  const fees = '<tasaAseo>3.50</tasaAseo><tasaAlumbrado xsi:nil="true"/><ajusteNoSujetoIva>0.75</ajusteNoSujetoIva><ajusteSujetoIva>1.25</ajusteSujetoIva><otrosPagosNoSujetoIva>4.00</otrosPagosNoSujetoIva><otrasTasas>1.00</otrasTasas>';
  // 10.00 − 1.00 + 3.50 + 1.25 + 4.00 + 1.00 = 18.75; base 18.75 − 3.50 − 4.00 − 1.00 = 10.25
  const cab = (total: string, base: string) => `<montoTotal>${total}</montoTotal><montoTotalSujetoIva>${base}</montoTotalSujetoIva>${fees}<tipoCambio>1</tipoCambio><montoTotalMoneda>${total}</montoTotalMoneda><descuentoAdicional>1.00</descuentoAdicional>`;
  assert.deepEqual(codes(13, cab('18.75', '10.25'), [line('1', '10.00', '0', '10.00')]), []);
  // the fees left out of montoTotal (Σ − descuento only): the total and the base are both wrong
  assert.deepEqual(codes(13, cab('9.00', '10.25'), [line('1', '10.00', '0', '10.00')]), [1013, 1015]);
  assert.deepEqual(codes(13, cab('18.75', '18.75'), [line('1', '10.00', '0', '10.00')]), [1015]);
});

test('entidades financieras, juegos de azar, seguros: the header amount in the total and out of the IVA base', () => {
  const cab = (own: string, total: string, base: string) => `<montoTotal>${total}</montoTotal>${own}<montoTotalSujetoIva>${base}</montoTotalSujetoIva><tipoCambio>1</tipoCambio><montoTotalMoneda>${total}</montoTotalMoneda><montoGiftCard xsi:nil="true"/><descuentoAdicional xsi:nil="true"/>`;
  const lines = [line('1', '10.00', '0', '10.00')];
  assert.deepEqual(codes(15, cab('<montoTotalArrendamientoFinanciero>5.00</montoTotalArrendamientoFinanciero>', '15.00', '10.00'), lines), []);
  assert.deepEqual(codes(15, cab('<montoTotalArrendamientoFinanciero>5.00</montoTotalArrendamientoFinanciero>', '10.00', '10.00'), lines), [1013, 1015]);
  assert.deepEqual(codes(18, cab('<montoTotalIj>2.00</montoTotalIj><montoTotalSujetoIpj>10.00</montoTotalSujetoIpj>', '12.00', '10.00'), lines), []);
  assert.deepEqual(codes(18, cab('<montoTotalIj>2.00</montoTotalIj><montoTotalSujetoIpj>10.00</montoTotalSujetoIpj>', '12.00', '12.00'), lines), [1015]);
  assert.deepEqual(codes(34, cab('<ajusteAfectacionIva>4.00</ajusteAfectacionIva>', '10.00', '6.00'), lines), []);
  assert.deepEqual(codes(34, cab('<ajusteAfectacionIva>4.00</ajusteAfectacionIva>', '14.00', '10.00'), lines), [1013]);
});

test('export: lines in the currency, montoTotal = (FOB + international) × tipoCambio HALF-UP; costs detail summed', () => {
  const cab = (o: { total?: string; fob?: string; intl?: string; moneda?: string; rate?: string; national?: string } = {}) =>
    `<montoTotal>${o.total ?? '278.54'}</montoTotal><costosGastosNacionales>${o.national ?? '{"Transporte":"10.50","Aduana":2}'}</costosGastosNacionales><totalGastosNacionalesFob>${o.fob ?? '22.50'}</totalGastosNacionalesFob><costosGastosInternacionales xsi:nil="true"/><totalGastosInternacionales>${o.intl ?? '17.52'}</totalGastosInternacionales><montoDetalle>10.00</montoDetalle><montoTotalSujetoIva>0</montoTotalSujetoIva><tipoCambio>${o.rate ?? '6.96'}</tipoCambio><montoTotalMoneda>${o.moneda ?? '40.02'}</montoTotalMoneda><descuentoAdicional xsi:nil="true"/>`;
  const lines = [line('1', '10.00', '0', '10.00')];
  // FOB 10.00 + 12.50 = 22.50; + 17.52 = 40.02 USD; × 6.96 = 278.5392 → 278.54 Bs.
  assert.deepEqual(codes(3, cab(), lines), []);
  assert.deepEqual(codes(3, cab({ total: '278.53' }), lines), [1013]);
  assert.deepEqual(codes(3, cab({ fob: '10.00', moneda: '27.52', total: '191.54' }), lines), [1024]);
  assert.deepEqual(codes(3, cab({ national: 'PRUEBA' }), lines), [1024]);
});
