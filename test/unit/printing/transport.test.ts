import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEscposTicket } from '../../../main/printing/escpos-ticket';
import { DEFAULT_PRINTER_SETTINGS, PRINTER_ADDRESS_REFUSED, type PrinterSettings } from '../../../main/printing/settings';
import { DEVICE_UNAVAILABLE, openPrinterDevice, printTestPage, printTicket, sendToPrinter, writeToDevice } from '../../../main/printing/transport';
import { sampleInvoice } from '../documents/sample-invoice';
import { cp850, includesBytes } from './escpos-bytes';

/** A fake network printer on 127.0.0.1: records what it receives, optionally answers status. */
async function fakePrinter(opts: { status?: Buffer; readNothing?: boolean } = {}) {
  const received: Buffer[] = [];
  let closed!: () => void;
  const done = new Promise<void>((r) => (closed = r));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    if (opts.readNothing) {
      socket.pause();
      return;
    }
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (opts.status && !answered && Buffer.concat(received).includes(Buffer.from([0x10, 0x04, 0x04]))) {
        answered = true;
        socket.write(opts.status);
      }
    });
    socket.on('close', () => closed());
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    settings: { ...DEFAULT_PRINTER_SETTINGS, interface: `tcp://127.0.0.1:${port}`, drawerKick: true } as PrinterSettings,
    received: async () => {
      await done;
      return Buffer.concat(received);
    },
    close: () => new Promise<void>((r) => {
      server.close(() => r());
      // Drop connections the fake left paused (they would keep close() waiting forever).
      for (const s of sockets) s.destroy();
    }),
  };
}

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

test('sends the ESC/POS ticket over tcp:// and the printer receives it intact', async () => {
  const printer = await fakePrinter();
  try {
    const model = sampleInvoice(3);
    const result = await printTicket(model, printer.settings, { timeoutMs: 2000, statusWaitMs: 100, allowLoopback: true });
    assert.deepEqual(result, { ok: true });
    const bytes = await printer.received();
    // The status query (DLE EOT) goes first; the printer did not answer, so the job followed.
    assert.ok(bytes.subarray(0, 6).equals(Buffer.from([0x10, 0x04, 0x02, 0x10, 0x04, 0x04])));
    assert.ok(bytes.subarray(6).equals(buildEscposTicket(model, printer.settings)));
    assert.ok(includesBytes(bytes, cp850('Panadería y Cafetería Ñandú')), 'Spanish text in PC850');
    assert.ok(includesBytes(bytes, cp850('IMPORTE BASE CRÉDITO FISCAL Bs')));
    assert.ok(includesBytes(bytes, Buffer.from(model.qrUrl, 'ascii')));
    assert.ok(includesBytes(bytes, [0x1d, 0x28, 0x6b]), 'QR command GS ( k');
    assert.ok(includesBytes(bytes, [0x1d, 0x56, 0x00]), 'cut');
    assert.ok(includesBytes(bytes, [0x1b, 0x70, 0x00, 0x19, 0xfa]), 'drawer kick');
  } finally {
    await printer.close();
  }
});

test('a printer that answers "paper end" gets no ticket and a Spanish message', async () => {
  // DLE EOT 2 → 0x32 (stopped by paper end), DLE EOT 4 → 0x72 (roll sensor: paper end).
  const printer = await fakePrinter({ status: Buffer.from([0x32, 0x72]) });
  try {
    const result = await printTicket(sampleInvoice(1), printer.settings, { timeoutMs: 2000, allowLoopback: true });
    assert.equal(result.ok, false);
    if (!result.ok) {
      assert.equal(result.code, 'PRINTER_ERROR');
      assert.match(result.message, /no tiene papel/);
    }
    const bytes = await printer.received();
    assert.equal(bytes.length, 6, 'only the status query was sent');
  } finally {
    await printer.close();
  }
});

test('a closed port returns PRINTER_OFFLINE quickly and does not throw; the socket code stays in `cause`', async () => {
  const port = await closedPort();
  const started = Date.now();
  // A refusal is answered at once: the caller never waits for the (long) time-out.
  const result = await sendToPrinter({ type: 'epson', interface: `tcp://127.0.0.1:${port}` }, Buffer.from('x'), { timeoutMs: 20_000, allowLoopback: true });
  assert.ok(Date.now() - started < 10_000, 'did not wait for the time-out');
  assert.equal(result.ok, false);
  if (!result.ok) {
    assert.equal(result.code, 'PRINTER_OFFLINE');
    assert.match(result.message, new RegExp(`127\\.0\\.0\\.1:${port}.*encendida`));
    assert.doesNotMatch(result.message, /E[A-Z]{3,}/, 'no errno code in the message');
    assert.equal(result.cause, 'ECONNREFUSED');
  }
});

