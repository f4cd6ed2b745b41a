// Range and If-None-Match as the stored downloads read them (api/stored-file-reply.ts, RFC 9110).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { etagMatches, parseByteRange } from '../../../main/api/stored-file-reply';

test('Range: one range of a 1000-byte file, its suffix and open forms, clamped to the end', () => {
  assert.deepEqual(parseByteRange('bytes=0-99', 1000), { start: 0, end: 99 });
  assert.deepEqual(parseByteRange('bytes=900-', 1000), { start: 900, end: 999 });
  assert.deepEqual(parseByteRange('bytes=900-5000', 1000), { start: 900, end: 999 });
  assert.deepEqual(parseByteRange('bytes=-100', 1000), { start: 900, end: 999 });
  assert.deepEqual(parseByteRange('bytes=-5000', 1000), { start: 0, end: 999 });
  assert.deepEqual(parseByteRange('BYTES=5-5', 1000), { start: 5, end: 5 });
});

test('Range: past the end or an empty suffix is unsatisfiable (416)', () => {
  assert.equal(parseByteRange('bytes=1000-', 1000), 'unsatisfiable');
  assert.equal(parseByteRange('bytes=1000-1001', 1000), 'unsatisfiable');
  assert.equal(parseByteRange('bytes=-0', 1000), 'unsatisfiable');
});

test('Range: absent, malformed, another unit or several ranges → the whole file', () => {
  for (const h of [undefined, '', 'bytes=', 'bytes=-', 'bytes=5-1', 'items=0-1', 'bytes=0-1,5-6', 'bytes=a-b', 'bytes=99999999999999999999-']) {
    assert.equal(parseByteRange(h, 1000), null, String(h));
  }
});

test('If-None-Match: the tag, weakly compared, in a list, or *; never another tag', () => {
  const etag = '"abc"';
  assert.equal(etagMatches('"abc"', etag), true);
  assert.equal(etagMatches('W/"abc"', etag), true);
  assert.equal(etagMatches('"x", "abc"', etag), true);
  assert.equal(etagMatches('*', etag), true);
  assert.equal(etagMatches('"abcd"', etag), false);
  assert.equal(etagMatches('abc', etag), false);
  assert.equal(etagMatches(undefined, etag), false);
});
