// Preloaded into every test file's process when KIPU_TEST_CPU names a file (scripts/test.mjs):
// at exit, appends one line — the file's wall time, its own CPU and its waited children's CPU
// (engines started for kill -9 tests, Chromium) — so the run's CPU can be read per file and the
// costly files found. Linux only (/proc); elsewhere it writes nothing.
import { appendFileSync, readFileSync } from 'node:fs';

const out = process.env.KIPU_TEST_CPU;
const started = Date.now();
if (out) {
  process.on('exit', () => {
    try {
      // /proc/self/stat: fields after the command's ")" — utime, stime, cutime, cstime are 14–17.
      const stat = readFileSync('/proc/self/stat', 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const tick = 100; // USER_HZ on Linux
      const own = (Number(f[11]) + Number(f[12])) / tick;
      const children = (Number(f[13]) + Number(f[14])) / tick;
      const file = process.argv.find((a) => /\.test\.(m?js|ts)$/.test(a)) ?? process.argv[1] ?? '?';
      appendFileSync(out, `${((Date.now() - started) / 1000).toFixed(1)}\t${own.toFixed(1)}\t${children.toFixed(1)}\t${file}\n`);
    } catch {
      // Only a measurement: never fails a test.
    }
  });
}
