// ESLint over every hand-written file: typescript-eslint's type-aware recommended rules, plus a few
// house rules. Formatting belongs to prettier (`npm run format:check`), not to this config.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'generated/**',
      'dist/**',
      'packages/*/dist/**',
      'node_modules/**',
      'coverage/**',
      '.tmp/**',
      'bench/.scratch/**',
      '**/__snapshots__/**',
      'test/fixtures/**',
      // Build-only declarations of Node built-ins, outside the type-checked project (see the file).
      'scripts/build-env/**',
      'test/generator/fixtures/**',
      'test/diff/corpus/**',
      'mock/fixtures/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Passing on a reason as it came (an AbortSignal's reason, a caught value) is not a new rejection.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
