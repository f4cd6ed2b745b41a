import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice, type IssuedInvoice } from '../fixtures/issued-invoice';
import { cp850 } from '../unit/printing/escpos-bytes';
import { SCOPES } from '../../shared/api-scopes';

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
  // The fake printer listens on loopback, which only the lab switch allows (issue #19, finding 8).
  eng = await startTestEngine({ KIPU_PRINTER_ALLOW_LOOPBACK: '1' }, undefined, { scheduler: false });
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

test('the till key reads whether to print on issue and whether there is a drawer, never the printer\'s address', async () => {
  const till = eng.demoApiKey!;
  assert.equal((await eng.api('/api/v1/settings/printer', { key: till })).status, 403);
  const res = await eng.api('/api/v1/printing/till-settings', { key: till });
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).data, { configured: true, printOnIssue: true, drawerKick: false });
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
  assert.match(p.body.data.detail, new RegExp(`No se pudo conectar con la impresora en 127\\.0\\.0\\.1:${port}\\. Verifique que esté encendida`));
  // The printer wait is bounded (3 s); a refusal must not even reach that bound.
  assert.ok(ms < 3000, `answered in ${ms} ms, without waiting for the printer time-out`);
  const again = (await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()) as { data: { state: string } };
  assert.equal(again.data.state, 'VALIDATED');
});

test('unknown invoice → 404; another tenant\'s invoice → 404', async () => {
  assert.equal((await eng.api('/api/v1/invoices/00000000-0000-4000-8000-000000000000/print', { method: 'POST' })).status, 404);
  const other = eng.store.tenants.create({ nit: '1020304050', razonSocial: 'FERRETERIA EL CLAVO' });
  const { key } = eng.store.apiKeys.create(other.id, 'test', SCOPES);
  assert.equal((await eng.api(`/api/v1/invoices/${inv.id}/print`, { method: 'POST', key })).status, 404);
});

async function waitFor(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a refused port and a name that does not resolve get the same answer, with no socket code (issue #19, finding 8)', async () => {
  const port = await closedPort();
  const detail = async (iface: string) => {
    const res = await eng.api('/api/v1/settings/printer/test', { method: 'POST', json: settingsFor(iface) });
    assert.equal(res.status, 200);
    const d = ((await res.json()) as { data: { printed: boolean; detail: string; code: string } }).data;
    assert.equal(d.printed, false);
    assert.doesNotMatch(d.detail, /E[A-Z]{4,}|getaddrinfo/, 'no errno code');
    return `${d.code} ${d.detail.replace(/ en \S+:\d+\./, ' en X.')}`;
  };
  assert.equal(await detail(`tcp://127.0.0.1:${port}`), await detail(`tcp://nadie.invalid:${port}`));
});

// ---------------------------------------------------------------------------------------
// Issue #19: an engine with no lab switch, as in production.

