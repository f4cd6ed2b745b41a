// A training day never reaches the store's network (issue 24, item 7). The engine runs in this
// process, so every socket it opens goes through net.Socket.prototype.connect (and tls.connect)
// wrapped here: cash sales, a card sale, a reprint, the drawer key, a cash movement and the X
// report printed with the demo store's printer preset, then with a LAN printer saved by hand.
// Every destination must be loopback, and each job must be a file under <data dir>/tickets/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import tls from 'node:tls';
import dns from 'node:dns';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestEngine, type TestEngine } from '../../fixtures/engine';
import { classifyAddress } from '../../../main/net/address-guard';
import { ean13 } from '../../../main/training/demo-store';

/** Every destination a socket was asked to connect to, and every name looked up. */
const connects: string[] = [];
const lookups: string[] = [];
const restore: (() => void)[] = [];

function destinationOf(args: unknown[]): string {
  // net.connect hands Socket#connect its normalized arguments: [options, callback].
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first && typeof first === 'object') {
    const o = first as { host?: string; path?: string; port?: number };
    if (o.path) return `pipe:${o.path}`;
    return `${o.host ?? 'localhost'}:${o.port ?? ''}`;
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return `pipe:${first}`;
  return `${typeof args[1] === 'string' ? args[1] : 'localhost'}:${String(first)}`;
}

function isLocal(destination: string): boolean {
  if (destination.startsWith('pipe:')) return true;
  const host = destination.replace(/:\d*$/, '').replace(/^\[|\]$/g, '');
  return host === 'localhost' || classifyAddress(host).class === 'loopback';
}

function instrument(): void {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    connects.push(destinationOf(args));
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  restore.push(() => (net.Socket.prototype.connect = connect));
  const tlsConnect = tls.connect;
  (tls as { connect: unknown }).connect = (...args: unknown[]) => {
    connects.push(destinationOf(args));
    return (tlsConnect as (...a: unknown[]) => tls.TLSSocket)(...args);
  };
  restore.push(() => ((tls as { connect: unknown }).connect = tlsConnect));
  const lookup = dns.lookup;
  (dns as { lookup: unknown }).lookup = (host: string, ...rest: unknown[]) => {
    lookups.push(host);
    return (lookup as (...a: unknown[]) => void)(host, ...rest);
  };
  restore.push(() => ((dns as { lookup: unknown }).lookup = lookup));
  const lookupP = dns.promises.lookup;
  (dns.promises as { lookup: unknown }).lookup = (host: string, ...rest: unknown[]) => {
    lookups.push(host);
    return (lookupP as (...a: unknown[]) => Promise<unknown>)(host, ...rest);
  };
  restore.push(() => ((dns.promises as { lookup: unknown }).lookup = lookupP));
}

let eng: TestEngine;
let posId: string;
let tenantId: string;

before(async () => {
  instrument();
  eng = await startTestEngine({}, undefined, { demoStore: true });
  tenantId = eng.store.tenants.byNit('7000123019')!.id;
  posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
});
after(async () => {
  await eng?.stop();
  for (const r of restore.reverse()) r();
});

