import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice, type IssuedInvoice } from '../fixtures/issued-invoice';
import { cp850 } from '../unit/printing/escpos-bytes';

/** A receipt printer on raw TCP: answers DLE EOT status queries "all fine" and keeps every job. */
async function startPrinter(): Promise<{ port: number; jobs: Buffer[]; close: () => Promise<void> }> {
  const jobs: Buffer[] = [];
  const server = net.createServer((sock) => {
    const chunks: Buffer[] = [];
    sock.on('data', (c: Buffer) => {
      chunks.push(c);
      // DLE EOT 2 / DLE EOT 4: answer "online, paper present" (0x12 each).
      if (c.includes(Buffer.from([0x10, 0x04, 0x02]))) sock.write(Buffer.from([0x12, 0x12]));
    });
    sock.on('end', () => jobs.push(Buffer.concat(chunks)));
    sock.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, jobs, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

let eng: TestEngine;
let inv: IssuedInvoice;
let printer: Awaited<ReturnType<typeof startPrinter>>;
before(async () => {
  printer = await startPrinter();
  eng = await startTestEngine({}, undefined, { scheduler: false });
  inv = await issueInvoice(eng);
});
after(async () => {
  await eng.stop();
  await printer.close();
});

const settingsFor = (iface: string) => ({ type: 'epson', interface: iface, width: 48, characterSet: 'PC850', drawerKick: false, printOnIssue: true, qr: 'native' });
const print = async (id: string) => {
  const res = await eng.api(`/api/v1/invoices/${id}/print`, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as { message: string; data: { printed: boolean; detail: string; code: string | null } } };
};

test('without saved settings: GET gives the defaults (configured:false) and /print answers printed:false', async () => {
  const res = await eng.api('/api/v1/settings/printer');
  const b = (await res.json()) as { data: Record<string, unknown> };
  assert.equal(res.status, 200);
  assert.equal(b.data.configured, false);
  assert.equal(b.data.type, 'epson');
  assert.equal(b.data.width, 48);
  const p = await print(inv.id);
  assert.equal(p.status, 200);
  assert.deepEqual(p.body.data, { printed: false, detail: 'No hay impresora configurada. Configúrela en Configuración > Impresora.', code: 'PRINTER_NOT_CONFIGURED' });
});

test('invalid settings → 422 with one Spanish message per field; nothing saved', async () => {
  const res = await eng.api('/api/v1/settings/printer', { method: 'PUT', json: { ...settingsFor('192.168.1.50'), width: 80, type: 'star', characterSet: 'PC850' } });
  assert.equal(res.status, 422);
  const b = (await res.json()) as { detail: string; error: { fields: { field: string; message: string }[] } };
  assert.deepEqual(b.error.fields.map((f) => f.field).sort(), ['characterSet', 'interface', 'width']);
  assert.match(b.detail, /La conexión de la impresora no es válida/);
  assert.match(b.detail, /El ancho debe ser 48 o 42 columnas/);
  assert.equal(((await (await eng.api('/api/v1/settings/printer')).json()) as { data: { configured: boolean } }).data.configured, false);
});

test('saved settings round-trip; an unknown field → 400', async () => {
  const bad = await eng.api('/api/v1/settings/printer', { method: 'PUT', json: { ...settingsFor(`tcp://127.0.0.1:${printer.port}`), extra: 1 } });
  assert.equal(bad.status, 400);
  assert.match(((await bad.json()) as { detail: string }).detail, /Campo desconocido en la configuración de la impresora: extra/);
  const res = await eng.api('/api/v1/settings/printer', { method: 'PUT', json: settingsFor(`tcp://127.0.0.1:${printer.port}`) });
  assert.equal(res.status, 200, await res.clone().text());
  const got = (await (await eng.api('/api/v1/settings/printer')).json()) as { data: Record<string, unknown> };
  assert.deepEqual(got.data, { ...settingsFor(`tcp://127.0.0.1:${printer.port}`), configured: true });
});

test('printing an invoice sends ESC/POS with its number, CUF and client to the TCP printer', async () => {
  await eng.api('/api/v1/settings/printer', { method: 'PUT', json: settingsFor(`tcp://127.0.0.1:${printer.port}`) });
  const n = printer.jobs.length;
  const p = await print(inv.id);
  assert.equal(p.status, 200);
  assert.equal(p.body.data.printed, true, p.body.data.detail);
  assert.equal(p.body.data.detail, `Ticket de la factura ${inv.invoiceNumber} impreso`);
  await waitFor(() => printer.jobs.length > n);
  const job = printer.jobs.at(-1)!;
  assert.ok(job.includes(Buffer.from([0x1b, 0x40])), 'ESC @ (initialize)');
  assert.ok(job.includes(cp850(`FACTURA N°`)), 'title in code page 850');
  // The number is the line after the bold "FACTURA N°" label (ESC E n toggles bold in between).
  const at = job.indexOf(cp850('FACTURA N°'));
  const after = job.subarray(at, at + 40).toString('latin1').replace(/\x1bE[\x00\x01]/g, '');
  assert.ok(after.startsWith(`FACTURA N\xf8\n${inv.invoiceNumber}\n`), JSON.stringify(after));
  assert.ok(job.includes(Buffer.from(inv.cuf.slice(0, 40))), 'CUF');
  assert.ok(job.includes(cp850('Juan Pérez')), 'client name');
  assert.ok(job.includes(Buffer.from('46,60')), 'total');
  assert.ok(job.includes(Buffer.from([0x1d, 0x28, 0x6b])), 'native QR (GS ( k)');
});

test('the test page prints with the saved settings, or with settings in the body before saving', async () => {
  const n = printer.jobs.length;
  let res = await eng.api('/api/v1/settings/printer/test', { method: 'POST' });
  let b = (await res.json()) as { data: { printed: boolean } };
  assert.equal(res.status, 200);
  assert.equal(b.data.printed, true);
  res = await eng.api('/api/v1/settings/printer/test', { method: 'POST', json: settingsFor(`tcp://127.0.0.1:${printer.port}`) });
  b = (await res.json()) as { data: { printed: boolean } };
  assert.equal(b.data.printed, true);
  await waitFor(() => printer.jobs.length >= n + 2);
  res = await eng.api('/api/v1/settings/printer/test', { method: 'POST', json: { ...settingsFor('nada'), qr: 'x' } });
  assert.equal(res.status, 422);
});

test('a printer that is off → 200 printed:false quickly with a Spanish detail; the invoice is untouched', async () => {
  const port = await closedPort();
  await eng.api('/api/v1/settings/printer', { method: 'PUT', json: settingsFor(`tcp://127.0.0.1:${port}`) });
  const t0 = Date.now();
  const p = await print(inv.id);
  const ms = Date.now() - t0;
  assert.equal(p.status, 200);
  assert.equal(p.body.data.printed, false);
  assert.equal(p.body.data.code, 'PRINTER_OFFLINE');
  assert.match(p.body.data.detail, new RegExp(`La impresora en 127\\.0\\.0\\.1:${port} rechazó la conexión. Verifique que esté encendida`));
  // The printer wait is bounded (3 s); a refusal must not even reach that bound.
  assert.ok(ms < 3000, `answered in ${ms} ms, without waiting for the printer time-out`);
  const again = (await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()) as { data: { state: string } };
  assert.equal(again.data.state, 'VALIDATED');
});

test('unknown invoice → 404; another tenant\'s invoice → 404', async () => {
  assert.equal((await eng.api('/api/v1/invoices/00000000-0000-4000-8000-000000000000/print', { method: 'POST' })).status, 404);
  const other = eng.store.tenants.create({ nit: '1020304050', razonSocial: 'FERRETERIA EL CLAVO' });
  const { key } = eng.store.apiKeys.create(other.id, 'test');
  assert.equal((await eng.api(`/api/v1/invoices/${inv.id}/print`, { method: 'POST', key })).status, 404);
});

async function waitFor(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
