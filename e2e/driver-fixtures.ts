import type { Driver, LocationRecord, Package, ShareLinkCreated, driverSessionResponseSchema } from '@cargo/shared';
import type { z } from 'zod';
import { adminToken, bearer } from './fixtures.ts';
import { test as base, expect, type APIRequestContext, type Page } from './test.ts';

/**
 * Helpers for the driver screens: every driver, package and share link is made through the admin API, so each spec
 * file stands alone on the shared seeded server.
 */
/** A driver and the PIN it signs in with. */
export type TestDriver = Driver & { pin: string };

let counter = 0;
/** A phone number no other test uses: a US number (ten digits, the phone rule's length) of 555, the time and a counter. */
export function uniquePhone(): string {
  counter += 1;
  return `+1555${String(Date.now()).slice(-4)}${String(counter % 100).padStart(2, '0')}${Math.floor(Math.random() * 10)}`;
}

export async function createDriver(request: APIRequestContext, name = 'E2E Driver'): Promise<TestDriver> {
  const token = await adminToken(request);
  const pin = String(100000 + Math.floor(Math.random() * 899999));
  const reply = await request.post('/api/drivers', { headers: bearer(token), data: { name: `${name} ${counter}`, phone: uniquePhone(), pin } });
  expect(reply.status(), await reply.text()).toBe(201);
  const body = (await reply.json()) as Driver;
  return { ...body, pin };
}

export type TestPackage = Package;

export async function createPackage(request: APIRequestContext, driver: TestDriver | null, status = 'in_transit', overrides: Record<string, unknown> = {}): Promise<TestPackage> {
  const token = await adminToken(request);
  counter += 1;
  const trackingNumber = `DRV${Date.now().toString(36).toUpperCase()}${counter}`;
  const reply = await request.post('/api/packages', {
    headers: bearer(token),
    data: {
      trackingNumber,
      status,
      pickupAddress: '100 N Main St, Milwaukee, WI 53202',
      deliveryAddress: '200 E Wells St, Milwaukee, WI 53202',
      estimatedDelivery: 'Monday, June 1, 2026 - Tuesday, June 2, 2026',
      customerName: 'Ada Customer',
      customerPhone: '(414) 555-0100',
      deliveryLat: 43.0412,
      deliveryLng: -87.9075,
      ...(driver ? { driverId: driver.id, driver: driver.name, driverPhone: driver.phone } : {}),
      ...overrides,
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as Package;
}

/** The package's fixes as the admin sees them (newest current fix first). */
export async function packageFixes(request: APIRequestContext, trackingNumber: string): Promise<LocationRecord[]> {
  const token = await adminToken(request);
  const reply = await request.get(`/api/packages/${trackingNumber}/locations`, { headers: bearer(token) });
  expect(reply.ok()).toBe(true);
  const rows = (await reply.json()) as LocationRecord[];
  return rows.filter((r) => r.type === 'current');
}

export async function getDriver(request: APIRequestContext, id: string) {
  const token = await adminToken(request);
  const rows = (await (await request.get('/api/drivers', { headers: bearer(token) })).json()) as Driver[];
  return rows.find((d) => d.id === id)!;
}

export async function createDriverShareLink(request: APIRequestContext, packageId: string): Promise<ShareLinkCreated> {
  const token = await adminToken(request);
  const reply = await request.post('/api/share-links', { headers: bearer(token), data: { packageId, hours: 1, kind: 'driver' } });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as ShareLinkCreated;
}

export async function revokeShareLink(request: APIRequestContext, token: string): Promise<void> {
  const admin = await adminToken(request);
  const reply = await request.delete(`/api/share-links/${token}`, { headers: bearer(admin) });
  expect(reply.status()).toBe(204);
}

/** Puts a driver session in the page's storage before any script runs, as a sign-in would. */
export async function signInDriverInPage(page: Page, request: APIRequestContext, driver: TestDriver): Promise<void> {
  const reply = await request.post('/api/drivers/session', { data: { phone: driver.phone, pin: driver.pin } });
  expect(reply.status(), await reply.text()).toBe(200);
  const { token, driver: profile } = (await reply.json()) as z.infer<typeof driverSessionResponseSchema>;
  await page.addInitScript(
    ([t, p]) => {
      if (!window.sessionStorage.getItem('e2e-driver-set')) {
        window.localStorage.setItem('driver_token', t);
        window.localStorage.setItem('driver_profile', p);
        window.sessionStorage.setItem('e2e-driver-set', '1');
      }
    },
    [token, JSON.stringify(profile)] as const,
  );
}

/** A test with a fresh driver (and one in-transit package) signed in to the page, geolocation granted. */
export const test = base.extend<{ driver: TestDriver; driverPackage: TestPackage }>({
  driver: async ({ request }, use) => {
    await use(await createDriver(request));
  },
  driverPackage: async ({ request, driver }, use) => {
    await use(await createPackage(request, driver));
  },
});

export { expect };

/** Milwaukee, and a step north in metres. */
export const START = { latitude: 43.0389, longitude: -87.9065 };
export const north = (metres: number) => ({ latitude: START.latitude + metres / 111_195, longitude: START.longitude, accuracy: 8 });
