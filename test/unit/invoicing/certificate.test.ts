import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { CertificateError, certificateNit, generateTrainingCertificate, loadCertificate, P12_MAX_ITERATIONS, p12IterationCounts } from '../../../main/invoicing/certificate';

const NOW = new Date('2025-03-01T12:00:00.000Z');
let training: { keyPem: string; certPem: string };

before(() => {
  training = generateTrainingCertificate({ nit: '1003579028', razonSocial: 'Distribuidora Ñandú S.R.L.', now: NOW });
});

function forgeP12(keyPem: string, certPem: string, password: string): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(keyPem), [forge.pki.certificateFromPem(certPem)], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

function certificateErrorCode(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof CertificateError, String(e));
    assert.match(e.message, /[a-záéíóúñ]/i);
    return e.code;
  }
  assert.fail('expected a CertificateError');
}

test('the training certificate: RSA-2048, self-signed, CN = razón social, valid 2 years from now', () => {
  const x = new X509Certificate(training.certPem);
  assert.ok(x.verify(x.publicKey), 'self-signed');
  assert.equal(x.publicKey.asymmetricKeyDetails?.modulusLength, 2048);
  assert.ok(x.checkPrivateKey(createPrivateKey(training.keyPem)));
  assert.equal(new Date(x.validFrom).getTime(), NOW.getTime());
  assert.equal(new Date(x.validTo).toISOString(), '2027-03-01T12:00:00.000Z');
  assert.match(x.subject, /CN=Distribuidora Ñandú S\.R\.L\./);
});

test('certificateNit reads the NIT the certificate was issued for', () => {
  assert.equal(certificateNit(training.certPem), '1003579028');
});

test('certificateNit returns null when no NIT is named or the PEM is unreadable', () => {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 512, e: 0x10001 });
  const c = forge.pki.createCertificate();
  c.publicKey = keys.publicKey;
  c.serialNumber = '01';
  c.validity.notBefore = NOW;
  c.validity.notAfter = new Date(NOW.getTime() + 86_400_000);
  c.setSubject([{ shortName: 'CN', value: 'Sin NIT' }]);
  c.setIssuer([{ shortName: 'CN', value: 'Sin NIT' }]);
  c.sign(keys.privateKey, forge.md.sha256.create());
  assert.equal(certificateNit(forge.pki.certificateToPem(c)), null);
  assert.equal(certificateNit('not a certificate'), null);
});

test('loadCertificate from PEM describes the certificate', () => {
  const c = loadCertificate(training);
  assert.equal(c.certDerBase64, new X509Certificate(training.certPem).raw.toString('base64'));
  assert.equal(c.notBefore.getTime(), NOW.getTime());
  assert.equal(c.notAfter.toISOString(), '2027-03-01T12:00:00.000Z');
  assert.match(c.subject, /CN=Distribuidora Ñandú S\.R\.L\./);
  assert.match(c.subject, /UID=1003579028/);
  assert.match(c.keyPem, /^-----BEGIN PRIVATE KEY-----/);
});

test('loadCertificate opens a PKCS#12 with its password', () => {
  const c = loadCertificate({ p12: forgeP12(training.keyPem, training.certPem, 'clave secreta'), password: 'clave secreta' });
  assert.equal(c.certDerBase64, new X509Certificate(training.certPem).raw.toString('base64'));
  assert.ok(new X509Certificate(c.certPem).checkPrivateKey(createPrivateKey(c.keyPem)));
});

test('a wrong password, an unreadable file or a mismatched key give Spanish errors with a code', () => {
  const p12 = forgeP12(training.keyPem, training.certPem, 'correcta');
  assert.equal(certificateErrorCode(() => loadCertificate({ p12, password: 'incorrecta' })), 'WRONG_PASSWORD');
  assert.equal(certificateErrorCode(() => loadCertificate({ p12: Buffer.from('esto no es un p12'), password: 'x' })), 'UNREADABLE');
  const other = generateTrainingCertificate({ nit: 1, razonSocial: 'Otro', now: NOW });
  assert.equal(certificateErrorCode(() => loadCertificate({ keyPem: other.keyPem, certPem: training.certPem })), 'KEY_MISMATCH');
  assert.equal(certificateErrorCode(() => loadCertificate({ keyPem: training.keyPem, certPem: 'basura' })), 'NO_CERTIFICATE');
});

test('a PKCS#12 made by OpenSSL 3 defaults (AES-256, PBKDF2) opens too', (t) => {
  const probe = spawnSync('openssl', ['version']);
  if (probe.status !== 0) return t.skip('openssl not available');
  const dir = mkdtempSync(join(tmpdir(), 'kipu-p12-'));
  try {
    writeFileSync(join(dir, 'key.pem'), training.keyPem);
    writeFileSync(join(dir, 'cert.pem'), training.certPem);
    // A non-ASCII password takes a different path (PBES2 wants its UTF-8 bytes).
    for (const password of ['abc123', 'ñandú123']) {
      const r = spawnSync('openssl', ['pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'c.p12', '-passout', `pass:${password}`], { cwd: dir });
      assert.equal(r.status, 0, r.stderr.toString());
      const c = loadCertificate({ p12: readFileSync(join(dir, 'c.p12')), password });
      assert.equal(c.certDerBase64, new X509Certificate(training.certPem).raw.toString('base64'), password);
      assert.equal(certificateErrorCode(() => loadCertificate({ p12: readFileSync(join(dir, 'c.p12')), password: 'otra' })), 'WRONG_PASSWORD');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a PKCS#12 asking for more iterations than the bound is refused before any derivation (issue 25)', (t) => {
  const probe = spawnSync('openssl', ['version']);
  if (probe.status !== 0) return t.skip('openssl not available');
  const dir = mkdtempSync(join(tmpdir(), 'kipu-p12-iter-'));
  try {
    writeFileSync(join(dir, 'key.pem'), training.keyPem);
    writeFileSync(join(dir, 'cert.pem'), training.certPem);
    const make = (iter: number, name: string) => {
      const r = spawnSync('openssl', ['pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', name, '-passout', 'pass:abc123', '-iter', String(iter)], { cwd: dir });
      assert.equal(r.status, 0, r.stderr.toString());
      return readFileSync(join(dir, name));
    };
    const costly = make(P12_MAX_ITERATIONS + 1, 'costly.p12');
    assert.ok(p12IterationCounts(costly).some((n) => n === P12_MAX_ITERATIONS + 1), JSON.stringify(p12IterationCounts(costly)));
    // Refused with the right password as with a wrong one: the count is read before the password is tried.
    for (const password of ['abc123', 'otra']) assert.equal(certificateErrorCode(() => loadCertificate({ p12: costly, password })), 'TOO_COSTLY');
    const usual = make(2048, 'usual.p12');
    assert.deepEqual([...new Set(p12IterationCounts(usual))], [2048]);
    assert.equal(loadCertificate({ p12: usual, password: 'abc123' }).certDerBase64, new X509Certificate(training.certPem).raw.toString('base64'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
