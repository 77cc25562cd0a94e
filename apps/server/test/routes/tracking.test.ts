import type { WebSocket } from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

type Pkg = Awaited<ReturnType<typeof makePackage>>;

const METRES_PER_DEGREE_LAT = 111_195;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A point `metres` due north of the package's delivery point. */
function north(pkg: Pkg, metres: number) {
  return { lat: (pkg.deliveryLat as number) + metres / METRES_PER_DEGREE_LAT, lng: pkg.deliveryLng as number };
}

/** Collects every message a socket receives; `waitFor` resolves with the first one matching. */
function collect(socket: WebSocket) {
  const messages: Array<Record<string, any>> = [];
  const waiters: Array<{ match: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }> = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  return {
    messages,
    waitFor(match: (m: Record<string, any>) => boolean, timeoutMs = 3000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<Record<string, any>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching message')), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}

describeApi('live GPS fixes and the public live view', () => {
  let ctx: TestContext;
  let driverA: DriverFixture;
  let driverB: DriverFixture;

  beforeAll(async () => {
    ctx = await setupApp();
    driverA = await makeDriver(ctx);
    driverB = await makeDriver(ctx);
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, payload: unknown, token?: string | null) => ctx.request({ method: 'POST', url, payload: payload as object, token });
  const gps = (pkg: Pkg, payload: unknown, token: string | null = driverA.token) => post(`/api/packages/${pkg.id}/gps`, payload, token);
  const live = (ref: string, remoteAddress?: string) => ctx.request({ method: 'GET', url: `/api/tracking/live/${encodeURIComponent(ref)}`, ...(remoteAddress ? { remoteAddress } : {}) });
  const setStatus = (pkg: Pkg, status: string) => ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status } });
  const locationRow = (id: string) => ctx.app.db.selectFrom('locationsAll').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const packageRow = (id: string) => ctx.app.db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('POST /api/packages/:id/gps stores the fix, moves the package and its driver, and answers 201', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const at = north(pkg, 3000);
    const res = await gps(pkg, { ...at, accuracy: 8, speed: 12.5, heading: 90, battery: 76, timestamp: ago(1000) });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({ success: true, locationId: expect.any(String), movedCurrent: true });

    const row = await locationRow(body.locationId);
    expect(row).toMatchObject({ packageId: pkg.id, type: 'current', isLiveTracking: 1, source: 'gps', speed: 12.5, battery: 76, accuracy: 8, heading: 90 });
    expect(row.driverName).toBe(driverA.name);
    expect(row.driverPhone).toBe(driverA.phone);
    expect(row.vehicleId).toMatch(/^TRUCK-/);

    const stored = await packageRow(pkg.id);
    expect(stored.currentLocation).toBe(`GPS: ${at.lat.toFixed(6)}, ${at.lng.toFixed(6)}`);
    const driver = await ctx.app.db.selectFrom('drivers').selectAll().where('id', '=', driverA.id).executeTakeFirstOrThrow();
    expect(driver.currentLat).toBeCloseTo(at.lat, 6);
    expect(driver.currentLng).toBeCloseTo(at.lng, 6);
    expect(driver.isOnline).toBe(1);
    expect(driver.lastLocationUpdate).toBe(row.recordedAt);
  });

  it('takes the address and the driver details from the body when given', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driverA);
    const res = await gps(pkg, { ...north(pkg, 500), address: '  100 E Wisconsin Ave, Milwaukee  ', driverName: 'Sam Relief', driverPhone: '555-000-1111', vehicleId: 'VAN-7' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await packageRow(pkg.id)).currentLocation).toBe('100 E Wisconsin Ave, Milwaukee');
    expect(await locationRow(res.json().locationId)).toMatchObject({ driverName: 'Sam Relief', driverPhone: '555-000-1111', vehicleId: 'VAN-7' });
  });

  it('answers the spec messages for bad coordinates (400)', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const badLat = await gps(pkg, { lat: 91, lng: -87.9 });
    expect(badLat.statusCode).toBe(400);
    expect(badLat.json().issues).toEqual([{ path: 'lat', message: 'Invalid latitude' }]);
    const badLng = await gps(pkg, { lat: 43, lng: 'east' });
    expect(badLng.statusCode).toBe(400);
    expect(badLng.json().message).toBe('Invalid longitude');
    const badTime = await gps(pkg, { lat: 43, lng: -87.9, timestamp: 'yesterday-ish' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe('Invalid timestamp');
  });

  it('refuses anonymous callers (401), another driver (403), and an unknown package (404 for an admin)', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const fix = north(pkg, 2000);
    const anon = await gps(pkg, fix, null);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Authentication required' });
    const other = await gps(pkg, fix, driverB.token);
    expect(other.statusCode).toBe(403);
    // Refused before the body is validated: a wrong caller learns nothing.
    expect((await gps(pkg, { lat: 'x' }, driverB.token)).statusCode).toBe(403);
    const admin = await gps(pkg, fix, ctx.adminToken);
    expect(admin.statusCode).toBe(201);
    const unknown = await post('/api/packages/NO-SUCH-PACKAGE/gps', fix, ctx.adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Package not found' });
    expect(await ctx.app.db.selectFrom('locationsAll').select('id').where('packageId', '=', pkg.id).where('type', '=', 'current').execute()).toHaveLength(1);
  });

  it('refuses fixes for a delivered, cancelled or returned package (409)', async () => {
    for (const status of ['delivered', 'cancelled', 'returned']) {
      const pkg = await makePackage(ctx, { status }, driverA);
      const res = await gps(pkg, north(pkg, 1000));
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ message: 'This package is no longer being delivered' });
    }
  });

  it('rejects each filtered fix with 422 and its reason, storing nothing', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const t0 = ago(10 * 60_000);
    const first = { ...north(pkg, 4000), timestamp: t0, accuracy: 12 };
    expect((await gps(pkg, first)).statusCode).toBe(201);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['(0, 0)', { lat: 0, lng: 0 }, 'Invalid coordinates'],
      ['device clock ahead', { ...north(pkg, 3990), timestamp: new Date(Date.now() + 6 * 60_000).toISOString() }, 'Device time is more than 5 minutes ahead of server time'],
      ['resend', first, 'Duplicate of the previous fix'],
      ['poor accuracy', { ...north(pkg, 3990), accuracy: 1500 }, 'Accuracy worse than 1000 m'],
      // 20 km in one minute is 1200 km/h.
      ['jump', { ...north(pkg, 24_000), timestamp: new Date(Date.parse(t0) + 60_000).toISOString() }, 'Implied speed over 250 km/h from the previous fix'],
    ];
    for (const [name, payload, reason] of cases) {
      const res = await gps(pkg, payload);
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({ message: reason });
    }
    expect(await ctx.app.db.selectFrom('locationsAll').select('id').where('packageId', '=', pkg.id).where('type', '=', 'current').execute()).toHaveLength(1);
    // A plausible move is accepted: 1 km in a minute is 60 km/h.
    const ok = await gps(pkg, { ...north(pkg, 3000), timestamp: new Date(Date.parse(t0) + 60_000).toISOString() });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('stores a late fix by its device time without moving the current position back', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const now = { ...north(pkg, 2000), timestamp: ago(30_000) };
    expect((await gps(pkg, now)).statusCode).toBe(201);
    const before = await packageRow(pkg.id);
    const driverBefore = await ctx.app.db.selectFrom('drivers').selectAll().where('id', '=', driverA.id).executeTakeFirstOrThrow();

    const lateAt = ago(5 * 60_000);
    const late = await gps(pkg, { ...north(pkg, 2500), timestamp: lateAt });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().movedCurrent).toBe(false);
    expect((await locationRow(late.json().locationId)).recordedAt).toBe(lateAt);
    expect((await packageRow(pkg.id)).currentLocation).toBe(before.currentLocation);
    const driverAfter = await ctx.app.db.selectFrom('drivers').selectAll().where('id', '=', driverA.id).executeTakeFirstOrThrow();
    expect(driverAfter.lastLocationUpdate).toBe(driverBefore.lastLocationUpdate);
    // The public view still shows the newest fix.
    const view = (await live(pkg.trackingNumber)).json();
    expect(view.currentLocation.lat).toBeCloseTo(north(pkg, 2000).lat, 6);
  });

  it('POST /api/tracking/live/:id/update converts mph to m/s and takes the tracking number in any case', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const res = await post(`/api/tracking/live/${pkg.trackingNumber.toLowerCase()}/update`, { ...north(pkg, 1500), speed: 22.37, accuracy: 5, timestamp: ago(0) }, driverA.token);
    expect(res.statusCode, res.body).toBe(201);
    const row = await locationRow(res.json().locationId);
    expect(row.source).toBe('live');
    expect(row.speed).toBeCloseTo(10, 3);
    expect((await post(`/api/tracking/live/${pkg.trackingNumber}/update`, north(pkg, 1400), driverB.token)).statusCode).toBe(403);
    expect((await post(`/api/tracking/live/${pkg.trackingNumber}/update`, north(pkg, 1400), null)).statusCode).toBe(401);
    const bad = await post(`/api/tracking/live/${pkg.trackingNumber}/update`, { lat: -100, lng: 0 }, driverA.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid latitude');
  });

  it('POST /api/tracking/web-location names the package in the body, speed in m/s', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driverA);
    const res = await post('/api/tracking/web-location', { trackingId: `  ${pkg.trackingNumber.toLowerCase()} `, ...north(pkg, 800), speed: 7.5, accuracy: 15 }, driverA.token);
    expect(res.statusCode, res.body).toBe(201);
    const row = await locationRow(res.json().locationId);
    expect(row).toMatchObject({ source: 'web', speed: 7.5, accuracy: 15 });
    expect((await post('/api/tracking/web-location', { trackingId: pkg.trackingNumber, ...north(pkg, 700) }, driverB.token)).statusCode).toBe(403);
    expect((await post('/api/tracking/web-location', { trackingId: pkg.trackingNumber, ...north(pkg, 700) }, null)).statusCode).toBe(401);
    // Without a package named, no driver can own it: refused before validation.
    expect((await post('/api/tracking/web-location', north(pkg, 700), driverA.token)).statusCode).toBe(403);
    const missing = await post('/api/tracking/web-location', { trackingId: ' ', ...north(pkg, 700) }, ctx.adminToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Tracking number is required');
    const unknown = await post('/api/tracking/web-location', { trackingId: unique('NOPE'), ...north(pkg, 700) }, ctx.adminToken);
    expect(unknown.statusCode).toBe(404);
  });

  it('fires each proximity alert once, re-arms it 30% beyond its radius, and pushes ETA on /ws', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driverA);
    const socket = await ctx.app.injectWS('/ws');
    const inbox = collect(socket);
    socket.send(JSON.stringify({ type: 'subscribe', trackingId: pkg.trackingNumber }));
    await inbox.waitFor((m) => m.type === 'subscription_confirmed');

    const distances = [6000, 4000, 3000, 5500, 4500, 7000, 4800, 900, 150];
    const start = Date.now() - 60 * 60_000;
    for (const [i, d] of distances.entries()) {
      const res = await gps(pkg, { ...north(pkg, d), speed: 15, timestamp: new Date(start + i * 3 * 60_000).toISOString() });
      expect(res.statusCode, res.body).toBe(201);
      await inbox.waitFor((m) => m.type === 'location_update' && m.data.recordedAt === new Date(start + i * 3 * 60_000).toISOString());
    }
    const updates = inbox.messages.filter((m) => m.type === 'location_update');
    expect(updates).toHaveLength(distances.length);
    expect(updates.map((u) => u.data.proximityAlert?.type ?? null)).toEqual([null, 'approaching', null, null, null, null, 'approaching', 'arriving', 'very_near']);
    const arriving = updates[7]!.data;
    expect(arriving.trackingNumber).toBe(pkg.trackingNumber);
    expect(arriving.proximityAlert).toEqual({ type: 'arriving', message: 'Your driver is arriving (within 1 km)', eta: expect.any(Number), distanceM: expect.any(Number) });
    expect(Math.abs(arriving.proximityAlert.distanceM - 900)).toBeLessThan(5);
    // 900 m × 1.3 at a steady 15 m/s = 78 s → 2 minutes.
    expect(arriving.etaMinutes).toBe(2);
    expect(arriving.proximityAlert.eta).toBe(2);
    expect(updates[8]!.data.proximityAlert.message).toBe('Your driver is very near (within 200 m)');
    expect(updates[1]!.data.proximityAlert.message).toBe('Your driver is approaching (within 5 km)');
    expect(JSON.parse((await packageRow(pkg.id)).proximityState ?? '{}')).toEqual({ fired: ['approaching', 'arriving', 'very_near'] });
    // Public-safe data only.
    expect(JSON.stringify(updates)).not.toContain('555-0142');
    socket.terminate();
  });

  it('GET /api/tracking/live answers 404 for an unknown tracking number or token', async () => {
    const res = await live(unique('NOPE'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Package not found' });
  });

  it('GET /api/tracking/live before any fix: not active, the spec message, no position', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const res = await live(` ${pkg.trackingNumber.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      packageId: pkg.id,
      status: 'in_transit',
      driverName: driverA.name,
      driverPhone: driverA.phone,
      isActive: false,
      message: 'Driver has not started location sharing yet.',
      estimatedArrival: null,
      etaMinutes: null,
      currentLocation: null,
      packageInfo: { trackingNumber: pkg.trackingNumber, customer: 'Olivia Martin', destination: '700 N Art Museum Dr, Milwaukee, WI 53202' },
      pickup: { address: '233 S Wacker Dr, Chicago, IL 60606', lat: expect.any(Number), lng: expect.any(Number) },
      delivery: { address: '700 N Art Museum Dr, Milwaukee, WI 53202', lat: pkg.deliveryLat, lng: pkg.deliveryLng },
    });
  });

  it('GET /api/tracking/live with a fresh fix: active, position with time zone, ETA from the smoothed speed', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driverA);
    const at = north(pkg, 4000);
    const sent = await gps(pkg, { ...at, speed: 20, accuracy: 6, heading: 180, battery: 64, timestamp: ago(2000) });
    expect(sent.statusCode).toBe(201);
    const view = (await live(pkg.trackingNumber)).json();
    expect(view.isActive).toBe(true);
    expect(view.message).toBeNull();
    expect(view.currentLocation).toEqual({
      lat: expect.closeTo(at.lat, 6),
      lng: expect.closeTo(at.lng, 6),
      address: null,
      lastUpdate: expect.any(String),
      speed: 20,
      accuracy: 6,
      heading: 180,
      battery: 64,
      timeZone: 'America/Chicago',
      zone: { name: expect.stringMatching(/^Central (Standard|Daylight) Time$/), abbreviation: expect.stringMatching(/^C[SD]T$/), utcOffsetMinutes: expect.any(Number) },
    });
    expect([-360, -300]).toContain(view.currentLocation.zone.utcOffsetMinutes);
    // 4000 m × 1.3 ÷ 20 m/s = 260 s → 5 minutes.
    expect(view.etaMinutes).toBe(5);
    expect(view.eta).toEqual({ minutes: 5, distanceM: expect.closeTo(4000, -1), speedKmh: 72, speedSource: 'recent' });
    // 4 km out: the approaching alert fired and still stands for a page opened now.
    expect(view.proximityAlert).toMatchObject({ type: 'approaching', message: 'Your driver is approaching (within 5 km)', eta: 5 });
    const arrival = Date.parse(view.estimatedArrival);
    expect(arrival - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(arrival - Date.now()).toBeLessThan(6 * 60_000);
  });

  it('GET /api/tracking/live with an old fix: not active, last position still shown while in transit', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    expect((await gps(pkg, { ...north(pkg, 9000), timestamp: ago(10 * 60_000) })).statusCode).toBe(201);
    const view = (await live(pkg.trackingNumber)).json();
    expect(view.isActive).toBe(false);
    expect(view.message).toBe('Live location is not being shared right now.');
    expect(view.currentLocation.lat).toBeCloseTo(north(pkg, 9000).lat, 6);
    // An ETA from a position that is no longer fresh would be a guess: hidden (design.md §6).
    expect(view.etaMinutes).toBeNull();
    expect(view.estimatedArrival).toBeNull();
    expect(view.eta).toBeNull();
    expect(view.proximityAlert).toBeNull();
  });

  it("keeps the driver's position private unless the package is in transit or out for delivery", async () => {
    const pkg = await makePackage(ctx, { status: 'picked_up' }, driverA);
    const link = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location-link`, token: ctx.adminToken, payload: { locationLink: 'https://maps.example/@43.05,-87.9' } });
    expect(link.statusCode, link.body).toBe(200);
    const before = await packageRow(pkg.id);
    expect((await gps(pkg, { ...north(pkg, 3000), timestamp: ago(1000) })).statusCode).toBe(201);
    // Stored for the trail and the driver's position, but the public current-location text does not move.
    expect((await packageRow(pkg.id)).currentLocation).toBe(before.currentLocation);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` })).json().currentLocation).not.toMatch(/^GPS:/);
    let view = (await live(pkg.trackingNumber)).json();
    expect(view.status).toBe('picked_up');
    expect(view.currentLocation).toBeNull();
    expect(view.isActive).toBe(false);
    expect(view.realLocationLink).toBeNull();
    expect(view.etaMinutes).toBeNull();
    expect(view.message).toBe('Live location is shown while the package is in transit or out for delivery.');

    expect((await setStatus(pkg, 'in_transit')).statusCode).toBe(200);
    view = (await live(pkg.trackingNumber)).json();
    expect(view.currentLocation).not.toBeNull();
    expect(view.isActive).toBe(true);
    expect(view.realLocationLink).toBe('https://maps.example/@43.05,-87.9');

    expect((await setStatus(pkg, 'delivered')).statusCode).toBe(200);
    const res = await live(pkg.trackingNumber);
    view = res.json();
    expect(view.currentLocation).toBeNull();
    expect(view.realLocationLink).toBeNull();
    expect(view.isActive).toBe(false);
    expect(view.message).toBe('This package has been delivered.');
    // Never the customer's phone, never internal ids beyond the package id.
    expect(res.body).not.toContain('555-0142');
    expect(res.body).not.toContain(driverA.id);
  });

  it("takes the driver's coordinates out of the current-location text once delivered", async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    expect((await gps(pkg, { ...north(pkg, 4000), timestamp: ago(500) })).statusCode).toBe(201);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` })).json().currentLocation).toMatch(/^GPS: /);
    const patched = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driverA.token, payload: { status: 'delivered' } });
    expect(patched.statusCode).toBe(200);
    expect((await packageRow(pkg.id)).currentLocation).toBe('Delivered');
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` })).json().currentLocation).toBe('Delivered');
    // Even a GPS text an admin writes by hand stays private for a package that is not on its way.
    const set = await ctx.request({
      method: 'POST',
      url: `/api/packages/${pkg.id}/status`,
      token: ctx.adminToken,
      payload: { status: 'Exception', location: 'GPS: 43.100000, -87.900000', description: 'Held at the door' },
    });
    expect(set.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` })).json().currentLocation).toBe('Exception');
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}`, token: ctx.adminToken })).json().currentLocation).toBe('GPS: 43.100000, -87.900000');
  });

  it('limits public live lookups to 60 a minute per IP (429 with Retry-After)', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    for (let i = 0; i < 60; i++) expect((await live(pkg.trackingNumber, '10.77.0.1')).statusCode).toBe(200);
    const limited = await live(pkg.trackingNumber, '10.77.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toEqual(expect.any(String));
    expect((await live(pkg.trackingNumber, '10.77.0.2')).statusCode).toBe(200);
  });
});
