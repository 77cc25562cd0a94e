import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { createPackage, expect, openAdmin, test } from '../admin-fixtures.ts';
import { adminToken, bearer } from '../fixtures.ts';
import { e2eServerEnv } from '../test.ts';


// Whole flows through the panel: longer than the default 30 s on a busy shared machine.
test.describe.configure({ timeout: 90_000 });
/**
 * Clear-old deletes by age across the whole database, so it runs against a server of its own (port E2E_PORT + 200,
 * its own database file, no demo data): nothing another spec file uses can be touched.
 */
const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 3917) + 200;
const url = `http://127.0.0.1:${port}`;
let child: ChildProcess | null = null;
let dataDir = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cargo-e2e-clear-old-'));
  const log = openSync(join(dataDir, 'server.log'), 'a');
  child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', ...e2eServerEnv(port, join(dataDir, 'clear-old.db')), SEED_DEMO: 'false' },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`clear-old server exited (${child.exitCode})`);
    if (await fetch(`${url}/api/ready`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('clear-old server not ready');
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((ok) => child!.once('exit', ok));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test.use({ baseURL: url });

test('clear-old: asks first naming the days, removes only packages older than that, says how many', async ({ page, request }) => {
  const token = await adminToken(request);
  const old40 = await createPackage(request, token);
  const old10 = await createPackage(request, token);
  const fresh = await createPackage(request, token);
  // Age two packages in the database itself: the API has no way to create a package in the past.
  const db = new Database(join(dataDir, 'clear-old.db'));
  const setAge = db.prepare('update packages set created_at = ? where id = ?');
  setAge.run(new Date(Date.now() - 40 * 86_400_000).toISOString(), old40.id);
  setAge.run(new Date(Date.now() - 10 * 86_400_000).toISOString(), old10.id);
  db.close();

  await openAdmin(page, token, '?tab=database');
  await page.getByRole('button', { name: 'Older than 30 days' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText('Are you sure you want to delete every package created more than 30 days ago? This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await request.get(`/api/packages/${old40.id}`, { headers: bearer(token) })).status()).toBe(200);

  await page.getByRole('button', { name: 'Older than 30 days' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Old packages cleared')).toBeVisible();
  await expect(page.getByText('1 packages removed')).toBeVisible();
  expect((await request.get(`/api/packages/${old40.id}`, { headers: bearer(token) })).status()).toBe(404);
  expect((await request.get(`/api/packages/${old10.id}`, { headers: bearer(token) })).status()).toBe(200);

  // Dismiss the first run's toasts, so the second run's toast cannot be mistaken for them.
  for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await close.click({ timeout: 2_000 }).catch(() => undefined); // one may have closed by itself
  await expect(page.getByText('1 packages removed')).toHaveCount(0);

  await page.getByRole('button', { name: 'Older than 7 days' }).click();
  await expect(dialog).toContainText('more than 7 days ago');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 packages removed')).toBeVisible();
  expect((await request.get(`/api/packages/${old10.id}`, { headers: bearer(token) })).status()).toBe(404);
  expect((await request.get(`/api/packages/${fresh.id}`, { headers: bearer(token) })).status()).toBe(200);
});
