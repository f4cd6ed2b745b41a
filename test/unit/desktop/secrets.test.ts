// The desktop checklist's "secrets never land in a plain file" (issue #16), at module level since
// Electron cannot run here: the Electron main side's safeStorage store (main/desktop/secrets.ts,
// with a stand-in keystore), the engine's master key request (main/engine/master-key.ts) and the
// engine's own secrets file (main/config/secrets.ts), with the secret's bytes searched for in
// what lands on disk.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SecretStore, type SafeStorageLike } from '../../../main/desktop/secrets';
import { desktopSecretStore, FileSecretStore, KeystoreUnavailableError, NO_KEYSTORE_MESSAGE, NoKeystoreSecretStore } from '../../../main/config/secrets';
import { loadSettings } from '../../../main/config/settings';
import { obtainMasterKey, type ParentPortLike } from '../../../main/engine/master-key';
import { isEngineToMainMessage, type EngineToMainMessage, type MainToEngineMessage } from '../../../shared/ipc';
import { tempDir } from '../../fixtures/tmp';

const posix = process.platform !== 'win32';
const TOKEN = 'token-SIAT-secreto-9f8e7d6c5b4a';

before(() => {
  // What most systems use: a file written without an explicit mode would come out 0644.
  process.umask(0o022);
});

/** A stand-in for the OS keystore behind Electron's safeStorage: real AES-GCM with a key it keeps. */
function fakeKeystore(opts: { available?: boolean; backend?: string } = {}): SafeStorageLike {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => opts.available ?? true,
    getSelectedStorageBackend: () => opts.backend ?? 'gnome_libsecret',
    encryptString(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), data]);
    },
    decryptString(blob) {
      const d = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
      d.setAuthTag(blob.subarray(12, 28));
      return Buffer.concat([d.update(blob.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

const mode = (path: string) => statSync(path).mode & 0o777;

/** The secret in any form a careless store would write: as is, base64, hex. */
function assertNotIn(file: string, secret: string | Buffer): void {
  const bytes = readFileSync(file);
  const raw = Buffer.isBuffer(secret) ? secret : Buffer.from(secret, 'utf8');
  for (const form of [raw, Buffer.from(raw.toString('base64')), Buffer.from(raw.toString('hex'))]) {
    assert.equal(bytes.indexOf(form), -1, `${file} holds the secret (${form.toString().slice(0, 12)}…)`);
  }
}

test('desktop store: a secret is written only as keystore ciphertext, in a 0600 file, and reads back', () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'secrets.json');
    const store = new SecretStore(file, fakeKeystore(), 'linux');
    store.set('siat.token', TOKEN);
    assertNotIn(file, TOKEN);
    if (posix) assert.equal(mode(file), 0o600);
    assert.equal(store.get('siat.token'), TOKEN);
    assert.equal(existsSync(`${file}.tmp`), false, 'no temporary file left behind');
    store.delete('siat.token');
    assert.equal(store.get('siat.token'), null);
  } finally {
    tmp.cleanup();
  }
});

test('desktop store: refuses to write when the keystore is unavailable or is Linux basic_text obfuscation', () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'secrets.json');
    for (const keystore of [fakeKeystore({ available: false }), fakeKeystore({ backend: 'basic_text' })]) {
      const store = new SecretStore(file, keystore, 'linux');
      assert.equal(store.available(), false);
      assert.throws(() => store.set('siat.token', TOKEN), /almacén seguro del sistema no está disponible/);
      assert.equal(existsSync(file), false, 'nothing written');
    }
    // basic_text is only Linux's fallback; elsewhere the backend name means nothing.
    assert.equal(new SecretStore(file, fakeKeystore({ backend: 'basic_text' }), 'win32').available(), true);
  } finally {
    tmp.cleanup();
  }
});

