// `npm run bench`: runs every benchmark script in test/bench/ one after another, on this
// machine, and prints their figures. Targets live here, never in timed tests.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const dir = join('test', 'bench');
const only = process.argv[2];
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .filter((f) => !only || f.includes(only))
  .sort();
let failed = 0;
for (const s of scripts) {
  console.log(`\n=== ${s} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, s)], { stdio: 'inherit', env: { ...process.env, KIPU_LOG_LEVEL: 'silent' } });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
