// Issue 25, "immutable documents rendered once": public downloads of an issued invoice render its
// PDF, ticket and ZIP once, keep them in the store, and serve the stored bytes afterwards with a
// strong ETag (304) and byte ranges (206/416). Renders are counted by the real renderer
// (InvoiceDocuments.renders, exposed as engine.documents.renders).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice } from '../fixtures/issued-invoice';
import { tempDir } from '../fixtures/tmp';
import { pdfText } from '../unit/documents/pdf-tools';

// Many downloads from one address: above the public rate limit's default, which is not under test.
const ENV = { KIPU_PUBLIC_RATE_LIMIT: '100000' };
const data = tempDir();
let eng: TestEngine;
before(async () => {
  eng = await startTestEngine(ENV, data.dir, { scheduler: false });
});
after(async () => {
  await eng.stop();
  data.cleanup();
});

type Kind = 'pdf' | 'ticket' | 'zip';
const pub = (cuf: string, f: Kind, headers: Record<string, string> = {}) => fetch(`${eng.url}/api/v1/public/invoice/${cuf}/${f}`, { headers });
const renders = () => ({ ...eng.documents.renders });
const since = (start: { pdf: number; ticket: number; zip: number }) => {
  const now = renders();
  return { pdf: now.pdf - start.pdf, ticket: now.ticket - start.ticket, zip: now.zip - start.zip };
};
const sha = (b: Uint8Array) => `"${createHash('sha256').update(b).digest('hex')}"`;

/** n downloads at once: each answer 200, its body and its ETag. */
async function downloads(cuf: string, f: Kind, n: number): Promise<{ etag: string | null; body: Buffer }[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const res = await pub(cuf, f);
      assert.equal(res.status, 200, f);
      return { etag: res.headers.get('etag'), body: Buffer.from(await res.arrayBuffer()) };
    }),
  );
}

function sameFile(got: { etag: string | null; body: Buffer }[]): { etag: string; body: Buffer } {
  const first = got[0]!;
  for (const g of got) assert.ok(g.body.equals(first.body), 'every download is the same bytes');
  assert.equal(first.etag, sha(first.body), 'strong ETag = SHA-256 of the bytes');
  for (const g of got) assert.equal(g.etag, first.etag);
  return { etag: first.etag!, body: first.body };
}

test('20 public downloads of the PDF, of the ZIP and of the ticket render each file once; the ZIP bundles the stored PDF', { timeout: 300_000 }, async () => {
  const inv = await issueInvoice(eng);
  const start = renders();
  const pdf = sameFile(await downloads(inv.cuf, 'pdf', 20));
  const zip = sameFile(await downloads(inv.cuf, 'zip', 20));
  const ticket = sameFile(await downloads(inv.cuf, 'ticket', 20));
  assert.deepEqual(since(start), { pdf: 1, ticket: 1, zip: 1 });
  // The ZIP stores PDFs uncompressed: the PDF downloaded alone is inside it byte for byte.
  assert.ok(zip.body.includes(pdf.body), 'the ZIP holds the stored PDF');
  assert.ok(zip.body.includes(ticket.body), 'the ZIP holds the stored ticket');
  assert.notEqual(pdf.etag, ticket.etag);
  // And again one at a time: nothing more is rendered.
  for (const f of ['pdf', 'zip', 'ticket'] as const) sameFile(await downloads(inv.cuf, f, 3));
  assert.deepEqual(since(start), { pdf: 1, ticket: 1, zip: 1 });
});

test('after a cancellation the PDF, ticket and ZIP are the cancelled ones (new ETag, ANULADA), rendered once more; the earlier copy is kept', { timeout: 300_000 }, async () => {
  const inv = await issueInvoice(eng);
  const tenantId = eng.store.apiKeys.authenticate(eng.ownerKey!)!.tenantId;
  const first = { pdf: sameFile(await downloads(inv.cuf, 'pdf', 2)), zip: sameFile(await downloads(inv.cuf, 'zip', 2)) };
  assert.doesNotMatch(pdfText(first.pdf.body), /ANULADA/);

  const c = await eng.api(`/api/v1/invoices/${inv.id}/cancel?motivo=1`, { method: 'POST' });
  assert.equal(c.status, 200, await c.clone().text());
  const start = renders();
  const pdf = sameFile(await downloads(inv.cuf, 'pdf', 10));
  const zip = sameFile(await downloads(inv.cuf, 'zip', 10));
  const ticket = sameFile(await downloads(inv.cuf, 'ticket', 10));
  assert.notEqual(pdf.etag, first.pdf.etag, 'no stale PDF');
  assert.notEqual(zip.etag, first.zip.etag, 'no stale ZIP');
  assert.match(pdfText(pdf.body), /ANULADA/);
  assert.match(pdfText(ticket.body), /ANULADA/);
  assert.ok(zip.body.includes(pdf.body), 'the ZIP holds the cancelled PDF');
  assert.deepEqual(since(start), { pdf: 1, ticket: 1, zip: 1 });
  // A client holding the old copy revalidates and gets the new one, not a 304.
  const reval = await pub(inv.cuf, 'pdf', { 'if-none-match': first.pdf.etag });
  assert.equal(reval.status, 200);
  assert.equal(reval.headers.get('etag'), pdf.etag);
  // Append-only: the copy from before the cancellation is still stored beside the new one.
  assert.equal(eng.store.renderedDocuments.count(tenantId, inv.id, 'pdf'), 2);
});

