// Issuing throughput and latency (issues "Issuing engine" and #13, Benchmark):
//   floor: RSA-2048 signatures per second on this machine's cores, measured by OpenSSL right
//     before each figure it is compared with (`openssl speed -multi N rsa2048`): the machine is
//     shared, so a floor from another moment would say little;
//   (a) build + sign + check + store without sending (electronic modality: the expensive one),
//     one at a time against the one-core floor and 4 in flight against the two-core floor
//     (signing runs on libuv's thread pool: docs/decisions/0038-signing-on-a-second-core.md; the
//     self-check — libxml2 re-reads the document: XSD and signature, invoicing/document-check.ts —
//     runs on the main thread);
//   (b) the full online path against the simulator on loopback (HTTP API → SIAT → stored);
//   (c) issue 25's per-stage profile of (a) at 4 in flight: each stage's wall-clock time inside the
//     pipeline, read by the engine's stage timers (main/metrics/stage-times.ts) — not by V8's
//     sampling profiler, under whose interrupts the pipeline ran about half slower while the
//     floors ran without them (decision 0096) — next to the same operation timed alone in a loop right
//     after: the libxml2 check of the same document, and of the run's own documents each once; the RSA-2048 signature with the same key (CPU
//     on both sides: in the pipeline, the CPU of libuv's pool threads, found by what they do); the
//     group commits' own SQL statements (timed around each statement) against the same statements
//     replayed on a copy of the database taken before them (test/bench/sql-replay.ts). On a loaded
//     machine a floor can come out above its stage (it ran at a worse moment): run it several
//     times. The check and the commit are read twice: by the clock, and on their core (the clock
//     less the time the engine's thread waited for a core, from Linux's schedstat, in the pipeline
//     and alone alike: decision 0103). The target is met by the profile when every stage is
//     within 1.5× of its floor.
import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, fdatasyncSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { checkDocument } from '../../main/invoicing/document-check';
import { join } from 'node:path';
import { createPrivateKey, generateKeyPairSync, pbkdf2, sign } from 'node:crypto';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { runQueueWaitMs, stageTimes } from '../../main/metrics/stage-times';
import { sqliteConnection } from '../../main/store/store';
import { startTestEngine } from '../fixtures/engine';
import { replayCommits, sqlRecorder } from './sql-replay';
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

/** CPU (ms) of each thread of the process, by its id, from /proc. */
function cpuByThread(): Map<number, number> {
  const tick = 1000 / 100; // USER_HZ: 100 on Linux
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) * tick); // utime, stime
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return out;
}

/**
 * libuv's pool threads, where the sale's RSA signatures run (decision 0038). Node 20 names none of
 * its threads apart, so they are found by what they do: eight PBKDF2 derivations (pool work, no
 * JavaScript, no allocation) put tens of ms on each pool thread and nothing on V8's GC helpers.
 */
async function libuvPoolThreads(): Promise<Set<number>> {
  const before = cpuByThread();
  await Promise.all(Array.from({ length: 8 }, () => new Promise((done) => pbkdf2('kipu', 'sal', 200_000, 32, 'sha256', done))));
  const pool = new Set<number>();
  for (const [tid, ms] of cpuByThread()) if (tid !== process.pid && ms - (before.get(tid) ?? 0) >= 40) pool.add(tid);
  return pool;
}

/** CPU (ms) of the engine's thread, of libuv's pool and of every other thread (V8's GC helpers, mostly). */
function threadCpuMs(pool: Set<number>): { main: number; pool: number; other: number } {
  const out = { main: 0, pool: 0, other: 0 };
  for (const [tid, ms] of cpuByThread()) out[tid === process.pid ? 'main' : pool.has(tid) ? 'pool' : 'other'] += ms;
  return out;
}

/**
 * ms per call of `fn` alone, best of 3 rounds of `n`: wall-clock time, wall time less the
 * engine thread's run-queue wait (stage-times.ts: what the stages in the pipeline are read as too),
 * and CPU (the process's, all threads).
 */
