// `npm run lint`: ESLint's and typescript-eslint's recommended rules over every source folder,
// and two type-aware rules on the engine (below).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';

/** Date rules of the renderer and shared/ (see their block below). */
const DATE_SYNTAX = [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: 'Format dates with renderer/src/format/dates.ts and amounts with shared/money.ts (es-BO, Bolivia time), not toLocale*String.',
  },
  {
    selector: 'MemberExpression[property.name=/^get(FullYear|Month|Date|Day|Hours|Minutes|Seconds|TimezoneOffset)$/]',
    message: "Date's local getters follow the computer's time zone: use renderer/src/format/dates.ts or shared/time.ts (Bolivia time).",
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length>1]",
    message: "new Date(y, m, d…) is in the computer's time zone: use shared/time.ts (fromBoliviaIso, isIsoDate).",
  },
  {
    selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
    message: 'Format dates with renderer/src/format/dates.ts.',
  },
  {
    selector: "JSXAttribute[name.name='type'][value.value=/^(date|datetime-local|month|week|time)$/]",
    message: "Native date pickers follow the computer's language (mm/dd/yyyy): use components/DateInput or components/MonthInput (dd/mm/aaaa).",
  },
];

/** A path of the engine's API written outside the route contract. */
const API_PATH_SYNTAX = [
  {
    selector: 'Literal[value=/\\/api\\/v1/]',
    message: "Call the engine with call(ROUTES.<domain>.<name>, …) (shared/api/routes/), not a path: the contract gives the path, the method and the answer's type.",
  },
  {
    selector: 'TemplateElement[value.raw=/\\/api\\/v1/]',
    message: "Call the engine with call(ROUTES.<domain>.<name>, …) (shared/api/routes/), not a path: the contract gives the path, the method and the answer's type.",
  },
  {
    // A fresh walk read «POST /api/v1/invoices/batch» on the Lotes screen.
    selector: 'JSXText[value=/\\/api\\/v1/]',
    message: 'A person reads this text: say in Spanish what to do (ask an administrator, log in as one…), never a route path.',
  },
];

/** A route path in a text an engine module writes for a person to read. */
const USER_TEXT_PATH_SYNTAX = [
  {
    selector: 'Literal[value=/\\/api\\/v1/]',
    message: 'A cashier reads this text: name the screen and the button (En Sincronización pulse «…»), never a route path.',
  },
  {
    selector: 'TemplateElement[value.raw=/\\/api\\/v1/]',
    message: 'A cashier reads this text: name the screen and the button (En Sincronización pulse «…»), never a route path.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'resources/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  // Each side sees only its own globals, as in its tsconfig.
  {
    files: ['main/**', 'scripts/**', 'test/**', '*.{js,cjs,mjs,ts}', 'renderer/vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['renderer/src/**', 'test/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The two classic hook rules. Version 7's React Compiler rules (refs, set-state-in-effect,
  // purity ...) describe what the compiler can optimise; Kipu does not use the compiler, and the
  // till reads focus refs during render on purpose (keyboard flow).
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // A promise nobody awaits or catches (issue 30): in the engine an unhandled rejection ends the
  // process — the till stops selling. Type-aware, so on main/ only: the compiler's program for
  // the engine costs lint about 30 s of CPU, which CI's lint spends beside the typecheck (longer).
  // A fire-and-forget call that handles its own errors says so with `void`.
  {
    files: ['main/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Every engine file under 450 lines (issue 30, decision 0082): past that a file holds more than
  // one thing, so it is split along a seam (a domain step, a table apart from what reads it), never
  // allowed to grow. Comments and blank lines count: they are what the next engineer reads too.
  {
    files: ['main/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  // Regular expressions that can take super-linear time on a crafted string (issue 25: a header
  // of spaces in a purchase CSV held the engine's only thread for 18 s with /\s*\/\s*/g). Only
  // the ReDoS checks of eslint-plugin-regexp, on the code that runs in the engine or the till.
  {
    files: ['main/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  // Dates and instants reach a person only through renderer/src/format/dates.ts, in Bolivia time
  // (UTC−4, whatever the computer's zone) and dd/mm/aaaa (whatever its language): issue 24 found
  // "…Z" instants shown as UTC and native date pickers in mm/dd/yyyy.
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DATE_SYNTAX] },
  },
  // The renderer reaches the engine only through the route contract: `call(ROUTES.x, …)`
  // (shared/api/routes/, decision 0080), never a path of its own (issue 30). A flat config's
  // later block replaces a rule's options, so the renderer's block repeats the date rules.
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['renderer/src/format/dates.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DATE_SYNTAX, ...API_PATH_SYNTAX] },
  },
  {
    files: ['renderer/src/format/dates.ts'],
    rules: { 'no-restricted-syntax': ['error', ...API_PATH_SYNTAX] },
  },
  // The SIAT error guide's texts reach a cashier as they are written (the till's notices, Facturas,
  // Compras): a walk read «POST /api/v1/codes/nit» in a purchase's guide. Field names are checked by
  // test/unit/ai/siat-error-guide.test.ts over every code.
  {
    files: ['main/ai/siat-error-guide.ts', 'main/ai/siat-guide/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...USER_TEXT_PATH_SYNTAX] },
  },
  {
    rules: {
      // `const { secret: _secret, ...rest } = row` drops a field; `_` marks a name kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // XML 1.0 character checks, C14N, ZIP names and ESC/POS bytes match control characters on
      // purpose; a regex that names \x00-\x1f is the clearest way to say which are refused.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['test/**'],
    rules: {
      // Tests read the API's JSON bodies and SIAT's parsed answers to assert their shape; typing
      // each body would copy the schemas under test into the test.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