describe('issue #19: the printer setting cannot write files or reach this machine', () => {
  let bare: TestEngine;
  const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
  const testPage = (iface: string) => bare.api('/api/v1/settings/printer/test', { method: 'POST', json: settingsFor(iface) });
  const savePrinter = (iface: string) => bare.api('/api/v1/settings/printer', { method: 'PUT', json: settingsFor(iface) });
  const tenantId = () => bare.store.apiKeys.authenticate(bare.demoApiKey!)!.tenantId;
  before(async () => {
    bare = await startTestEngine({}, undefined, { scheduler: false });
  });
  after(async () => {
    await bare.stop();
  });

  test('finding 1: a file as the printer is refused with 422; secrets.json and /etc/passwd keep every byte, even with the engine as root', async (t) => {
    if (process.getuid?.() === 0) t.diagnostic('running as root: only the engine\'s own checks stand between the request and /etc/passwd');
    // A secret makes the engine write <data dir>/secrets.json, the file the review overwrote.
    const smtp = await bare.api('/api/v1/settings/smtp', { method: 'PUT', json: { host: '93.184.216.34', port: 587, secure: false, user: 'kipu', password: 'clave-que-no-se-toca', from: 'a@kipu.bo' } });
    assert.equal(smtp.status, 200, await smtp.clone().text());
    const secrets = join(bare.dataDir, 'secrets.json');
    const secretsHash = sha256(secrets);

    // The canary goes first: with the guard gone this fails here, before /etc/passwd is named.
    for (const res of [await testPage(secrets), await savePrinter(secrets)]) {
      assert.equal(res.status, 422);
      assert.match(((await res.json()) as { detail: string }).detail, /La conexión de la impresora no es válida/);
    }
    assert.equal(sha256(secrets), secretsHash, 'secrets.json untouched');

    const passwd = '/etc/passwd';
    const original = readFileSync(passwd);
    try {
      for (const iface of [passwd, '/dev/usb/lp0/../../../etc/passwd', `/dev/usb/../..${passwd}`, '\\\\127.0.0.1\\c$\\etc\\passwd', '//127.0.0.1/etc/passwd']) {
        for (const res of [await testPage(iface), await savePrinter(iface)]) assert.equal(res.status, 422, iface);
      }
      // The same text whether the file exists or not: no oracle.
      const texts = await Promise.all([passwd, '/etc/no-existe-kipu'].map(async (f) => ((await (await testPage(f)).json()) as { detail: string }).detail));
      assert.equal(texts[0], texts[1]);
    } finally {
      if (!readFileSync(passwd).equals(original)) writeFileSync(passwd, original);
    }
    assert.ok(readFileSync(passwd).equals(original), '/etc/passwd untouched');

    // A value stored before the fix is not used: it counts as no printer.
    bare.store.settings.set(tenantId(), 'printer', settingsFor(secrets));
    const saved = await bare.api('/api/v1/settings/printer/test', { method: 'POST' });
    assert.equal(saved.status, 200);
    assert.equal(((await saved.json()) as { data: { code: string } }).data.code, 'PRINTER_NOT_CONFIGURED');
    assert.equal(sha256(secrets), secretsHash, 'secrets.json untouched');
    bare.store.settings.set(tenantId(), 'printer', null);
  });

  test('finding 1: at a printer device name, a missing device, a regular file and a symlink to secrets.json give the same answer and nothing is written', async (t) => {
    // Needs to create entries under /dev: root on a machine where /dev is writable (a container).
    const usb = '/dev/usb';
    const createdDir = !existsSync(usb);
    try {
      if (createdDir) mkdirSync(usb);
      writeFileSync(join(usb, `.kipu-probe-${process.pid}`), '');
      rmSync(join(usb, `.kipu-probe-${process.pid}`));
    } catch {
      if (createdDir) rmSync(usb, { recursive: true, force: true });
      t.skip('needs root and a writable /dev');
      return;
    }
    const n = 700 + (process.pid % 290);
    const missing = join(usb, `lp${n}`);
    const file = join(usb, `lp${n + 1}`);
    const link = join(usb, `lp${n + 2}`);
    const secrets = join(bare.dataDir, 'secrets.json');
    try {
      writeFileSync(file, 'contenido original');
      if (!existsSync(secrets)) writeFileSync(secrets, '{}');
      const secretsHash = sha256(secrets);
      symlinkSync(secrets, link);
      const answers = [];
      for (const iface of [missing, file, link]) {
        const res = await testPage(iface);
        assert.equal(res.status, 200, iface);
        const d = ((await res.json()) as { data: { printed: boolean; detail: string; code: string } }).data;
        assert.equal(d.printed, false, iface);
        answers.push(`${d.code} ${d.detail}`);
      }
      assert.equal(new Set(answers).size, 1, answers.join('\n'));
      assert.match(answers[0]!, /^PRINTER_OFFLINE No se pudo usar la impresora USB o serie/);
      assert.equal(readFileSync(file, 'utf8'), 'contenido original');
      assert.equal(sha256(secrets), secretsHash);
      assert.ok(!existsSync(missing), 'a missing device is never created');
    } finally {
      for (const p of [missing, file, link]) rmSync(p, { force: true });
      if (createdDir) rmSync(usb, { recursive: true, force: true });
    }
  });

  test('finding 8: a tcp:// printer on this machine or a metadata address is refused, and no connection is made', async () => {
    let connections = 0;
    const listener = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as net.AddressInfo).port;
    try {
      for (const iface of [`tcp://127.0.0.1:${port}`, `tcp://[::ffff:127.0.0.1]:${port}`, `tcp://[::127.0.0.1]:${port}`, `tcp://[::1]:${port}`, 'tcp://169.254.169.254:80', 'tcp://[fe80::1]:9100']) {
        for (const res of [await testPage(iface), await savePrinter(iface)]) {
          assert.equal(res.status, 422, iface);
          assert.match(((await res.json()) as { detail: string }).detail, /no está permitida/, iface);
        }
      }
      // A name is judged after resolving it: localhost is 127.0.0.1.
      const res = await testPage(`tcp://localhost:${port}`);
      assert.equal(res.status, 200);
      const d = ((await res.json()) as { data: { printed: boolean; code: string; detail: string } }).data;
      assert.deepEqual([d.printed, d.code], [false, 'PRINTER_ERROR']);
      assert.match(d.detail, /no está permitida/);
      assert.equal(connections, 0, 'the engine never connected to its own port');
      // A printer on the store's LAN is still accepted.
      assert.equal((await savePrinter('tcp://192.168.1.50:9100')).status, 200);
    } finally {
      listener.close();
    }
  });
});