async function post(path: string, json?: unknown): Promise<any> {
  const res = await eng.api(path, { method: 'POST', ...(json === undefined ? {} : { json }) });
  const body = await res.json();
  assert.ok(res.status < 300, `${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function sell(over: Record<string, unknown> = {}): Promise<{ id: string; invoiceNumber: number }> {
  const p = (await (await eng.api(`/api/v1/products/lookup?code=${ean13(3)}`)).json()).data;
  const inv = await post('/api/v1/invoices?wait=true', {
    invoiceType: 'COMPUTERIZED_SALE',
    posId,
    clientDocumentType: 5,
    clientDocumentNumber: '99002',
    clientBusinessName: 'CONTROL TRIBUTARIO',
    clientCode: '99002',
    paymentMethodCode: 1,
    details: [{ activityEconomic: p.activityEconomic, codeProductSin: p.codeProductSin, codeProduct: p.code, description: p.description, quantity: 1, unitMeasure: p.unitMeasure, priceUnit: p.priceUnit }],
    ...over,
  });
  assert.equal(inv.state, 'VALIDATED', JSON.stringify(inv));
  return inv;
}

const jobFilesSeen = new Set<string>();
/**
 * The file the last print job wrote: the one job new in <data dir>/tickets/ since the last call
 * (its PDF when it has one). The answer no longer names it: a path is not the cashier's business.
 */
function newJobFile(): string {
  const dir = join(eng.dataDir, 'tickets');
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.(pdf|escpos)$/.test(f));
  const fresh = files.filter((f) => !jobFilesSeen.has(f));
  for (const f of fresh) jobFilesSeen.add(f);
  const stems = [...new Set(fresh.map((f) => f.replace(/\.(pdf|escpos)$/, '')))];
  assert.equal(stems.length, 1, `one new job in tickets/: ${fresh.join(', ')}`);
  const path = join(dir, fresh.includes(`${stems[0]}.pdf`) ? `${stems[0]}.pdf` : `${stems[0]}.escpos`);
  assert.ok(existsSync(path), `${path} exists`);
  return path;
}

const DRAWER_PULSE = Buffer.from([0x1b, 0x70, 0x00]);

test('a training day with the demo printer: no connection leaves loopback; every ticket, drawer pulse and report is a file in the data directory', { timeout: 180_000 }, async () => {
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: { posId } })).status, 200);
  const printer = (await (await eng.api('/api/v1/settings/printer')).json()).data;
  assert.deepEqual([printer.interface, printer.drawerKick, printer.printOnIssue], ['virtual', true, true]);
  const session = await post('/api/v1/cash/sessions', { posId, openingFloat: 100 });

  // A cash sale: its ticket is shown on screen, the drawer is virtual.
  const a = await sell();
  const printA = await post(`/api/v1/invoices/${a.id}/print`);
  assert.deepEqual([printA.printed, printA.virtual, printA.code], [true, true, null]);
  assert.match(printA.detail, new RegExp(`^Ticket de la factura ${a.invoiceNumber} en pantalla con cajón virtual \\(impresora virtual, entrenamiento\\)\\.$`));
  const pdfA = newJobFile();
  assert.match(pdfA, /\.pdf$/);
  assert.equal(readFileSync(pdfA).subarray(0, 5).toString(), '%PDF-');
  const escposA = pdfA.replace(/\.pdf$/, '.escpos');
  assert.ok(readFileSync(escposA).includes(DRAWER_PULSE), 'the cash sale carries the drawer pulse');

  // A card sale: no pulse. A reprint of the first: another file.
  const b = await sell({ paymentMethodCode: 2, cardNumber: '4797123412347896' });
  const printB = await post(`/api/v1/invoices/${b.id}/print`);
  assert.equal(printB.virtual, true);
  assert.doesNotMatch(printB.detail, /cajón/);
  assert.ok(!readFileSync(newJobFile().replace(/\.pdf$/, '.escpos')).includes(DRAWER_PULSE), 'no pulse for a card-only sale');
  const reprint = await post(`/api/v1/invoices/${a.id}/print`);
  assert.equal(reprint.virtual, true);
  assert.notEqual(newJobFile(), pdfA);

  // The drawer key and a cash movement: never "Cajón abierto".
  const opens = [() => post('/api/v1/cash/drawer/open', { posId }), async () => (await post(`/api/v1/cash/sessions/${session.id}/movements`, { kind: 'IN', amount: 50, reason: 'Cambio' }), post('/api/v1/cash/drawer/open', { posId }))];
  for (const open of opens) {
    const drawer = await open();
    assert.deepEqual([drawer.printed, drawer.virtual], [true, true]);
    assert.match(drawer.detail, /^Cajón virtual: /);
    assert.doesNotMatch(drawer.detail, /Cajón abierto/);
    assert.ok(readFileSync(newJobFile()).includes(DRAWER_PULSE));
  }

  // The X report, printed: its ESC/POS and its PDF.
  const report = await post(`/api/v1/cash/sessions/${session.id}/report/print`);
  assert.equal(report.virtual, true);
  assert.match(report.detail, /^Reporte X guardado/);
  assert.equal(readFileSync(newJobFile()).subarray(0, 5).toString(), '%PDF-');

  // A printer on the store's LAN saved by hand (the old demo preset): in training the job goes to
  // the virtual printer, and the answer says why.
  const put = await eng.api('/api/v1/settings/printer', { method: 'PUT', json: { ...printer, interface: 'tcp://192.168.1.100:9100', configured: undefined } });
  assert.equal(put.status, 200, await put.clone().text());
  const lan = await post(`/api/v1/invoices/${a.id}/print`);
  assert.deepEqual([lan.printed, lan.virtual], [true, true]);
  assert.match(lan.detail, /^En modo entrenamiento Kipu no se conecta a la impresora de red 192\.168\.1\.100:9100\. Ticket de la factura/);
  newJobFile();
  const lanDrawer = await post('/api/v1/cash/drawer/open', { posId });
  assert.match(lanDrawer.detail, /Cajón virtual/);

  // The proof: sockets only to loopback (the simulator, the engine's own HTTP), names looked up
  // only for this machine.
  assert.ok(connects.length > 0, 'the instrumentation saw the test’s own requests');
  assert.deepEqual(connects.filter((d) => !isLocal(d)), [], `connections: ${[...new Set(connects)].join(', ')}`);
  assert.deepEqual(lookups.filter((h) => h !== 'localhost' && classifyAddress(h).class !== 'loopback'), []);

  // Files: 4 tickets and the report with their PDF, 3 drawer pulses, all in the tenant's folder.
  const files = readdirSync(join(eng.dataDir, 'tickets', tenantId));
  assert.equal(files.filter((f) => f.endsWith('.escpos')).length, 4 + 1 + 3);
  assert.equal(files.filter((f) => f.endsWith('.pdf')).length, 4 + 1);
});
