import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { generateTrainingCertificate } from '../../main/invoicing/certificate';
import { tokenSecretName } from '../../main/cuis-cufd/siat-gateway';
import { SCOPES } from '../../shared/api-scopes';
import { sqliteConnection } from '../../main/store/store';

let eng: TestEngine;
let other: { key: string; tenantId: string; nit: string };

async function json(res: Response): Promise<any> {
  return res.json();
}

/** A PKCS#12 (what a Bolivian CA hands out) for a NIT, made with node-forge. */
function makeP12(nit: string, password: string): string {
  const { keyPem, certPem } = generateTrainingCertificate({ nit, razonSocial: 'Tienda Certificada SRL', now: new Date() });
  const asn1 = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(keyPem), [forge.pki.certificateFromPem(certPem)], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary').toString('base64');
}

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  const nit = '7777777014';
  const t = eng.store.tenants.create({ nit, razonSocial: 'Otra Tienda SRL', municipio: 'La Paz', direccion: 'Calle 1' });
  other = { key: eng.store.apiKeys.create(t.id, 'otra', SCOPES).key, tenantId: t.id, nit };
});
after(async () => {
  await eng.stop();
});

test('settings and keys need an API key', async () => {
  for (const [method, path] of [
    ['GET', '/api/v1/settings/taxpayer'],
    ['GET', '/api/v1/settings/siat'],
    ['POST', '/api/v1/settings/certificate'],
    ['GET', '/api/v1/keys'],
    ['POST', '/api/v1/keys'],
    ['DELETE', '/api/v1/keys/x'],
  ] as const) {
    assert.equal((await eng.api(path, { method, key: null })).status, 401, `${method} ${path}`);
  }
});

describe('taxpayer', () => {
  test('read and update the caller\'s profile; the NIT cannot change', async () => {
    const cur = (await json(await eng.api('/api/v1/settings/taxpayer', { key: other.key }))).data;
    assert.deepEqual(cur, { companyId: other.tenantId, nit: other.nit, razonSocial: 'Otra Tienda SRL', municipio: 'La Paz', direccion: 'Calle 1', telefono: '', codigoSistema: '', ambiente: 2, modalidad: 2 });
    const next = { ...cur, razonSocial: '  Otra Tienda S.R.L. ', telefono: '2-2441122', codigoSistema: 'ABC123', modalidad: 1 };
    const res = await eng.api('/api/v1/settings/taxpayer', { method: 'PUT', key: other.key, json: next });
    assert.equal(res.status, 200);
    assert.deepEqual((await json(res)).data, { ...next, razonSocial: 'Otra Tienda S.R.L.' });
    // The demo tenant is untouched (isolation).
    assert.notEqual((await json(await eng.api('/api/v1/settings/taxpayer'))).data.razonSocial, 'Otra Tienda S.R.L.');
    // The till picks the modality's invoice type up.
    const cfg = (await json(await eng.api('/api/v1/public/till-config', { key: other.key }))).data;
    assert.equal(cfg.tenantId, other.tenantId);
    assert.equal(cfg.defaultInvoiceType, 'ELECTRONIC_SALE');

    const nitChange = await eng.api('/api/v1/settings/taxpayer', { method: 'PUT', key: other.key, json: { ...next, nit: '123' } });
    assert.equal(nitChange.status, 422);
    assert.match((await json(nitChange)).detail, /NIT no se puede cambiar/);
  });

  test('validation: unknown fields 400, out-of-range 422, empty names 422', async () => {
    const base = (await json(await eng.api('/api/v1/settings/taxpayer', { key: other.key }))).data;
    const extra = await eng.api('/api/v1/settings/taxpayer', { method: 'PUT', key: other.key, json: { ...base, colour: 'red' } });
    assert.equal(extra.status, 400);
    assert.match((await json(extra)).detail, /colour: no es un campo admitido/);
    assert.equal((await eng.api('/api/v1/settings/taxpayer', { method: 'PUT', key: other.key, json: { ...base, ambiente: 3 } })).status, 422);
    assert.equal((await eng.api('/api/v1/settings/taxpayer', { method: 'PUT', key: other.key, json: { ...base, razonSocial: '' } })).status, 422);
    assert.equal((await eng.api('/api/v1/settings/taxpayer', { method: 'PUT', key: other.key, json: { ...base, razonSocial: '   ' } })).status, 422);
    assert.equal((await eng.api('/api/v1/settings/taxpayer', { method: 'PUT', key: other.key, json: { ...base, ambiente: '1' } })).status, 400);
  });
});

