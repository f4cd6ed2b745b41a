// Contingency benchmark (DESIGN.md, Offline-first):
// 1. offline sale latency through the HTTP API while the point of sale is in contingency
//    (target p99 < 10 ms), electronic (signed) and computerized;
// 2. time from the end of the event to every one of 5,000 queued invoices VALIDATED against the
//    simulator on loopback (target < 30 s; validation delay set to 5 ms so it is excluded).
// Set BENCH_DATA_DIR=/dev/shm to see the figures without the disk's fsync (synchronous=FULL).
// Run: npx tsx test/bench/contingency.ts
import pino from 'pino';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadSettings } from '../../main/config/settings';
import { startEngine } from '../../main/engine/engine';
import { tempDir } from '../fixtures/tmp';
import { saleBody } from '../integration/contingency/helpers';
import { fmt, summarize } from './_stats';
import { sqliteConnection } from '../../main/store/store';

const QUEUED = Number(process.env.BENCH_QUEUED ?? 5000);
const tmp = process.env.BENCH_DATA_DIR
  ? (() => {
      const dir = mkdtempSync(join(process.env.BENCH_DATA_DIR!, 'kipu-bench-'));
      return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    })()
  : tempDir('kipu-bench-contingency-');
// The simulator in its own process on loopback, as SIAT is another machine: its validation work
// (XSD, signatures) does not share the engine's event loop. Validation delay 5 ms.
const sim = spawn(process.execPath, ['--import', 'tsx', 'main/siat-sim/cli.ts', '--port', '0', '--delay', '5', '--quiet', '--data', join(tmp.dir, 'sim')], { stdio: ['ignore', 'pipe', 'inherit'] });
let simOut = '';
sim.stdout!.on('data', (d: Buffer) => (simOut += d.toString()));
while (!/Admin API:\s+\S+/.test(simOut)) await once(sim.stdout!, 'data');
const simUrl = /SIAT simulator: (\S+)/.exec(simOut)![1]!;
const settings = loadSettings({ KIPU_PORT: '0', KIPU_DATA_DIR: tmp.dir, KIPU_TRAINING: '1', KIPU_LOG_LEVEL: 'silent', KIPU_RATE_LIMIT: '1000000', KIPU_SIAT_URL: simUrl });
const eng = await startEngine(settings, {
  logger: pino({ level: 'silent' }),
  rendererDir: null,
  scheduler: false,
  contingency: { probe: { initialMs: 100, maxMs: 200 }, retry: { initialMs: 100, maxMs: 500 }, poll: { initialMs: 20, maxMs: 100 } },
});
const key = eng.demoApiKey!;
const api = async (path: string, json?: unknown) => {
  const res = await fetch(`${eng.url}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': key, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const body = (await res.json()) as any;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
};

try {
  const pos = (await api('/api/v1/pos')).data[0];
  await api('/api/v1/siat/sync/all', { posId: pos.id });
  await api('/api/v1/codes/cufd', { posId: pos.id });
  const ev = (await api('/api/v1/events/start', { posId: pos.id, branchId: pos.branchId, codigoMotivo: 1, descripcion: 'Benchmark: corte de internet' })).data;

  for (const type of ['COMPUTERIZED_SALE', 'ELECTRONIC_SALE'] as const) {
    for (let i = 0; i < 100; i++) await api('/api/v1/invoices', { ...saleBody(pos.id, i), invoiceType: type }); // warm-up
    const samples: number[] = [];
    const n = type === 'COMPUTERIZED_SALE' ? QUEUED - 200 - 1000 : 1000;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await api('/api/v1/invoices', { ...saleBody(pos.id, i), invoiceType: type });
      samples.push(performance.now() - t0);
    }
    const s = summarize(samples);
    console.log(`offline sale via API, ${type.padEnd(17)} n=${s.n}  p50 ${fmt(s.p50)}  p99 ${fmt(s.p99)}  (target p99 < 10 ms)`);
  }

  const queued = (sqliteConnection(eng.store).prepare(`SELECT COUNT(*) n FROM invoices WHERE state = 'CONTINGENCY'`).get() as { n: number }).n;
  const t0 = performance.now();
  await api('/api/v1/events/end', { posId: pos.id, branchId: pos.branchId, eventoId: ev.id });
  const tenantId = sqliteConnection(eng.store).prepare('SELECT tenant_id FROM contingency_events WHERE id = ?').pluck().get(ev.id) as string;
  let lastStep = '';
  const steps: string[] = [];
  for (;;) {
    const e = eng.contingencyEvents.byId(tenantId, ev.id)!;
    if (e.step !== lastStep) {
      lastStep = e.step ?? '';
      steps.push(`${lastStep}@${((performance.now() - t0) / 1000).toFixed(1)}s`);
    }
    if (e.state === 'CLOSED') break;
    if (performance.now() - t0 > 300_000) throw new Error(`recovery did not finish: ${e.step} ${e.lastError}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const took = performance.now() - t0;
  const validated = (sqliteConnection(eng.store).prepare(`SELECT COUNT(*) n FROM invoices WHERE state = 'VALIDATED'`).get() as { n: number }).n;
  const pk = (sqliteConnection(eng.store).prepare('SELECT COUNT(*) n FROM contingency_packages').get() as { n: number }).n;
  if (process.env.BENCH_STEPS) console.log(`  steps: ${steps.join(' → ')}`);
  console.log(`recovery: ${queued} queued invoices → ${validated} VALIDATED in ${(took / 1000).toFixed(2)} s, ${pk} packages (target < 30 s; simulator validation delay 5 ms)`);
} finally {
  await eng.close();
  sim.kill('SIGTERM');
  await once(sim, 'exit');
  tmp.cleanup();
}