test('refused, unresolvable and slow-to-resolve printers read the same, so ports cannot be mapped (issue #19, finding 8)', async () => {
  const port = await closedPort();
  const resolve = async (h: string) => {
    if (h === 'impresora.test') return [{ address: '127.0.0.1', family: 4 as const }];
    if (h === 'lenta.test') return new Promise<never>(() => undefined);
    throw Object.assign(new Error('getaddrinfo ENOTFOUND nadie.test'), { code: 'ENOTFOUND' });
  };
  const send = (host: string) => sendToPrinter({ type: 'epson', interface: `tcp://${host}:${port}` }, Buffer.from('x'), { timeoutMs: 300, allowLoopback: true, resolve });
  const results = [await send('impresora.test'), await send('nadie.test'), await send('lenta.test')];
  const texts = results.map((r) => (r.ok ? 'ok' : `${r.code} ${r.message.replace(/ en \S+:\d+\./, ' en X.')}`));
  assert.equal(new Set(texts).size, 1, texts.join('\n'));
  assert.match(texts[0]!, /^PRINTER_OFFLINE No se pudo conectar con la impresora en X\./);
  // Each real reason is still there for the log.
  assert.deepEqual(results.map((r) => (r.ok ? '' : r.cause)), ['ECONNREFUSED', 'lookup: ENOTFOUND', 'lookup: lookup timed out after 300 ms']);
});

test('a tcp:// printer on this machine, link-local, metadata, unspecified or multicast is refused before any connection', async () => {
  let connections = 0;
  const listener = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  const port = (listener.address() as net.AddressInfo).port;
  const answers: Record<string, string[]> = {
    'localhost.test': ['127.0.0.1'],
    'rebind.test': ['192.168.1.50', '127.0.0.1'],
    'meta.test': ['169.254.169.254'],
    'v6meta.test': ['fd00:ec2::254'],
  };
  const resolve = async (h: string) => (answers[h] ?? []).map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
  try {
    for (const iface of [
      `tcp://127.0.0.1:${port}`,
      `tcp://[::1]:${port}`,
      `tcp://[::ffff:127.0.0.1]:${port}`,
      `tcp://[::127.0.0.1]:${port}`,
      `tcp://localhost.test:${port}`,
      `tcp://rebind.test:${port}`,
      'tcp://169.254.169.254:80',
      'tcp://meta.test:80',
      'tcp://v6meta.test:80',
      'tcp://0.0.0.0:9100',
      'tcp://224.0.0.1:9100',
    ]) {
      const r = await sendToPrinter({ type: 'epson', interface: iface }, Buffer.from('x'), { timeoutMs: 500, resolve });
      assert.deepEqual(r.ok ? null : [r.code, r.message], ['PRINTER_ERROR', PRINTER_ADDRESS_REFUSED], iface);
    }
    assert.equal(connections, 0, 'no connection was attempted');
    // The lab switch lets loopback through, and only loopback.
    const lab = await sendToPrinter({ type: 'epson', interface: `tcp://localhost.test:${port}` }, Buffer.from('x'), { timeoutMs: 500, resolve, allowLoopback: true, queryStatus: false });
    assert.notEqual((lab as { message?: string }).message, PRINTER_ADDRESS_REFUSED);
    const meta = await sendToPrinter({ type: 'epson', interface: 'tcp://meta.test:80' }, Buffer.from('x'), { timeoutMs: 500, resolve, allowLoopback: true });
    assert.equal((meta as { message?: string }).message, PRINTER_ADDRESS_REFUSED);
  } finally {
    listener.close();
  }
});

test('a tcp:// printer name is resolved once and the job goes to the checked address (no second lookup)', async () => {
  const printer = await fakePrinter();
  try {
    let lookups = 0;
    // "caja.invalid" cannot resolve through the system: the job can only arrive if the transport
    // connects to the address this resolver answered.
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    const r = await sendToPrinter({ type: 'epson', interface: `tcp://caja.invalid:${printer.port}` }, Buffer.from('HOLA'), { timeoutMs: 2000, queryStatus: false, allowLoopback: true, resolve });
    assert.deepEqual(r, { ok: true });
    assert.ok((await printer.received()).equals(Buffer.from('HOLA')));
    assert.equal(lookups, 1);
  } finally {
    await printer.close();
  }
});

test('a printer that stops reading times out within the limit', async () => {
  const printer = await fakePrinter({ readNothing: true });
  try {
    const started = Date.now();
    const big = Buffer.alloc(32 * 1024 * 1024, 0x41);
    const result = await sendToPrinter({ type: 'epson', interface: printer.settings.interface }, big, { timeoutMs: 400, queryStatus: false, allowLoopback: true });
    const elapsed = Date.now() - started;
    // Not before the limit; after it, PRINTER_TIMEOUT says the limit ended the wait, and the upper
    // bound only has to tell "ended" from "hung" on a loaded machine.
    assert.ok(elapsed >= 380 && elapsed < 15_000, `elapsed ${elapsed}`);
    assert.equal(result.ok, false);
    if (!result.ok) {
      assert.equal(result.code, 'PRINTER_TIMEOUT');
      assert.match(result.message, /no terminó de recibir el ticket en 0,4 s/);
    }
  } finally {
    await printer.close();
  }
});

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

