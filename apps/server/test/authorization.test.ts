import type { AddressInfo } from 'node:net';
import type { LocationUpdateData, ShareLinkCreated } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Access } from '../src/auth/role-table.ts';
import { makeDriver, makePackage, type DriverFixture } from './fixtures.ts';
import { multipart } from './multipart.ts';
import { describeApi, setupApp, type TestContext } from './helper.ts';

/**
 * Authorization beyond the role matrix (issue 10): a driver against another driver's objects on every driver route,
 * share tokens against other packages, sessions and tokens after they end, mass assignment, and what the public views
 * reveal. The driver routes come from the server's own route table, so a new route is covered without listing it.
 */

type Pkg = Awaited<ReturnType<typeof makePackage>>;
type Route = { method: string; url: string; access: Access };
const WRITE = ['POST', 'PUT', 'PATCH'];
const T = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/** The union of every driver route's payload: each route's zod schema keeps its own fields and drops the rest. */
function payloadFor(pkg: Pkg, fix: { lat: number; lng: number }, timestamp = T(1)) {
  return {
    ...fix,
    accuracy: 12,
    speed: 10,
    heading: 90,
    timestamp,
    status: 'Out for Delivery',
    type: 'current',
    hours: 2,
    kind: 'customer',
    trackingId: pkg.trackingNumber,
    packageId: pkg.id,
    // A payment at the door (POST /api/packages/{id}/payments, issue 32).
    method: 'cash',
    amount: 100,
    // The batch route (POST /api/drivers/{id}/fixes): the same fix, for the package.
    fixes: [{ ...fix, accuracy: 12, speed: 10, heading: 90, timestamp, packageId: pkg.id }],
  };
}

/** Fields no driver body of the spec carries: sent on every driver write, they must change nothing. */
function extrasAgainst(victim: { pkg: Pkg; driver: DriverFixture }) {
  return {
    id: victim.pkg.id,
    driverId: victim.driver.id,
    trackingNumber: 'HACKED0001',
    customerName: 'Mallory',
    customerPhone: '(666) 555-0000',
    deliveryAddress: '1 Evil Way, Nowhere, ZZ 00000',
    estimatedDelivery: 'Never',
    isActive: 0,
    isOnline: 1,
    pinHash: 'scrypt$forged',
    passwordHash: 'scrypt$forged',
    role: 'admin',
    subjectId: victim.driver.id,
    createdAt: '2000-01-01T00:00:00.000Z',
    expiresAt: '2999-01-01T00:00:00.000Z',
    proximityState: 'arrived',
    realLocationLink: 'https://maps.example/evil',
    vehicleId_: 'x',
    phone: victim.driver.phone,
    email: 'mallory@example.com',
    name: 'Mallory',
  };
}

function fillUrl(pattern: string, ids: { pkg: string; driver: string; phone: string; token: string }) {
  return pattern
    .replace(':id', encodeURIComponent(pattern.startsWith('/api/drivers') ? ids.driver : ids.pkg))
    .replace(':phone', encodeURIComponent(ids.phone))
    .replace(':token', encodeURIComponent(ids.token));
}

