// One lint setup for the monorepo. Besides correctness rules it guards the architecture:
// web features do not import each other, and `app -> features -> components/lib` never points back;
// in the API, routes reach the database only through services, and repositories and services know no HTTP.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Read from the folders, so a new feature is covered without editing this file.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const restrict = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'apps/api/src/db/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/external-module-folders': ['node_modules'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Features are independent: each may use components/ and lib/, never another feature.
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: WEB_FEATURES.filter((f) => f !== feature).flatMap((f) => [
                `**/features/${f}`,
                `**/features/${f}/**`,
                `@/features/${f}`,
                `@/features/${f}/**`,
              ]),
              message:
                'Features do not import each other: compose them in app/ or move shared code to components/ or lib/.',
            },
            { group: ['**/app/**', '@/app/**'], message: 'features/ must not import from app/.' },
          ],
        },
      ],
    },
  })),
  {
    files: [
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
      'apps/web/src/config/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '@/features/**', '**/app/**', '@/app/**'],
              message:
                'components/, lib/ and config/ are shared layers: they must not import features or app.',
            },
          ],
        },
      ],
    },
  },
  // The API's layers (docs/architecture.md): routes -> services -> repositories -> the database.
  {
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: restrict([
      {
        group: ['**/*.repository', '**/db/*', '**/db/**', 'drizzle-orm', 'drizzle-orm/*', 'pg'],
        allowTypeImports: true,
        message: 'Routes are HTTP only: they call a service, never a repository or the database.',
      },
    ]),
  },
  {
    files: ['apps/api/src/modules/**/*.repository.ts', 'apps/api/src/modules/**/*.service.ts'],
    rules: restrict([
      {
        group: [
          'fastify',
          'fastify/*',
          'fastify-type-provider-zod',
          '@fastify/*',
          '**/lib/cache/http',
          '**/*.routes',
        ],
        message:
          'Services and repositories know no HTTP: headers, replies and status codes belong to the routes.',
      },
    ]),
  },
  // Small units (issue #30): a source file over 250 lines or a function over 60 is split by meaning.
  // Tests are exempt: a describe block is one long function by design.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'scripts/**/*.{mjs,ts}'],
    ignores: ['**/*.test.{ts,tsx,mjs}', 'apps/api/test/**', 'apps/web/src/test/**', 'apps/web/e2e/**'],
    rules: {
      'max-lines': ['error', { max: 250 }],
      'max-lines-per-function': ['error', { max: 60 }],
    },
  },
  {
    // The API's contracts package runs in both apps: no Node or DOM specifics.
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/**/*.test.ts'],
    languageOptions: { globals: {} },
  },
);