describe('SIAT credentials', () => {
  test('the token goes to the secret store and never comes back', async () => {
    const before = (await json(await eng.api('/api/v1/settings/siat', { key: other.key }))).data;
    assert.equal(before.tokenSet, false);
    assert.equal(before.url, eng.simulator!.url);
    const res = await eng.api('/api/v1/settings/siat', { method: 'PUT', key: other.key, json: { token: 'secreto-delegado-123' } });
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.doesNotMatch(text, /secreto-delegado-123/);
    assert.equal(JSON.parse(text).data.tokenSet, true);
    assert.equal(eng.gateway.token(eng.store.tenants.byId(other.tenantId)!), 'secreto-delegado-123');
    // Stored under the gateway's name, and not as plain text in the database.
    const secrets = readFileSync(join(eng.dataDir, 'secrets.json'), 'utf8');
    assert.match(secrets, new RegExp(tokenSecretName(other.tenantId).replace(/\./g, '\\.')));
    const db = sqliteConnection(eng.store).prepare("SELECT COUNT(*) n FROM settings WHERE value LIKE '%secreto-delegado%'").get() as { n: number };
    assert.equal(db.n, 0);
    assert.equal((await json(await eng.api('/api/v1/settings/siat', { key: other.key }))).data.tokenSet, true);
    assert.equal((await json(await eng.api('/api/v1/settings/siat'))).data.tokenSet, false, 'isolation: the demo tenant has no token of its own');
  });

  test('a URL must be http(s) and end in /v2; the training simulator URL cannot change; unknown fields 400', async () => {
    const bad = await eng.api('/api/v1/settings/siat', { method: 'PUT', key: other.key, json: { url: 'ftp://x/v2' } });
    assert.equal(bad.status, 422);
    assert.equal((await eng.api('/api/v1/settings/siat', { method: 'PUT', key: other.key, json: { url: 'https://siat.example/v1' } })).status, 422);
    const training = await eng.api('/api/v1/settings/siat', { method: 'PUT', json: { url: 'https://pilotosiatservicios.impuestos.gob.bo/v2' } });
    assert.equal(training.status, 422);
    assert.match((await json(training)).detail, /entrenamiento/);
    assert.equal((await eng.api('/api/v1/settings/siat', { method: 'PUT', json: { url: eng.simulator!.url } })).status, 200, 'the same URL is fine');
    assert.equal((await eng.api('/api/v1/settings/siat', { method: 'PUT', key: other.key, json: { token: 'x', apiKey: 'y' } })).status, 400);
  });

  test('the token’s expiry day is an existing aaaa-mm-dd date; null clears it, and so does a new token without one', async () => {
    const put = (json: unknown) => eng.api('/api/v1/settings/siat', { method: 'PUT', key: other.key, json });
    for (const bad of ['2026-02-30', '31/12/2026', '2026-12-31T00:00']) {
      const res = await put({ tokenExpiresOn: bad });
      assert.equal(res.status, 422, bad);
      const body = await json(res);
      assert.match(body.detail, /fecha de vencimiento del token no es válida/);
      assert.equal(body.error.fields[0].field, 'tokenExpiresOn');
    }
    assert.equal((await put({ tokenExpiresOn: 20261231 })).status, 400);

    const saved = await put({ tokenExpiresOn: '2026-12-31' });
    assert.equal(saved.status, 200);
    assert.equal((await json(saved)).data.tokenExpiresOn, '2026-12-31');
    assert.equal((await json(await eng.api('/api/v1/settings/siat', { key: other.key }))).data.tokenExpiresOn, '2026-12-31');
    assert.equal((await json(await eng.api('/api/v1/settings/siat'))).data.tokenExpiresOn, null, 'isolation');
    assert.equal((await json(await put({ url: '' }))).data.tokenExpiresOn, '2026-12-31', 'kept when neither the token nor the date is sent');
    assert.equal((await json(await put({ tokenExpiresOn: null }))).data.tokenExpiresOn, null);

    await put({ token: 'otro-token', tokenExpiresOn: '2027-01-15' });
    assert.equal((await json(await eng.api('/api/v1/settings/siat', { key: other.key }))).data.tokenExpiresOn, '2027-01-15');
    assert.equal((await json(await put({ token: 'token-nuevo' }))).data.tokenExpiresOn, null, 'a new token does not inherit the old one’s date');
  });
});

