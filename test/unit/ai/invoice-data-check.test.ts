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
