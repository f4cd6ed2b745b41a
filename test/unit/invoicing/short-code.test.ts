import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { invoiceShortCode, matchesShortCode, normalizeShortCode, SHORT_CODE_LENGTH } from '../../../main/invoicing/short-code';

const ID = '01927c3e-8f3a-7b2c-9d4e-5f6a7b8c9d0e';

test('the short code is 8 Crockford base32 symbols', () => {
  const code = invoiceShortCode(ID);
  assert.equal(code.length, SHORT_CODE_LENGTH);
  assert.match(code, /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
});

test('the code is the first 40 bits of SHA-256 of the invoice id', () => {
  const bits = createHash('sha256').update(ID).digest().readUIntBE(0, 5).toString(2).padStart(40, '0');
  const expected = bits.match(/.{5}/g)!.map((b) => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[parseInt(b, 2)]).join('');
  assert.equal(invoiceShortCode(ID), expected);
});

test('a pinned value: changing the derivation would orphan every code handed out', () => {
  // SHA-256("test") begins 9f86d08188 → 10011 11110 00011 01101 00001 00000 01100 01000.
  assert.equal(invoiceShortCode('test'), 'KY3D10C8');
});

test('the same id always gives the same code; different ids give different codes', () => {
  assert.equal(invoiceShortCode(ID), invoiceShortCode(ID));
  const codes = new Set(Array.from({ length: 2000 }, (_, i) => invoiceShortCode(`01927c3e-8f3a-7b2c-9d4e-${String(i).padStart(12, '0')}`)));
  assert.equal(codes.size, 2000);
});

test('a typed code matches ignoring case and hyphens, reading O as 0 and I/L as 1', () => {
  const code = invoiceShortCode('test'); // KY3D10C8
  assert.equal(matchesShortCode('test', code), true);
  assert.equal(matchesShortCode('test', 'ky3d-1oc8'), true);
  assert.equal(matchesShortCode('test', ' KY3DL0C8 '), true);
  assert.equal(matchesShortCode('test', 'KY3D10C9'), false);
  assert.equal(matchesShortCode('other', code), false);
  assert.equal(normalizeShortCode('ab-cd-io-lu'), 'ABCD101U');
});
