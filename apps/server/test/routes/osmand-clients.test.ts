import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestForLog } from '../../src/app.ts';
import { buildOsmandListener } from '../../src/osmand-listener.ts';
import { MemoryCounterStore } from '../../src/services/counter-store.ts';
import { IngestLimiter } from '../../src/services/ingest-limit.ts';
import { redactDeviceIds } from '../../src/services/osmand-report.ts';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

/**
 * OsmAnd reports shaped exactly as the real clients send them (issue 7): Traccar Client legacy Android
 * (ProtocolFormatter: query string), legacy iOS (the same fields, POST with no body), 9.x (JSON body of its
 * background-geolocation template), 10.x (a form body; heartbeats without a fix), and samples of Traccar's own
 * OsmAnd decoder tests. Every well-formed report from a known device is a 200: a refused one blocks the queue.
 */
describeApi('OsmAnd reports as the real clients send them', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  let device: { id: string; identifier: string };
  let pkg: Awaited<ReturnType<typeof makePackage>>;
  let clock = Date.now() - 40 * 60_000;
  let north = 0;
  const next = () => {
    clock += 60_000;
    north += 200;
    return { lat: 43.0389 + north / 111_195, lon: -87.9065, seconds: Math.floor(clock / 1000) };
  };
  const newest = () =>
    ctx.app.db.selectFrom('locationsAll').selectAll().where('packageId', '=', pkg.id).where('type', '=', 'current').orderBy('recordedAt', 'desc').executeTakeFirst();
  const deviceRow = () => ctx.app.db.selectFrom('devices').selectAll().where('id', '=', device.id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
    pkg = await makePackage(ctx, { status: 'in_transit' }, driver);
    const res = await ctx.request({ method: 'POST', url: '/api/devices', token: ctx.adminToken, payload: { driverId: driver.id, name: 'Phone' } });
    device = res.json();
  });
  afterAll(async () => ctx?.close());

  it('legacy Android: GET query with every ProtocolFormatter field', async () => {
    const p = next();
    const q = `id=${device.identifier}&timestamp=${p.seconds}&lat=${p.lat}&lon=${p.lon}&speed=12.5&bearing=90.0&altitude=180.0&accuracy=6.0&batt=64.0`;
    const res = await ctx.request({ method: 'GET', url: `/api/osmand?${q}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, packages: 1, reason: null });
    expect((await newest())!.recordedAt).toBe(new Date(p.seconds * 1000).toISOString());
    expect((await deviceRow()).lastBattery).toBe(64);
  });

  it('legacy iOS: POST with the fields in the query and no body', async () => {
    const p = next();
    const res = await ctx.request({ method: 'POST', url: `/api/osmand?id=${device.identifier}&timestamp=${p.seconds}&lat=${p.lat}&lon=${p.lon}&speed=0&bearing=0&altitude=0&accuracy=5&batt=80` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().packages).toBe(1);
  });

  it('9.x: the JSON body of its location template, posted to the server URL with a trailing slash', async () => {
    const p = next();
    const payload = {
      location: {
        timestamp: new Date(p.seconds * 1000).toISOString(),
        coords: { latitude: p.lat, longitude: p.lon, accuracy: 5, speed: 3, heading: -1, altitude: 5 },
        is_moving: true,
        odometer: 0,
        event: 'motionchange',
        battery: { level: 0.79, is_charging: false },
        activity: { type: 'still' },
        extras: {},
        _: `&id=${device.identifier}&lat=${p.lat}&lon=${p.lon}&timestamp=${p.seconds}&`,
      },
      device_id: device.identifier,
    };
    const res = await ctx.request({ method: 'POST', url: '/api/osmand/', payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().packages).toBe(1);
    expect((await newest())!.battery).toBe(79);
  });

  it('10.x: a form body fix, and a heartbeat with no fix records contact and battery without moving anything', async () => {
    const p = next();
    const form = new URLSearchParams({ id: device.identifier, timestamp: String(p.seconds), lat: String(p.lat), lon: String(p.lon), speed: '0', bearing: '0', altitude: '0', accuracy: '4', batt: '55', charge: 'false' });
    const fix = await ctx.request({ method: 'POST', url: '/api/osmand', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json().packages).toBe(1);
    const before = await newest();
    const heartbeat = new URLSearchParams({ id: device.identifier, timestamp: String(p.seconds + 30), batt: '54', charge: 'true' });
    const res = await ctx.request({ method: 'POST', url: '/api/osmand', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: heartbeat.toString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, packages: 0, reason: 'Heartbeat without a fix' });
    expect((await newest())!.id).toBe(before!.id);
    const row = await deviceRow();
    expect(row.lastBattery).toBe(54);
    expect(Date.now() - Date.parse(row.lastSeenAt!)).toBeLessThan(60_000);
  });

  it('decoder samples: location=lat,lon, deviceid with hacc, and a cell/wifi-only point', async () => {
    const p = next();
    const pair = await ctx.request({ method: 'GET', url: `/api/osmand?id=${device.identifier}&timestamp=${p.seconds}&location=${p.lat},${p.lon}` });
    expect(pair.statusCode, pair.body).toBe(200);
    expect(pair.json().packages).toBe(1);
    expect(Number((await newest())!.lat)).toBeCloseTo(p.lat, 6);
    const q = next();
    const hacc = await ctx.request({ method: 'GET', url: `/api/osmand?lat=${q.lat}&lon=${q.lon}&timestamp=${q.seconds}&speed=0.0&heading=0.0&vacc=0&hacc=3&altitude=0&deviceid=${device.identifier}` });
    expect(hacc.json().packages).toBe(1);
    const before = await newest();
    const cells = await ctx.request({
      method: 'GET',
      url: `/api/osmand/?id=${device.identifier}&timestamp=${q.seconds + 10}&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70`,
    });
    expect(cells.statusCode, cells.body).toBe(200);
    expect(cells.json()).toEqual({ success: true, packages: 0, reason: 'No GPS fix (cell towers or wifi only)' });
    expect((await newest())!.id).toBe(before!.id);
  });

  it('a fix the filters refuse (accuracy over 1000 m) is a 200 with the reason stored, and never moves the position', async () => {
    const before = await newest();
    const p = next();
    const res = await ctx.request({ method: 'GET', url: `/api/osmand?id=${device.identifier}&timestamp=${p.seconds}&lat=${p.lat}&lon=${p.lon}&accuracy=2500` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, packages: 0, reason: 'Accuracy worse than 1000 m' });
    expect((await newest())!.id).toBe(before!.id);
    const [kept] = await ctx.app.devices.unusedPoints(device.id, 1);
    expect(kept).toMatchObject({ reason: 'Accuracy worse than 1000 m', accuracy: 2500 });
  });

  it('an admin registers a tracker with its IMEI (8+ characters, unique)', async () => {
    const imei = `35386105${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const res = await ctx.request({ method: 'POST', url: '/api/devices', token: ctx.adminToken, payload: { driverId: driver.id, name: 'Van tracker', identifier: imei } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().identifier).toBe(imei);
    const again = await ctx.request({ method: 'POST', url: '/api/devices', token: ctx.adminToken, payload: { driverId: driver.id, name: 'Copy', identifier: imei } });
    expect(again.statusCode).toBe(409);
    const short = await ctx.request({ method: 'POST', url: '/api/devices', token: ctx.adminToken, payload: { driverId: driver.id, name: 'Short', identifier: '1234567' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0]).toEqual({ path: 'identifier', message: 'Device identifier must be at least 8 characters' });
    const p = next();
    const fix = await ctx.request({ method: 'GET', url: `/api/osmand?id=${imei}&lat=${p.lat}&lon=${p.lon}&timestamp=${p.seconds}&altitude=350&speed=0&batt=87` });
    expect(fix.statusCode, fix.body).toBe(200);
  });

  it('the OSMAND_PORT listener takes the protocol on any path', async () => {
    const listener = await buildOsmandListener(ctx.app);
    try {
      const p = next();
      const root = await listener.inject({ method: 'GET', url: `/?id=${device.identifier}&lat=${p.lat}&lon=${p.lon}&timestamp=${p.seconds}` });
      expect(root.statusCode, root.body).toBe(200);
      expect(root.json().packages).toBe(1);
      const q = next();
      const any = await listener.inject({
        method: 'POST',
        url: '/gprmc/Data',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${device.identifier}&lat=${q.lat}&lon=${q.lon}&timestamp=${q.seconds}`,
      });
      expect(any.statusCode, any.body).toBe(200);
      const unknown = await listener.inject({ method: 'GET', url: `/?id=${unique('nobody')}&lat=43&lon=-87` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Device not found' });
    } finally {
      await listener.close();
    }
  });

  it('the request log redacts device identifiers', () => {
    expect(redactDeviceIds('/api/osmand?lat=1&id=SECRET&deviceid=ALSO&lon=2')).toBe('/api/osmand?lat=1&id=[redacted]&deviceid=[redacted]&lon=2');
    expect(requestForLog({ method: 'GET', url: `/?id=${device.identifier}&lat=1`, ip: '10.0.0.1' }).url).not.toContain(device.identifier);
  });

  it('ingest is limited per device, and per IP only for unknown identifiers', async () => {
    const limiter = new IngestLimiter(new MemoryCounterStore(), 3, 2);
    for (let i = 0; i < 3; i++) await limiter.hit('device:a');
    // A second device behind the same IP is not throttled by the first.
    await limiter.hit('device:b');
    await expect(limiter.hit('device:a')).rejects.toMatchObject({ statusCode: 429 });
    await limiter.failUnknown('1.2.3.4');
    await limiter.checkUnknownAttempts('1.2.3.4');
    await limiter.failUnknown('1.2.3.4');
    await expect(limiter.checkUnknownAttempts('1.2.3.4')).rejects.toMatchObject({ statusCode: 429 });
    await limiter.checkUnknownAttempts('5.6.7.8');
  });
});
