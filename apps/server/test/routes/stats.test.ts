import { randomUUID } from 'node:crypto';
import { addDays } from '@cargo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

const pickup = (id: string, phone: string, status: string) => ({
  id,
  customerName: 'Pickup Customer',
  phone,
  email: 'pickup@example.com',
  originAddress: '233 S Wacker Dr, Chicago, IL 60606',
  destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
  itemDescription: 'Two boxes of books',
  specialInstructions: null,
  status,
  createdAt: new Date().toISOString(),
});

describeApi('stats', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  const created: Array<{ id: string; createdAt: string }> = [];
  /** A delivery outcome now: what the figures (and so the home page's stats) count as delivered. */
  const deliver = (packageId: string, kind = 'delivered') => {
    const now = new Date().toISOString();
    return ctx.app.db
      .insertInto('deliveryOutcomes')
      .values({ id: randomUUID(), packageId, clientId: null, kind, driverId: null, driverName: null, recipientName: null, leftAt: null, neighbourName: null, reason: null, note: null, photoId: null, signatureId: null, lat: null, lng: null, accuracy: null, distanceM: null, deviceTime: now, createdAt: now, reopenedAt: null, reopenedBy: null, reopenReason: null })
      .execute();
  };

  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
    // Known data. One degree of latitude along a meridian is 69.0941 miles (haversine, R = 3958.8 mi).
    const plan: Array<[string, string, [number, number, number, number] | null]> = [
      ['delivered', '(312) 555-0142', [40, -100, 41, -100]],
      ['delivered', '312-555-0142', [35, -90, 36, -90]],
      // Same customer written with the country code; no coordinates: counts 0 miles.
      ['delivered', '+1 312 555 0142', null],
      ['in_transit', '(414) 555-0178', [40, -100, 45, -100]],
      ['out_for_delivery', '414.555.0178', [40, -100, 45, -100]],
      ['picked_up', '(713) 555-0110', [40, -100, 45, -100]],
      ['processing', '(713) 555-0110', [40, -100, 45, -100]],
      ['exception', '(206) 555-0156', [40, -100, 45, -100]],
    ];
    for (const [status, customerPhone, coords] of plan) {
      const body = coords
        ? { pickupLat: coords[0], pickupLng: coords[1], deliveryLat: coords[2], deliveryLng: coords[3] }
        : { pickupAddress: 'Unknown pickup place', deliveryAddress: 'Unknown delivery place' };
      const pkg = await makePackage(ctx, { status, customerPhone, ...body });
      created.push({ id: pkg.id, createdAt: pkg.createdAt as string });
      if (status === 'delivered') await deliver(pkg.id);
    }
    // Pickup requests: one customer already counted, one new.
    await ctx.app.db.insertInto('pickupRequests').values([pickup(unique('pr'), '(206) 555-0156', 'pending'), pickup(unique('pr'), '(305) 555-0163', 'confirmed')]).execute();
  });
  afterAll(async () => ctx?.close());

  describe('GET /api/stats/daily', () => {
    it('answers the real figures to anyone, then keeps them for 10 seconds', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/stats/daily' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deliveriesCompleted: 3, packagesInTransit: 3, customersServed: 5, milesDelivered: 138 });

      const extra = await makePackage(ctx, { status: 'delivered', customerPhone: '(999) 555-0001', pickupLat: 0, pickupLng: 0, deliveryLat: 0, deliveryLng: 1 });
      created.push({ id: extra.id, createdAt: extra.createdAt as string });
      await deliver(extra.id);
      const again = await ctx.request({ method: 'GET', url: '/api/stats/daily', token: ctx.adminToken });
      expect(again.json()).toEqual(res.json());
      // The database already says otherwise: the reply above came from the cache.
      expect(await ctx.app.stats.computeDaily()).toEqual({ deliveriesCompleted: 4, packagesInTransit: 3, customersServed: 6, milesDelivered: 207 });
    });
  });

  describe('GET /api/database/stats', () => {
    it('answers the totals of every table, packages by status and the oldest and newest package', async () => {
      await ctx.app.db.updateTable('drivers').set({ isOnline: 1 }).where('id', '=', driver.id).execute();
      const res = await ctx.request({ method: 'GET', url: '/api/database/stats', token: ctx.adminToken });
      expect(res.statusCode).toBe(200);
      const times = created.map((c) => c.createdAt).sort();
      expect(res.json()).toEqual({
        dialect: ctx.dialect,
        totals: {
          packages: 9,
          drivers: 1,
          activeDrivers: 1,
          onlineDrivers: 1,
          pickupRequests: 2,
          pendingPickupRequests: 1,
          statusHistory: 9,
          // Origin and destination of the 8 packages with coordinates.
          locations: 16,
          devices: 0,
          shareLinks: 0,
        },
        packagesByStatus: { delivered: 4, in_transit: 1, out_for_delivery: 1, picked_up: 1, processing: 1, exception: 1 },
        oldestPackageAt: times[0],
        newestPackageAt: times.at(-1),
      });
    });

    it('is admin-only: 401 anonymous, 403 for a driver', async () => {
      const anon = await ctx.request({ method: 'GET', url: '/api/database/stats' });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: 'Authentication required' });
      expect((await ctx.request({ method: 'GET', url: '/api/database/stats', token: driver.token })).statusCode).toBe(403);
    });
  });

  describe('the home page and the panel read the same figures', () => {
    it("deliveries completed is the panel's 'delivered' over all time: an attempt, a package marked delivered without an outcome and a second delivery add nothing", async () => {
      const attempted = await makePackage(ctx, { status: 'in_transit' });
      await deliver(attempted.id, 'attempted');
      // Marked delivered by hand: no outcome, so neither the panel nor the home page counts it.
      await makePackage(ctx, { status: 'delivered' });
      // Delivered twice (reopened): once.
      await deliver(created[0]!.id);
      const stats = await ctx.app.stats.computeDaily();
      const today = new Date().toISOString().slice(0, 10);
      const panel = await ctx.request({ method: 'GET', url: `/api/figures?from=${addDays(today, -364)}&to=${addDays(today, 1)}`, token: ctx.adminToken });
      expect(panel.statusCode, panel.body).toBe(200);
      expect(stats.deliveriesCompleted).toBe(panel.json().figures.delivered);
      expect(stats.deliveriesCompleted).toBe(4);
    });
  });
});

describeApi('stats on an empty database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => ctx?.close());

  it('answers zeros and no package times', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/stats/daily' })).json()).toEqual({
      deliveriesCompleted: 0,
      packagesInTransit: 0,
      customersServed: 0,
      milesDelivered: 0,
    });
    const db = (await ctx.request({ method: 'GET', url: '/api/database/stats', token: ctx.adminToken })).json();
    expect(db).toMatchObject({ packagesByStatus: {}, oldestPackageAt: null, newestPackageAt: null });
    expect(Object.values(db.totals).every((n) => n === 0)).toBe(true);
  });
});