test('engine store with a master key: secrets.json is AES-GCM ciphertext in a 0600 file; the wrong key cannot read it', () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'datos', 'secrets.json');
    const key = randomBytes(32);
    const store = new FileSecretStore(file, key);
    store.set('tenant:1:siat.token', TOKEN);
    assertNotIn(file, TOKEN);
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).enc, 'aes-256-gcm');
    if (posix) assert.equal(mode(file), 0o600);
    assert.equal(new FileSecretStore(file, key).get('tenant:1:siat.token'), TOKEN);
    assert.throws(() => new FileSecretStore(file, randomBytes(32)).get('tenant:1:siat.token'));
    assert.throws(() => new FileSecretStore(file).get('tenant:1:siat.token'), /cifrados/);
  } finally {
    tmp.cleanup();
  }
});

test('engine store: a plain file left from before the master key is sealed by reseal()', () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'secrets.json');
    new FileSecretStore(file).set('tenant:1:siat.token', TOKEN);
    assert.notEqual(readFileSync(file).indexOf(TOKEN), -1, 'the headless file is plain (checked: the search works)');
    const key = randomBytes(32);
    new FileSecretStore(file, key).reseal();
    assertNotIn(file, TOKEN);
    assert.equal(new FileSecretStore(file, key).get('tenant:1:siat.token'), TOKEN);
  } finally {
    tmp.cleanup();
  }
});

test('headless engine store (no keystore): the plain file is 0600 under umask 022', { skip: !posix }, () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'datos', 'secrets.json');
    new FileSecretStore(file).set('tenant:1:siat.token', TOKEN);
    assert.equal(mode(file), 0o600);
    assert.equal(mode(join(tmp.dir, 'datos')), 0o700);
  } finally {
    tmp.cleanup();
  }
});

test('the desktop chain: the engine gets its master key from the main side, and neither file holds the key or the token', async () => {
  const tmp = tempDir();
  try {
    const userData = join(tmp.dir, 'userData');
    const desktop = new SecretStore(join(tmp.dir, 'desktop-secrets.json'), fakeKeystore(), 'linux');
    // main/desktop/engine-process.ts's answer to 'secret.*', over an in-memory parent port.
    const port = new EventEmitter();
    const parent: ParentPortLike = {
      postMessage(m: EngineToMainMessage) {
        assert.ok(isEngineToMainMessage(m));
        let reply: MainToEngineMessage;
        if (m.type === 'secret.get') reply = { type: 'secret.result', requestId: m.requestId, ok: true, value: desktop.get(m.name) };
        else if (m.type === 'secret.set') {
          desktop.set(m.name, m.value);
          reply = { type: 'secret.result', requestId: m.requestId, ok: true, value: null };
        } else return;
        setImmediate(() => port.emit('message', { data: reply }));
      },
      on: (e, cb) => void port.on(e, cb),
      off: (e, cb) => void port.off(e, cb),
    };
    const masterKey = await obtainMasterKey(parent);
    assertNotIn(join(tmp.dir, 'desktop-secrets.json'), masterKey);
    const engineFile = join(userData, 'data', 'secrets.json');
    new FileSecretStore(engineFile, masterKey).set('tenant:1:siat.token', TOKEN);
    assertNotIn(engineFile, TOKEN);
    assertNotIn(engineFile, masterKey);
    // The next start gets the same key back and reads the token.
    assert.equal(new FileSecretStore(engineFile, await obtainMasterKey(parent)).get('tenant:1:siat.token'), TOKEN);
  } finally {
    tmp.cleanup();
  }
});

// ---- a desktop without an OS keystore (issue #16, decision 0040) ---------------------------------

