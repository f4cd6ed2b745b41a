import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSettings, SettingsError } from '../../../main/config/settings';

test('defaults: 127.0.0.1:8080, training while no SIAT credentials', () => {
  const s = loadSettings({ KIPU_DATA_DIR: '/tmp/x' });
  assert.equal(s.host, '127.0.0.1');
  assert.equal(s.port, 8080);
  assert.equal(s.training, true);
  assert.equal(s.siatUrl, null);
  assert.equal(s.dataDir, '/tmp/x');
});

test('live SIAT credentials turn training off by default', () => {
  const s = loadSettings({ KIPU_SIAT_URL: 'https://pilotosiatservicios.impuestos.gob.bo/v2/', KIPU_SIAT_TOKEN: 'abc' });
  assert.equal(s.training, false);
  assert.equal(s.siatUrl, 'https://pilotosiatservicios.impuestos.gob.bo/v2');
});

const bad: [Record<string, string>, string, RegExp][] = [
  [{ KIPU_PORT: 'abc' }, 'KIPU_PORT', /número de puerto/],
  [{ KIPU_PORT: '70000' }, 'KIPU_PORT', /número de puerto/],
  [{ KIPU_HOST: 'not a host' }, 'KIPU_HOST', /dirección IP/],
  [{ KIPU_TRAINING: 'maybe' }, 'KIPU_TRAINING', /1 o 0/],
  [{ KIPU_SIAT_URL: 'ftp://x/v2' }, 'KIPU_SIAT_URL', /http/],
  [{ KIPU_SIAT_URL: 'https://x.bo/api' }, 'KIPU_SIAT_URL', /\/v2/],
  [{ KIPU_SIAT_URL: 'nope' }, 'KIPU_SIAT_URL', /URL válida/],
  [{ KIPU_TRAINING: '0' }, 'KIPU_SIAT_URL', /obligatoria/],
  [{ KIPU_DEMO_API_KEY: 'short' }, 'KIPU_DEMO_API_KEY', /kipu_/],
  [{ KIPU_LOG_LEVEL: 'loud' }, 'KIPU_LOG_LEVEL', /debe ser uno de/],
  [{ KIPU_RATE_LIMIT: '0' }, 'KIPU_RATE_LIMIT', /entero positivo/],
];

for (const [env, setting, msg] of bad) {
  test(`a bad ${setting} (${JSON.stringify(env)}) stops start-up naming the setting`, () => {
    assert.throws(() => loadSettings(env), (err: unknown) => {
      assert.ok(err instanceof SettingsError);
      assert.equal((err as SettingsError).setting, setting);
      assert.ok((err as Error).message.startsWith(`${setting}:`));
      assert.match((err as Error).message, msg);
      return true;
    });
  });
}
