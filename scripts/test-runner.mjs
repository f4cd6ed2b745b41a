// Runs test files with node:test's run(), in the order given. `node --test a b c` sorts its files
// by name (Node 20's createTestFileList), so a list of the longest files first was ignored and the
// run's tail was whichever long file sorted last (certify, the kill -9 files). run() keeps the
// order; the spec reporter prints as `--test-reporter=spec` did, and a failed test (not a todo)
// fails the run. Its own node flags (--enable-source-maps, a --import probe) reach every file.
// Usage: node scripts/test-runner.mjs <concurrency> <timeout-ms> <file>...
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const [concurrency, timeout, ...files] = process.argv.slice(2);
let failed = false;
const stream = run({ files, concurrency: Number(concurrency), timeout: Number(timeout) });
stream.on('test:fail', (data) => {
  if (!data.todo) failed = true;
});
stream.compose(new spec()).pipe(process.stdout);
process.on('exit', () => {
  if (failed) process.exitCode = 1;
});