function aloneBoth(n: number, fn: () => void): { wall: number; onCore: number; cpu: number } {
  let wall = Infinity;
  let onCore = Infinity;
  let cpuMs = Infinity;
  for (let r = 0; r < 3; r++) {
    const c0 = process.cpuUsage();
    const w0 = runQueueWaitMs();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    const ms = performance.now() - t0;
    wall = Math.min(wall, ms / n);
    onCore = Math.min(onCore, (ms - (runQueueWaitMs() - w0)) / n);
    const c = process.cpuUsage(c0);
    cpuMs = Math.min(cpuMs, (c.user + c.system) / 1000 / n);
  }
  return { wall, onCore, cpu: cpuMs };
}

// The periodic sweep (engine.ts, issue 32) sends every online invoice left PENDING for 30 s: here
// that is every invoice (a) stored without sending, thousands of them, sent to the in-process
// simulator in the middle of the later figures. It is off for the whole run (sweepMs): on
// 27/11/2026 it made 8 in flight and (b) look 4–30× slower than the engine is.
const eng = await startTestEngine({}, undefined, { scheduler: false, sweepMs: 24 * 3_600_000 });
const recorder = sqlRecorder(sqliteConnection(eng.store));
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
  // KIPU_ISSUING_STAGES=1: only (c), for repeated profiles on a shared machine.
  const stagesOnly = process.env.KIPU_ISSUING_STAGES === '1';
  for (const concurrency of stagesOnly ? [] : [1, 4, 8]) {
    const cores = concurrency === 1 ? 1 : 2;
    const floor = rsaFloor(cores);
    const flush = flushCost(eng.dataDir);
    const missed = eng.invoicing.numbers.mispredicted;
    const [commits0, jobs0] = [recorder.commits, recorder.jobs];
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
      `(a) emitir + firmar + verificar + guardar sin enviar (10 líneas, electrónica), ${concurrency} en paralelo: ${rate.toFixed(0)} facturas/s = ${((100 * rate) / floor.perSecond).toFixed(0)} % del piso RSA-2048 de ${cores} núcleo${cores === 1 ? '' : 's'} (${floor.perSecond.toFixed(0)} firmas/s, ${floor.how}), p50 ${fmt(a.p50)}, p99 ${fmt(a.p99)}; CPU ${cpuMs.toFixed(2)} ms/factura; números mal previstos (firmadas dos veces): ${eng.invoicing.numbers.mispredicted - missed}; ${((recorder.jobs - jobs0) / Math.max(1, recorder.commits - commits0)).toFixed(2)} ventas por COMMIT  [meta: ${target}]`,
    );
    console.log(`    ${flush}`);
  }

  // (c) per-stage profile at 4 in flight (issue 25): each stage's wall-clock time in the pipeline
  // (main/metrics/stage-times.ts; the signatures from the CPU of libuv's pool, where they run),
  // then each compared stage alone in a loop right after, on the same machine and disk.
  {
    const floor = rsaFloor(2);
    const pool = await libuvPoolThreads();
    const nC = 2000;
    // The commit's floor replays the statements of the run's first group commits on a copy of
    // the database as it was before them (test/bench/sql-replay.ts).
    const pristine = join(eng.dataDir, 'replay-pristine.sqlite');
    rmSync(pristine, { force: true });
    sqliteConnection(eng.store).prepare('VACUUM INTO ?').run(pristine);
    const lat: number[] = [];
    let next = 0;
    let last: Awaited<ReturnType<typeof eng.invoicing.issue>> | null = null;
    const [commits0, jobs0, sql0, sqlWait0] = [recorder.commits, recorder.jobs, recorder.sqlMs, recorder.sqlWaitMs];
    const th0 = threadCpuMs(pool);
    const queue0 = runQueueWaitMs();
    const cpu0 = process.cpuUsage();
    recorder.start(150);
    // V8's pauses of the engine's thread (scavenges, the mark-compact's finish): each lands in
    // whichever stage was allocating when it came, so it is read apart.
    let gcMs = 0;
    const gc = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) gcMs += e.duration;
    });
    gc.observe({ entryTypes: ['gc'] });
    stageTimes.enable();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next++ < nC) {
          const s = performance.now();
          last = await eng.invoicing.issue(tenant, pos, body(posId), { usuario: 'bench', submit: false });
          lat.push(performance.now() - s);
        }
      }),
    );
    const wall = performance.now() - t0;
    const queueWait = runQueueWaitMs() - queue0;
    stageTimes.disable();
    gc.disconnect();
    recorder.stop();
    const cpu = process.cpuUsage(cpu0);
    const th1 = threadCpuMs(pool);
    const poolMs = (th1.pool - th0.pool) / nC;
    const otherMs = (th1.other - th0.other) / nC;
    const mainMs = (th1.main - th0.main) / nC;
    const stages = stageTimes.read();
    const per = (k: string) => {
      const t = stages.get(k);
      return t ? t.ms / t.count : 0;
    };
    // The same less the run-queue wait inside the stage (stage-times.ts): on its core.
    const perOnCore = (k: string) => {
      const t = stages.get(k);
      return t ? (t.ms - t.waitMs) / t.count : 0;
    };
    const a = summarize(lat);
    const rate = nC / (wall / 1000);
    const perCommit = (recorder.jobs - jobs0) / Math.max(1, recorder.commits - commits0);
    const sqlPer = (recorder.sqlMs - sql0) / nC;
    const sqlOnCorePer = (recorder.sqlMs - sql0 - (recorder.sqlWaitMs - sqlWait0)) / nC;
    console.log(
      `(c) perfil por etapa, 4 en paralelo: ${rate.toFixed(0)} facturas/s = ${((100 * rate) / floor.perSecond).toFixed(0)} % del piso de dos núcleos (${floor.perSecond.toFixed(0)} firmas/s), p99 ${fmt(a.p99)}; CPU ${((cpu.user + cpu.system) / 1000 / nC).toFixed(2)} ms/factura (hilo del motor ${mainMs.toFixed(2)}, pool de libuv ${poolMs.toFixed(2)} en ${pool.size} hilos, otros hilos ${otherMs.toFixed(2)}); ${perCommit.toFixed(2)} ventas por COMMIT  [meta: ≥ 25 % y p99 < 10 ms, o cada etapa ≤ 1,5× su piso]`,
    );
    const names: Record<string, string> = {
      validate: 'validar',
      build: 'CUF + modelo + XML',
      prepare: 'preparar la firma (digest, SignedInfo)',
      check: 'verificación libxml2 (XSD + firma)',
      gzip: 'gzip + SHA-256',
      transaction: 'transacción durable (grupo, por venta)',
    };
    for (const [k, label] of Object.entries(names)) {
      console.log(`    ${label}: ${per(k).toFixed(3)} ms/factura en el hilo del motor, ${perOnCore(k).toFixed(3)} en su núcleo (${stages.get(k)?.count ?? 0} veces)`);
    }
    // Floors: each operation alone, in a loop, right after the run.
    const inv = last!.invoice;
    const signer = eng.signers.forTenant(tenant);
    const key = createPrivateKey(eng.signers.material(tenant).keyPem);
    const signedInfo = Buffer.alloc(700, 0x61); // ds:SignedInfo in canonical form is ~700 bytes
    const checkAlone = aloneBoth(500, () => checkDocument({ xml: inv.xml, modalidad: 1, sector: 1, signer }));
    // The pipeline never checks one document twice: the same check over the run's own last 1,500
    // documents, each once, in a loop (read back from the store after the run).
    const runDocs = (sqliteConnection(eng.store).prepare('SELECT xml FROM invoices ORDER BY rowid DESC LIMIT 1500').all() as { xml: string }[]).map((r) => r.xml);
    let nextDoc = 0;
    const checkAloneFresh = aloneBoth(500, () => checkDocument({ xml: runDocs[nextDoc++ % runDocs.length]!, modalidad: 1, sector: 1, signer }));
    // The pipeline's signatures are read as CPU (libuv's pool), so their floor is CPU too.
    const signAlone = aloneBoth(300, () => sign('sha256', signedInfo, key)).cpu;
    const replayPath = join(eng.dataDir, 'replay.sqlite');
    let commitAlone = Infinity;
    let commitAloneOnCore = Infinity;
    let replayed = 0;
    for (let r = 0; r < 3; r++) {
      for (const f of ['', '-wal', '-shm']) rmSync(replayPath + f, { force: true });
      copyFileSync(pristine, replayPath);
      const replay = replayCommits(replayPath, recorder.calls);
      commitAlone = Math.min(commitAlone, replay.ms / replay.sales);
      commitAloneOnCore = Math.min(commitAloneOnCore, (replay.ms - replay.waitMs) / replay.sales);
      replayed = replay.commits;
    }
    for (const f of ['', '-wal', '-shm']) rmSync(replayPath + f, { force: true });
    rmSync(pristine, { force: true });
    // Each stage against its floor twice: by the clock, and on its core (the clock less the time
    // the engine's thread waited for a core, in the pipeline and alone alike). The signature is
    // CPU on both sides already. The target is read on the second: a stage's own cost.
    const rows: [string, [number, number], [number, number]][] = [
      ['verificación libxml2 (sola: el mismo documento)', [per('check'), perOnCore('check')], [checkAlone.wall, checkAlone.onCore]],
      ['verificación libxml2 (sola: los documentos de la ruta, cada uno una vez)', [per('check'), perOnCore('check')], [checkAloneFresh.wall, checkAloneFresh.onCore]],
      ['firma RSA-2048 (CPU del pool de libuv; sola: CPU de crypto.sign con la misma clave)', [poolMs, poolMs], [signAlone, signAlone]],
      [
        `transacción durable: sus sentencias SQL (sola: las de las primeras ${replayed} transacciones del grupo, repetidas en una copia de la base de antes)`,
        [sqlPer, sqlOnCorePer],
        [commitAlone, commitAloneOnCore],
      ],
    ];
    const within = (r: number) => (r <= 1.5 ? '(≤ 1,5×)' : '(> 1,5×)');
    for (const [k, [pipeWall, pipeCore], [floorWall, floorCore]] of rows) {
      console.log(
        `    ${k}: en su núcleo ${pipeCore.toFixed(3)} ms en la ruta, ${floorCore.toFixed(3)} ms sola = ${(pipeCore / floorCore).toFixed(2)}× su piso ${within(pipeCore / floorCore)}; ` +
          `por el reloj ${pipeWall.toFixed(3)} / ${floorWall.toFixed(3)} = ${(pipeWall / floorWall).toFixed(2)}×`,
      );
    }
    console.log(`    espera del hilo del motor por un núcleo durante la ruta: ${(queueWait / nC).toFixed(3)} ms por factura`);
    console.log(`    transacción durable entera, con el JavaScript de cada venta entre sus sentencias (filas, cliente, caja): ${per('transaction').toFixed(3)} ms = ${(per('transaction') / commitAlone).toFixed(2)}× las sentencias solas`);
    console.log(`    recolección de V8: pausas del hilo del motor ${(gcMs / nC).toFixed(3)} ms por factura (caen dentro de las etapas), y ${otherMs.toFixed(3)} ms de CPU por factura en sus otros hilos`);
    console.log(`    RSA por núcleo según openssl: ${((2 * 1000) / floor.perSecond).toFixed(3)} ms por firma`);
  }

  // (d) the check and the commit against floors taken at the same moment: on this machine the
  // floors of (c), taken once after the run, came out anywhere from 0.64 to 1.05 ms (the check) on
  // an idle machine from one run to the next while the check inside the pipeline stayed within
  // 1.04–1.48 ms (decision 0103). Here the run goes in eight parts of 250 sales, 4 in flight; right
  // after each part the same check runs alone over that part's own documents, each once, and the
  // part's group commits are replayed on a copy of the database taken right before it. Each part
  // is compared with the floors taken right after it, on their core.
  {
    const checks: number[] = [];
    const commits: number[] = [];
    const signer = eng.signers.forTenant(tenant);
    const partCopy = join(eng.dataDir, 'part-pristine.sqlite');
    const partReplay = join(eng.dataDir, 'part-replay.sqlite');
    const clear = (path: string) => {
      for (const f of ['', '-wal', '-shm']) rmSync(path + f, { force: true });
    };
    for (let part = 0; part < 8; part++) {
      const docs: string[] = [];
      let next = 0;
      clear(partCopy);
      sqliteConnection(eng.store).prepare('VACUUM INTO ?').run(partCopy);
      const [sqlMs0, sqlWaitMs0, jobs0] = [recorder.sqlMs, recorder.sqlWaitMs, recorder.jobs];
      recorder.start(1_000);
      stageTimes.enable();
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next++ < 250) docs.push((await eng.invoicing.issue(tenant, pos, body(posId), { usuario: 'bench', submit: false })).invoice.xml);
        }),
      );
      stageTimes.disable();
      recorder.stop();
      const t = stageTimes.read().get('check')!;
      const w0 = runQueueWaitMs();
      const t0 = performance.now();
      for (const xml of docs) checkDocument({ xml, modalidad: 1, sector: 1, signer });
      const checkAlone = (performance.now() - t0 - (runQueueWaitMs() - w0)) / docs.length;
      checks.push((t.ms - t.waitMs) / t.count / checkAlone);
      clear(partReplay);
      copyFileSync(partCopy, partReplay);
      const replay = replayCommits(partReplay, recorder.calls);
      const inPipe = (recorder.sqlMs - sqlMs0 - (recorder.sqlWaitMs - sqlWaitMs0)) / (recorder.jobs - jobs0);
      commits.push(inPipe / ((replay.ms - replay.waitMs) / replay.sales));
    }
    clear(partCopy);
    clear(partReplay);
    const line = (name: string, ratios: number[]) => {
      const sorted = [...ratios].sort((a, b) => a - b);
      const median = (sorted[3]! + sorted[4]!) / 2;
      return `    ${name}: mediana ${median.toFixed(2)}× ${median <= 1.5 ? '(≤ 1,5×)' : '(> 1,5×)'}, partes ${ratios.map((r) => r.toFixed(2)).join(' ')}`;
    };
    console.log('(d) cada etapa contra su piso tomado en el mismo momento (8 partes de 250 ventas, 4 en paralelo; en su núcleo):');
    console.log(line('verificación libxml2 (sola: los documentos de la parte, cada uno una vez)', checks));
    console.log(line('transacción durable: sus sentencias SQL (solas: las de la parte, repetidas en una copia de la base de antes)', commits));
  }

  // (b) full online path over HTTP, one sale after another like a till.
  const nB = stagesOnly ? 0 : 300;
  const latB: number[] = [];
  const t1 = performance.now();
  for (let i = 0; i < nB; i++) {
    const s = performance.now();
    const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: body(posId) });
    if (res.status !== 201) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    latB.push(performance.now() - s);
  }
  const b = summarize(nB > 0 ? latB : [0]);
  if (nB > 0) console.log(`(b) ruta completa en línea contra el simulador (HTTP → SIAT → guardado): ${(nB / ((performance.now() - t1) / 1000)).toFixed(0)} facturas/s, p50 ${fmt(b.p50)}, p99 ${fmt(b.p99)}`);
} finally {
  await eng.stop();
}
