import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEscposTicket } from '../../../main/printing/escpos-ticket';
import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../../main/printing/settings';
import { printTestPage, printTicket, sendToPrinter } from '../../../main/printing/transport';
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
    const result = await printTicket(model, printer.settings, { timeoutMs: 2000, statusWaitMs: 100 });
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
    const result = await printTicket(sampleInvoice(1), printer.settings, { timeoutMs: 2000 });
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

test('a closed port returns PRINTER_OFFLINE quickly and does not throw', async () => {
  const port = await closedPort();
  const started = Date.now();
  // A refusal is answered at once: the caller never waits for the (long) time-out.
  const result = await sendToPrinter({ type: 'epson', interface: `tcp://127.0.0.1:${port}` }, Buffer.from('x'), { timeoutMs: 20_000 });
  assert.ok(Date.now() - started < 10_000, 'did not wait for the time-out');
  assert.equal(result.ok, false);
  if (!result.ok) {
    assert.equal(result.code, 'PRINTER_OFFLINE');
    assert.match(result.message, new RegExp(`127\\.0\\.0\\.1:${port}.*encendida`));
  }
});

test('a printer that stops reading times out within the limit', async () => {
  const printer = await fakePrinter({ readNothing: true });
  try {
    const started = Date.now();
    const big = Buffer.alloc(32 * 1024 * 1024, 0x41);
    const result = await sendToPrinter({ type: 'epson', interface: printer.settings.interface }, big, { timeoutMs: 400, queryStatus: false });
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 380 && elapsed < 1500, `elapsed ${elapsed}`);
    assert.equal(result.ok, false);
    if (!result.ok) {
      assert.equal(result.code, 'PRINTER_TIMEOUT');
      assert.match(result.message, /no terminó de recibir el ticket en 0,4 s/);
    }
  } finally {
    await printer.close();
  }
});

test('device paths: writes to the device, and a missing device is PRINTER_OFFLINE', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-dev-'));
  try {
    const dev = join(dir, 'lp0');
    writeFileSync(dev, '');
    const ok = await printTestPage({ ...DEFAULT_PRINTER_SETTINGS, interface: dev }, { timeoutMs: 1000 });
    assert.deepEqual(ok, { ok: true });
    assert.ok(includesBytes(readFileSync(dev), cp850('PRUEBA DE IMPRESIÓN')));

    const missing = await sendToPrinter({ type: 'epson', interface: join(dir, 'lp9') }, Buffer.from('x'), { timeoutMs: 1000 });
    assert.equal(missing.ok, false);
    if (!missing.ok) {
      assert.equal(missing.code, 'PRINTER_OFFLINE');
      assert.match(missing.message, /No se encuentra la impresora/);
    }
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
