import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, type Page, type Response } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_PORT } from './playwright.config.ts';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');

/**
 * A public page arrives rendered by the server and is on screen before its script has run (decision 042); its buttons
 * answer once the app has taken it over, which it marks with `<html data-app-ready>`. A person sees the page load
 * first; a test acts as fast as it can, so every page load (`goto`, `reload`, on every page of every context) waits for
 * that mark when the page is one of the app's HTML pages.
 */
async function appReady(page: Page, response: Response | null): Promise<void> {
  const type = response?.headers()['content-type'] ?? '';
  if (!type.startsWith('text/html')) return;
  // Only the app's pages (they have #root); /api/docs is HTML too.
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'));
}

function waitForAppOnLoad(proto: Pick<Page, 'goto' | 'reload'>): void {
  const { goto, reload } = proto;
  if ((goto as { appReady?: true }).appReady) return;
  const patchedGoto: Page['goto'] = async function (this: Page, ...args) {
    const response = await goto.apply(this, args);
    await appReady(this, response);
    return response;
  };
  const patchedReload: Page['reload'] = async function (this: Page, ...args) {
    const response = await reload.apply(this, args);
    await appReady(this, response);
    return response;
  };
  Object.assign(patchedGoto, { appReady: true });
  proto.goto = patchedGoto;
  proto.reload = patchedReload;
}
const serverJs = join(root, 'apps/server/dist/server.js');

export interface E2EServer {
  /** `http://127.0.0.1:{port}` of this worker's own server. */
  url: string;
  port: number;
  /** The server's SQLite file, for tests that seed thousands of rows directly (e2e/seed.ts). */
  databaseFile: string;
}

/** The settings every browser-test server runs with: the real built server, a fresh seeded database. */
export function e2eServerEnv(port: number, databaseUrl: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    // Seeded packages stay still for the specs that read them (e2e/tests/live-restart.spec.ts runs a server of its
    // own with the demo drive on).
    DEMO_DRIVE: 'false',
    // Every browser test comes from one IP; the limits themselves are tested in the API suite.
    PUBLIC_LOOKUPS_PER_MINUTE: '100000',
    PICKUP_REQUESTS_PER_HOUR: '100000',
    // Tiles never load here (no internet); the map must work without them.
    MAP_TILE_URL: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    // Webhooks may reach a receiver of the test's own on loopback (e2e/tests/integrations.spec.ts), and go out quickly.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_POLL_MS: '100',
    // A shop's orders import with the depot as their pickup (e2e/tests/package-import.spec.ts).
    DEPOT_ADDRESS: '233 S Wacker Dr, Chicago, IL 60606',
  };
}

async function waitReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited early (${child.exitCode}):\n${readFileSync(logFile, 'utf8')}`);
    try {
      const reply = await fetch(`${url}/api/ready`);
      if (reply.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the e2e server did not become ready within 60 s:\n${readFileSync(logFile, 'utf8')}`);
}

/**
 * Every worker gets its own built server on its own fresh seeded database, so spec files running in parallel
 * never see each other's data (a test that counts the newest packages or the daily stats stays exact). Within a
 * worker, files run one after another, as they did with one shared server.
 */
export const test = base.extend<object, { server: E2EServer }>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = E2E_BASE_PORT + workerInfo.parallelIndex * 10;
      const dataDir = mkdtempSync(join(tmpdir(), 'cargo-e2e-'));
      const logFile = join(dataDir, 'server.log');
      const log = openSync(logFile, 'a');
      const databaseFile = join(dataDir, 'e2e.db');
      const env = e2eServerEnv(port, databaseFile);
      const child = spawn(process.execPath, [serverJs], {
        cwd: dataDir,
        env: { PATH: process.env.PATH ?? '', ...env, ...(process.env.E2E_SERVER_ENV ? JSON.parse(process.env.E2E_SERVER_ENV) : {}) },
        stdio: ['ignore', log, log],
      });
      const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
      const url = `http://127.0.0.1:${port}`;
      try {
        await waitReady(url, child, logFile);
        await use({ url, port, databaseFile });
      } finally {
        if (child.exitCode === null) {
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(killer);
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  page: async ({ page }, use) => {
    // Patched once on the class, so pages a test opens itself (browser.newPage()) wait too.
    waitForAppOnLoad(Object.getPrototypeOf(page) as Page);
    await use(page);
  },
});
