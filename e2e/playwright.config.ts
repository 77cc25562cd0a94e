import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the real built server. Each worker starts its
 * own server on a fresh seeded database (e2e/test.ts), on port E2E_PORT + 10 × its index, so files run in parallel
 * without seeing each other's data.
 */
const root = resolve(import.meta.dirname, '..');
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3917);
export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' };

export default defineConfig({
  testDir: './tests',
  outputDir: join(root, 'test-results/e2e'),
  fullyParallel: false,
  // Two cores: one browser and one server per worker.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A test that fails is run once more and, if it then passes, reported as flaky (counted by scripts/test-all.mjs, listed
  // in the run's report): a few timing-bound tests meet a loaded 2-core machine now and then. One that fails twice fails.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