test('a reversed cancellation serves the paper without the ANULADA mark again: the copy stored before it', { timeout: 300_000 }, async () => {
  const inv = await issueInvoice(eng);
  const valid = sameFile(await downloads(inv.cuf, 'pdf', 1));
  assert.equal((await eng.api(`/api/v1/invoices/${inv.id}/cancel?motivo=1`, { method: 'POST' })).status, 200);
  const cancelled = sameFile(await downloads(inv.cuf, 'pdf', 1));
  assert.match(pdfText(cancelled.body), /ANULADA/);
  const rev = await eng.api(`/api/v1/invoices/${inv.id}/reverse-cancellation`, { method: 'POST' });
  assert.equal(rev.status, 200, await rev.clone().text());
  const start = renders();
  const again = sameFile(await downloads(inv.cuf, 'pdf', 2));
  assert.doesNotMatch(pdfText(again.body), /ANULADA/);
  assert.notEqual(again.etag, cancelled.etag);
  // The paper reads as it did before the cancellation: the copy stored then is served, unrendered.
  assert.equal(again.etag, valid.etag);
  assert.deepEqual(since(start), { pdf: 0, ticket: 0, zip: 0 });
});

test('If-None-Match with the ETag → 304 without a body and without rendering; another tag → 200', { timeout: 300_000 }, async () => {
  const inv = await issueInvoice(eng);
  for (const f of ['pdf', 'ticket', 'zip'] as const) {
    const { etag } = sameFile(await downloads(inv.cuf, f, 1));
    const start = renders();
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await pub(inv.cuf, f, { 'if-none-match': inm });
      assert.equal(res.status, 304, `${f} If-None-Match: ${inm}`);
      assert.equal(res.headers.get('etag'), etag);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000');
      assert.equal((await res.arrayBuffer()).byteLength, 0);
    }
    const other = await pub(inv.cuf, f, { 'if-none-match': '"not-this-one"' });
    assert.equal(other.status, 200);
    assert.equal(sha(new Uint8Array(await other.arrayBuffer())), etag);
    assert.deepEqual(since(start), { pdf: 0, ticket: 0, zip: 0 });
  }
});

test('Range: one range → 206 with Content-Range and those bytes; past the end → 416; If-Range of another version → the whole file', { timeout: 300_000 }, async () => {
  const inv = await issueInvoice(eng);
  const { etag, body } = sameFile(await downloads(inv.cuf, 'zip', 1));
  const size = body.length;
  assert.ok(size > 200, `a ZIP of ${size} bytes`);

  const part = async (range: string, extra: Record<string, string> = {}) => {
    const res = await pub(inv.cuf, 'zip', { range, ...extra });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const head = await part('bytes=0-99');
  assert.equal(head.res.status, 206);
  assert.equal(head.res.headers.get('content-range'), `bytes 0-99/${size}`);
  assert.equal(head.res.headers.get('content-length'), '100');
  assert.equal(head.res.headers.get('content-type'), 'application/zip');
  assert.equal(head.res.headers.get('etag'), etag);
  assert.ok(head.bytes.equals(body.subarray(0, 100)));

  const rest = await part('bytes=100-');
  assert.equal(rest.res.status, 206);
  assert.equal(rest.res.headers.get('content-range'), `bytes 100-${size - 1}/${size}`);
  assert.ok(Buffer.concat([head.bytes, rest.bytes]).equals(body), 'two ranges put back together are the file');

  const tail = await part('bytes=-30');
  assert.equal(tail.res.status, 206);
  assert.ok(tail.bytes.equals(body.subarray(size - 30)));

  const beyond = await part(`bytes=${size}-`);
  assert.equal(beyond.res.status, 416);
  assert.equal(beyond.res.headers.get('content-range'), `bytes */${size}`);

  const matching = await part('bytes=0-9', { 'if-range': etag });
  assert.equal(matching.res.status, 206);
  const stale = await part('bytes=0-9', { 'if-range': '"an-older-version"' });
  assert.equal(stale.res.status, 200);
  assert.ok(stale.bytes.equals(body));
  assert.equal(stale.res.headers.get('accept-ranges'), 'bytes');
});

test('the stored files survive a restart: the same bytes, nothing rendered', { timeout: 300_000 }, async () => {
  const inv = await issueInvoice(eng);
  const before = { pdf: sameFile(await downloads(inv.cuf, 'pdf', 1)), zip: sameFile(await downloads(inv.cuf, 'zip', 1)) };
  await eng.close();
  eng = await startTestEngine(ENV, data.dir, { scheduler: false });
  assert.deepEqual(renders(), { pdf: 0, ticket: 0, zip: 0 });
  assert.equal(sameFile(await downloads(inv.cuf, 'pdf', 5)).etag, before.pdf.etag);
  assert.equal(sameFile(await downloads(inv.cuf, 'zip', 5)).etag, before.zip.etag);
  assert.deepEqual(renders(), { pdf: 0, ticket: 0, zip: 0 });
});
