// Issuing throughput and latency (issue "Issuing engine", Benchmark):
//   floor: RSA-2048 signatures per second on this machine;
//   (a) build + sign + store without sending (electronic modality: the expensive one);
//   (b) the full online path against the simulator on loopback (HTTP API → SIAT → stored).
import { generateKeyPairSync, sign } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startTestEngine } from '../fixtures/engine';
import { summarize, fmt } from './_stats';

function rsaFloor(): number {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(200, 7);
  const n = 1000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sign('sha256', data, privateKey);
  return n / ((performance.now() - t0) / 1000);
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

const floor = rsaFloor();
console.log(`RSA-2048 firmas/s (piso): ${floor.toFixed(0)} = ${(1000 / floor).toFixed(2)} ms por firma`);

const eng = await startTestEngine({}, undefined, { scheduler: false });
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
    console.log(
      `(a) emitir + firmar + guardar sin enviar (10 líneas, electrónica), ${concurrency} en paralelo: ${(nA / (wall / 1000)).toFixed(0)} facturas/s, p50 ${fmt(a.p50)}, p99 ${fmt(a.p99)}; CPU ${cpuMs.toFixed(2)} ms/factura = ${(1000 / cpuMs).toFixed(0)} facturas por segundo de un núcleo  [meta: ≥ 1000/s en un núcleo, p99 < 5 ms]`,
    );
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
