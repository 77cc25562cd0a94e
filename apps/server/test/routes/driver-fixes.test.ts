import type { Device } from '@cargo/shared';
import { FIX_BATCH_MAX, fixBatchResultSchema, ownDeviceCreatedSchema, shareLinkResolvedSchema } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

describeApi('driver batch fixes, own device registration, share-link resolution', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  let other: DriverFixture;
  let pkg: Awaited<ReturnType<typeof makePackage>>;
  let othersPkg: Awaited<ReturnType<typeof makePackage>>;
  const base = Date.now() - 30 * 60_000;
  const at = (i: number, metres = i * 100) => ({ lat: 43.0389 + metres / 111_195, lng: -87.9065, accuracy: 8, timestamp: new Date(base + i * 60_000).toISOString() });

  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
    other = await makeDriver(ctx);
    pkg = await makePackage(ctx, { status: 'in_transit' }, driver);
    othersPkg = await makePackage(ctx, { status: 'in_transit' }, other);
  });
  afterAll(async () => ctx?.close());

  const batch = (fixes: unknown[], token = driver.token, id = driver.id) =>
    ctx.request({ method: 'POST', url: `/api/drivers/${id}/fixes`, token, payload: { fixes } });

  it('stores a queue in order, each fix with its own result, and keeps the newest as the position', async () => {
    const fixes = [1, 2, 3].map((i) => ({ ...at(i), packageId: pkg.trackingNumber }));
    const res = await batch([...fixes, at(3)]);
    expect(res.statusCode, res.body).toBe(200);
    const body = fixBatchResultSchema.parse(res.json());
    expect(body.accepted).toBe(4);
    expect(body.results.map((r) => [r.index, r.status])).toEqual([[0, 201], [1, 201], [2, 201], [3, 201]]);
    const rows = await ctx.app.db.selectFrom('locationsAll').select(['lat', 'recordedAt']).where('packageId', '=', pkg.id).where('type', '=', 'current').orderBy('recordedAt').execute();
    expect(rows.map((r) => r.recordedAt)).toEqual(fixes.map((f) => f.timestamp));
    const d = await ctx.app.db.selectFrom('drivers').selectAll().where('id', '=', driver.id).executeTakeFirstOrThrow();
    expect(d.lastLocationUpdate).toBe(at(3).timestamp);
  });

  it('a late fix is stored but never moves the position backwards', async () => {
    const late = { ...at(0, 50), packageId: pkg.id };
    const res = await batch([late, { lat: late.lat, lng: late.lng, timestamp: late.timestamp }]);
    const body = fixBatchResultSchema.parse(res.json());
    expect(body.results.map((r) => [r.status, r.movedCurrent])).toEqual([[201, false], [201, false]]);
    const d = await ctx.app.db.selectFrom('drivers').selectAll().where('id', '=', driver.id).executeTakeFirstOrThrow();
    expect(d.lastLocationUpdate).toBe(at(3).timestamp);
  });

  it('rejects fixes one by one: filters (422), bad fields (400), another driver’s package (403), unknown package (404)', async () => {
    const res = await batch([
      { ...at(10, 1500), packageId: pkg.id },
      { ...at(11, 1600), accuracy: 5000, packageId: pkg.id },
      { lat: 200, lng: 0, timestamp: at(12).timestamp },
      { ...at(13, 1700), packageId: othersPkg.id },
      { ...at(14, 1800), packageId: 'NO-SUCH-PACKAGE' },
      { lat: 43.05, lng: -87.9 },
      { ...at(15, 1900), packageId: pkg.id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = fixBatchResultSchema.parse(res.json());
    expect(body.results.map((r) => r.status)).toEqual([201, 422, 400, 403, 404, 400, 201]);
    expect(body.results[1]!.message).toBe('Accuracy worse than 1000 m');
    expect(body.results[2]!.message).toMatch(/Invalid latitude/);
    expect(body).toMatchObject({ accepted: 2, rejected: 5 });
    const othersFixes = await ctx.app.db.selectFrom('locationsAll').select('id').where('packageId', '=', othersPkg.id).where('type', '=', 'current').execute();
    expect(othersFixes).toHaveLength(0);
  });

  it('is the driver’s own: another driver gets 403, no session 401; an admin may post', async () => {
    expect((await batch([at(20)], other.token)).statusCode).toBe(403);
    expect((await batch([at(20)], null as unknown as string)).statusCode).toBe(401);
    expect((await batch([at(20, 3000)], ctx.adminToken)).statusCode).toBe(200);
  });

  it('refuses an empty batch and one over the size limit with 400, storing nothing', async () => {
    const empty = await batch([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0].message).toBe('At least one fix is required');
    const before = await ctx.app.db.selectFrom('locationsAll').select('id').where('packageId', '=', pkg.id).execute();
    const big = await batch(Array.from({ length: FIX_BATCH_MAX + 1 }, (_, i) => ({ ...at(100 + i, 5000 + i), packageId: pkg.id })));
    expect(big.statusCode).toBe(400);
    expect(big.json().issues[0].message).toBe(`At most ${FIX_BATCH_MAX} fixes per request`);
    const after = await ctx.app.db.selectFrom('locationsAll').select('id').where('packageId', '=', pkg.id).execute();
    expect(after).toHaveLength(before.length);
  });

  it('a driver registers its own phone as an OsmAnd device and it works at once', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/drivers/me/devices', token: driver.token, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const device = ownDeviceCreatedSchema.parse(res.json());
    expect(device.driverId).toBe(driver.id);
    expect(device.identifier.length).toBeGreaterThanOrEqual(24);
    expect(device.serverUrl).toMatch(/\/api\/osmand$/);
    const fix = await ctx.request({ method: 'GET', url: `/api/osmand?id=${device.identifier}&lat=43.06&lon=-87.9065&timestamp=${Math.floor(Date.now() / 1000)}&batt=71` });
    expect(fix.statusCode, fix.body).toBe(200);
    const listed: Device[] = (await ctx.request({ method: 'GET', url: '/api/devices', token: ctx.adminToken })).json();
    expect(listed.find((d) => d.id === device.id)?.lastBattery).toBe(71);
    // Only a signed-in driver: an admin has no 'own' phone, the public none at all.
    expect((await ctx.request({ method: 'POST', url: '/api/drivers/me/devices', token: ctx.adminToken, payload: {} })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/drivers/me/devices', payload: {} })).statusCode).toBe(401);
  });

  it('resolves a driver share token to its package’s public view and expiry; revoked, customer and unknown tokens are 404', async () => {
    const made = await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkg.id, hours: 2, kind: 'driver' } });
    const { token, expiresAt } = made.json();
    const res = await ctx.request({ method: 'GET', url: `/api/share-links/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = shareLinkResolvedSchema.parse(res.json());
    expect(body).toMatchObject({ kind: 'driver', expiresAt, package: { id: pkg.id, trackingNumber: pkg.trackingNumber } });
    expect(res.json().package).not.toHaveProperty('driverId');
    expect(res.json().package.customerPhone).toMatch(/^\*+\d{4}$|\d{4}$/);
    const customer = (await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkg.id, hours: 1, kind: 'customer' } })).json();
    expect((await ctx.request({ method: 'GET', url: `/api/share-links/${customer.token}` })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/share-links/not-a-token' })).statusCode).toBe(404);
    await ctx.request({ method: 'DELETE', url: `/api/share-links/${token}`, token: ctx.adminToken });
    expect((await ctx.request({ method: 'GET', url: `/api/share-links/${token}` })).statusCode).toBe(404);
  });
});
