import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Fastify plugins and hooks are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  // The client's arrows point down: app → features → ui, lib (docs/decisions/0018).
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app', '**/app/**'],
              message:
                'Features do not import from src/client/app: move what you need to ui or lib.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/ui/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features', '**/features/**', '**/app', '**/app/**'],
              message: 'ui and lib are below features and app: they import neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Kysely queries live in repositories only (docs/decisions/0004-database-conventions.md):
    // a service or route calls a repository function, passing a transaction when it opened one.
    files: ['src/server/**/*.ts', 'src/server/**/*.tsx'],
    ignores: ['src/server/**/*repository*.ts', 'src/server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              importNames: ['sql'],
              message: 'Raw SQL belongs in a *repository*.ts file or src/server/db/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message:
            'Kysely queries belong in a *repository*.ts file: add a function there named for what it does and call it.',
        },
      ],
    },
  },
  {
    // A repository function runs on the executor it is given; the caller decides the transaction.
    files: ['src/server/**/*repository*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > MemberExpression.callee[property.name="transaction"]',
          message:
            'Repositories do not open transactions: the service opens one and passes the transaction in.',
        },
      ],
    },
  },
);
