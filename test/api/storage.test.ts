import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice, makePng, type IssuedInvoice } from '../fixtures/issued-invoice';
import { pdfPagePng } from '../unit/documents/pdf-tools';
import { PNG } from 'pngjs';
import { SCOPES } from '../../shared/api-scopes';

let eng: TestEngine;
let tenantId: string;
let inv: IssuedInvoice;
before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  tenantId = eng.store.apiKeys.authenticate(eng.demoApiKey!)!.tenantId;
  inv = await issueInvoice(eng);
});
after(async () => {
  await eng.stop();
});

const upload = (body: Buffer, opts: { companyId?: string; type?: string; key?: string } = {}) =>
  eng.api(`/api/v1/storage/brand/logo?companyId=${opts.companyId ?? tenantId}`, {
    method: 'POST',
    headers: { 'content-type': opts.type ?? 'image/png' },
    body: new Uint8Array(body),
    ...(opts.key ? { key: opts.key } : {}),
  });

/** Image XObjects of page 1, as poppler's pdfimages lists them (width×height per image). */
function pdfImages(pdf: Uint8Array): { width: number; height: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-img-'));
  try {
    writeFileSync(join(dir, 'd.pdf'), pdf);
    const r = spawnSync('/usr/bin/pdfimages', ['-list', join(dir, 'd.pdf')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => l.trim().split(/\s+/))
      .filter((c) => c[2] === 'image')
      .map((c) => ({ width: Number(c[3]), height: Number(c[4]) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function errorOf(res: Response): Promise<{ status: number; code: string; detail: string }> {
  const b = (await res.json()) as { success: boolean; detail: string; error: { code: string } };
  assert.equal(b.success, false);
  return { status: res.status, code: b.error.code, detail: b.detail };
}

test('status reports the local object store as enabled', async () => {
  const res = await eng.api('/api/v1/storage/status');
  assert.equal(res.status, 200);
  const b = (await res.json()) as { data: { objectstoreEnabled: boolean; backend: string; timestamp: string } };
  assert.equal(b.data.objectstoreEnabled, true);
  assert.equal(b.data.backend, 'local');
  assert.match(b.data.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
});

test('the connectivity test uploads, finds, downloads and compares, and leaves nothing behind', async () => {
  const res = await eng.api('/api/v1/storage/test', { method: 'POST' });
  assert.equal(res.status, 200);
  const b = (await res.json()) as { data: Record<string, boolean> };
  assert.deepEqual(b.data, { upload: true, exists: true, download: true, contentMatch: true });
  const probeDir = join(eng.dataDir, 'objects', 'healthcheck', tenantId);
  assert.ok(!existsSync(probeDir) || readdirSync(probeDir).length === 0);
});

test('storage needs the API key; the public object route serves only brand objects', async () => {
  assert.equal((await eng.api('/api/v1/storage/status', { key: null })).status, 401);
  assert.equal((await fetch(`${eng.url}/api/v1/public/storage/healthcheck/x.bin`)).status, 404);
  assert.equal((await fetch(`${eng.url}/api/v1/public/storage/brand/../secrets.json`)).status, 404);
});

test('a JPEG is rejected whether it claims to be PNG (422) or says image/jpeg (415)', async () => {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, ...new Array(200).fill(0)]);
  const e = await errorOf(await upload(jpeg));
  assert.equal(e.status, 422);
  assert.equal(e.code, 'LOGO_NOT_PNG');
  assert.match(e.detail, /no es una imagen PNG \(es JPEG\)/);
  assert.equal((await upload(jpeg, { type: 'image/jpeg' })).status, 415);
});

test('a PNG with a damaged IHDR is rejected', async () => {
  const png = makePng(240, 240);
  png[20] = png[20]! ^ 0xff; // height byte changed, CRC no longer matches
  const e = await errorOf(await upload(png));
  assert.equal(e.status, 422);
  assert.match(e.detail, /IHDR/);
});

test('a logo over 500 KB → 413 with a Spanish detail naming the limit', async () => {
  const big = makePng(420, 420, { noise: true });
  assert.ok(big.length > 500 * 1024, `fixture is ${big.length} bytes`);
  const e = await errorOf(await upload(big));
  assert.equal(e.status, 413);
  assert.equal(e.code, 'LOGO_TOO_LARGE');
  assert.match(e.detail, /el máximo es 500 KB/);
});

test('companyId of another company → 403, for the demo key and for another tenant\'s key', async () => {
  const png = makePng(240, 240);
  const other = eng.store.tenants.create({ nit: '1020304050', razonSocial: 'FERRETERIA EL CLAVO' });
  const { key } = eng.store.apiKeys.create(other.id, 'test', SCOPES);
  let e = await errorOf(await upload(png, { companyId: other.id }));
  assert.equal(e.status, 403);
  assert.match(e.detail, /solo puede subir el logo de su propia empresa/);
  e = await errorOf(await upload(png, { companyId: tenantId, key }));
  assert.equal(e.status, 403);
  assert.equal((await upload(png, { companyId: 'not-a-uuid' })).status, 400);
});

test('a PNG logo is stored, served at its public cdnUrl and drawn on the A4 PDF', async () => {
  const before = pdfImages(new Uint8Array(await (await fetch(`${eng.url}/api/v1/public/invoice/${inv.cuf}/pdf`)).arrayBuffer()));
  assert.equal(before.length, 0, 'no image on the PDF without a logo (the QR is vector)');

  const png = makePng(300, 200);
  const res = await upload(png);
  assert.equal(res.status, 200, await res.clone().text());
  const b = (await res.json()) as { data: { objectKey: string; cdnUrl: string; size: number } };
  assert.equal(b.data.size, png.length);
  assert.match(b.data.objectKey, new RegExp(`^brand/${tenantId}/logo-[0-9a-f]{16}\\.png$`));
  assert.equal(b.data.cdnUrl, `${eng.url}/api/v1/public/storage/${b.data.objectKey}`);

  const cdn = await fetch(b.data.cdnUrl);
  assert.equal(cdn.status, 200);
  assert.equal(cdn.headers.get('content-type'), 'image/png');
  assert.match(cdn.headers.get('cache-control') ?? '', /max-age=31536000/);
  assert.ok(Buffer.from(await cdn.arrayBuffer()).equals(png));

  const pdf = new Uint8Array(await (await fetch(`${eng.url}/api/v1/public/invoice/${inv.cuf}/pdf`)).arrayBuffer());
  const images = pdfImages(pdf);
  assert.deepEqual(images, [{ width: 300, height: 200 }]);
  // And it is visible: the logo's blue-green left half shows up in the page's top-left area.
  const page = PNG.sync.read(pdfPagePng(pdf, 1, 72));
  let hits = 0;
  for (let y = 0; y < 160; y++) {
    for (let x = 0; x < 300; x++) {
      const o = (y * page.width + x) * 4;
      if (Math.abs(page.data[o]! - 0x1f) < 20 && Math.abs(page.data[o + 1]! - 0x6f) < 20 && Math.abs(page.data[o + 2]! - 0xb4) < 20) hits++;
    }
  }
  assert.ok(hits > 200, `logo pixels on the page: ${hits}`);
});

test('a new logo replaces the old one: new key, old object gone', async () => {
  const first = (await (await upload(makePng(220, 220))).json()) as { data: { objectKey: string; cdnUrl: string } };
  const second = (await (await upload(makePng(260, 220))).json()) as { data: { objectKey: string } };
  assert.notEqual(first.data.objectKey, second.data.objectKey);
  assert.equal((await fetch(first.data.cdnUrl)).status, 404);
});

test('a small logo is accepted with the 200×200 recommendation in the message', async () => {
  const res = await upload(makePng(120, 60));
  assert.equal(res.status, 200);
  const b = (await res.json()) as { message: string };
  assert.match(b.message, /se recomienda al menos 200×200 px/);
});
