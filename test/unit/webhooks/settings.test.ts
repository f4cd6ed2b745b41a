import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSettings, SettingsError } from '../../../main/config/settings';
import { tempDir } from '../../fixtures/tmp';

test('webhook settings: private targets are refused unless KIPU_WEBHOOK_ALLOW_PRIVATE=1; the CA file must be a readable PEM', () => {
  const tmp = tempDir();
  try {
    const base = { KIPU_DATA_DIR: tmp.dir };
    assert.equal(loadSettings(base).webhookAllowPrivate, false);
    assert.equal(loadSettings({ ...base, KIPU_WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate, true);
    assert.throws(() => loadSettings({ ...base, KIPU_WEBHOOK_ALLOW_PRIVATE: 'quizá' }), (e: unknown) => e instanceof SettingsError && e.setting === 'KIPU_WEBHOOK_ALLOW_PRIVATE');
    assert.throws(() => loadSettings({ ...base, KIPU_WEBHOOK_CA_FILE: join(tmp.dir, 'none.pem') }), (e: unknown) => e instanceof SettingsError && e.setting === 'KIPU_WEBHOOK_CA_FILE');
    const bad = join(tmp.dir, 'bad.pem');
    writeFileSync(bad, 'not a certificate');
    assert.throws(() => loadSettings({ ...base, KIPU_WEBHOOK_CA_FILE: bad }), /PEM/);
    const good = join(tmp.dir, 'ca.pem');
    writeFileSync(good, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    assert.equal(loadSettings({ ...base, KIPU_WEBHOOK_CA_FILE: good }).webhookCaFile, good);
  } finally {
    tmp.cleanup();
  }
});
