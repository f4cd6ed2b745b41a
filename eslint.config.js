// `npm run lint`: ESLint's and typescript-eslint's recommended rules over every source folder.
// The syntactic rule set only (no type-aware rules): `npm run typecheck` already runs the
// compiler, and a second type-checked program per file would double CI's time for little gain.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

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