describe('certificate', () => {
  test('a PKCS#12 with its password installs the signer and answers subject and expiry', async () => {
    const p12Base64 = makeP12(other.nit, 'clave-1234');
    const opened = eng.certificateWorkers.completed;
    const res = await eng.api('/api/v1/settings/certificate', { method: 'POST', key: other.key, json: { p12Base64, password: 'clave-1234' } });
    assert.equal(res.status, 200, await res.clone().text());
    // Opened on the certificate worker thread, not on the one that answers the tills (issue 25).
    assert.equal(eng.certificateWorkers.completed, opened + 1);
    const { data } = await json(res);
    assert.match(data.subject, /CN=Tienda Certificada SRL/);
    assert.ok(new Date(data.notAfter).getTime() > Date.now() + 300 * 86_400_000);
    assert.equal(eng.signers.info(other.tenantId)?.subject, data.subject);
    assert.doesNotMatch(JSON.stringify(data), /PRIVATE KEY/);
  });

  test('a wrong password is a Spanish 422', async () => {
    const res = await eng.api('/api/v1/settings/certificate', { method: 'POST', key: other.key, json: { p12Base64: makeP12(other.nit, 'buena'), password: 'mala' } });
    assert.equal(res.status, 422);
    const b = await json(res);
    assert.equal(b.error.code, 'CERTIFICATE_WRONG_PASSWORD', 'the worker\'s CertificateError keeps its code');
    assert.equal(b.detail, 'La contraseña del certificado es incorrecta.');
  });

  test('a certificate of another NIT is refused outside training', async () => {
    // This engine runs in training mode; a non-training one enforces SIAT 922.
    const e2 = await startTestEngine({ KIPU_TRAINING: '0', KIPU_SIAT_URL: 'http://127.0.0.1:9/v2', KIPU_SIAT_TOKEN: 't' }, undefined, { scheduler: false });
    try {
      const t = e2.store.tenants.create({ nit: '1020304022', razonSocial: 'Real SRL', municipio: 'La Paz', direccion: 'Av. 1' });
      const key = e2.store.apiKeys.create(t.id, 'k', SCOPES).key;
      const wrong = await e2.api('/api/v1/settings/certificate', { method: 'POST', key, json: { p12Base64: makeP12('999999999', 'p'), password: 'p' } });
      assert.equal(wrong.status, 422);
      const b = await json(wrong);
      assert.equal(b.error.code, 'CERTIFICATE_NIT_MISMATCH');
      assert.match(b.detail, /NIT 999999999, no del contribuyente \(NIT 1020304022\)/);
      const right = await e2.api('/api/v1/settings/certificate', { method: 'POST', key, json: { p12Base64: makeP12('1020304022', 'p'), password: 'p' } });
      assert.equal(right.status, 200);
    } finally {
      await e2.stop();
    }
  });

  test('PEM pair works; mixing shapes, garbage and a mismatched pair are refused', async () => {
    const a = generateTrainingCertificate({ nit: other.nit, razonSocial: 'PEM SRL', now: new Date() });
    const b = generateTrainingCertificate({ nit: other.nit, razonSocial: 'Otra', now: new Date() });
    assert.equal((await eng.api('/api/v1/settings/certificate', { method: 'POST', key: other.key, json: { keyPem: a.keyPem, certPem: a.certPem } })).status, 200);
    const mismatch = await eng.api('/api/v1/settings/certificate', { method: 'POST', key: other.key, json: { keyPem: b.keyPem, certPem: a.certPem } });
    assert.equal(mismatch.status, 422);
    assert.match((await json(mismatch)).detail, /no corresponde/);
    assert.equal((await eng.api('/api/v1/settings/certificate', { method: 'POST', key: other.key, json: { keyPem: a.keyPem, certPem: a.certPem, p12Base64: 'AA==', password: 'x' } })).status, 400);
    assert.equal((await eng.api('/api/v1/settings/certificate', { method: 'POST', key: other.key, json: { p12Base64: 'AAAA' } })).status, 400);
    const garbage = await eng.api('/api/v1/settings/certificate', { method: 'POST', key: other.key, json: { p12Base64: 'AAAA', password: 'x' } });
    assert.equal(garbage.status, 422);
    assert.match((await json(garbage)).detail, /PKCS#12/);
  });
});

describe('API keys', () => {
  test('create (shown once), list without secrets, use, revoke', async () => {
    const res = await eng.api('/api/v1/keys', { method: 'POST', key: other.key, json: { name: 'ERP' } });
    assert.equal(res.status, 201);
    const created = (await json(res)).data;
    assert.match(created.key, /^kipu_[a-z0-9]{8}_[A-Za-z0-9]{40}$/);
    assert.equal(created.prefix, created.key.split('_')[1]);

    const list = await eng.api('/api/v1/keys', { key: other.key });
    const text = await list.text();
    assert.doesNotMatch(text, new RegExp(created.key));
    const keys = JSON.parse(text).data;
    assert.ok(keys.some((k: any) => k.id === created.id && k.name === 'ERP'));
    assert.ok(!(await json(await eng.api('/api/v1/keys'))).data.some((k: any) => k.id === created.id), 'the demo tenant does not list it');

    assert.equal((await eng.api('/api/v1/pos', { key: created.key })).status, 200);
    assert.equal((await eng.api(`/api/v1/keys/${created.id}`, { method: 'DELETE', key: other.key })).status, 200);
    assert.equal((await eng.api('/api/v1/pos', { key: created.key })).status, 401);
    assert.ok(!(await json(await eng.api('/api/v1/keys', { key: other.key }))).data.some((k: any) => k.id === created.id));
    assert.equal((await eng.api(`/api/v1/keys/${created.id}`, { method: 'DELETE', key: other.key })).status, 404, 'already revoked');
  });

  test('a tenant cannot revoke another\'s key, nor the key it is calling with', async () => {
    const ownerPrefix = eng.ownerKey!.split('_')[1];
    const ownerKeyId = ((await json(await eng.api('/api/v1/keys'))).data as { id: string; prefix: string }[]).find((k) => k.prefix === ownerPrefix)!.id;
    assert.equal((await eng.api(`/api/v1/keys/${ownerKeyId}`, { method: 'DELETE', key: other.key })).status, 404);
    assert.equal((await eng.api('/api/v1/pos')).status, 200, 'the owner key still works');
    const own = await eng.api(`/api/v1/keys/${ownerKeyId}`, { method: 'DELETE' });
    assert.equal(own.status, 409);
    assert.match((await json(own)).detail, /con la que está conectado/);
  });

  test('validation of the key name', async () => {
    assert.equal((await eng.api('/api/v1/keys', { method: 'POST', json: {} })).status, 400);
    assert.equal((await eng.api('/api/v1/keys', { method: 'POST', json: { name: '' } })).status, 422);
    assert.equal((await eng.api('/api/v1/keys', { method: 'POST', json: { name: '   ' } })).status, 422);
    assert.equal((await eng.api('/api/v1/keys', { method: 'POST', json: { name: 'x', scope: 'all' } })).status, 400);
  });
});
