import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice, type IssuedInvoice } from '../fixtures/issued-invoice';
import { pdfText } from '../unit/documents/pdf-tools';

let eng: TestEngine;
let inv: IssuedInvoice;
before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  inv = await issueInvoice(eng);
});
after(async () => {
  await eng.stop();
});

const pub = (cuf: string, f: string) => fetch(`${eng.url}/api/v1/public/invoice/${cuf}/${f}`);

function withFile<T>(bytes: Uint8Array, name: string, fn: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-dl-'));
  try {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text in reading layout (rows kept together), whitespace collapsed. */
function layoutText(pdf: Uint8Array): string {
  const out = withFile(pdf, 'doc.pdf', (f) => spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', f, '-'], { encoding: 'utf8' }));
  assert.equal(out.status, 0, out.stderr);
  return out.stdout.replace(/\s+/g, ' ').trim();
}

/** Page size in points of page 1, from poppler's pdfinfo. */
function pageSize(pdf: Uint8Array): { w: number; h: number } {
  const out = withFile(pdf, 'doc.pdf', (f) => spawnSync('/usr/bin/pdfinfo', [f], { encoding: 'utf8' }).stdout);
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(out);
  assert.ok(m, out);
  return { w: Number(m[1]), h: Number(m[2]) };
}

function assertPublicFileHeaders(res: Response, type: string, fileName: string): void {
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), type);
  assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000');
  assert.match(res.headers.get('content-disposition') ?? '', new RegExp(`filename="${fileName.replace(/\./g, '\\.')}"`));
}

test('the A4 PDF of an issued invoice, without a key, shows CUF, NIT, number, totals, literal and legend', async () => {
  const res = await pub(inv.cuf, 'pdf');
  assertPublicFileHeaders(res, 'application/pdf', `factura-${inv.invoiceNumber}-${inv.cuf}.pdf`);
  const pdf = new Uint8Array(await res.arrayBuffer());
  assert.equal(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
  const size = pageSize(pdf);
  assert.ok(Math.abs(size.w - 595.28) < 1 && Math.abs(size.h - 841.89) < 1, `A4, got ${size.w}×${size.h}`);
  const text = pdfText(pdf);
  const rows = layoutText(pdf);
  // The CUF may wrap inside its cell: compare without spaces.
  assert.ok(text.replace(/\s/g, '').includes(inv.cuf), 'CUF');
  assert.match(text, /NIT 7000123019/);
  assert.match(text, new RegExp(`FACTURA N° ${inv.invoiceNumber}\\b`));
  assert.match(text, /COMERCIAL KIPU DEMO S\.R\.L\./);
  assert.match(text, /Juan Pérez/);
  assert.match(text, /UNIDAD \(BIENES\)/, 'unit description from the synced catalog');
  assert.match(text, /Arroz 1 kg/);
  assert.match(text, /19,00/);
  assert.match(text, /27,60/);
  assert.match(rows, /P1 2,00 UNIDAD \(BIENES\) Arroz 1 kg 9,50 0,00 19,00/);
  assert.match(rows, /\bTOTAL Bs 46,60/);
  // Labels and values of the totals box, in order: subtotal, descuento, total, gift card,
  // monto a pagar, importe base crédito fiscal (bold rows are extracted apart from their labels).
  assert.match(text, /SUBTOTAL Bs DESCUENTO Bs TOTAL Bs MONTO GIFT CARD Bs MONTO A PAGAR Bs IMPORTE BASE CRÉDITO FISCAL Bs/);
  assert.match(text, /46,60 0,00 46,60 0,00 46,60 46,60/);
  assert.ok(text.includes(`Son: ${inv.literal}`), `literal "${inv.literal}"`);
  assert.ok(text.replace(/\s/g, '').includes(inv.leyenda.replace(/\s/g, '')), 'legend of the activity');
  assert.match(text, /ESTA FACTURA CONTRIBUYE AL DESARROLLO DEL PAÍS/);
  assert.match(text, /SIN VALOR FISCAL — MODO ENTRENAMIENTO/, 'training tenant');
  assert.match(text, /emitido en una modalidad de facturación en línea/);
  assert.doesNotMatch(text, /ANULADA/);
});

test('the ticket is an 80 mm PDF with the same invoice', async () => {
  const res = await pub(inv.cuf, 'ticket');
  assertPublicFileHeaders(res, 'application/pdf', `factura-${inv.invoiceNumber}-${inv.cuf}-ticket.pdf`);
  const pdf = new Uint8Array(await res.arrayBuffer());
  const { w } = pageSize(pdf);
  assert.ok(Math.abs(w - 226.77) < 0.5, `80 mm = 226.77 pt wide, got ${w}`);
  const text = pdfText(pdf);
  assert.ok(text.replace(/\s/g, '').includes(inv.cuf));
  assert.match(layoutText(pdf), /MONTO A PAGAR Bs 46,60/);
  assert.ok(text.includes(inv.literal));
});

test('the ZIP holds the A4 PDF, the ticket and the signed XML exactly as /xml serves it', async () => {
  const res = await pub(inv.cuf, 'zip');
  const stem = `factura-${inv.invoiceNumber}-${inv.cuf}`;
  assertPublicFileHeaders(res, 'application/zip', `${stem}.zip`);
  const zip = Buffer.from(await res.arrayBuffer());
  const xml = await (await pub(inv.cuf, 'xml')).text();
  const listing = withFile(zip, 'f.zip', (f) => {
    const py = [
      'import sys, zipfile, json, hashlib',
      'z = zipfile.ZipFile(sys.argv[1])',
      'print(json.dumps([{"name": i.filename, "head": z.read(i)[:5].decode("latin1"), "sha": hashlib.sha256(z.read(i)).hexdigest()} for i in z.infolist()]))',
    ].join('\n');
    const r = spawnSync('python3', ['-c', py, f], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as { name: string; head: string; sha: string }[];
  });
  assert.deepEqual(listing.map((e) => e.name), [`${stem}.pdf`, `${stem}-ticket.pdf`, `${stem}.xml`]);
  assert.equal(listing[0]!.head, '%PDF-');
  assert.equal(listing[1]!.head, '%PDF-');
  const { createHash } = await import('node:crypto');
  assert.equal(listing[2]!.sha, createHash('sha256').update(xml, 'utf8').digest('hex'));
  assert.match(xml, new RegExp(`<cuf>${inv.cuf}</cuf>`));
});

test('an unknown CUF → 404 in the envelope, for every format, with no cache header', async () => {
  for (const f of ['pdf', 'ticket', 'zip']) {
    const res = await pub('ABCDEF0123456789', f);
    assert.equal(res.status, 404, f);
    assert.equal(res.headers.get('cache-control'), null);
    const body = (await res.json()) as { success: boolean; detail: string; error: { code: string } };
    assert.equal(body.success, false);
    assert.equal(body.error.code, 'NOT_FOUND');
    assert.match(body.detail, /No hay una factura con CUF ABCDEF0123456789/);
  }
});

test('the invoice summary links to the same downloads', async () => {
  const body = (await (await fetch(`${eng.url}/api/v1/public/invoice/${inv.cuf}`)).json()) as { data: { downloads: Record<string, string> } };
  for (const f of ['pdf', 'ticket', 'zip'] as const) {
    const res = await fetch(`${eng.url}${body.data.downloads[f]}`);
    assert.equal(res.status, 200, f);
  }
});

test('a cancelled invoice prints the ANULADA mark on the PDF and the ticket', async () => {
  const other = await issueInvoice(eng);
  const c = await eng.api(`/api/v1/invoices/${other.id}/cancel?motivo=1`, { method: 'POST' });
  assert.equal(c.status, 200, await c.clone().text());
  const pdf = pdfText(new Uint8Array(await (await pub(other.cuf, 'pdf')).arrayBuffer()));
  assert.match(pdf, /ANULADA/);
  const ticket = pdfText(new Uint8Array(await (await pub(other.cuf, 'ticket')).arrayBuffer()));
  assert.match(ticket, /ANULADA/);
});
