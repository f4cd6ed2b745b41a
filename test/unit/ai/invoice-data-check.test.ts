import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkInvoiceData, type InvoiceDataInput } from '../../../main/ai/invoice-data-check';
import type { CatalogLookup } from '../../../main/invoicing/sale-input';

const METHODS: Record<number, string> = { 1: 'EFECTIVO', 2: 'TARJETA', 27: 'GIFT-CARD', 10: 'EFECTIVO-TARJETA' };

function catalogs(synced = true): CatalogLookup {
  return {
    synced: () => synced,
    activity: () => false,
    product: () => false,
    unit: () => false,
    currency: () => false,
    paymentMethod: (c) => METHODS[c] ?? null,
    documentType: (c) => c >= 1 && c <= 5,
  };
}

const GOOD: InvoiceDataInput = { nit: '5115889', razonSocial: 'Juan Pérez', tipoDocumento: 1, montoTotal: 150.5, metodoPago: 1, detalle: 'Arroz 1 kg' };

function check(patch: Partial<InvoiceDataInput>, cat = catalogs()) {
  return checkInvoiceData({ ...GOOD, ...patch }, cat);
}

function rules(r: ReturnType<typeof check>): string[] {
  return r.observaciones.map((o) => `${o.campo}:${o.regla}:${o.nivel}`);
}

test('good data is valid with no observations, and the line catalogs the request does not carry are not checked', () => {
  assert.deepEqual(check({}), { valido: true, observaciones: [] });
  assert.deepEqual(check({ tipoDocumento: 5, nit: '1003579028', razonSocial: 'EMPRESA SRL', detalle: undefined }).observaciones, []);
});

test('each bad field is flagged on that field with the issuing path’s rule', () => {
  assert.deepEqual(rules(check({ tipoDocumento: 5, nit: '12AB' })), ['nit:NIT_FORMAT:error']);
  assert.deepEqual(rules(check({ nit: '  ' })), ['nit:REQUIRED:error']);
  assert.deepEqual(rules(check({ nit: '1'.repeat(21) })), ['nit:MAX_LENGTH:error']);
  assert.deepEqual(rules(check({ razonSocial: ' ' })), ['razonSocial:REQUIRED:error']);
  assert.deepEqual(rules(check({ razonSocial: 'x'.repeat(501) })), ['razonSocial:MAX_LENGTH:error']);
  assert.deepEqual(rules(check({ tipoDocumento: 9 })), ['tipoDocumento:CATALOG:error']);
  assert.deepEqual(rules(check({ metodoPago: 999 })), ['metodoPago:CATALOG:error']);
  assert.deepEqual(rules(check({ montoTotal: 0 })), ['montoTotal:UNIT_PRICE_NOT_POSITIVE:error']);
  assert.deepEqual(rules(check({ montoTotal: 10.123 })), ['montoTotal:DECIMALS:error']);
  assert.deepEqual(rules(check({ montoTotal: -5 })), ['montoTotal:DECIMALS:error']);
  for (const bad of [{ tipoDocumento: 9 }, { montoTotal: 0 }, { razonSocial: '' }]) assert.equal(check(bad).valido, false);
});

test('document 0 (S/N) above Bs 3.000 is SIAT 1010 on the document; at Bs 3.000 it passes', () => {
  assert.deepEqual(rules(check({ nit: '0', razonSocial: 'S/N', montoTotal: 3000.01 })), ['nit:SIAT_1010:error']);
  assert.deepEqual(check({ nit: '0', razonSocial: 'S/N', montoTotal: 3000 }).observaciones, []);
});

test('a card or gift-card method is valid but warns what issuing will ask for', () => {
  const card = check({ metodoPago: 2 });
  assert.equal(card.valido, true);
  assert.deepEqual(rules(card), ['metodoPago:CARD_REQUIRED:aviso']);
  assert.match(card.observaciones[0]!.mensaje, /número de tarjeta/);
  assert.deepEqual(rules(check({ metodoPago: 27 })), ['metodoPago:SIAT_1050:aviso']);
  // A warning in the first pass does not hide the amount rules of the second.
  assert.deepEqual(rules(check({ metodoPago: 10, montoTotal: 0 })), ['metodoPago:CARD_REQUIRED:aviso', 'montoTotal:UNIT_PRICE_NOT_POSITIVE:error']);
});

