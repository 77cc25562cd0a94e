import { defineConfig } from 'vitest/config';

const apiTests = ['apps/server/test/**/*.test.ts'];

/** Unit tests, then the whole API suite twice: on a temporary SQLite file and on PostgreSQL (a fresh schema per run). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The property tests run 1,000 cases each; beside the API suites on 2 cores one took over 5 s (seen once).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
          environment: 'node',
          env: { TEST_DIALECT: 'sqlite' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          environment: 'node',
          env: { TEST_DIALECT: 'postgres' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'startup',
          include: ['e2e/startup/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
  },
});