test('device paths: only a character device is written to; a file, a FIFO, a folder, a symlink or a missing path all read the same (issue #19, finding 1)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-dev-'));
  try {
    const file = join(dir, 'secrets.json');
    writeFileSync(file, '{"smtp.password":"no-tocar"}');
    const before = sha256(file);
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const link = join(dir, 'lp-link');
    symlinkSync(file, link);
    const nullLink = join(dir, 'null-link');
    symlinkSync('/dev/null', nullLink);
    const folder = join(dir, 'carpeta');
    mkdirSync(folder);
    // Widen the name check to this folder and /dev/null: what is tested is the file-type check.
    const allowed = (p: string) => p === '/dev/null' || p === '/dev/full' || p.startsWith(dir);

    const opened = await openPrinterDevice('/dev/null', { allowed });
    assert.equal(opened.ok, true, 'a character device opens');
    if (opened.ok) await opened.handle.close();

    const causes: Record<string, string> = {};
    for (const [name, path] of [['file', file], ['fifo', fifo], ['symlink to a file', link], ['symlink to a device', nullLink], ['folder', folder], ['missing', join(dir, 'lp9')]] as const) {
      const o = await openPrinterDevice(path, { allowed });
      assert.equal(o.ok, false, name);
      if (!o.ok) causes[name] = o.cause;
      // Through the whole transport: one code, one text, whatever the path is.
      const r = await writeToDevice(path, Buffer.from('BYTES DEL TICKET'), 1000, { allowed });
      assert.deepEqual(r.ok ? null : [r.code, r.message], ['PRINTER_OFFLINE', DEVICE_UNAVAILABLE], name);
    }
    // The real reason is kept for the log.
    assert.match(causes.file!, /file/);
    assert.match(causes.fifo!, /fifo/);
    assert.match(causes['symlink to a file']!, /symlink/);
    assert.match(causes.missing!, /ENOENT/);
    assert.equal(sha256(file), before, 'the regular file is untouched');

    // A name outside the printer devices is refused before touching the file system.
    assert.deepEqual(await openPrinterDevice(file), { ok: false, cause: 'not a printer device name' });
    // COM3 outside Windows would be a file in the working directory.
    assert.equal((await openPrinterDevice('COM3', { platform: 'linux' })).ok, false);

    assert.deepEqual(await writeToDevice('/dev/null', Buffer.from('x'), 1000, { allowed }), { ok: true });
    // Once the device is known, its own state is reported: /dev/full answers ENOSPC like usblp out of paper.
    const full = await writeToDevice('/dev/full', Buffer.from('x'), 1000, { allowed });
    assert.deepEqual(full.ok ? null : [full.code, full.message], ['PRINTER_ERROR', 'La impresora no tiene papel. Coloque un rollo nuevo y vuelva a imprimir el ticket.']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sendToPrinter never opens a path that is not a printer device name', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-dev-'));
  try {
    const file = join(dir, 'lp0');
    writeFileSync(file, 'original');
    const r = await printTestPage({ ...DEFAULT_PRINTER_SETTINGS, interface: file }, { timeoutMs: 1000 });
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.code, 'PRINTER_ERROR');
    assert.equal(readFileSync(file, 'utf8'), 'original');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('system printers go through lp with raw bytes; an unknown queue is reported in Spanish', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-lp-'));
  const oldPath = process.env.PATH;
  try {
    const out = join(dir, 'job.bin');
    // A stand-in for CUPS' lp: stores the job for queue "Caja", rejects any other queue.
    writeFileSync(
      join(dir, 'lp'),
      `#!/bin/sh\nif [ "$2" != "Caja" ]; then echo "lp: The printer or class does not exist." >&2; exit 1; fi\necho "$@" > ${out}.args\ncat > ${out}\n`,
    );
    chmodSync(join(dir, 'lp'), 0o755);
    process.env.PATH = `${dir}:${oldPath ?? ''}`;

    const bytes = Buffer.from([0x1b, 0x40, 0x41, 0xa4, 0x0a]);
    assert.deepEqual(await sendToPrinter({ type: 'epson', interface: 'printer:Caja' }, bytes, { timeoutMs: 2000 }), { ok: true });
    assert.ok(readFileSync(out).equals(bytes));
    assert.match(readFileSync(`${out}.args`, 'utf8'), /-d Caja -o raw/);

    const unknown = await sendToPrinter({ type: 'epson', interface: 'printer:Otra' }, bytes, { timeoutMs: 2000 });
    assert.equal(unknown.ok, false);
    if (!unknown.ok) {
      assert.equal(unknown.code, 'PRINTER_OFFLINE');
      assert.match(unknown.message, /«Otra» no existe/);
    }
  } finally {
    process.env.PATH = oldPath;
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an invalid connection string is an error value, not an exception', async () => {
  const r = await sendToPrinter({ type: 'epson', interface: 'impresora' }, Buffer.from('x'), { timeoutMs: 100 });
  assert.equal(r.ok, false);
  if (!r.ok) assert.equal(r.code, 'PRINTER_ERROR');
});
