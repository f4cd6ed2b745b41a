// Issuing throughput and latency (issues "Issuing engine" and #13, Benchmark):
//   floor: RSA-2048 signatures per second on this machine's cores, measured by OpenSSL right
//     before each figure it is compared with (`openssl speed -multi N rsa2048`): the machine is
//     shared, so a floor from another moment would say little;
//   (a) build + sign + check + store without sending (electronic modality: the expensive one),
//     one at a time against the one-core floor and 4 in flight against the two-core floor
//     (signing runs on libuv's thread pool: docs/decisions/0038-signing-on-a-second-core.md; the
//     self-check — libxml2 re-reads the document: XSD and signature, invoicing/document-check.ts —
//     runs on the main thread);
//   (b) the full online path against the simulator on loopback (HTTP API → SIAT → stored).
import { execFileSync } from 'node:child_process';
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync, sign } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startTestEngine } from '../fixtures/engine';
import { summarize, fmt } from './_stats';

/** RSA-2048 signatures per second on `cores` cores: OpenSSL's own figure, or Node's on one core. */
function rsaFloor(cores: 1 | 2): { perSecond: number; how: string } {
  try {
    const out = execFileSync('openssl', ['speed', '-seconds', '3', '-multi', String(cores), 'rsa2048'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    // "                  sign    verify    sign/s verify/s" then "rsa 2048 bits 0.000466s 0.000019s   2145.5  53222.4"
    const lines = out.split('\n');
    const head = lines.findIndex((l) => /\bsign\/s\b/.test(l));
    const row = lines.slice(head + 1).find((l) => l.startsWith('rsa 2048 bits'));
    const column = lines[head]!.trim().split(/\s+/).indexOf('sign/s');
    const value = Number(row?.replace('rsa 2048 bits', '').trim().split(/\s+/)[column]);
    if (head >= 0 && Number.isFinite(value) && value > 0) return { perSecond: value, how: `openssl speed -multi ${cores}` };
  } catch {
    // No openssl here: Node's own loop below (one core only).
  }
  if (cores === 2) throw new Error('openssl speed is needed for the two-core floor');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(200, 7);
  const n = 1000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sign('sha256', data, privateKey);
  return { perSecond: n / ((performance.now() - t0) / 1000), how: 'crypto.sign en Node' };
}

function body(posId: string, lines = 10) {
  return {
    invoiceType: 'ELECTRONIC_SALE',
    posId,
    clientDocumentType: 1,
    clientDocumentNumber: '5115889',
    clientBusinessName: 'Cliente de prueba',
    clientCode: 'C-1',
    paymentMethodCode: 1,
    details: Array.from({ length: lines }, (_, i) => ({
      activityEconomic: '471110',
      codeProductSin: '99100',
      codeProduct: `P-${i}`,
      description: `Producto número ${i}`,
      quantity: 1 + i,
      unitMeasure: 57,
      priceUnit: 3.5 + i,
    })),
  };
}

/**
 * What one durable flush costs on the data directory's disk right now (a commit waits for one):
 * on a shared VM it moves from 0.2 to several ms, and it bounds one-at-a-time issuing.
 */
function flushCost(dir: string): string {
  const path = join(dir, 'flush-probe.bin');
  const fd = openSync(path, 'w');
  const page = Buffer.alloc(16 * 4096, 1);
  const t: number[] = [];
  try {
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      writeSync(fd, page, 0, page.length, (i % 8) * page.length);
      fdatasyncSync(fd);
      t.push(performance.now() - s);
    }
  } finally {
    closeSync(fd);
    rmSync(path);
  }
  const f = summarize(t);
  return `escritura durable (64 KiB + fdatasync) en el disco de datos: p50 ${fmt(f.p50)}, p99 ${fmt(f.p99)}`;
}

// The periodic sweep (engine.ts, issue 32) sends every online invoice left PENDING for 30 s: here
// that is every invoice (a) stored without sending, thousands of them, sent to the in-process
// simulator in the middle of the later figures. It is off for the whole run (sweepMs): on
// 27/11/2026 it made 8 in flight and (b) look 4–30× slower than the engine is.
const eng = await startTestEngine({}, undefined, { scheduler: false, sweepMs: 24 * 3_600_000 });
try {
  const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} });
  const tenant = eng.store.tenants.byNit('7000123019')!;
  const pos = eng.store.pointsOfSale.byId(tenant.id, posId)!;
  await eng.codes.ensureCufd(tenant, pos);

  // (a) in-process, no network: validate + number + CUF + XML + sign + gzip/hash + durable commit
  // (synchronous=FULL). `concurrency` sales in flight at once, like several tills or integrators
  // on one engine; they share commits (group commit).
  for (let i = 0; i < 200; i++) await eng.invoicing.issue(tenant, pos, body(posId), { usuario: 'bench', submit: false });
  for (const concurrency of [1, 4, 8]) {
    const cores = concurrency === 1 ? 1 : 2;
    const floor = rsaFloor(cores);
    const flush = flushCost(eng.dataDir);
    const missed = eng.invoicing.numbers.mispredicted;
    const nA = 2000;
    const lat: number[] = [];
    let next = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < nA) {
          const s = performance.now();
          await eng.invoicing.issue(tenant, pos, body(posId), { usuario: 'bench', submit: false });
          lat.push(performance.now() - s);
        }
      }),
    );
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000 / nA;
    const a = summarize(lat);
    // CPU per invoice (user + system, every thread of the process: V8's GC helpers included)
    // says what one core sustains, whatever the other core did meanwhile.
    const rate = nA / (wall / 1000);
    const target = cores === 1 ? '≥ 30 % del piso de un núcleo' : '≥ 50 % del piso de dos núcleos, p99 < 10 ms';
    console.log(
      `(a) emitir + firmar + verificar + guardar sin enviar (10 líneas, electrónica), ${concurrency} en paralelo: ${rate.toFixed(0)} facturas/s = ${((100 * rate) / floor.perSecond).toFixed(0)} % del piso RSA-2048 de ${cores} núcleo${cores === 1 ? '' : 's'} (${floor.perSecond.toFixed(0)} firmas/s, ${floor.how}), p50 ${fmt(a.p50)}, p99 ${fmt(a.p99)}; CPU ${cpuMs.toFixed(2)} ms/factura; números mal previstos (firmadas dos veces): ${eng.invoicing.numbers.mispredicted - missed}  [meta: ${target}]`,
    );
    console.log(`    ${flush}`);
  }

  // (b) full online path over HTTP, one sale after another like a till.
  const nB = 300;
  const latB: number[] = [];
  const t1 = performance.now();
  for (let i = 0; i < nB; i++) {
    const s = performance.now();
    const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: body(posId) });
    if (res.status !== 201) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    latB.push(performance.now() - s);
  }
  const b = summarize(latB);
  console.log(`(b) ruta completa en línea contra el simulador (HTTP → SIAT → guardado): ${(nB / ((performance.now() - t1) / 1000)).toFixed(0)} facturas/s, p50 ${fmt(b.p50)}, p99 ${fmt(b.p99)}`);
} finally {
  await eng.stop();
}
