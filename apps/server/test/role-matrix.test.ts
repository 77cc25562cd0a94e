import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Access } from '../src/auth/role-table.ts';
import { ROLE_TABLE, routeKey } from '../src/auth/role-table.ts';
import { makeDriver, makePackage, type DriverFixture } from './fixtures.ts';
import { describeApi, setupApp, type TestContext } from './helper.ts';

type Caller = 'anonymous' | 'driverA' | 'driverB' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'driverB', 'driverA', 'admin'];

/** What the role table promises each caller: 'allowed' means neither 401 nor 403. */
function expected(access: Access, caller: Caller): 401 | 403 | 'allowed' {
  if (access.role === 'public') return 'allowed';
  if (caller === 'anonymous') return 401;
  switch (access.role) {
    case 'session':
      return 'allowed';
    case 'admin':
      return caller === 'admin' ? 'allowed' : 403;
    case 'driver-self':
      return caller === 'admin' ? 403 : 'allowed';
    case 'driver':
      // Every object in this test belongs to driver A.
      return caller === 'driverB' ? 403 : 'allowed';
  }
}

describeApi('role matrix: every registered route × {anonymous, driver A, driver B, admin}', () => {
  let ctx: TestContext;
  let driverA: DriverFixture;
  let driverB: DriverFixture;
  let driverC: DriverFixture;
  let pkgA: { id: string; trackingNumber: string };
  let pkgAdmin: { id: string; trackingNumber: string };
  let shareToken: string;
  let pickupId: string;

  beforeAll(async () => {
    ctx = await setupApp();
    [driverA, driverB, driverC] = await Promise.all([makeDriver(ctx), makeDriver(ctx), makeDriver(ctx)]);
    pkgA = await makePackage(ctx, { status: 'in_transit' }, driverA);
    pkgAdmin = await makePackage(ctx, { status: 'processing' }, driverA);
    const link = await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkgA.id, hours: 2, kind: 'driver' } });
    expect(link.statusCode, link.body).toBe(201);
    shareToken = link.json().token;
    const pickup = await ctx.request({
      method: 'POST',
      url: '/api/schedule-pickup',
      payload: {
        customerName: 'Grace Kim',
        phone: '(312) 555-0190',
        email: 'grace@example.com',
        originAddress: '233 S Wacker Dr, Chicago, IL 60606',
        destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
        itemDescription: 'Two boxes of books',
      },
    });
    expect(pickup.statusCode, pickup.body).toBe(201);
    pickupId = pickup.json().id;
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('every route the server registers is in the role table, and every table entry is registered', () => {
    const registered = new Set(ctx.app.routeAccess.map((r) => routeKey(r.method, r.url)));
    for (const key of Object.keys(ROLE_TABLE)) expect(registered, `role table names ${key} but no such route exists`).toContain(key);
    for (const r of ctx.app.routeAccess) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('a route missing from the role table stops the app from starting', async () => {
    const Fastify = (await import('fastify')).default;
    const fp = (await import('fastify-plugin')).default;
    const authPlugin = (await import('../src/plugins/auth.ts')).default;
    const probe = Fastify({ logger: false });
    await probe.register(
      fp(
        async (scope) => {
          scope.decorate('db', ctx.app.db);
        },
        { name: 'database' },
      ),
    );
    await probe.register(authPlugin);
    probe.get('/api/health', async () => ({}));
    await expect(
      (async () => {
        probe.get('/api/not-in-the-table', async () => ({}));
        await probe.ready();
      })(),
    ).rejects.toThrow(/GET \/api\/not-in-the-table is missing from the role table/);
  });

  it('a driver share-link token works for its own package GPS endpoints only', async () => {
    const other = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const fix = { lat: 41.9, lng: -87.7, accuracy: 10 };
    const own = await ctx.request({ method: 'POST', url: `/api/packages/${pkgA.id}/gps`, token: shareToken, payload: fix });
    expect([201, 422]).toContain(own.statusCode);
    const foreign = await ctx.request({ method: 'POST', url: `/api/packages/${other.id}/gps`, token: shareToken, payload: fix });
    expect(foreign.statusCode).toBe(403);
    const elsewhere = await ctx.request({ method: 'GET', url: `/api/drivers/${driverA.id}/packages`, token: shareToken });
    expect(elsewhere.statusCode).toBe(401);
  });

  // Runs last: the walk ends with logout, which revokes the callers' sessions.
  it('answers each caller as the role table says, including object-level checks', async () => {
    const tokens: Record<Caller, string | null> = { anonymous: null, driverA: driverA.token, driverB: driverB.token, admin: ctx.adminToken };
    const routes = ctx.app.routeAccess
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && (r.url.startsWith('/api') || r.url === '/ws'))
      // Logout ends the caller's session: last.
      .sort((a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'));
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];

    for (const route of routes) {
      for (const caller of CALLERS) {
        const url = await fillParams(route.method, route.url, route.access);
        const res = await ctx.request({
          method: route.method as 'GET',
          url,
          token: tokens[caller],
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: { trackingId: pkgA.trackingNumber, packageId: pkgA.id } } : {}),
        });
        const want = expected(route.access, caller);
        const ok = want === 'allowed' ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === want;
        if (!ok || res.statusCode === 500) failures.push(`${route.method} ${route.url} as ${caller}: got ${res.statusCode}, want ${want} (${res.body.slice(0, 120)})`);
      }
    }
    expect(failures).toEqual([]);

    async function fillParams(method: string, pattern: string, access: Access): Promise<string> {
      const adminOnly = access.role === 'admin';
      let url = pattern;
      if (url.includes(':id')) {
        let id: string;
        if (url.startsWith('/api/packages')) {
          id = adminOnly ? pkgAdmin.trackingNumber : pkgA.trackingNumber;
          if (method === 'DELETE') id = (await makePackage(ctx, {}, driverA)).id;
        } else if (url.startsWith('/api/drivers')) id = adminOnly ? driverC.id : driverA.id;
        else if (url.startsWith('/api/pickup-requests')) id = pickupId;
        else if (url.startsWith('/api/devices')) {
          const device = await ctx.request({ method: 'POST', url: '/api/devices', token: ctx.adminToken, payload: { driverId: driverC.id, name: 'Tracker' } });
          id = device.json().id;
        } else if (url.startsWith('/api/tracking/live')) id = pkgA.trackingNumber;
        else id = pkgA.id;
        url = url.replace(':id', encodeURIComponent(id));
      }
      url = url.replace(':phone', encodeURIComponent(driverA.phone)).replace(':token', encodeURIComponent(shareToken));
      return url;
    }
  }, 300_000);

});
