import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadSettings, SettingsError } from '../../../main/config/settings';
import { tempDir } from '../../fixtures/tmp';

test('KIPU_AI_CORPUS_DIR defaults to <dataDir>/normativa, which may not exist yet', () => {
  const t = tempDir();
  try {
    assert.equal(loadSettings({ KIPU_DATA_DIR: t.dir, KIPU_TRAINING: '1' }).aiCorpusDir, join(t.dir, 'normativa'));
    assert.equal(loadSettings({ KIPU_DATA_DIR: 'datos', KIPU_TRAINING: '1' }).aiCorpusDir, resolve('datos', 'normativa'), 'absolute even for a relative data dir');
    assert.equal(loadSettings({ KIPU_DATA_DIR: t.dir, KIPU_TRAINING: '1', KIPU_AI_CORPUS_DIR: join(t.dir, 'leyes') }).aiCorpusDir, join(t.dir, 'leyes'));
  } finally {
    t.cleanup();
  }
});

test('KIPU_AI_CORPUS_DIR must be an absolute path to a folder', () => {
  const t = tempDir();
  try {
    const file = join(t.dir, 'archivo.txt');
    writeFileSync(file, 'x');
    for (const bad of ['normativa', file]) {
      assert.throws(
        () => loadSettings({ KIPU_DATA_DIR: t.dir, KIPU_TRAINING: '1', KIPU_AI_CORPUS_DIR: bad }),
        (err: unknown) => err instanceof SettingsError && err.setting === 'KIPU_AI_CORPUS_DIR',
        bad,
      );
    }
  } finally {
    t.cleanup();
  }
});
