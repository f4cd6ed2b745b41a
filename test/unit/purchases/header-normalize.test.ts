// Issue 25: a purchase file's header is read in linear time whatever it holds. The old
// `\s*\/\s*` took about 12 minutes per MB of spaces on the engine's only thread (17.9 s for a
// 150 KB header in the review); the per-test bound below is minutes above what the linear code
// takes, and far below what the quadratic one did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeHeader } from '../../../main/purchases/purchase-import';

test('headers of the register normalize: accents, case, spaces around slashes', () => {
  assert.equal(normalizeHeader('  Descuentos / Bonificaciones /Rebajas  sujetas al IVA '), 'DESCUENTOS/BONIFICACIONES/REBAJAS SUJETAS AL IVA');
  assert.equal(normalizeHeader('Nit\tProveedor'), 'NIT PROVEEDOR');
  assert.equal(normalizeHeader('IMPORTE GIFT CARD'), 'IMPORTE GIFT CARD');
  assert.equal(normalizeHeader('Código de Autorización'), 'CODIGO DE AUTORIZACION');
});

test('a megabyte of spaces (with and without slashes) is read at once, not backtracked over', { timeout: 60_000 }, () => {
  const spaces = ' '.repeat(1024 * 1024);
  assert.equal(normalizeHeader(`${spaces}x`), '');
  assert.equal(normalizeHeader(`NIT PROVEEDOR${spaces}`), 'NIT PROVEEDOR');
  assert.equal(normalizeHeader(`${' /'.repeat(512 * 1024)}`).length <= 200, true);
});
