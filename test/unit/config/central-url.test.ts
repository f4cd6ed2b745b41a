// Issue 26, finding 2: the till's credential and facts go to Central over https only; plain http
// is accepted to this machine's loopback in training (tests, labs), never on a live till.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSettings, SettingsError } from '../../../main/config/settings';

const TOKEN = `kct_11111111-2222-4333-8444-555555555555_${'s'.repeat(40)}`;
const LIVE = { KIPU_DATA_DIR: '/tmp/x', KIPU_SIAT_URL: 'https://pilotosiatservicios.impuestos.gob.bo/v2', KIPU_SIAT_TOKEN: 'abc', KIPU_CENTRAL_TOKEN: TOKEN };
const TRAINING = { KIPU_DATA_DIR: '/tmp/x', KIPU_TRAINING: '1', KIPU_CENTRAL_TOKEN: TOKEN };

function refused(env: Record<string, string>, setting: string, re: RegExp): void {
  assert.throws(() => loadSettings(env), (e: unknown) => e instanceof SettingsError && e.setting === setting && re.test(e.message), JSON.stringify(env));
}

test('a live till reaches Central over https only', () => {
  assert.equal(loadSettings({ ...LIVE, KIPU_CENTRAL_URL: 'https://central.cadena.bo' }).central?.url, 'https://central.cadena.bo');
  for (const url of ['http://central.cadena.bo', 'http://127.0.0.1:8090', 'http://localhost:8090', 'http://[::1]:8090', 'http://10.0.0.5:8090']) {
    refused({ ...LIVE, KIPU_CENTRAL_URL: url }, 'KIPU_CENTRAL_URL', /https:\/\//);
  }
  refused({ ...LIVE, KIPU_CENTRAL_URL: 'https://u:p@central.cadena.bo' }, 'KIPU_CENTRAL_URL', /usuario ni contraseña/);
});

test('training may use plain http to loopback, nowhere else', () => {
  for (const url of ['http://127.0.0.1:8090', 'http://localhost:8090', 'http://[::1]:8090', 'https://central.cadena.bo']) {
    assert.equal(loadSettings({ ...TRAINING, KIPU_CENTRAL_URL: url }).central?.url, url);
  }
  for (const url of ['http://central.cadena.bo', 'http://192.168.1.20:8090', 'http://127.0.0.1.nip.io:8090']) {
    refused({ ...TRAINING, KIPU_CENTRAL_URL: url }, 'KIPU_CENTRAL_URL', /https:\/\//);
  }
});

test('KIPU_CENTRAL_NIT is a NIT', () => {
  assert.equal(loadSettings({ ...TRAINING, KIPU_CENTRAL_URL: 'https://central.cadena.bo', KIPU_CENTRAL_NIT: '1020304050' }).central?.nit, '1020304050');
  assert.equal(loadSettings({ ...TRAINING, KIPU_CENTRAL_URL: 'https://central.cadena.bo' }).central?.nit, null);
  refused({ ...TRAINING, KIPU_CENTRAL_URL: 'https://central.cadena.bo', KIPU_CENTRAL_NIT: 'abc' }, 'KIPU_CENTRAL_NIT', /NIT/);
});