describeApi('authorization beyond the role matrix', () => {
  let ctx: TestContext;
  let driverA: DriverFixture;
  let driverB: DriverFixture;
  let pkgA: Pkg;
  let pkgA2: Pkg;
  let pkgB: Pkg;
  let linkA: ShareLinkCreated;
  let driverRoutes: Route[];

  const shareLink = async (pkg: Pkg, kind: 'driver' | 'customer', token = ctx.adminToken) => {
    const res = await ctx.request({ method: 'POST', url: '/api/share-links', token, payload: { packageId: pkg.id, hours: 2, kind } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ShareLinkCreated;
  };

  /** Every stored row of the tables a driver route could touch, to compare before and after. */
  async function snapshot() {
    const db = ctx.app.db;
    const [packages, drivers, admins, links, sessions, locations, history, devices] = await Promise.all([
      db.selectFrom('packages').selectAll().orderBy('id').execute(),
      db.selectFrom('drivers').selectAll().orderBy('id').execute(),
      db.selectFrom('adminUsers').selectAll().orderBy('id').execute(),
      db.selectFrom('shareLinks').selectAll().orderBy('id').execute(),
      db.selectFrom('sessions').select(['tokenHash', 'role', 'subjectId', 'expiresAt']).orderBy('tokenHash').execute(),
      db.selectFrom('locationsAll').selectAll().orderBy('id').execute(),
      db.selectFrom('statusHistory').selectAll().orderBy('id').execute(),
      db.selectFrom('devices').selectAll().orderBy('id').execute(),
    ]);
    return { packages, drivers, admins, links, sessions, locations, history, devices };
  }

  beforeAll(async () => {
    ctx = await setupApp();
    [driverA, driverB] = await Promise.all([makeDriver(ctx, { email: 'driver.a@example.com' }), makeDriver(ctx, { email: 'driver.b@example.com' })]);
    // An amount due, so A's own payment route (issue 32) takes a valid driver payment.
    pkgA = await makePackage(ctx, { status: 'in_transit', amountDue: 100_000 }, driverA);
    pkgA2 = await makePackage(ctx, { status: 'in_transit' }, driverA);
    pkgB = await makePackage(ctx, { status: 'in_transit' }, driverB);
    linkA = await shareLink(pkgA, 'driver');
    driverRoutes = ctx.app.routeAccess.filter((r) => r.method !== 'HEAD' && (r.access.role === 'driver' || r.access.role === 'driver-self'));
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('finds the driver routes in the server route table (every ownership kind)', () => {
    const owns = new Set(driverRoutes.flatMap((r) => (r.access.role === 'driver' ? [r.access.owns] : [])));
    expect([...owns].sort()).toEqual(['driver-id', 'driver-phone', 'package', 'package-id-in-body', 'package-in-body', 'package-or-token', 'share-link']);
    expect(driverRoutes.length).toBeGreaterThanOrEqual(11);
  });

  it("driver B gets 403 on every driver route with driver A's ids, and nothing changes", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of driverRoutes.filter((r) => r.access.role === 'driver')) {
      // By id and by tracking number in any letter case: each way of naming A's package.
      for (const pkgRef of [pkgA.id, pkgA.trackingNumber, pkgA.trackingNumber.toLowerCase()]) {
        const url = fillUrl(route.url, { pkg: pkgRef, driver: driverA.id, phone: driverA.phone, token: linkA.token });
        const res = await ctx.request({
          method: route.method as 'GET',
          url,
          token: driverB.token,
          ...(WRITE.includes(route.method) ? { payload: { ...payloadFor(pkgA, { lat: 41.9, lng: -87.7 }), trackingId: pkgRef, packageId: pkgRef } } : {}),
        });
        if (res.statusCode !== 403) failures.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    // A's phone in another spelling is still A's phone.
    for (const spelling of [`(${driverA.phone.slice(0, 3)}) ${driverA.phone.slice(3, 6)}-${driverA.phone.slice(6)}`, `+1${driverA.phone}`]) {
      const res = await ctx.request({ method: 'GET', url: `/api/drivers/phone/${encodeURIComponent(spelling)}`, token: driverB.token });
      if (res.statusCode !== 403) failures.push(`GET /api/drivers/phone/${spelling}: ${res.statusCode}`);
    }
    // A's package named inside B's own offline-queue batch: each such fix is refused.
    const batch = await ctx.request({
      method: 'POST',
      url: `/api/drivers/${driverB.id}/fixes`,
      token: driverB.token,
      payload: { fixes: [pkgA.id, pkgA.trackingNumber.toLowerCase()].map((packageId, i) => ({ lat: 41.9, lng: -87.7 + i * 0.001, accuracy: 10, timestamp: T(2 - i), packageId })) },
    });
    if (batch.statusCode !== 200 || batch.json().results.some((r: { status: number }) => r.status !== 403)) failures.push(`POST /api/drivers/B/fixes naming A's package: ${batch.statusCode} ${batch.body.slice(0, 200)}`);
    // A's id in the body of B's own driver route.
    const mixed = await ctx.request({ method: 'POST', url: `/api/drivers/${driverB.id}/location`, token: driverB.token, payload: { lat: 41.9, lng: -87.7, driverId: driverA.id } });
    if (mixed.statusCode !== 400) failures.push(`POST /api/drivers/B/location with A's driverId in the body: ${mixed.statusCode}`);
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);

    // B's own view names nothing of A.
    const me = await ctx.request({ method: 'GET', url: '/api/drivers/me', token: driverB.token });
    expect(me.statusCode).toBe(200);
    const own = await ctx.request({ method: 'GET', url: `/api/drivers/${driverB.id}/packages`, token: driverB.token });
    for (const body of [me.body, own.body]) {
      for (const secret of [driverA.id, driverA.phone, pkgA.id, pkgA.trackingNumber, 'driver.a@example.com']) expect(body).not.toContain(secret);
    }
  });

  it("a driver share token for package X is refused for package Y and on every other route", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of ctx.app.routeAccess) {
      if (route.method === 'HEAD' || route.access.role === 'public' || !(route.url.startsWith('/api') || route.url === '/ws')) continue;
      // Against A's other package (same driver: the token still covers only its own package), and B's.
      for (const other of [pkgA2, pkgB]) {
        const url = fillUrl(route.url, { pkg: other.trackingNumber, driver: other === pkgB ? driverB.id : driverA.id, phone: driverA.phone, token: linkA.token });
        const res = await ctx.request({
          method: route.method as 'GET',
          url,
          token: linkA.token,
          ...(WRITE.includes(route.method) ? { payload: payloadFor(other, { lat: 41.9, lng: -87.7 }) } : {}),
        });
        if (res.statusCode !== 401 && res.statusCode !== 403) failures.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a customer share token is no bearer token: it posts no fix, even for its own package', async () => {
    const customer = await shareLink(pkgA, 'customer');
    const before = await snapshot();
    for (const url of [`/api/packages/${pkgA.id}/gps`, `/api/tracking/live/${pkgA.trackingNumber}/update`]) {
      const res = await ctx.request({ method: 'POST', url, token: customer.token, payload: payloadFor(pkgA, { lat: 41.9, lng: -87.7 }) });
      expect(res.statusCode, url).toBe(401);
    }
    const web = await ctx.request({ method: 'POST', url: '/api/tracking/web-location', token: customer.token, payload: payloadFor(pkgA, { lat: 41.9, lng: -87.7 }) });
    expect(web.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('revoked and expired share links stop working; a driver may revoke only links of its own packages', async () => {
    const fix = (minutesAgo: number) => ({ lat: 41.95, lng: -87.72, accuracy: 10, timestamp: T(minutesAgo) });
    const revoked = await shareLink(pkgA, 'driver', driverA.token);
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkgA.id}/gps`, token: revoked.token, payload: fix(30) })).statusCode).toBe(201);
    expect((await ctx.request({ method: 'DELETE', url: `/api/share-links/${revoked.token}`, token: driverB.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'DELETE', url: `/api/share-links/${revoked.token}`, token: driverA.token })).statusCode).toBe(204);
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkgA.id}/gps`, token: revoked.token, payload: fix(29) })).statusCode).toBe(401);

    const expired = await shareLink(pkgA, 'driver');
    const customer = await shareLink(pkgA, 'customer');
    expect((await ctx.request({ method: 'GET', url: `/api/tracking/live/${customer.token}` })).statusCode).toBe(200);
    await ctx.app.db.updateTable('shareLinks').set({ expiresAt: T(1) }).where('packageId', '=', pkgA.id).where('revokedAt', 'is', null).execute();
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkgA.id}/gps`, token: expired.token, payload: fix(28) })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: `/api/tracking/live/${customer.token}` })).statusCode).toBe(404);
    // The link made in beforeAll expired with them: a fresh one for the tests that follow.
    linkA = await shareLink(pkgA, 'driver');
  });

  it("a driver's share links end with the driver's access: deactivation, PIN reset, the package given to another driver", async () => {
    const gps = (token: string, pkg: Pkg, minutesAgo: number) =>
      ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token, payload: { lat: 41.8 + minutesAgo * 0.0001, lng: -87.65, accuracy: 10, timestamp: T(minutesAgo) } });
    const cases = [
      ['deactivated', (d: DriverFixture) => ctx.request({ method: 'PUT', url: `/api/drivers/${d.id}`, token: ctx.adminToken, payload: { isActive: false } })],
      ['PIN reset', (d: DriverFixture) => ctx.request({ method: 'POST', url: `/api/drivers/${d.id}/pin`, token: ctx.adminToken, payload: {} })],
    ] as const;
    for (const [what, end] of cases) {
      const driver = await makeDriver(ctx);
      const pkg = await makePackage(ctx, { status: 'in_transit' }, driver);
      const link = await shareLink(pkg, 'driver', driver.token);
      expect((await gps(link.token, pkg, 9)).statusCode, what).toBe(201);
      expect((await end(driver)).statusCode, what).toBe(200);
      expect((await gps(link.token, pkg, 8)).statusCode, `link of a driver ${what}`).toBe(401);
    }

    // Reassigned: the old driver's link no longer covers the package; a link an admin made does.
    const first = await makeDriver(ctx);
    const second = await makeDriver(ctx);
    const pkg = await makePackage(ctx, { status: 'in_transit' }, first);
    const driversLink = await shareLink(pkg, 'driver', first.token);
    const adminsLink = await shareLink(pkg, 'driver');
    expect((await gps(driversLink.token, pkg, 7)).statusCode).toBe(201);
    const moved = await ctx.request({ method: 'PUT', url: `/api/packages/${pkg.id}`, token: ctx.adminToken, payload: { ...pkg, driverId: second.id, driver: second.name, driverPhone: second.phone } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await gps(driversLink.token, pkg, 6)).statusCode).toBe(401);
    expect((await gps(adminsLink.token, pkg, 5)).statusCode).toBe(201);
  });

  it("a driver sets only its package's current location by hand: the pickup and delivery points are an admin's", async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const points = async () => {
      const row = await ctx.app.db.selectFrom('packages').select(['pickupLat', 'pickupLng', 'deliveryLat', 'deliveryLng']).where('id', '=', pkg.id).executeTakeFirstOrThrow();
      return row;
    };
    const before = await points();
    for (const type of ['origin', 'destination']) {
      const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: driverA.token, payload: { lat: 40.1, lng: -88.2, type, address: 'Somewhere else' } });
      expect(res.statusCode, type).toBe(403);
    }
    expect(await points()).toEqual(before);
    const current = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: driverA.token, payload: { lat: 41.95, lng: -87.7, type: 'current' } });
    expect(current.statusCode, current.body).toBe(201);
    const admin = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: ctx.adminToken, payload: { lat: 43.05, lng: -87.9, type: 'destination' } });
    expect(admin.statusCode, admin.body).toBe(201);
    expect((await points()).deliveryLat).toBe(43.05);
  });

  it('a session cookie does not work from a cross-site form: state changes need a JSON body (design.md §4)', async () => {
    const before = await snapshot();
    const cookie = `session=${ctx.adminToken}`;
    // The cookie itself is good: a same-site JSON request with it works.
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    const forms = [
      { method: 'POST', url: '/api/packages', type: 'application/x-www-form-urlencoded', body: 'trackingNumber=FORM1&status=processing' },
      { method: 'POST', url: `/api/packages/${pkgA.id}/status`, type: 'text/plain', body: '{"status":"Delivered","location":"x","description":"y"}' },
      { method: 'PUT', url: `/api/drivers/${driverA.id}`, type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="isActive"\r\n\r\nfalse\r\n--x--' },
      { method: 'DELETE', url: `/api/packages/${pkgA2.id}`, type: 'text/plain', body: 'x' },
    ] as const;
    for (const form of forms) {
      const res = await ctx.request({ method: form.method, url: form.url, headers: { cookie, 'content-type': form.type }, payload: form.body });
      expect(res.statusCode, `${form.method} ${form.url} as ${form.type}`).toBe(415);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('sessions end: an admin after logout, a driver after deactivation and after a PIN reset, and any past its lifetime or idle limit', async () => {
    // Admin: sign in anew (the suite's token stays for the other tests), log out, and the token is dead everywhere.
    const login = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@test.example', password: 'correct-horse-battery' } });
    const adminToken = login.json().token as string;
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: adminToken })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', token: adminToken })).statusCode).toBeLessThan(300);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: adminToken })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/packages', token: adminToken })).statusCode).toBe(401);
    // The same token as a cookie is dead too.
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', headers: { cookie: `session=${adminToken}` } })).statusCode).toBe(401);

    // Driver: deactivated, every session (and the share links it made keep only their own rules) stops at once.
    const deactivated = await makeDriver(ctx);
    const pkgD = await makePackage(ctx, { status: 'in_transit' }, deactivated);
    expect((await ctx.request({ method: 'GET', url: '/api/drivers/me', token: deactivated.token })).statusCode).toBe(200);
    const off = await ctx.request({ method: 'PUT', url: `/api/drivers/${deactivated.id}`, token: ctx.adminToken, payload: { isActive: false } });
    expect(off.statusCode, off.body).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/drivers/me'],
      ['GET', `/api/drivers/${deactivated.id}/packages`],
      ['POST', `/api/packages/${pkgD.id}/gps`],
    ] as const) {
      const res = await ctx.request({ method, url, token: deactivated.token, ...(method === 'POST' ? { payload: { lat: 41.9, lng: -87.7 } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    // Reactivated, the old session stays dead (a new sign-in is needed).
    await ctx.request({ method: 'PUT', url: `/api/drivers/${deactivated.id}`, token: ctx.adminToken, payload: { isActive: true } });
    expect((await ctx.request({ method: 'GET', url: '/api/drivers/me', token: deactivated.token })).statusCode).toBe(401);

    // Driver: a PIN reset ends the sessions signed in with the old PIN, and the old PIN no longer signs in.
    const reset = await makeDriver(ctx);
    const pin = await ctx.request({ method: 'POST', url: `/api/drivers/${reset.id}/pin`, token: ctx.adminToken, payload: {} });
    expect(pin.statusCode, pin.body).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/drivers/me', token: reset.token })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: reset.phone, pin: reset.pin } })).statusCode).toBe(401);

    // Past its absolute lifetime, or idle for longer than allowed: the stored session no longer counts.
    const aged = await makeDriver(ctx);
    const idle = await makeDriver(ctx);
    await ctx.app.db.updateTable('sessions').set({ expiresAt: T(1) }).where('subjectId', '=', aged.id).execute();
    await ctx.app.db.updateTable('sessions').set({ lastSeenAt: T(3 * 60) }).where('subjectId', '=', idle.id).execute();
    expect((await ctx.request({ method: 'GET', url: '/api/drivers/me', token: aged.token })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/drivers/me', token: idle.token })).statusCode).toBe(401);
  });

  it("mass assignment: extra fields in every driver body change nothing outside the route's own payload", async () => {
    // Columns a driver's own write may change (its position, a package's status and current location); anything else
    // of the driver's package and the driver, and every row of anyone else, must stay as it was.
    const MAY_CHANGE = {
      // eventSequence: a status change writes its event (the outbox, decision 046).
      packages: new Set(['status', 'currentLocation', 'updatedAt', 'proximityState', 'eventSequence']),
      drivers: new Set(['currentLat', 'currentLng', 'lastLocationUpdate', 'isOnline']),
    };
    const victim = { pkg: pkgB, driver: driverB };
    const failures: string[] = [];
    let minutesAgo = 20;
    for (const route of driverRoutes.filter((r) => WRITE.includes(r.method))) {
      const url = fillUrl(route.url, { pkg: pkgA.id, driver: driverA.id, phone: driverA.phone, token: linkA.token });
      minutesAgo -= 1;
      const before = await snapshot();
      const payload = {
        ...extrasAgainst(victim),
        ...payloadFor(pkgA, { lat: 41.9 + minutesAgo * 0.001, lng: -87.7 }, T(minutesAgo)),
        // On the driver's own routes a driverId is part of the payload (it must match the address).
        ...(route.url.startsWith('/api/drivers/') ? { driverId: driverA.id } : {}),
      };
      // A stop closed as an attempt (a multipart form whose data field carries the extras too).
      const form = route.url === '/api/packages/:id/outcomes' ? multipart({ ...payload, kind: 'attempted', reason: 'other', deviceTime: T(minutesAgo) }) : null;
      const res = await ctx.request({
        method: route.method as 'POST',
        url,
        token: driverA.token,
        ...(form ? { payload: form.payload, headers: form.headers } : { payload }),
      });
      if (res.statusCode >= 300) {
        failures.push(`${route.method} ${url} refused a valid body with extras (${res.statusCode} ${res.body.slice(0, 160)}): add its payload to payloadFor`);
        continue;
      }
      const after = await snapshot();
      const where = `${route.method} ${route.url}`;
      for (const table of ['packages', 'drivers'] as const) {
        for (const row of before[table]) {
          const now = after[table].find((r) => r.id === row.id);
          if (!now) {
            failures.push(`${where}: ${table} ${row.id} disappeared`);
            continue;
          }
          const own = row.id === pkgA.id || row.id === driverA.id;
          for (const [column, value] of Object.entries(row)) {
            const changed = JSON.stringify((now as Record<string, unknown>)[column]) !== JSON.stringify(value);
            if (changed && !(own && MAY_CHANGE[table].has(column))) failures.push(`${where}: ${table}.${column} of ${own ? 'its own row' : 'another row'} changed`);
          }
        }
        if (after[table].length !== before[table].length) failures.push(`${where}: ${table} rows added`);
      }
      for (const table of ['admins', 'sessions', 'devices'] as const) {
        if (JSON.stringify(after[table]) === JSON.stringify(before[table])) continue;
        // Registering its own phone adds one device, the driver's own, and changes no other.
        const ownDevice = table === 'devices' && route.url === '/api/drivers/me/devices';
        const added = ownDevice ? after.devices.filter((d) => !before.devices.some((b) => b.id === d.id)) : [];
        const unchanged = ownDevice && before.devices.every((b) => JSON.stringify(after.devices.find((d) => d.id === b.id)) === JSON.stringify(b));
        if (!(ownDevice && unchanged && added.length === 1 && added[0]!.driverId === driverA.id)) failures.push(`${where}: ${table} changed`);
      }
      // New rows belong to the driver's own package and carry none of the extras.
      const newLocations = after.locations.filter((l) => !before.locations.some((b) => b.id === l.id));
      const newHistory = after.history.filter((h) => !before.history.some((b) => b.id === h.id));
      const newLinks = after.links.filter((l) => !before.links.some((b) => b.id === l.id));
      for (const row of [...newLocations, ...newHistory, ...newLinks]) {
        if (row.packageId !== pkgA.id) failures.push(`${where}: a new row for package ${row.packageId}`);
        if (/Mallory|HACKED|Evil|forged|mallory@/.test(JSON.stringify(row))) failures.push(`${where}: an extra field was stored: ${JSON.stringify(row)}`);
      }
      for (const link of newLinks) if (link.expiresAt > new Date(Date.now() + 9 * 3_600_000).toISOString()) failures.push(`${where}: expiresAt taken from the body`);
      if (after.packages.find((p) => p.id === pkgA.id)!.status !== before.packages.find((p) => p.id === pkgA.id)!.status && route.url !== '/api/packages/:id/status') {
        failures.push(`${where}: changed the package status`);
      }
    }
    expect(failures).toEqual([]);
  });

  describeApi('the public views', () => {
    let pub: Pkg;
    let customerLink: ShareLinkCreated;
    let fixes: { lat: number; lng: number }[];
    let ws: WebSocket;
    const pushed: LocationUpdateData[] = [];

    /** Everything a member of the public can read about the package (by tracking number and by customer link). */
    async function publicViews(pkg = pub, customerToken = customerLink.token) {
      const urls = [
        `/api/packages/${pkg.trackingNumber}`,
        `/api/packages/${pkg.trackingNumber}/history`,
        `/api/packages/${pkg.trackingNumber}/locations`,
        `/api/tracking/live/${pkg.trackingNumber}`,
        `/api/tracking/live/${customerToken}`,
        `/api/tracking/packages?trackingNumbers=${pkg.trackingNumber}`,
        '/api/current-location',
      ];
      const bodies: Record<string, string> = {};
      for (const url of urls) {
        const res = await ctx.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        bodies[url] = res.body;
      }
      return bodies;
    }

    function leaks(body: string, pastFixes: { lat: number; lng: number }[]): string[] {
      const found: string[] = [];
      const digits = body.replace(/\D/g, '');
      if (digits.includes('3125550142')) found.push("the customer's full phone");
      const emails = body.match(/[\w.+-]+@[\w-]+\.[\w.]+/g) ?? [];
      if (emails.length) found.push(`an email (${emails.join(', ')})`);
      if (/scrypt|\$[0-9a-z]+\$|\b[0-9a-f]{64}\b/i.test(body)) found.push('a hash');
      for (const token of [linkA.token, driverA.token, ctx.adminToken]) if (body.includes(token)) found.push('a token');
      if (body.includes(driverA.id)) found.push("the driver's id");
      for (const f of pastFixes) {
        for (const text of [f.lat.toFixed(6), f.lat.toFixed(4), String(f.lat)]) if (body.includes(text)) found.push(`a past position (${text})`);
      }
      return found;
    }

    beforeAll(async () => {
      pub = await makePackage(ctx, { status: 'in_transit', customerPhone: '(312) 555-0142' }, driverA);
      customerLink = await shareLink(pub, 'customer');
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = ctx.app.server.address() as AddressInfo;
      ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
      const confirmed = new Promise<void>((ok) =>
        ws.on('message', (raw) => {
          const message = JSON.parse(String(raw));
          if (message.type === 'subscription_confirmed') ok();
          if (message.type === 'location_update') pushed.push(message.data);
        }),
      );
      ws.send(JSON.stringify({ type: 'subscribe', trackingId: pub.trackingNumber }));
      await confirmed;
      // A drive of several fixes (a trail), a minute apart.
      fixes = [0, 1, 2, 3].map((i) => ({ lat: Number((41.7009 + i * 0.0071).toFixed(4)), lng: Number((-87.5991 - i * 0.0063).toFixed(4)) }));
      for (const [i, f] of fixes.entries()) {
        const res = await ctx.request({ method: 'POST', url: `/api/packages/${pub.id}/gps`, token: driverA.token, payload: { ...f, accuracy: 8, timestamp: T(10 - i) } });
        expect(res.statusCode, res.body).toBe(201);
      }
      const deadline = Date.now() + 5_000;
      while (pushed.length < fixes.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    });
    afterAll(() => ws?.close());

    it('reveal no full customer phone, email, hash, token, driver id or past position while the package is on its way', async () => {
      const past = fixes.slice(0, -1);
      const bodies = await publicViews();
      const found = Object.entries(bodies).flatMap(([url, body]) => leaks(body, past).map((l) => `${url}: ${l}`));
      expect(found).toEqual([]);
      // The newest position is public while the package is on its way (design.md §4).
      expect(bodies[`/api/tracking/live/${pub.trackingNumber}`]).toContain(String(fixes.at(-1)!.lat.toFixed(4)));
    });

    it("another driver reading the package gets exactly the public views (no trail, no driver id)", async () => {
      for (const url of [`/api/packages/${pub.trackingNumber}`, `/api/packages/${pub.trackingNumber}/locations`, `/api/packages/${pub.trackingNumber}/history`]) {
        const asB = await ctx.request({ method: 'GET', url, token: driverB.token });
        const anonymous = await ctx.request({ method: 'GET', url });
        expect(asB.statusCode, url).toBe(200);
        expect(asB.json(), url).toEqual(anonymous.json());
        expect(leaks(asB.body, fixes.slice(0, -1)), url).toEqual([]);
      }
      // The driver it belongs to sees the trail: the test above is not vacuous.
      const own = await ctx.request({ method: 'GET', url: `/api/packages/${pub.trackingNumber}/locations`, token: driverA.token });
      expect(leaks(own.body, fixes.slice(0, -1)).length).toBeGreaterThan(0);
    });

    it('each /ws location_update carries only its own position and nothing private', () => {
      expect(pushed).toHaveLength(fixes.length);
      for (const [i, update] of pushed.entries()) {
        const others = fixes.filter((_, j) => j !== i);
        expect(leaks(JSON.stringify(update), others), `update ${i}`).toEqual([]);
      }
    });

    it('show no driver position at all once the package is delivered (live view, locations, current location, /ws)', async () => {
      const done = await makePackage(ctx, { status: 'out_for_delivery', customerPhone: '(312) 555-0142' }, driverA);
      const link = await shareLink(done, 'customer');
      ws.send(JSON.stringify({ type: 'subscribe', trackingId: done.trackingNumber }));
      const route = [
        { lat: 42.1234, lng: -87.8123 },
        { lat: 42.1301, lng: -87.8199 },
      ];
      for (const [i, f] of route.entries()) {
        expect((await ctx.request({ method: 'POST', url: `/api/packages/${done.id}/gps`, token: driverA.token, payload: { ...f, accuracy: 8, timestamp: T(3 - i) } })).statusCode).toBe(201);
      }
      const delivered = await ctx.request({ method: 'PATCH', url: `/api/packages/${done.id}/status`, token: driverA.token, payload: { status: 'Delivered' } });
      expect(delivered.statusCode, delivered.body).toBe(200);
      const late = await ctx.request({ method: 'POST', url: `/api/packages/${done.id}/gps`, token: driverA.token, payload: { lat: 42.14, lng: -87.83, accuracy: 8, timestamp: T(0.5) } });
      expect(late.statusCode).toBe(409);
      const pushedBefore = pushed.length;
      const bodies = await publicViews(done, link.token);
      const found = Object.entries(bodies).flatMap(([url, body]) => leaks(body, route).map((l) => `${url}: ${l}`));
      expect(found).toEqual([]);
      expect(pushed.slice(pushedBefore)).toEqual([]);
    });

    it('keep no trail after a status change made while a fix was current, nor once the package is delivered', async () => {
      // Out for delivery while the last fix is current, then one more fix, then delivered.
      expect((await ctx.request({ method: 'PATCH', url: `/api/packages/${pub.id}/status`, token: driverA.token, payload: { status: 'Out for Delivery' } })).statusCode).toBe(200);
      const last = { lat: Number((fixes.at(-1)!.lat + 0.005).toFixed(4)), lng: Number((fixes.at(-1)!.lng - 0.005).toFixed(4)) };
      expect((await ctx.request({ method: 'POST', url: `/api/packages/${pub.id}/gps`, token: driverA.token, payload: { ...last, accuracy: 8, timestamp: T(5) } })).statusCode).toBe(201);
      let bodies = await publicViews();
      let found = Object.entries(bodies).flatMap(([url, body]) => leaks(body, fixes).map((l) => `${url}: ${l}`));
      expect(found).toEqual([]);
      expect((await ctx.request({ method: 'PATCH', url: `/api/packages/${pub.id}/status`, token: driverA.token, payload: { status: 'Delivered' } })).statusCode).toBe(200);
      bodies = await publicViews();
      found = Object.entries(bodies).flatMap(([url, body]) => leaks(body, [...fixes, last]).map((l) => `${url}: ${l}`));
      expect(found).toEqual([]);
    });
  });
});
