import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exposureWarning } from '../../../main/engine/network-exposure';
import { loadSettings } from '../../../main/config/settings';

test('by default the engine listens on loopback and says nothing', () => {
  const s = loadSettings({ KIPU_DATA_DIR: '/tmp/kipu-exposure-test', KIPU_TRAINING: '1' });
  assert.equal(s.host, '127.0.0.1');
  assert.equal(exposureWarning(s.host, s.publicUrl), null);
  assert.equal(exposureWarning('localhost', null), null);
  assert.equal(exposureWarning('::1', null), null);
});

test('told to listen on the store network without TLS, it warns in Spanish; behind an https proxy it does not', () => {
  for (const host of ['0.0.0.0', '192.168.1.10', '::']) {
    const w = exposureWarning(host, null);
    assert.match(String(w), /sin cifrar/);
    assert.match(String(w), /KIPU_PUBLIC_URL/);
    assert.match(String(exposureWarning(host, 'http://caja.tienda.bo:8080')), /sin cifrar/);
    assert.equal(exposureWarning(host, 'https://caja.tienda.bo'), null);
  }
});
