import AxeBuilder from '@axe-core/playwright';
import { test as base, expect as baseExpect, type APIRequestContext, type Page } from './test.ts';
import { ADMIN_TOKEN_KEY, driverCreatedSchema, packageSchema, type Package, type PackageInput } from '@cargo/shared';
import type { z } from 'zod';
import { adminToken, bearer } from './fixtures.ts';
import { E2E_ADMIN } from './playwright.config.ts';

/**
 * Admin panel fixtures: a signed-in admin page (the token stored as the panel stores it), and helpers that create
 * this test's own drivers and packages through the API, so no spec file touches another's data or the demo set.
 */

let counter = 0;
/** A value unique to this run and worker: never collides with another file's data. */
export function uniqueTag(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${process.pid.toString(36).toUpperCase()}${counter}`;
}

export async function createDriver(request: APIRequestContext, token: string, overrides: Partial<{ name: string; phone: string; vehicleId: string; pin: string }> = {}) {
  const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const reply = await request.post('/api/drivers', { headers: bearer(token), data: { name: uniqueTag('Driver '), phone, vehicleId: uniqueTag('VAN-'), ...overrides } });
  if (!reply.ok()) throw new Error(`POST /api/drivers: ${reply.status()} ${await reply.text()}`);
  const driver = driverCreatedSchema.parse(await reply.json());
  if (!driver.pin) throw new Error('POST /api/drivers answered no PIN');
  return { ...driver, pin: driver.pin };
}

export async function createPackage(request: APIRequestContext, token: string, overrides: Partial<PackageInput> = {}): Promise<Package> {
  const reply = await request.post('/api/packages', {
    headers: bearer(token),
    data: {
      trackingNumber: uniqueTag('ADM'),
      status: 'processing',
      estimatedDelivery: 'Monday, January 5, 2026 - Wednesday, January 7, 2026',
      pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
      deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
      customerName: 'Olivia Martin',
      customerPhone: '(312) 555-0142',
      ...overrides,
    },
  });
  if (!reply.ok()) throw new Error(`POST /api/packages: ${reply.status()} ${await reply.text()}`);
  return packageSchema.parse(await reply.json());
}

/** An admin GET, its reply parsed with the shared schema of that endpoint. */
export async function getJson<S extends z.ZodType>(request: APIRequestContext, token: string, path: string, schema: S): Promise<z.output<S>> {
  const reply = await request.get(path, { headers: bearer(token) });
  if (!reply.ok()) throw new Error(`GET ${path}: ${reply.status()} ${await reply.text()}`);
  return schema.parse(await reply.json());
}

/** Opens /admin signed in: the token stored under admin_token, as the login form stores it. */
/** Picks the 10th to the 13th of this month as the Create form's delivery window, in its calendar. */
export async function chooseDeliveryWindow(page: Page) {
  await page.getByRole('button', { name: /^Estimated Delivery/ }).click();
  const calendar = page.getByRole('dialog');
  const now = new Date();
  const month = `${now.toLocaleString('en-US', { month: 'long' })} ${now.getFullYear()}`;
  await calendar.getByRole('button', { name: `10 ${month}`, exact: true }).click();
  await calendar.getByRole('button', { name: `13 ${month}`, exact: true }).click();
  await page.keyboard.press('Escape');
}

export async function openAdmin(page: Page, token: string, query = '') {
  await page.goto('/help-center');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [ADMIN_TOKEN_KEY, token]);
  await page.goto(`/admin${query}`);
  // The admin chunk loads on first use; a busy machine can take a while.
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 30_000 });
}

/**
 * A toast with this text is shown; then it is dismissed with its close button, as a person may. Toasts show one at a
 * time, 5 s each (spec §9): a test that expects another toast next sees it at once rather than after this one's 5 s.
 */
export async function expectToastAndDismiss(page: Page, text: string | RegExp) {
  const toast = page.getByRole('alert').filter({ hasText: text }).filter({ has: page.getByRole('button', { name: 'Dismiss notification' }) });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);
}

const BLOCKING = new Set(['serious', 'critical']);
export async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({ rule: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
  expect(blocking, `${label}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}

export async function expectNoHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label} overflows horizontally by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** A test with `token` (a fresh admin session of its own) and `adminPage` (the panel open and signed in). */
export const test = base.extend<{ token: string; adminPage: Page }>({
  token: async ({ request }, use) => {
    await use(await adminToken(request));
  },
  adminPage: async ({ page, token }, use) => {
    await openAdmin(page, token);
    await use(page);
  },
});

/**
 * Toasts show one at a time, 5 s each (spec §9): a toast raised right after another waits its turn, so the admin
 * specs allow up to 12 s for what they expect to appear.
 */
const expect = baseExpect.configure({ timeout: 12_000 });

export { expect, E2E_ADMIN };
