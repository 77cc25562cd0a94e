import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Browser tests: Debian's Chromium (never a downloaded browser) against the real built server on a fresh database. */
const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3917);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cargo-e2e-'));
export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' };

export default defineConfig({
  testDir: './tests',
  outputDir: join(root, 'test-results/e2e'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node ${join(root, 'apps/server/dist/server.js')}`,
    url: `http://127.0.0.1:${port}/api/ready`,
    cwd: dataDir,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: join(dataDir, 'e2e.db'),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every browser test comes from one IP; the limits themselves are tested in the API suite.
      PUBLIC_LOOKUPS_PER_MINUTE: '100000',
      PICKUP_REQUESTS_PER_HOUR: '100000',
      // Tiles never load here (no internet); the map must work without them.
      MAP_TILE_URL: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    },
  },
});