test('several bad fields are all reported at once', () => {
  const r = check({ tipoDocumento: 9, metodoPago: 999, montoTotal: 0, razonSocial: '' });
  assert.equal(r.valido, false);
  assert.deepEqual(rules(r).sort(), ['metodoPago:CATALOG:error', 'montoTotal:UNIT_PRICE_NOT_POSITIVE:error', 'razonSocial:REQUIRED:error', 'tipoDocumento:CATALOG:error']);
  const nitAndAmount = check({ tipoDocumento: 5, nit: 'ABC', montoTotal: 1.001 });
  assert.deepEqual(rules(nitAndAmount).sort(), ['montoTotal:DECIMALS:error', 'nit:NIT_FORMAT:error']);
});

test('special customers 99001/99002/99003 go with document type 5 and excepción 1 (CONTRACT §3.7)', () => {
  assert.deepEqual(rules(check({ nit: '99003', tipoDocumento: 1 })), ['tipoDocumento:SPECIAL_CUSTOMER:error']);
  const ok = check({ nit: '99003', tipoDocumento: 5 });
  assert.equal(ok.valido, true);
  assert.deepEqual(rules(ok), ['nit:SPECIAL_CUSTOMER:aviso']);
  assert.match(ok.observaciones[0]!.mensaje, /excepción 1/);
});

test('without synced catalogs the codes cannot be checked, and it says how to sync', () => {
  const r = check({}, catalogs(false));
  assert.equal(r.valido, false);
  assert.deepEqual(rules(r).sort(), ['metodoPago:CATALOG_NOT_SYNCED:error', 'tipoDocumento:CATALOG_NOT_SYNCED:error']);
  assert.match(r.observaciones[0]!.mensaje, /sync\/all/);
});

test('with lines, the total is checked against cantidad × precio − descuento − descuento adicional, naming SIAT 1013 and 1018 (issue 31)', () => {
  // The case: a total of 150 over lines that sum to 100 was "Datos válidos".
  const lines = [
    { cantidad: 2, precioUnitario: 30 },
    { cantidad: 1, precioUnitario: 45, montoDescuento: 5 },
  ];
  const wrong = check({ montoTotal: 150, lineas: lines });
  assert.equal(wrong.valido, false);
  assert.deepEqual(rules(wrong), ['montoTotal:SIAT_1013:error']);
  assert.match(wrong.observaciones[0]!.mensaje, /suma de las líneas \(Bs 100,00\) menos el descuento adicional \(Bs 0,00\) = Bs 100,00, no Bs 150,00 \(SIAT 1013: EL CALCULO DEL MONTO TOTAL ES ERRONEO\)/);
  assert.deepEqual(check({ montoTotal: 100, lineas: lines }), { valido: true, observaciones: [] });
  assert.deepEqual(check({ montoTotal: 90, lineas: lines, descuentoAdicional: 10 }).observaciones, []);
  assert.deepEqual(rules(check({ montoTotal: 100, lineas: lines, descuentoAdicional: 10 })), ['montoTotal:SIAT_1013:error']);
  // HALF-UP per line, as the issuing path: 1,5 × 3,33 = 4,995 → 5,00.
  assert.deepEqual(check({ montoTotal: 5, lineas: [{ cantidad: 1.5, precioUnitario: 3.33 }] }).observaciones, []);
  // A subtotal sent by the caller is checked too (1018), line by line.
  const sub = check({ montoTotal: 100, lineas: [{ ...lines[0]!, subTotal: 60 }, { ...lines[1]!, subTotal: 45 }] });
  assert.deepEqual(rules(sub), ['lineas[1].subTotal:SIAT_1018:error']);
  assert.match(sub.observaciones[0]!.mensaje, /^línea 2: el subtotal debe ser cantidad × precio unitario − descuento = Bs 40,00, no Bs 45,00 \(SIAT 1018/);
  // A bad line is named by its place and field, with the issuing path's rule.
  assert.deepEqual(rules(check({ montoTotal: 10, lineas: [{ cantidad: 0, precioUnitario: 10 }] })), ['lineas[0].cantidad:QUANTITY_NOT_POSITIVE:error']);
  assert.deepEqual(rules(check({ montoTotal: 10, lineas: [{ cantidad: 1, precioUnitario: 10, montoDescuento: 12 }] })), ['lineas[0].montoDescuento:SUBTOTAL_NOT_POSITIVE:error']);
  // Without lines the free-text detalle is still accepted and not checked (compatibility).
  assert.deepEqual(check({ montoTotal: 150, detalle: 'dos cosas' }), { valido: true, observaciones: [] });
});

test('the complement goes only with a CI (SIAT 1011)', () => {
  assert.deepEqual(check({ complemento: '1A' }).observaciones, []);
  const nit = check({ tipoDocumento: 5, nit: '1003579028', complemento: '1A' });
  assert.deepEqual(rules(nit), ['complemento:SIAT_1011:error']);
  assert.match(nit.observaciones[0]!.mensaje, /SIAT 1011/);
});
