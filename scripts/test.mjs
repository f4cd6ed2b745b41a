#!/usr/bin/env node
// Runs the test suites with Node's own test runner (main side, bundled first by
// scripts/test-bundle.mjs) and Vitest (renderer components). `node scripts/test.mjs e2e` runs
// the browser end-to-end suite.
// Node 20's --test takes no globs, so the files are collected here.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';
import { bundled, bundleTests, removeBundles, OUT_DIR, WORKERS_DIR } from './test-bundle.mjs';

function collect(dir, out = []) {
  let entries;
  try { entries = readdirSync(dir); } catch { return out; }
  for (const name of entries.sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const mode = process.argv[2] ?? 'unit';
const filter = process.argv[3];

// The import rules of .dependency-cruiser.cjs (layers, no cycles): checked first on a full run,
// and a failure is repeated at the end so it is not lost above the test output.
let importsBroken = false;
if (mode === 'unit' && !filter) {
  const r = spawnSync(process.execPath, ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', '--config', '.dependency-cruiser.cjs', '--output-type', 'err-long', 'main', 'shared', 'renderer', 'test', 'scripts'], { stdio: 'inherit' });
  importsBroken = r.status !== 0;
}
// After the listed files, the API files (an engine each) before the light unit files: the run ends on short files.
const dirs = mode === 'e2e' ? ['test/e2e'] : ['test/api', 'test/integration', 'test/unit'];
let files = dirs.flatMap((d) => collect(d));
if (filter) files = files.filter((f) => f.includes(filter));

// The runner (scripts/test-runner.mjs) starts files in the order given, `concurrency` at a time:
// a long file started last keeps the whole run waiting for it alone. The longest files go first
// (durations measured on a loaded 2-core machine, 2026-11-27; a file missing from this list only
// runs later, never skipped).
const LONGEST_FIRST = [
  // node suite (wall seconds of two fresh-clone runs, 27/11, KIPU_TEST_CPU)
  'test/api/fuzz.test.ts',
  'test/integration/certify/certify.test.ts',
  'test/integration/central/crash.test.ts',
  'test/api/access.test.ts',
  'test/integration/engine/admin.test.ts',
  'test/integration/contingency/crash.test.ts',
  'test/integration/massive/crash.test.ts',
  'test/integration/contingency/background-crash.test.ts',
  'test/api/email.test.ts',
  'test/api/downloads.test.ts',
  'test/api/purchases.test.ts',
  'test/api/fidelity.test.ts',
  'test/api/cash.test.ts',
  'test/api/cashier-cash.test.ts',
  'test/api/cash-day.test.ts',
  'test/api/books.test.ts',
  'test/api/products.test.ts',
  'test/api/ai.test.ts',
  'test/api/parked-sales.test.ts',
  'test/api/auth.test.ts',
  'test/integration/central/push-limits.test.ts',
  'test/integration/central/owner-keys.test.ts',
  'test/integration/engine/disk-full.test.ts',
  'test/integration/engine/shutdown.test.ts',
  'test/integration/contingency/sectors.test.ts',
  'test/integration/central/replication.test.ts',
  'test/integration/isolation.test.ts',
  'test/integration/engine/parked-sales-crash.test.ts',
  'test/integration/contingency/hang-and-observed.test.ts',
  'test/integration/siat-sim/soap-fuzz.test.ts',
  'test/integration/invoicing/predicted-numbers.test.ts',
  // e2e suite
  'test/e2e/store-day.test.ts',
  'test/e2e/cashiers-day.test.ts',
  'test/e2e/central-dashboard.test.ts',
  'test/e2e/held-sales.test.ts',
  'test/e2e/invoice-dialogs.test.ts',
  'test/e2e/reissue.test.ts',
  'test/e2e/screen-sizes.test.ts',
  'test/e2e/till.test.ts',
];
const rank = (f) => {
  const i = LONGEST_FIRST.indexOf(f.split(sep).join('/'));
  return i < 0 ? LONGEST_FIRST.length : i;
};
files.sort((a, b) => rank(a) - rank(b));

// Files that share a process. Each file run alone pays for a Node process, loading the engine's
// code and warming it up (about 2 s of CPU for a file that starts an engine) before its first
// test; the whole run is CPU-bound on two cores. So on a full run the files below the list above
// run a few to a process: a group's entry imports each file inside a describe() of its own, so a
// file's top-level before/after hooks stay its own (its engine starts before its tests and stops
// after them, before the next file's start) and the report names each file. Files that change
// what the process shares stay alone: they replace a method of a built-in or listen on process
// events, or set environment variables the engine reads, or bound their CPU or time.
// KIPU_TEST_GROUP=1 runs every file alone (to tell a file's failure from a neighbour's), as a
// run of chosen files (`node scripts/test.mjs unit <filter>`) does unless KIPU_TEST_GROUP=on.
const ALONE = new Set([
  // The longest node files: alone, they start at once and end early; in a group, after its
  // others. (The e2e suite runs beside the node suite and ends well before it: its long files
  // share processes too.)
  ...LONGEST_FIRST.slice(0, 8),
  'test/integration/engine/training-day.test.ts', // replaces net.Socket.prototype.connect
  'test/integration/engine/disk-full.test.ts', // listens on process events
  'test/integration/invoicing/document-check.test.ts', // KIPU_RESOURCES_DIR
  'test/unit/invoicing/xml/xsd.test.ts', // KIPU_RESOURCES_DIR
  'test/integration/isolation.test.ts', // bounds the engine thread's CPU
  'test/integration/siat-sim/soap-fuzz.test.ts', // bounds its own CPU
]);
// Files per process by folder: the unit files are short (most take well under a second of CPU);
// a group stays well inside the runner's 30 minutes per process even on a loaded machine.
const GROUP_SIZE = { api: 8, integration: 8, unit: 40, e2e: 5 };
const grouping = process.env.KIPU_TEST_GROUP ? process.env.KIPU_TEST_GROUP !== '1' : !filter;
const folderOf = (f) => relative(process.cwd(), f).split(sep)[1];

/** The runner's entries, in the order given: files alone, the rest in groups of the same folder. */
function entries(list) {
  const out = [];
  let group = [];
  const flush = () => {
    if (group.length === 1) out.push(bundled(group[0]));
    else if (group.length > 1) out.push(groupEntry(group, out.length));
    group = [];
  };
  for (const f of list) {
    const name = f.split(sep).join('/');
    if (!grouping || ALONE.has(name) || !GROUP_SIZE[folderOf(f)]) {
      out.push(bundled(f));
      continue;
    }
    if (group.length > 0 && (folderOf(group[0]) !== folderOf(f) || group.length >= GROUP_SIZE[folderOf(f)])) flush();
    group.push(f);
  }
  flush();
  return out;
}

/** Writes a group's entry: each file imported inside a describe() named after it. */
function groupEntry(files, n) {
  const entry = join(OUT_DIR, 'groups', `group-${String(n).padStart(3, '0')}.test.mjs`);
  mkdirSync(dirname(entry), { recursive: true });
  const lines = ["import { describe } from 'node:test';"];
  for (const f of files) lines.push(`describe(${JSON.stringify(relative(process.cwd(), f).split(sep).join('/'))}, () => import(${JSON.stringify(pathToFileURL(resolve(bundled(f))).href)}));`);
  writeFileSync(entry, lines.join('\n') + '\n');
  return entry;
}

// Files run side by side: many of them wait on sockets, timers and fsync more than they compute.
const concurrency = Number(process.env.KIPU_TEST_CONCURRENCY) || 3;

/** Runs `cmd` with its output on ours; resolves with its exit status, as spawnSync's `status`. */
function run(cmd, args, options) {
  const child = spawn(cmd, args, options);
  return new Promise((done) => child.on('close', (code) => done({ status: code })));
}

/** Runs node with `args`, its output kept and handed back once it ends (printed after the node suite's, not mixed in). */
function startKept(args) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } });
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  return new Promise((done) => child.on('close', (code) => done({ status: code ?? 1, output: Buffer.concat(chunks) })));
}

