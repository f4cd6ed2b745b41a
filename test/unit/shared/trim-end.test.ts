import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trimEndChars } from '../../../shared/trim-end';

test('trimEndChars takes off only the trailing run of the given characters', () => {
  assert.equal(trimEndChars('https://siat.example/v2//', '/'), 'https://siat.example/v2');
  assert.equal(trimEndChars('a/b', '/'), 'a/b');
  assert.equal(trimEndChars('////', '/'), '');
  assert.equal(trimEndChars('nombre\0\0', '\0'), 'nombre');
  assert.equal(trimEndChars('Plazo ##', '#'), 'Plazo ');
  // The input that made /\/+$/ quadratic: a long run of slashes then something else.
  const long = `${'/'.repeat(200_000)}x`;
  assert.equal(trimEndChars(long, '/'), long);
});
