// Compiles the Node-side test files for `scripts/test.mjs`: one esbuild run bundles every file
// given (with the code it imports from main/, shared/ and test/; packages stay in node_modules,
// but for the slow-loading ones of VENDORED below, bundled once for the run) into .test-build/,
// the shared code split into chunks loaded once per process.
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
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

// Packages that take long to load from node_modules (hundreds of small files each: typebox's ESM
// tree, fastify and its plugins, pdf-lib, exceljs) are bundled once for the run, into
// VENDOR_DIR: about 0.5 s of CPU less for each process that starts an engine. One entry per
// import specifier, split (esbuild's splitting) so that a package still loads only when imported
// (the engine imports exceljs and pdf-lib on first use) and the code two entries share is one
// module (typebox/compile reads typebox's own schemas). Without a source map: Node's
// --enable-source-maps parses a map whole at load, and one spanning the packages costs more
// than the bundling saves; the suite's own code keeps its map.
// An entry names each export the package has as Node itself sees it (a CommonJS package's names
// are only known once it runs), so `import { x } from 'pkg'` finds x in the bundle too.
const VENDORED = ['typebox', 'typebox/compile', 'typebox/value', 'pdf-lib', 'exceljs', 'fastify', '@fastify/static', '@fastify/helmet', '@fastify/rate-limit', '@fastify/swagger', 'fast-json-stringify', 'ajv', 'ajv-formats', 'fast-xml-parser', 'node-forge', '@xmldom/xmldom', 'xml-crypto', 'node-thermal-printer', 'qrcode', 'yazl'];
// Never inside the vendor bundle: native code, files read beside the package, or a package whose
// instance must be the one the suite's own code imports.
const NOT_VENDORED = ['better-sqlite3', 'pino', 'thread-stream', '@fastify/swagger-ui', 'xmllint-wasm', 'libxml2-wasm', 'onnxruntime-web', 'playwright-core'];
const VENDOR_DIR = join(OUT_DIR, 'vendor');
const vendorFile = (spec) => join(VENDOR_DIR, `${VENDORED.indexOf(spec)}.mjs`);

const vendored = {
  name: 'vendored',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      VENDORED.includes(args.path) ? { path: pathToFileURL(resolve(vendorFile(args.path))).href, external: true } : undefined,
    );
  },
};

async function bundleVendor() {
  const sources = join(OUT_DIR, 'vendor-src');
  await mkdir(sources, { recursive: true });
  const entryPoints = {};
  for (const [i, spec] of VENDORED.entries()) {
    const names = Object.keys(await import(spec)).filter((n) => n !== 'default');
    const lines = [`import * as m from ${JSON.stringify(spec)};`, ...names.map((n, j) => `const x${j} = m[${JSON.stringify(n)}];`)];
    if (names.length > 0) lines.push(`export { ${names.map((n, j) => `x${j} as ${JSON.stringify(n)}`).join(', ')} };`);
    lines.push('export default m.default;');
    const file = join(sources, `${i}.mjs`);
    await writeFile(file, lines.join('\n') + '\n');
    entryPoints[String(i)] = file;
  }
  await build({
    entryPoints,
    outdir: VENDOR_DIR,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: NOT_VENDORED,
    // CommonJS packages require() Node's built-ins; an ES module has no require of its own.
    banner: { js: "import { createRequire as __kipuRequire } from 'node:module'; const require = __kipuRequire(import.meta.url);" },
    logLevel: 'error',
  });
}

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
    plugins: [vendored, sourceLocation],
    logLevel: 'warning',
  });
  // A worker started from its sources registers tsx and compiles its module graph (pdf-lib, the
  // renderers) at every start: seconds of CPU for each engine a test starts that renders.
  await bundleVendor();
  await build({ ...NODE_CJS, entryPoints: WORKER_ENTRIES, outdir: WORKERS_DIR, outExtension: { '.js': '.cjs' } });
}