// The renderer's Vitest suite runs beside the node suite: the node suite's last minutes are a few
// long files that leave a core idle. Its output is kept and printed after the node suite's.
// Worker threads, not Vitest's default child processes: its files spend nearly all their time
// importing the renderer, and a thread starts and imports for about two thirds of a process's CPU
// (31 against 45 CPU-seconds for the 55 files, same results).
const renderer = mode === 'unit' && !filter && collect('test/renderer').length > 0 ? startKept(['node_modules/vitest/vitest.mjs', 'run', '--root', '.', '--dir', 'test/renderer', '--pool=threads']) : null;

// The e2e files share one Chromium (test/e2e/till-page.ts, launchChromium): each connects to this
// browser server and works in contexts of its own, instead of launching and closing a browser of
// its own (about 2.5 s of CPU each, on a run that is CPU-bound).
let browserServer = null;
if (mode === 'e2e' && files.length > 1) {
  const { chromium } = await import('playwright-core');
  const args = JSON.parse(readFileSync('test/e2e/chromium-args.json', 'utf8'));
  browserServer = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args });
}

let status = 0;
if (files.length > 0) {
  // A test that hangs fails after 30 minutes instead of holding the whole run (CI stops at 90).
  // Node 20 applies --test-timeout to each process as a whole too, not only to each test: on a
  // loaded 2-core machine a file of many engine tests, or of Chromium tests, legitimately takes
  // more than 10 minutes (assistant.test.ts took 10 at load 36), and a group of files (above) is
  // one process, so the bound is 30; a test's own hang guard (`{ timeout }`, at most 5 minutes in
  // integration and API tests, 10 for certify's whole run) stays tighter.
  await bundleTests(files);
  // KIPU_TEST_CPU=<file>: each test file's wall time and CPU (its own and its children's) appended
  // there at its exit (scripts/test-cpu-probe.mjs), to find where a run's time goes.
  const probe = process.env.KIPU_TEST_CPU ? ['--import', resolve('scripts/test-cpu-probe.mjs')] : [];
  // scripts/test-runner.mjs, not `node --test`, which would sort the files by name.
  // Not spawnSync: the shared Chromium's browser server answers from this process's event loop.
  const r = await run(process.execPath, [...probe, '--enable-source-maps', 'scripts/test-runner.mjs', String(concurrency), '1800000', ...entries(files)], {
    stdio: 'inherit',
    env: { ...process.env, KIPU_LOG_LEVEL: process.env.KIPU_LOG_LEVEL ?? 'silent', KIPU_WORKER_BUNDLES: resolve(WORKERS_DIR), ...(browserServer ? { KIPU_E2E_BROWSER_WS: browserServer.wsEndpoint() } : {}) },
  });
  status = r.status ?? 1;
  await removeBundles();
}
await browserServer?.close();
if (renderer) {
  const r = await renderer;
  process.stdout.write(r.output);
  status = status || r.status;
}
if (importsBroken) {
  console.error('\nImport rules broken (dependency-cruiser, see the start of this run): fix the imports listed there.');
  status = status || 1;
}
process.exit(status);
