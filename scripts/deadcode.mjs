#!/usr/bin/env node
// `npm run deadcode`: unused files, dependencies and exports (knip, configured in knip.json).
// Tests are entry points, so an export that only a test of its own unit uses is fine; an export
// that nothing uses fails the run. A second, production-only pass then lists the exports that
// only tests reach, for information: they pass, but each should be tested as part of its unit.
import { spawnSync } from 'node:child_process';

const KNIP = 'node_modules/knip/bin/knip.js';

const all = spawnSync(process.execPath, [KNIP], { stdio: 'inherit' });
const status = all.status ?? 1;
if (status === 0) console.log('knip: no unused files, dependencies or exports.');

function unusedExports(args) {
  const r = spawnSync(process.execPath, [KNIP, ...args, '--exports', '--reporter', 'json', '--no-exit-code'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`knip ${args.join(' ')} failed:\n${r.stderr}`);
  const out = new Set();
  for (const issue of JSON.parse(r.stdout).issues) {
    for (const kind of ['exports', 'types', 'enumMembers']) {
      for (const e of issue[kind] ?? []) out.add(`${issue.file}:${e.line}  ${e.name}`);
    }
  }
  return out;
}

const anywhere = unusedExports([]);
const onlyTests = [...unusedExports(['--production'])].filter((e) => !anywhere.has(e)).sort();
console.log(`\nExports used only by tests (${onlyTests.length}; not an error):`);
for (const e of onlyTests) console.log(`  ${e}`);
process.exit(status);
