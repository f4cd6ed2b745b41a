// Issue #19, finding 2: where the installation's delegated token may go (defense in depth in the
// gateway, whatever urlFor answers), and which URLs count as SIAT's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SiatGateway, tokenSecretName, type TenantSiatUrl } from '../../../main/cuis-cufd/siat-gateway';
import { checkAdminSiatBaseUrl, isOfficialSiatUrl, OFFICIAL_SIAT_BASE_URLS } from '../../../main/siat/base-url';
import type { SecretStore } from '../../../main/config/secrets';
import type { Tenant } from '../../../main/store/tenants';

const INSTALLATION = 'http://127.0.0.1:9/v2';
const tenant = { id: 't1', nit: '1020304022', ambiente: 2, modalidad: 2, codigoSistema: 'ABC' } as Tenant;

function memorySecrets(init: Record<string, string> = {}): SecretStore {
  const m = new Map(Object.entries(init));
  return { get: (n) => m.get(n) ?? null, set: (n, v) => void m.set(n, v), delete: (n) => void m.delete(n) };
}

function gateway(choice: TenantSiatUrl | null, secrets = memorySecrets()): SiatGateway {
  return new SiatGateway({ baseUrl: INSTALLATION, defaultToken: 'installation-token', secrets, urlFor: () => choice });
}

test('SIAT’s own base URLs are the two https hosts of CONTRACT §1.1 at /v2, and nothing that merely resembles them', () => {
  for (const ok of [OFFICIAL_SIAT_BASE_URLS.pilot, OFFICIAL_SIAT_BASE_URLS.production, 'https://PilotoSiatServicios.impuestos.gob.bo/v2/', 'https://siatrest.impuestos.gob.bo:443/v2']) {
    assert.ok(isOfficialSiatUrl(ok), ok);
  }
  for (const bad of [
    'http://pilotosiatservicios.impuestos.gob.bo/v2',
    'https://pilotosiatservicios.impuestos.gob.bo:8443/v2',
    'https://pilotosiatservicios.impuestos.gob.bo.example.com/v2',
    'https://evil.example/pilotosiatservicios.impuestos.gob.bo/v2',
    'https://user:pw@siatrest.impuestos.gob.bo/v2',
    'https://siatrest.impuestos.gob.bo/v2?x=1',
    'https://siatrest.impuestos.gob.bo/v1',
    'https://siatrest.impuestos.gob.bo/v2/FacturacionCodigos',
    'https://siat.impuestos.gob.bo/v2',
    'http://127.0.0.1:8080/v2',
    'no es url',
  ]) {
    assert.equal(isOfficialSiatUrl(bad), false, bad);
  }
});

test('the administrator may set any http(s) URL ending in /v2, without credentials', () => {
  assert.deepEqual(checkAdminSiatBaseUrl('http://127.0.0.1:4010/v2/'), { ok: true, url: 'http://127.0.0.1:4010/v2' });
  for (const bad of ['ftp://x/v2', 'http://x/v1', 'http://u:p@x/v2', 'http://x/v2?a=1', 'x']) {
    assert.equal(checkAdminSiatBaseUrl(bad).ok, false, bad);
  }
});

test('the installation’s token follows the installation URL, SIAT’s own hosts and the administrator’s choice, never a tenant’s other URL', () => {
  assert.equal(gateway(null).token(tenant), 'installation-token');
  assert.equal(gateway({ url: OFFICIAL_SIAT_BASE_URLS.production, setBy: 'tenant' }).token(tenant), 'installation-token');
  assert.equal(gateway({ url: 'http://127.0.0.1:4010/v2', setBy: 'admin' }).token(tenant), 'installation-token');
  assert.equal(gateway({ url: 'http://127.0.0.1:4010/v2', setBy: 'tenant' }).token(tenant), '');
  // The tenant's own token goes where the tenant's URL points: it is the tenant's to give away.
  const own = memorySecrets({ [tokenSecretName(tenant.id)]: 'tenant-token' });
  assert.equal(gateway({ url: 'http://127.0.0.1:4010/v2', setBy: 'tenant' }, own).token(tenant), 'tenant-token');
});

test('a client for a tenant-chosen non-SIAT URL does not carry the installation’s token over the wire', async () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
    await gateway({ url, setBy: 'tenant' }).client(tenant).codigos.verificarComunicacion().catch(() => undefined);
    assert.equal(seen.length, 1);
    assert.doesNotMatch(String(seen[0]!.apikey), /installation-token/);
  } finally {
    await new Promise((r) => server.close(r));
  }
});
