// What scripts/build.mjs (the app) and scripts/test-bundle.mjs (the test run) both bundle with.

// The engine and the Electron shell run as CommonJS bundles, their dependencies left in
// node_modules; `import.meta.url` is the bundle's own file URL.
export const NODE_CJS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: true,
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__importMetaUrl' },
  logLevel: 'warning',
};

// The engine's worker threads: the bundle's name (main/workers/pool.ts looks for it beside the
// running bundle) and its source.
export const WORKER_ENTRIES = {
  // Central's PDF worker thread, loaded next to engine/central.cjs (main/central/pdf-renderer.ts).
  'central-pdf-worker': 'main/central/pdf-worker.ts',
  // The engine's document-rendering worker thread (main/engine/engine.ts).
  'document-render-worker': 'main/documents/render-worker.ts',
  'certificate-worker': 'main/invoicing/certificate-worker.ts',
  // Purchase imports: reading the file, the row checks and the XML (main/purchases/import-job.ts).
  'purchase-import-worker': 'main/purchases/import-worker.ts',
  // SIAT answers past 64 KiB and consultaCompras' archivo (main/siat/answer-read.ts).
  'siat-answer-worker': 'main/engine/siat-answer-worker.ts',
  // A contingency or batch package's tar.gz and hash (main/invoicing/pack-worker.ts).
  'package-pack-worker': 'main/invoicing/pack-worker.ts',
  // A massive batch's issuing step: XML, signature, self-check (main/invoicing/massive/seal-worker.ts).
  'batch-seal-worker': 'main/invoicing/massive/seal-worker.ts',
  // A massive batch's request: JSON parse, schemas, each item's checks (main/api/batch-body-job.ts).
  'batch-intake-worker': 'main/api/batch-body-worker.ts',
};
