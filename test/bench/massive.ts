// Massive emission benchmark (issue #12): one POST /api/v1/invoices/batch of 10,000 school fees
// (sector 11, computerized) to every invoice VALIDATED through recepcionMasivaFactura, with the
// simulator answering each call after 300 ms (latency fault) and validating each package 300 ms
// after receiving it. Target: < 60 s from the request to the last verdict.
// The simulator runs in its own process, as SIAT is another machine.
// Run: npx tsx test/bench/massive.ts   (BENCH_ITEMS=n to change the size)
import pino from 'pino';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { loadSettings } from '../../main/config/settings';
import { startEngine } from '../../main/engine/engine';
import { SCOPES } from '../../shared/api-scopes';
import { tempDir } from '../fixtures/tmp';
import { educationItem } from '../integration/massive/helpers';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const LATENCY_MS = 300;
const tmp = tempDir('kipu-bench-massive-');
const sim = spawn(process.execPath, ['--import', 'tsx', 'main/siat-sim/cli.ts', '--port', '0', '--delay', '300', '--quiet', '--data', join(tmp.dir, 'sim')], { stdio: ['ignore', 'pipe', 'inherit'] });
let simOut = '';
sim.stdout!.on('data', (d: Buffer) => (simOut += d.toString()));
while (!/Admin API:\s+\S+/.test(simOut)) await once(sim.stdout!, 'data');
const simUrl = /SIAT simulator: (\S+)/.exec(simOut)![1]!;
const adminUrl = /Admin API:\s+(\S+)/.exec(simOut)![1]!.replace(/\/admin$/, '');
const settings = loadSettings({ KIPU_PORT: '0', KIPU_DATA_DIR: tmp.dir, KIPU_TRAINING: '1', KIPU_LOG_LEVEL: 'silent', KIPU_RATE_LIMIT: '1000000', KIPU_SIAT_URL: simUrl });
const eng = await startEngine(settings, { logger: pino({ level: 'silent' }), rendererDir: null, scheduler: false });
const demo = eng.store.apiKeys.authenticate(eng.demoApiKey!)!;
const key = eng.store.apiKeys.create(demo.tenantId, 'Benchmark', SCOPES).key;
const api = async (path: string, json?: unknown) => {
  const res = await fetch(`${eng.url}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': key, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const body = (await res.json()) as any;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
};

try {
  const pos = (await api('/api/v1/pos'))[0];
  await api('/api/v1/siat/sync/all', { posId: pos.id });
  await api('/api/v1/codes/cufd', { posId: pos.id });
  const fault = await fetch(`${adminUrl}/admin/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'latency', latencyMs: LATENCY_MS }) });
  if (!fault.ok) throw new Error(`latency fault: ${fault.status}`);

  const items = Array.from({ length: ITEMS }, (_, i) => educationItem(i));
  const t0 = performance.now();
  const batch = await api('/api/v1/invoices/batch', { posId: pos.id, items });
  const accepted = performance.now() - t0;
  if (batch.accepted !== ITEMS) throw new Error(`accepted ${batch.accepted} of ${ITEMS}`);
  let issuedAt = 0;
  let view: any;
  for (;;) {
    view = await api(`/api/v1/invoices/batch/${batch.batchId}`);
    if (!issuedAt && !view.counts.QUEUED) issuedAt = performance.now() - t0;
    if (view.state === 'COMPLETED') break;
    if (performance.now() - t0 > 300_000) throw new Error(`batch did not finish: ${JSON.stringify(view.counts)} ${view.lastError}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const took = performance.now() - t0;
  console.log(
    `massive: ${ITEMS} invoices → ${view.counts.VALIDATED ?? 0} VALIDATED in ${(took / 1000).toFixed(2)} s ` +
      `(202 after ${(accepted / 1000).toFixed(2)} s, all issued after ${(issuedAt / 1000).toFixed(2)} s, ${view.packages.total} packages; ` +
      `SIAT answering each call after ${LATENCY_MS} ms; target < 60 s)`,
  );
  if ((view.counts.VALIDATED ?? 0) !== ITEMS) process.exitCode = 1;
} finally {
  await eng.close();
  sim.kill('SIGTERM');
  await once(sim, 'exit');
  tmp.cleanup();
}
