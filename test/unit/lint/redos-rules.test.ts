// Issue 25: regular expressions that backtrack super-linearly are refused by `npm run lint` in
// the code that runs in the engine and the till (eslint.config.js, eslint-plugin-regexp). This
// lints snippets with the repository's own configuration, as `npx eslint` would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

// The snippets belong to no tsconfig, so the engine's two type-aware rules (eslint.config.js), which
// need the compiler's program of a real file, are off here; every other rule is the repository's.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function rulesOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

test('the header pattern that held the engine 18 s, and trailing-run replaces, are errors in main/, shared/ and renderer/', async () => {
  // purchase-import.ts before issue 25: /\s*\/\s*/g on a header of spaces, ~12 minutes a MB.
  const header = "export const f = (h: string) => h.replace(/\\s*\\/\\s*/g, '/');\n";
  for (const file of ['main/purchases/x.ts', 'shared/x.ts', 'renderer/src/x.ts']) {
    assert.ok((await rulesOf(header, file)).includes('regexp/no-super-linear-move'), file);
  }
  const trailing = "export const f = (u: string) => u.replace(/\\/+$/, '');\n";
  assert.deepEqual(await rulesOf(trailing, 'main/siat/x.ts'), ['regexp/no-super-linear-move']);
  const nested = 'export const ok = (s: string) => /^(a+)+$/.test(s);\n';
  assert.ok((await rulesOf(nested, 'main/x.ts')).includes('regexp/no-super-linear-backtracking'));
});

test('a linear pattern passes', async () => {
  assert.deepEqual(await rulesOf("export const f = (h: string) => h.replace(/ ?\\/ ?/g, '/');\n", 'main/purchases/x.ts'), []);
});
