import { defineConfig } from 'vitest/config';

const apiTests = ['apps/server/test/**/*.test.ts'];

/**
 * Unit tests, then the whole API suite twice: on a temporary SQLite file and on PostgreSQL (a fresh schema per run).
 *
 * Two files at a time, and the test files of a worker share one module graph (`isolate: false`): each API file
 * builds its own app on its own database, and loading the server's modules again for each of 140 files was a third of
 * the run. Measured on this 2-core machine: 439 s with one worker and isolation (Vitest's default here), 305 s with two
 * workers, 219 s with two workers sharing modules; three workers were no faster (292 s) and overloaded a start-up test.
 * A test that changes something global (fake timers, a repository's method) restores it in its own `finally`/`after`.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // The property tests run 1,000 cases each; beside the API suites on 2 cores one took over 5 s (seen once).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
          environment: 'node',
          isolate: false,
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
          isolate: false,
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
          isolate: false,
          // Each test starts real servers (two at once, or one killed and started again) beside the API suites on 2
          // cores; its own waits bound what it checks. A start in a hook took over 10 s and a fault test over 30 s on
          // a loaded machine (CI, stop 36): the outer limits only catch a hang.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
