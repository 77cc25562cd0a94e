import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { LiveTracking, LoginResponse, Package, ShareLinkCreated } from '@cargo/shared';
import { expect, type APIRequestContext, type Page } from './test.ts';
import { bearer } from './fixtures.ts';

/**
 * Helpers of the live-tracking browser tests (customer pages, restart, two instances). Packages are the tests' own,
 * created through the admin API with coordinates, so nothing depends on seeded data or geocoding; fixes go through the
 * real GPS endpoint.
 */

/** Where the test packages are delivered: Minneapolis (a fix `metres` north of it is that far from the door). */
export const DELIVERY = { lat: 44.9817, lng: -93.2776, address: '1 Twins Way, Minneapolis, MN 55403' };
export const PICKUP = { lat: 41.8789, lng: -87.6359, address: '233 S Wacker Dr, Chicago, IL 60606' };
export const northOfDelivery = (metres: number) => ({ lat: DELIVERY.lat + metres / 111_195, lng: DELIVERY.lng });

export interface TestPackage {
  id: string;
  trackingNumber: string;
}

let created = 0;

/** POST /api/packages as admin: a package of our own with coordinates (no geocoding involved). */
export async function createLivePackage(
  request: APIRequestContext,
  token: string,
  status: string,
  baseURL = '',
  fields: Record<string, unknown> = {},
): Promise<TestPackage> {
  created += 1;
  const trackingNumber = `LIVE${Date.now().toString(36).toUpperCase()}${created}${Math.floor(Math.random() * 1000)}`;
  const reply = await request.post(`${baseURL}/api/packages`, {
    headers: bearer(token),
    data: {
      trackingNumber,
      status,
      currentLocation: 'In Transit',
      estimatedDelivery: 'Monday, March 2, 2026 - Wednesday, March 4, 2026',
      pickupAddress: PICKUP.address,
      deliveryAddress: DELIVERY.address,
      customerName: 'Erin Example',
      customerPhone: '(312) 555-0177',
      weight: '12 lbs',
      dimensions: '20 x 14 x 10 in',
      serviceType: 'Express Delivery',
      driver: 'Dana Driver',
      driverPhone: '5550107777',
      pickupLat: PICKUP.lat,
      pickupLng: PICKUP.lng,
      deliveryLat: DELIVERY.lat,
      deliveryLng: DELIVERY.lng,
      ...fields,
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const body = (await reply.json()) as Package;
  return { id: body.id, trackingNumber: body.trackingNumber };
}

/** POST /api/packages/{id}/gps as admin (speed in m/s), `metres` north of the delivery address. */
export async function postFix(
  request: APIRequestContext,
  token: string,
  pkg: TestPackage,
  metres: number,
  extra: { speed?: number; accuracy?: number; ageMs?: number } = {},
  baseURL = '',
): Promise<void> {
  const reply = await request.post(`${baseURL}/api/packages/${pkg.id}/gps`, {
    headers: bearer(token),
    data: {
      ...northOfDelivery(metres),
      speed: extra.speed ?? 14,
      accuracy: extra.accuracy ?? 8,
      heading: 180,
      battery: 77,
      driverName: 'Dana Driver',
      driverPhone: '5550107777',
      vehicleId: 'LIVE-TRUCK-9',
      timestamp: new Date(Date.now() - (extra.ageMs ?? 0)).toISOString(),
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
}

/** POST /api/packages/{id}/status as admin, with the spec's display label (e.g. 'Delivered'). */
export async function setStatus(request: APIRequestContext, token: string, pkg: TestPackage, status: string, baseURL = ''): Promise<void> {
  const reply = await request.post(`${baseURL}/api/packages/${pkg.id}/status`, {
    headers: bearer(token),
    data: { status, location: DELIVERY.address, description: `Status set to ${status} by the live tests` },
  });
  expect(reply.ok(), await reply.text()).toBeTruthy();
}

/** POST /api/share-links: a customer link for the package; answers its token. */
export async function createShareLink(request: APIRequestContext, token: string, pkg: TestPackage): Promise<string> {
  const reply = await request.post('/api/share-links', { headers: bearer(token), data: { packageId: pkg.id, hours: 1, kind: 'customer' } });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as ShareLinkCreated).token;
}

export async function revokeShareLink(request: APIRequestContext, token: string, shareToken: string): Promise<void> {
  const reply = await request.delete(`/api/share-links/${shareToken}`, { headers: bearer(token) });
  expect(reply.ok(), await reply.text()).toBeTruthy();
}

export async function liveView(request: APIRequestContext, ref: string, baseURL = ''): Promise<LiveTracking> {
  const reply = await request.get(`${baseURL}/api/tracking/live/${encodeURIComponent(ref)}`);
  expect(reply.ok()).toBeTruthy();
  return (await reply.json()) as LiveTracking;
}

/** The text line beside the map. */
export const factsLine = (page: Page) => page.locator('p', { hasText: /^Live status:/ });
/** The map's current-position marker. */
export const currentMarker = (page: Page) => page.getByRole('region', { name: 'Map of the package route' }).getByRole('button', { name: 'Current location', exact: true });

/** Where on the screen the current marker is (it moves when a fix arrives). */
export async function markerCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await currentMarker(page).boundingBox();
  if (!box) throw new Error('the current-location marker is not on screen');
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

/** axe-core: no serious or critical violation. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
  expect(blocking, `${state}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}

export async function expectNoHorizontalOverflow(page: Page, state: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${state}: horizontal overflow at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
}

const root = resolve(import.meta.dirname, '..');
export const SERVER_JS = join(root, 'apps/server/dist/server.js');
export const LIVE_ADMIN = { email: 'admin@live-e2e.example', password: 'live-e2e-admin-password' };

/**
 * A server process of the test's own (the built `apps/server/dist/server.js`), on one of the live tests' ports, so
 * it can be restarted or killed without touching the shared server of the other spec files.
 */
export class OwnServer {
  private child: ChildProcess | null = null;
  log = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly dataDir: string = mkdtempSync('/tmp/live-e2e-'),
  ) {}

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [SERVER_JS], {
      cwd: this.dataDir,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATABASE_URL: join(this.dataDir, 'live.db'),
        ADMIN_EMAIL: LIVE_ADMIN.email,
        ADMIN_PASSWORD: LIVE_ADMIN.password,
        LOG_LEVEL: 'info',
        PUBLIC_LOOKUPS_PER_MINUTE: '100000',
        PASSWORD_HASH_LOG_N: '14',
        MAP_TILE_URL: `http://127.0.0.1:${this.port}/tiles/{z}/{x}/{y}.png`,
        SHUTDOWN_TIMEOUT_MS: '3000',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (d) => (this.log += d));
    child.stderr!.on('data', (d) => (this.log += d));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server on ${this.port} exited early:\n${this.log.slice(-3000)}`);
      try {
        const ready = await fetch(`${this.baseURL}/api/ready`);
        if (ready.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server on ${this.port} not ready within 30 s:\n${this.log.slice(-3000)}`);
  }

  /** SIGTERM (graceful) or SIGKILL (a crash); resolves once the process has exited. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** POST /api/auth/login on an own server; answers the bearer token. */
export async function ownAdminToken(request: APIRequestContext, server: OwnServer): Promise<string> {
  const reply = await request.post(`${server.baseURL}/api/auth/login`, { data: LIVE_ADMIN });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  return ((await reply.json()) as LoginResponse).token;
}
