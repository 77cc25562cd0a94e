import { auditEntrySchema, driverStopsSchema, planInsertResultSchema, unroutedListSchema } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, setShifts, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

const DEPOT = '233 S Wacker Dr, Chicago, IL 60606';
const DATE = '2050-03-01';
const DUE = 'Tuesday, March 1, 2050 - Tuesday, March 1, 2050';

describeApi('planning: a package added during the day is inserted into a committed order', () => {
  let ctx: TestContext;
  let a: DriverFixture;
  let b: DriverFixture;
  let c: DriverFixture;
  const ids: Record<string, string> = {};
  /** A package due on DATE on a north–south line west of the depot (lat 41.86 … 41.90). */
  const due = async (key: string, lat: number, extra: Record<string, unknown> = {}) => {
    ids[key] = (await makePackage(ctx, { trackingNumber: unique(`INS-${key}-`), estimatedDelivery: DUE, deliveryLat: lat, deliveryLng: -87.7, ...extra })).id;
  };
  const insert = (payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: `/api/planning/${DATE}/insert`, token: ctx.adminToken, payload });
  const order = async (driver: DriverFixture) => {
    const res = await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/stops`, token: driver.token });
    expect(res.statusCode, res.body).toBe(200);
    return driverStopsSchema.parse(res.json()).stops.map((s) => Object.entries(ids).find(([, id]) => id === s.packageId)?.[0] ?? s.packageId);
  };

  beforeAll(async () => {
    ctx = await setupApp({ env: { DEPOT_ADDRESS: DEPOT, PLANNING_TIME_LIMIT_MS: '100' } });
    a = await makeDriver(ctx, { name: 'Ann Insert' });
    b = await makeDriver(ctx, { name: 'Bob Insert' });
    c = await makeDriver(ctx, { name: 'Cid Insert' });
    await setShifts(ctx, DATE, [
      { driverId: a.id, startTime: '08:00', endTime: '18:00', capacityPackages: 5 },
      { driverId: b.id, startTime: '08:00', endTime: '18:00', capacityPackages: 5 },
    ]);
    await due('p0', 41.86);
    await due('p1', 41.88);
    await due('p2', 41.9);
    const commit = await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/commit`, token: ctx.adminToken, payload: { routes: [{ driverId: a.id, packageIds: [ids.p0, ids.p1, ids.p2] }] } });
    expect(commit.statusCode, commit.body).toBe(200);
  });
  afterAll(async () => ctx?.close());

  it('puts a new package where it adds the least driving and assigns it', async () => {
    await due('q', 41.89);
    const res = await insert({ packageId: ids.q, driverId: a.id });
    expect(res.statusCode, res.body).toBe(200);
    const placed = planInsertResultSchema.parse(res.json());
    expect(placed).toMatchObject({ date: DATE, packageId: ids.q, driverId: a.id, position: 2 });
    // Between p1 (41.88) and p2 (41.90) it costs no more than the detour's rounding: 41.89 is on the way.
    expect(placed.addedDrivingSeconds).toBeLessThan(5);
    expect(placed.arrival > new Date(`${DATE}T08:00:00-06:00`).toISOString()).toBe(true);
    expect(await order(a)).toEqual(['p0', 'p1', 'q', 'p2']);
    const row = await ctx.app.db.selectFrom('packages').select(['driverId', 'driver']).where('id', '=', ids.q!).executeTakeFirstOrThrow();
    expect(row).toEqual({ driverId: a.id, driver: a.name });
    const audit = await ctx.request({ method: 'GET', url: `/api/audit?objectType=planning_day&objectId=${DATE}`, token: ctx.adminToken });
    const entry = auditEntrySchema.array().parse(audit.json()).find((e) => e.action === 'planning.inserted');
    expect(entry?.after).toMatchObject({ packageId: ids.q, driverId: a.id, position: 2 });
  });

  it('never places it before a stop already done', async () => {
    // p2, the last stop, is delivered (the driver went there first): a package near p0 still goes after it.
    const done = await ctx.request({ method: 'PATCH', url: `/api/packages/${ids.p2}/status`, token: ctx.adminToken, payload: { status: 'delivered' } });
    expect(done.statusCode, done.body).toBe(200);
    await due('r', 41.861);
    const res = await insert({ packageId: ids.r, driverId: a.id });
    expect(res.statusCode, res.body).toBe(200);
    // Open stops: p0, p1, q, then r (after the done p2).
    expect(planInsertResultSchema.parse(res.json()).position).toBe(3);
    expect(await order(a)).toEqual(['p0', 'p1', 'q', 'r']);
    const stored = await ctx.app.db.selectFrom('routeStops').select(['packageId', 'position']).where('driverId', '=', a.id).orderBy('position').execute();
    expect(stored.map((s) => Object.entries(ids).find(([, id]) => id === s.packageId)![0])).toEqual(['p0', 'p1', 'q', 'p2', 'r']);
  });

  it('chooses the driver when none is named, and refuses what no route can take (409)', async () => {
    // Ann's van is full with a fifth open stop (capacity 5): without a driver named, the package goes to Bob.
    await due('t', 41.87);
    expect((await insert({ packageId: ids.t, driverId: a.id })).statusCode).toBe(200);
    expect((await insert({ packageId: (await makePackage(ctx, { estimatedDelivery: DUE, deliveryLat: 41.87, deliveryLng: -87.7 })).id, driverId: a.id })).statusCode).toBe(409);
    ids.s = (await makePackage(ctx, { trackingNumber: unique('INS-s-'), estimatedDelivery: DUE, deliveryLat: 41.879, deliveryLng: -87.64 })).id;
    const chosen = await insert({ packageId: ids.s });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(planInsertResultSchema.parse(chosen.json())).toMatchObject({ driverId: b.id, position: 0 });
    expect(await order(b)).toEqual(['s']);

    // The customer chose 05:00–05:30, before any shift.
    await due('early', 41.87);
    await ctx.app.db.insertInto('packageReschedules').values({ id: unique('r'), packageId: ids.early!, day: DATE, windowStart: '05:00', windowEnd: '05:30', previousWindow: DUE, createdAt: new Date().toISOString() }).execute();
    const early = await insert({ packageId: ids.early });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toMatch(/^No route can take INS-early-.* within its window, the shift and the vehicle's capacity$/);
    expect((await ctx.app.db.selectFrom('packages').select('driverId').where('id', '=', ids.early!).executeTakeFirstOrThrow()).driverId).toBeNull();

    expect((await insert({ packageId: ids.q, driverId: c.id })).json().message).toBe(`This driver has no shift on ${DATE}`);
    expect((await insert({ packageId: ids.p2 })).json().message).toMatch(/is Delivered; there is nothing to deliver$/);
    expect((await insert({ packageId: 'nope' })).statusCode).toBe(404);
    expect((await insert({})).statusCode).toBe(400);
    expect((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/insert`, token: a.token, payload: { packageId: ids.q } })).statusCode).toBe(403);
  });
  it("lists the date's due packages in no driver's order, newest first, and an insertion takes one off the list", async () => {
    const list = async (date = DATE) => {
      const res = await ctx.request({ method: 'GET', url: `/api/planning/${date}/unrouted`, token: ctx.adminToken });
      expect(res.statusCode, res.body).toBe(200);
      return unroutedListSchema.parse(res.json());
    };
    const keyOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0];
    // Assigned to Bob without being in his order; out for delivery and never ordered; without a position; due another day.
    ids.bobs = (await makePackage(ctx, { trackingNumber: unique('INS-bobs-'), estimatedDelivery: DUE, deliveryLat: 41.88, deliveryLng: -87.66 }, b)).id;
    ids.out = (await makePackage(ctx, { trackingNumber: unique('INS-out-'), status: 'out_for_delivery', estimatedDelivery: DUE, deliveryLat: 41.87, deliveryLng: -87.66 })).id;
    ids.nopos = (await makePackage(ctx, { trackingNumber: unique('INS-nopos-'), estimatedDelivery: DUE, deliveryAddress: 'Somewhere unknown' })).id;
    ids.later = (await makePackage(ctx, { trackingNumber: unique('INS-later-'), estimatedDelivery: 'Wednesday, March 2, 2050 - Wednesday, March 2, 2050', deliveryLat: 41.87, deliveryLng: -87.66 })).id;

    const before = await list();
    expect(before).toMatchObject({ date: DATE, timeZone: 'America/Chicago' });
    const mine = before.packages.filter((p) => keyOf(p.packageId));
    // p0, p1, q, r, t are in Ann's order, s in Bob's, p2 is delivered, 'later' is not due: none of them is listed.
    expect(mine.map((p) => keyOf(p.packageId)).sort()).toEqual(['bobs', 'early', 'nopos', 'out']);
    expect(before.total).toBeGreaterThanOrEqual(5);
    const created = before.packages.map((p) => p.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const bobs = mine.find((p) => p.packageId === ids.bobs)!;
    expect(bobs).toMatchObject({ driverId: b.id, driverName: b.name, status: 'processing', hasPosition: true });
    expect(mine.find((p) => p.packageId === ids.nopos)).toMatchObject({ driverId: null, driverName: null, hasPosition: false });
    expect(mine.find((p) => p.packageId === ids.out)?.status).toBe('out_for_delivery');
    // The window on the plan's clock: all of March 1 in Chicago.
    expect(bobs.windowStart).toBe(new Date('2050-03-01T00:00:00-06:00').toISOString());
    expect(bobs.windowEnd).toBe(new Date('2050-03-02T00:00:00-06:00').toISOString());
    // The customer's chosen window counts: 05:00–05:30 on the date.
    expect(mine.find((p) => p.packageId === ids.early)).toMatchObject({ windowStart: new Date('2050-03-01T05:00:00-06:00').toISOString(), windowEnd: new Date('2050-03-01T05:30:00-06:00').toISOString() });

    // Inserted into its own driver's order (Bob's), it leaves the list; the one without a position gets the reason.
    const placed = await insert({ packageId: ids.bobs });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(planInsertResultSchema.parse(placed.json()).driverId).toBe(b.id);
    const after = await list();
    expect(after.packages.some((p) => p.packageId === ids.bobs)).toBe(false);
    expect(after.total).toBe(before.total - 1);
    const refused = await insert({ packageId: ids.nopos });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/has no position for its address$/);

    // Another date lists its own; a date that is not a day is a 400; drivers may not read it.
    expect((await list('2050-03-02')).packages.map((p) => keyOf(p.packageId)).filter(Boolean)).toEqual(['later']);
    expect((await ctx.request({ method: 'GET', url: '/api/planning/2050-02-30/unrouted', token: ctx.adminToken })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: `/api/planning/${DATE}/unrouted`, token: a.token })).statusCode).toBe(403);
  });
});
