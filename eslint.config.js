// One lint for the whole tree (npm run lint, a check of the test line): typescript-eslint's recommended rules and
// the import boundaries of docs/decisions/011. No type-aware rules, so it runs in seconds.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/boundaries.mjs';

const NODE_BUILTINS = [...builtinModules.filter((m) => !m.startsWith('_')), 'node:*'];
const SERVER_ONLY = ['kysely', 'kysely/*', 'pg', 'better-sqlite3', 'ioredis', 'fastify', 'fastify-*', '@fastify/*', 'ws', 'pino', 'zipcodes', '@photostructure/tz-lookup'];
/** Kysely's query builders: a call to one of these is a query, which only repositories/ and db/ may write. */
const QUERY_BUILDERS = ['selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a value left out on purpose (a destructured column that must not leave the server).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
      // Test helpers read loosely typed JSON; the boundary that matters is no-retyped-response below.
      '@typescript-eslint/no-explicit-any': 'off',
      // Common, legitimate patterns: `ref.current && ref.current.focus()`, `catch {}`, `interface Props extends X {}`,
      // a bare @ts-expect-error. TypeScript checks names in .ts/.tsx; plain .js/.mjs (a service worker, a script) may
      // use the globals of wherever they run.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true, allowTaggedTemplates: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': false, 'ts-ignore': true, 'ts-nocheck': true }],
      'no-undef': 'off',
      // Good habits rather than boundaries: reported, never failing the line.
      'preserve-caught-error': 'warn',
      'prefer-const': 'warn',
      'no-useless-escape': 'warn',
    },
  },
  {
    plugins: { cargo: boundaries },
  },
  // The service worker runs in its own global scope.
  {
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly', URL: 'readonly', Response: 'readonly', Request: 'readonly' } },
  },

  // Server: only repositories/ and db/ touch Kysely (docs/decisions/011).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/repositories/**', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Queries live in apps/server/src/repositories/ (one repository per table group); services call them.' }],
          patterns: [{ group: ['kysely/*'], message: 'Queries live in apps/server/src/repositories/.' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
          message: 'A query outside apps/server/src/repositories/: add a method to the repository of that table group and call it.',
        },
      ],
    },
  },

  // Server: auth/ (who a caller is, the role table) and lib/ stand below every layer (issue 31).
  {
    files: ['apps/server/src/auth/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    rules: { 'cargo/server-ground-floor': 'error' },
  },

  // packages/shared runs in the browser too: nothing Node-only, nothing of the server or the database.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: NODE_BUILTINS, message: 'packages/shared is bundled into the web app: no Node built-ins.' },
            { group: SERVER_ONLY, message: 'packages/shared is bundled into the web app: no database, server or Node-only packages.' },
            { group: ['**/apps/**', '../../*'], message: 'packages/shared stands alone: it imports nothing from the apps.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', '__dirname', '__filename', 'require', 'global'],
    },
  },

  // Web: features stand alone; nothing from the server or Node.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
    rules: {
      'cargo/web-feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: NODE_BUILTINS, message: 'Web code runs in the browser: no Node built-ins.' },
            { group: SERVER_ONLY, message: 'Web code runs in the browser: no database or server packages.' },
            { group: ['**/apps/server/**', '**/server/src/**'], message: 'The web app talks to the server over HTTP only; shapes come from @cargo/shared.' },
          ],
        },
      ],
    },
  },

  // Browser tests take `test` from e2e/test.ts, whose workers each start their own server on a fresh database.
  {
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from '../test.ts': each worker runs its own server and database." }] },
      ],
    },
  },

  // API and browser tests: reply shapes come from packages/shared.
  {
    files: ['apps/server/test/**/*.ts', 'e2e/**/*.ts', 'apps/**/*.test.ts', 'apps/**/*.test.tsx'],
    rules: { 'cargo/no-retyped-response': 'error' },
  },
);
