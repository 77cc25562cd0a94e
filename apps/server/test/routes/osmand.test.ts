import type { DeviceCreated } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

type Pkg = Awaited<ReturnType<typeof makePackage>>;

describeApi('OsmAnd device fixes', () => {
  let ctx: TestContext;
  let driverA: DriverFixture;
  let driverB: DriverFixture;
  let deviceA: { id: string; identifier: string };
  let deviceB: { id: string; identifier: string };
  let active: Pkg[];
  let idle: Pkg[];
  /** Device times march forward so each fix is newer than the last (and no jump is implausible). */
  let clock = Date.now() - 50 * 60_000;
  const tick = () => (clock += 30_000);
  let metresNorth = 3000;
  const step = () => {
    metresNorth -= 100;
    return { lat: 43.0506 + metresNorth / 111_195, lon: -87.8968 };
  };

  const registerDevice = async (driver: DriverFixture) => {
    const res = await ctx.request({ method: 'POST', url: '/api/devices', token: ctx.adminToken, payload: { driverId: driver.id, name: 'Traccar phone' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DeviceCreated;
  };
  const osmandGet = (query: Record<string, string | number>) =>
    ctx.request({ method: 'GET', url: `/api/osmand?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}` });
  const fixesOf = (pkg: Pkg) =>
    ctx.app.db.selectFrom('locationsAll').selectAll().where('packageId', '=', pkg.id).where('type', '=', 'current').orderBy('recordedAt', 'desc').execute();
  const driverRow = (id: string) => ctx.app.db.selectFrom('drivers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await setupApp();
    driverA = await makeDriver(ctx);
    driverB = await makeDriver(ctx);
    deviceA = await registerDevice(driverA);
    deviceB = await registerDevice(driverB);
    active = [await makePackage(ctx, { status: 'in_transit' }, driverA), await makePackage(ctx, { status: 'out_for_delivery' }, driverA)];
    idle = [await makePackage(ctx, { status: 'processing' }, driverA), await makePackage(ctx, { status: 'delivered' }, driverA)];
  });
  afterAll(async () => ctx?.close());

  it('GET with OsmAnd fields applies the fix to each of the driver’s packages in transit or out for delivery (knots → m/s)', async () => {
    const at = step();
    const seconds = Math.floor(tick() / 1000);
    const res = await osmandGet({ id: deviceA.identifier, ...at, timestamp: seconds, speed: 10, bearing: 270, altitude: 180, accuracy: 9, batt: 87 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, packages: 2, reason: null });
    for (const pkg of active) {
      const [fix] = await fixesOf(pkg);
      expect(fix).toMatchObject({ source: 'osmand', isLiveTracking: 1, heading: 270, altitude: 180, accuracy: 9, battery: 87, driverName: driverA.name });
      expect(fix!.speed).toBeCloseTo(5.14444, 4);
      expect(fix!.recordedAt).toBe(new Date(seconds * 1000).toISOString());
      expect(fix!.lat).toBeCloseTo(at.lat, 6);
    }
    for (const pkg of idle) expect(await fixesOf(pkg)).toHaveLength(0);
    const driver = await driverRow(driverA.id);
    expect(driver.currentLat).toBeCloseTo(at.lat, 6);
    expect(driver.isOnline).toBe(1);
    const device = await ctx.app.db.selectFrom('devices').selectAll().where('id', '=', deviceA.id).executeTakeFirstOrThrow();
    expect(device.lastSeenAt).toEqual(expect.any(String));
    // The public live view shows it.
    const view = (await ctx.request({ method: 'GET', url: `/api/tracking/live/${active[0]!.trackingNumber}` })).json();
    expect(view.currentLocation.battery).toBe(87);
  });

  it('POST with a form body (deviceid, ISO timestamp) works', async () => {
    const at = step();
    const timestamp = new Date(tick()).toISOString();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/osmand',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ deviceid: deviceA.identifier, lat: String(at.lat), lon: String(at.lon), timestamp, speed: '0', batt: '55.5' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, packages: 2, reason: null });
    const [fix] = await fixesOf(active[1]!);
    expect(fix).toMatchObject({ recordedAt: timestamp, speed: 0, battery: 55.5 });
  });

  it('POST with the fields in the query string and no body works (older Traccar Client)', async () => {
    const at = step();
    const res = await ctx.request({ method: 'POST', url: `/api/osmand?id=${deviceA.identifier}&lat=${at.lat}&lon=${at.lon}&timestamp=${tick()}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().packages).toBe(2);
  });

  it('POST with the JSON body Traccar Client sends (speed m/s, battery level 0..1)', async () => {
    const at = step();
    const timestamp = new Date(tick()).toISOString();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/osmand',
      payload: {
        device_id: deviceA.identifier,
        location: {
          timestamp,
          coords: { latitude: at.lat, longitude: at.lon, speed: 12, heading: 45, altitude: 170, accuracy: 4 },
          is_moving: true,
          odometer: 1234,
          battery: { level: 0.42, is_charging: false },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, packages: 2, reason: null });
    const [fix] = await fixesOf(active[0]!);
    expect(fix).toMatchObject({ recordedAt: timestamp, speed: 12, heading: 45, altitude: 170, accuracy: 4, battery: 42 });
  });

  it('skips a package that takes the fix as a resend, answering 200 so a device queue moves on', async () => {
    const at = step();
    const query = { id: deviceA.identifier, ...at, timestamp: Math.floor(tick() / 1000) };
    expect((await osmandGet(query)).json().packages).toBe(2);
    const again = await osmandGet(query);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, packages: 0, reason: null });
  });

  it('updates the position of a driver with no active package', async () => {
    const res = await osmandGet({ id: deviceB.identifier, lat: 41.9, lon: -87.65, timestamp: Math.floor(Date.now() / 1000) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, packages: 0, reason: null });
    const driver = await driverRow(driverB.id);
    expect(driver.currentLat).toBeCloseTo(41.9, 6);
    expect(driver.currentLng).toBeCloseTo(-87.65, 6);
  });

  it('answers 200 to a fix the filters refuse on its own, keeps it with the reason, and moves nothing', async () => {
    const before = await driverRow(driverA.id);
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ lat: 0, lon: 0 }, 'Invalid coordinates'],
      [{ lat: 95, lon: -87.9 }, 'Invalid coordinates'],
      [{ lon: -87.9 }, 'Invalid coordinates'],
      [{ ...step(), accuracy: 2500 }, 'Accuracy worse than 1000 m'],
      [{ ...step(), timestamp: Math.floor((Date.now() + 10 * 60_000) / 1000) }, 'Device time is more than 5 minutes ahead of server time'],
    ];
    for (const [query, reason] of cases) {
      const res = await osmandGet({ id: deviceA.identifier, ...query });
      expect(res.statusCode, JSON.stringify(query)).toBe(200);
      const expected = 'lat' in query ? reason : 'Heartbeat without a fix';
      expect(res.json()).toEqual({ success: true, packages: 0, reason: expected });
      const [kept] = await ctx.app.devices.unusedPoints(deviceA.id, 1);
      expect(kept!.reason).toBe(expected);
    }
    expect((await driverRow(driverA.id)).lastLocationUpdate).toBe(before.lastLocationUpdate);
  });

  it('answers 404 for an unknown identifier and 400 without one or with a bad timestamp', async () => {
    const unknown = await osmandGet({ id: 'not-a-registered-device', lat: 43, lon: -87.9 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Device not found' });
    const unknownJson = await ctx.request({ method: 'POST', url: '/api/osmand', payload: { device_id: 'nobody', location: { coords: { latitude: 43, longitude: -87.9 } } } });
    expect(unknownJson.statusCode).toBe(404);
    const missing = await osmandGet({ lat: 43, lon: -87.9 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Device identifier is required');
    const badTime = await osmandGet({ id: deviceA.identifier, lat: 43, lon: -87.9, timestamp: 'last tuesday' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe('Invalid timestamp');
  });

  it('takes form bodies on this route only', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=admin%40test.example&password=correct-horse-battery',
    });
    expect(res.statusCode).toBe(415);
  });
});