test('desktop engine without a keystore: secrets are refused with a Spanish message naming the way out, and nothing is written', () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'datos', 'secrets.json');
    const { store, warning } = desktopSecretStore(file, null, false);
    assert.ok(store instanceof NoKeystoreSecretStore);
    assert.match(warning ?? '', /secrets are refused/);
    const err = (() => {
      try {
        store.set('tenant:1:siat.token', TOKEN);
      } catch (e) {
        return e;
      }
      return null;
    })();
    assert.ok(err instanceof KeystoreUnavailableError);
    assert.equal(err.message, NO_KEYSTORE_MESSAGE);
    assert.match(err.message, /no guarda secretos .* en un archivo sin cifrar/);
    assert.match(err.message, /llavero/);
    assert.match(err.message, /KIPU_ALLOW_PLAIN_SECRETS=1/);
    assert.match(err.message, /Las ventas siguen funcionando/);
    assert.equal(existsSync(file), false, 'no file');
    assert.equal(existsSync(`${file}.tmp`), false, 'no temporary file');
    assert.equal(store.get('tenant:1:siat.token'), null);
    store.delete('tenant:1:siat.token');
    assert.equal(existsSync(file), false, 'a delete writes nothing either');
  } finally {
    tmp.cleanup();
  }
});

test('desktop engine without a keystore: a plain file left by an earlier version is read, never added to, and a secret can be removed from it', () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'secrets.json');
    new FileSecretStore(file).set('tenant:1:siat.token', TOKEN);
    new FileSecretStore(file).set('tenant:1:smtp', 'clave-smtp');
    const before = readFileSync(file);
    const { store, warning } = desktopSecretStore(file, null, false);
    assert.match(warning ?? '', /left by an earlier version is still read/);
    assert.equal(store.get('tenant:1:siat.token'), TOKEN, 'the till keeps the token it sold with yesterday');
    assert.throws(() => store.set('tenant:1:siat.token', 'otro'), KeystoreUnavailableError);
    assert.throws(() => store.set('tenant:2:siat.token', 'nuevo'), KeystoreUnavailableError);
    assert.deepEqual(readFileSync(file), before, 'byte-identical after the refused writes');
    store.delete('tenant:1:smtp');
    assert.equal(store.get('tenant:1:smtp'), null);
    assert.equal(store.get('tenant:1:siat.token'), TOKEN);
    assertNotIn(file, 'clave-smtp');
    if (posix) assert.equal(mode(file), 0o600);
  } finally {
    tmp.cleanup();
  }
});

test('desktop engine without a keystore: an encrypted file (sealed while the keystore was there) is not readable and not touched', () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'secrets.json');
    new FileSecretStore(file, randomBytes(32)).set('tenant:1:siat.token', TOKEN);
    const before = readFileSync(file);
    const { store } = desktopSecretStore(file, null, false);
    assert.equal(store.get('tenant:1:siat.token'), null);
    store.delete('tenant:1:siat.token');
    assert.deepEqual(readFileSync(file), before);
  } finally {
    tmp.cleanup();
  }
});

test('KIPU_ALLOW_PLAIN_SECRETS=1: the administrator\'s opt-in keeps the plain 0600 file, said in the log', () => {
  const tmp = tempDir();
  try {
    assert.equal(loadSettings({ KIPU_DATA_DIR: tmp.dir }).allowPlainSecrets, false);
    assert.equal(loadSettings({ KIPU_DATA_DIR: tmp.dir, KIPU_ALLOW_PLAIN_SECRETS: '1' }).allowPlainSecrets, true);
    const file = join(tmp.dir, 'datos', 'secrets.json');
    const { store, warning } = desktopSecretStore(file, null, true);
    assert.match(warning ?? '', /KIPU_ALLOW_PLAIN_SECRETS=1.*plain file/);
    store.set('tenant:1:siat.token', TOKEN);
    assert.equal(store.get('tenant:1:siat.token'), TOKEN);
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).enc, 'none');
    if (posix) assert.equal(mode(file), 0o600);
  } finally {
    tmp.cleanup();
  }
});

test('desktop engine with a keystore: the master key seals the file, and a plain leftover is sealed at start', () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'secrets.json');
    new FileSecretStore(file).set('tenant:1:siat.token', TOKEN);
    const key = randomBytes(32);
    const { store, warning } = desktopSecretStore(file, key, false);
    assert.equal(warning, null);
    assertNotIn(file, TOKEN);
    assert.equal(store.get('tenant:1:siat.token'), TOKEN);
  } finally {
    tmp.cleanup();
  }
});
