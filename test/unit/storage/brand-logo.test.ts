import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkLogoPng, LOGO_MAX_BYTES, logoObjectKey } from '../../../main/storage/brand-logo';
import { makePng } from '../../fixtures/issued-invoice';

test('a real PNG passes with its dimensions', () => {
  const r = checkLogoPng(makePng(300, 210));
  assert.deepEqual(r, { ok: true, width: 300, height: 210, warnings: [] });
});

test('signature, IHDR, CRC, size and dimension checks', () => {
  const png = makePng(250, 250);
  const fail = (bytes: Uint8Array) => {
    const r = checkLogoPng(bytes);
    assert.equal(r.ok, false);
    return r as Extract<typeof r, { ok: false }>;
  };
  assert.equal(fail(Buffer.from('GIF89a......')).code, 'LOGO_NOT_PNG');
  assert.match(fail(Buffer.from('GIF89a......')).message, /\(es GIF\)/);
  assert.equal(fail(png.subarray(0, 20)).code, 'LOGO_INVALID');
  const badCrc = Buffer.from(png);
  badCrc[17] = badCrc[17]! ^ 1;
  assert.match(fail(badCrc).message, /CRC/);
  const big = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]);
  const tooBig = fail(big);
  assert.equal(tooBig.code, 'LOGO_TOO_LARGE');
  assert.match(tooBig.message, /el máximo es 500 KB/);
  // A 5000×10 header (valid CRC) is refused before anything decodes it.
  const wide = makePng(5000, 10);
  assert.match(fail(wide).message, /el máximo es 4000×4000 px/);
  const small = checkLogoPng(makePng(100, 100));
  assert.ok(small.ok && small.warnings[0]?.includes('200×200'));
});

test('logo keys are content-addressed under brand/<tenant>/', () => {
  const a = logoObjectKey('t-1', Buffer.from('a'));
  assert.match(a, /^brand\/t-1\/logo-[0-9a-f]{16}\.png$/);
  assert.equal(a, logoObjectKey('t-1', Buffer.from('a')));
  assert.notEqual(a, logoObjectKey('t-1', Buffer.from('b')));
});
