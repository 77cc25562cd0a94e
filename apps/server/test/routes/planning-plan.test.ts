import { dayPlanSchema, type DayPlan } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, setShifts, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

const DEPOT = '233 S Wacker Dr, Chicago, IL 60606';
const DATE = '2050-03-01';
const DUE = 'Tuesday, March 1, 2050 - Tuesday, March 1, 2050';
/** Chicago's local time on DATE (CST, UTC−6) as an ISO instant. */
const local = (hhmm: string) => new Date(`${DATE}T${hhmm}:00-06:00`).toISOString();

describeApi('planning: a plan for the day', () => {
  let ctx: TestContext;
  let a: DriverFixture;
  let b: DriverFixture;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await setupApp({ env: { DEPOT_ADDRESS: DEPOT, PLANNING_TIME_LIMIT_MS: '200' } });
    a = await makeDriver(ctx, { name: 'Ann Planner' });
    b = await makeDriver(ctx, { name: 'Bob Planner' });
    await setShifts(ctx, DATE, [
      { driverId: a.id, startTime: '08:00', endTime: '16:00', capacityPackages: 3, capacityWeightKg: 100 },
      { driverId: b.id, startTime: '08:00', endTime: '16:00', capacityPackages: 3, capacityWeightKg: 100 },
    ]);
    // Seven light packages around the Loop for six places: one is left for want of capacity.
    for (let k = 0; k < 7; k++) {
      const pkg = await makePackage(ctx, { trackingNumber: unique(`DAY${k}-`), estimatedDelivery: DUE, deliveryLat: 41.86 + (k % 4) * 0.01, deliveryLng: -87.66 + Math.floor(k / 2) * 0.01, weight: '2 lb' });
      ids[`p${k}`] = pkg.id;
    }
    ids.heavy = (await makePackage(ctx, { trackingNumber: unique('HEAVY-'), estimatedDelivery: DUE, deliveryLat: 41.87, deliveryLng: -87.65, weight: '500 kg' })).id;
    ids.nowhere = (await makePackage(ctx, { trackingNumber: unique('NOWHERE-'), estimatedDelivery: DUE, deliveryLat: 41.87, deliveryLng: -87.65 })).id;
    await ctx.app.db.updateTable('packages').set({ deliveryLat: null, deliveryLng: null }).where('id', '=', ids.nowhere!).execute();
    ids.early = (await makePackage(ctx, { trackingNumber: unique('EARLY-'), estimatedDelivery: DUE, deliveryLat: 41.88, deliveryLng: -87.63 })).id;
    // The customer chose 05:00–05:30 that day, before any shift starts.
    await ctx.app.db.insertInto('packageReschedules').values({ id: unique('r'), packageId: ids.early!, day: DATE, windowStart: '05:00', windowEnd: '05:30', previousWindow: DUE, createdAt: new Date().toISOString() }).execute();
    // Not in the plan: out for delivery already, due another day, delivered.
    ids.out = (await makePackage(ctx, { estimatedDelivery: DUE, deliveryLat: 41.87, deliveryLng: -87.64, status: 'out_for_delivery' }, a)).id;
    ids.later = (await makePackage(ctx, { estimatedDelivery: 'Friday, March 4, 2050 - Friday, March 4, 2050', deliveryLat: 41.87, deliveryLng: -87.64 })).id;
    ids.done = (await makePackage(ctx, { estimatedDelivery: DUE, deliveryLat: 41.87, deliveryLng: -87.64, status: 'delivered' })).id;
  });
  afterAll(async () => ctx?.close());

  it('gives each driver stops in order within windows, capacity and shift, and lists the unplanned with reasons', async () => {
    const res = await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/plan`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const plan: DayPlan = dayPlanSchema.parse(res.json());
    expect(plan.engine).toBe('built-in');
    // The shifts' clock: the depot's zone (the panel shows the plan's times on it).
    expect(plan.timeZone).toBe('America/Chicago');
    expect(plan.routes.map((r) => r.driverName)).toEqual(['Ann Planner', 'Bob Planner']);
    const planned = plan.routes.flatMap((r) => r.stops.map((s) => s.packageId));
    expect(planned).toHaveLength(6);
    expect(new Set(planned).size).toBe(6);
    const light = Object.entries(ids).filter(([k]) => k.startsWith('p')).map(([, id]) => id);
    expect(planned.every((id) => light.includes(id))).toBe(true);
    for (const route of plan.routes) {
      expect(route.stops.length).toBeLessThanOrEqual(3);
      expect(route.totals.stops).toBe(route.stops.length);
      expect(route.totals.loadWeightKg).toBeCloseTo(route.stops.length * 0.907, 1);
      expect(route.totals.distanceM).toBeGreaterThan(0);
      expect(route.totals.drivingSeconds).toBeGreaterThan(0);
      expect(route.totals.departure! >= local('08:00')).toBe(true);
      expect(route.totals.finish! <= local('16:00')).toBe(true);
      let previous = route.totals.departure!;
      for (const stop of route.stops) {
        expect(stop.arrival >= previous).toBe(true);
        expect(stop.serviceStart >= stop.windowStart!).toBe(true);
        expect(stop.serviceStart <= stop.windowEnd!).toBe(true);
        // Five minutes at each stop (PLANNING_SERVICE_MINUTES).
        expect(Date.parse(stop.departure) - Date.parse(stop.serviceStart)).toBe(5 * 60_000);
        previous = stop.departure;
      }
    }
    expect(plan.routes[0]!.stops[0]!.windowStart).toBe(local('00:00'));
    expect(plan.totals.stops).toBe(6);
    expect(plan.totals.distanceM).toBe(plan.routes[0]!.totals.distanceM + plan.routes[1]!.totals.distanceM);
    const reasons = Object.fromEntries(plan.unplanned.map((u) => [u.packageId, u.reason]));
    const leftLight = light.find((id) => !planned.includes(id))!;
    expect(reasons).toEqual({ [leftLight]: 'no-capacity', [ids.heavy!]: 'no-capacity', [ids.nowhere!]: 'no-position', [ids.early!]: 'window-unreachable' });
    expect(plan.unplanned.find((u) => u.packageId === ids.nowhere)!.label).toBe('No position for the address');

    // Nothing was written: no package is assigned.
    const assigned = await ctx.app.db.selectFrom('packages').select('id').where('id', 'in', [...light, ids.heavy!]).where('driverId', 'is not', null).execute();
    expect(assigned).toEqual([]);
  });

  it('plans nothing on a date without shifts, and is for admins only', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/planning/2050-03-02/plan', token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const plan = dayPlanSchema.parse(res.json());
    expect(plan.routes).toEqual([]);
    expect(plan.unplanned).toEqual([]);
    expect((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/plan`, token: a.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/planning/2050-13-01/plan', token: ctx.adminToken })).statusCode).toBe(400);
  });
});
