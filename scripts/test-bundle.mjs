// Compiles the Node-side test files for `scripts/test.mjs`: one esbuild run bundles every file
// given (with the code it imports from main/, shared/ and test/; packages stay in node_modules)
// into .test-build/, the shared code split into chunks loaded once per file.
//
// Why: Node's test runner starts a process per file, and through tsx each process resolved and
// compiled some 400 modules of its own in tsx's loader thread, about 4 s of CPU per file, a third
// of the suite's time on a two-core machine. The bundles load without any loader.
//
// The engine's worker threads are bundled too (WORKERS_DIR), as `npm run build` bundles them.
//
// What stays true in a bundle: `import.meta.url`, `import.meta.dirname` and
// `import.meta.filename` keep naming the source file they are written in (paths to fixtures,
// resources and worker sources resolve as they do under tsx), and names are kept (error classes
// are told apart by name in places).
import { build } from 'esbuild';
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE_CJS, WORKER_ENTRIES } from './bundle-options.mjs';

// Each run bundles into a folder of its own, so a run started while another is going (a single
// file while the suite runs) never replaces the other's files; it is removed at the end, and a
// folder whose run is gone (killed) by the next run.
const ROOT = '.test-build';
export const OUT_DIR = join(ROOT, `run-${process.pid}`);
/** The engine's worker threads, built as the app builds them; main/workers/pool.ts starts them from here (KIPU_WORKER_BUNDLES). */
export const WORKERS_DIR = join(OUT_DIR, 'workers');

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Removes this run's bundles, and those of runs that ended without removing theirs. */
export async function removeBundles() {
  const runs = await readdir(ROOT).catch(() => []);
  for (const name of runs) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    if (pid === process.pid || !running(pid)) await rm(join(ROOT, name), { recursive: true, force: true });
  }
}

/** A source file's place in the bundle directory: `test/a/b.test.ts` → `.test-build/run-<pid>/test/a/b.test.mjs`. */
export function bundled(file) {
  return join(OUT_DIR, relative(process.cwd(), resolve(file)).replace(/\.ts$/, '.mjs'));
}

const sourceLocation = {
  name: 'source-location',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      if (args.path.split(sep).includes('node_modules')) return undefined;
      let text = await readFile(args.path, 'utf8');
      if (text.includes('import.meta.')) {
        text = text
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
      }
      return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** Bundles `files` (paths of *.test.ts) into OUT_DIR. */
export async function bundleTests(files) {
  await removeBundles();
  await build({
    entryPoints: files,
    outdir: OUT_DIR,
    outbase: '.',
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    keepNames: true,
    sourcemap: 'linked',
    plugins: [sourceLocation],
    logLevel: 'warning',
  });
  // A worker started from its sources registers tsx and compiles its module graph (pdf-lib, the
  // renderers) at every start: seconds of CPU for each engine a test starts that renders.
  await build({ ...NODE_CJS, entryPoints: WORKER_ENTRIES, outdir: WORKERS_DIR, outExtension: { '.js': '.cjs' } });
}
