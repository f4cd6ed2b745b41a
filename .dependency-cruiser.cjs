// The import rules of issue #11 ("boundaries that a tool enforces"), checked by
// `npm run deps` and as a step of `npm test`. Paths are relative to the repository root.
//
// Layers, from the edges inwards:
//   renderer/                the till UI: sees only shared/ (and npm packages), never the engine
//   main/engine, main/api    composition root and HTTP edge: may import any domain folder
//   main/desktop             Electron shell: talks to the engine process, not to its insides
//   main/<domain>/           codes, invoicing, contingency, store, ...: never import upward
//   main/siat/               the SOAP contract and client: the bottom of main/, knows no domain
//   shared/                  types and helpers both processes load: imports nothing of either
//
// Type-only imports count: knowing a type of an upper layer is the same coupling as calling it.

/** main/ folders that sit above the domains; every other folder of main/ is a domain folder. */
const UPPER = ['engine', 'api', 'desktop'];
/** Every folder of main/ but the upper ones. */
const DOMAIN = `^main/(?!(?:${UPPER.join('|')})/)[^/]+/`;
/** The renderer's build configuration runs in Node (Vite), not in the window. */
const RENDERER_BUILD = '^renderer/vite[.]config[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules cannot be understood, tested or moved apart. Break it by moving the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'renderer-only-shared',
      severity: 'error',
      comment: 'The renderer runs in the browser/Electron window: it may import its own files, shared/ and npm packages, never main/ (talk to the engine over the API).',
      from: { path: '^renderer/', pathNot: RENDERER_BUILD },
      to: { path: '^(main|test|scripts)/' },
    },
    {
      name: 'renderer-no-node-builtins',
      severity: 'error',
      comment: 'The renderer has no Node built-ins (contextIsolation, no nodeIntegration).',
      from: { path: '^renderer/', pathNot: RENDERER_BUILD },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'nothing-imports-engine',
      severity: 'error',
      comment: 'main/engine/ is the composition root: it imports the rest, nothing in main/ imports it. Move what is needed (event types, logger, clock) into its own folder below, or pass it in.',
      // certify (issue 29) is a command that runs the whole engine in-process, as the admin CLI
      // that calls it does: it composes the engine rather than being composed by it.
      from: { path: '^main/', pathNot: '^main/(engine|certify)/' },
      to: { path: '^main/engine/' },
    },
    {
      name: 'domain-not-to-api',
      severity: 'error',
      comment: 'Domain folders are used by api/, not the other way round. Move what the domain needs (an error code, a DTO) down into the domain or shared/.',
      from: { path: DOMAIN },
      to: { path: '^main/api/' },
    },
    {
      name: 'siat-knows-no-domain',
      severity: 'error',
      comment: 'main/siat/ is the SOAP contract and client: it may import shared/, main/net/ (network plumbing: capped bodies, address checks), npm packages and Node built-ins only. Domain knowledge belongs in the domain folder that calls it.',
      from: { path: '^main/siat/' },
      // engine/ and api/ are reported by the two rules above; net/ is plumbing, not a domain.
      to: { path: '^main/', pathNot: '^main/(siat|engine|api|net)/' },
    },
    {
      name: 'shared-imports-no-side',
      severity: 'error',
      comment: 'shared/ is loaded by both processes: it may import only shared/ and npm packages, nothing of main/ or renderer/.',
      from: { path: '^shared/' },
      to: { path: '^(main|renderer)/' },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      comment: 'shared/ also runs in the renderer, which has no Node built-ins.',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve: a moved file whose importers were not updated, or a package missing from package.json.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Only the packages' entry points are recorded, not their insides.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      archi: { collapsePattern: '^(main/[^/]+|renderer/src/[^/]+|shared|test/[^/]+|scripts)/' },
      dot: { collapsePattern: '^(main/[^/]+|renderer/src/[^/]+|shared|test/[^/]+|scripts)/' },
    },
  },
};
