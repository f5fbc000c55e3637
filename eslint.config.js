// @ts-check
// Type-aware lint: typescript-eslint's recommendedTypeChecked rules, reading the
// types through the project service (tsconfig.json, which includes this file).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'coverage/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // node:test's test()/describe()/it() return promises the runner itself awaits;
      // a subtest (t.test) or any other promise must still be awaited.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
      // Off: Fastify picks a plugin's or hook's calling convention from `async`
      // (async: the promise; otherwise it waits for done()), so an async function
      // with no await is the documented form, not a mistake.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['test/**', 'emulator/test/**'],
    rules: {
      // Off in tests only: inject()'s res.json() and JSON.parse return `any` by design,
      // and each value read from them is checked by the assert that reads it.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
