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
