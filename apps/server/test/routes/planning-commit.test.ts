import { auditEntrySchema, driverStopsSchema, planCheckSchema, type PlanCheck } from '@cargo/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, setShifts, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

const DEPOT = '233 S Wacker Dr, Chicago, IL 60606';
const DATE = '2050-03-01';
const DUE = 'Tuesday, March 1, 2050 - Tuesday, March 1, 2050';

describeApi('planning: a plan edited by hand, checked and committed', () => {
  let ctx: TestContext;
  let a: DriverFixture;
  let b: DriverFixture;
  let c: DriverFixture;
  /** p0…p5: due on DATE around the Loop; out: A's, already out for delivery and first on A's accepted order. */
  const ids: Record<string, string> = {};
  const tracking: Record<string, string> = {};

  const check = (routes: { driverId: string; packageIds: string[] }[]) => ctx.request({ method: 'POST', url: `/api/planning/${DATE}/check`, token: ctx.adminToken, payload: { routes } });
  const commit = (routes: { driverId: string; packageIds: string[] }[]) => ctx.request({ method: 'POST', url: `/api/planning/${DATE}/commit`, token: ctx.adminToken, payload: { routes } });
  const driversOf = async (keys: string[]) => {
    const rows = await ctx.app.db.selectFrom('packages').select(['id', 'driverId']).where('id', 'in', keys.map((k) => ids[k]!)).execute();
    return Object.fromEntries(keys.map((k) => [k, rows.find((r) => r.id === ids[k])?.driverId ?? null]));
  };
  const stopOrder = async (driver: DriverFixture) => {
    const res = await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/stops`, token: driver.token });
    expect(res.statusCode, res.body).toBe(200);
    return driverStopsSchema.parse(res.json()).stops.map((s) => s.packageId);
  };
  const committedEntries = async () => {
    const res = await ctx.request({ method: 'GET', url: `/api/audit?objectType=planning_day&objectId=${DATE}`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return auditEntrySchema.array().parse(res.json()).filter((e) => e.action === 'planning.committed');
  };

  beforeAll(async () => {
    ctx = await setupApp({ env: { DEPOT_ADDRESS: DEPOT, PLANNING_TIME_LIMIT_MS: '200' } });
    a = await makeDriver(ctx, { name: 'Ann Commit' });
    b = await makeDriver(ctx, { name: 'Bob Commit' });
    c = await makeDriver(ctx, { name: 'Cid Noshift' });
    await setShifts(ctx, DATE, [
      { driverId: a.id, startTime: '08:00', endTime: '16:00', capacityPackages: 3, capacityWeightKg: 100 },
      { driverId: b.id, startTime: '08:00', endTime: '16:00', capacityPackages: 3, capacityWeightKg: 100 },
    ]);
    for (let k = 0; k < 6; k++) {
      const pkg = await makePackage(ctx, { trackingNumber: unique(`CMT${k}-`), estimatedDelivery: DUE, deliveryLat: 41.86 + (k % 3) * 0.01, deliveryLng: -87.66 + Math.floor(k / 3) * 0.01, weight: '2 lb' });
      ids[`p${k}`] = pkg.id;
      tracking[`p${k}`] = pkg.trackingNumber;
    }
    // p5: the customer chose 08:00–08:05, only the first stop of a route can make it.
    await ctx.app.db.insertInto('packageReschedules').values({ id: unique('r'), packageId: ids.p5!, day: DATE, windowStart: '08:00', windowEnd: '08:05', previousWindow: DUE, createdAt: new Date().toISOString() }).execute();
    const out = await makePackage(ctx, { estimatedDelivery: DUE, deliveryLat: 41.87, deliveryLng: -87.64, status: 'out_for_delivery' }, a);
    ids.out = out.id;
    tracking.out = out.trackingNumber;
    ids.later = (await makePackage(ctx, { estimatedDelivery: 'Friday, March 4, 2050 - Friday, March 4, 2050', deliveryLat: 41.87, deliveryLng: -87.64 })).id;
    const order = await ctx.request({ method: 'PUT', url: `/api/drivers/${a.id}/route/order`, token: ctx.adminToken, payload: { order: [ids.out] } });
    expect(order.statusCode, order.body).toBe(200);
  });
  afterAll(async () => ctx?.close());

  it('recomputes a hand-made plan in the order given, with totals and the packages left out', async () => {
    const res = await check([
      { driverId: a.id, packageIds: [ids.p2!, ids.p0!] },
      { driverId: b.id, packageIds: [ids.p5!, ids.p3!, ids.p4!] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const plan: PlanCheck = planCheckSchema.parse(res.json());
    expect(plan.violations).toEqual([]);
    const [ra, rb] = plan.routes;
    expect(ra!.driverId).toBe(a.id);
    expect(ra!.stops.map((s) => s.packageId)).toEqual([ids.p2, ids.p0]);
    expect(rb!.stops.map((s) => s.packageId)).toEqual([ids.p5, ids.p3, ids.p4]);
    for (const route of plan.routes) {
      expect(route.totals.stops).toBe(route.stops.length);
      expect(route.totals.drivingSeconds).toBeGreaterThan(0);
      let previous = route.totals.departure!;
      for (const stop of route.stops) {
        expect(stop.arrival >= previous).toBe(true);
        expect(stop.serviceStart >= stop.arrival).toBe(true);
        expect(stop.serviceStart <= stop.windowEnd!).toBe(true);
        previous = stop.departure;
      }
    }
    expect(plan.totals.stops).toBe(5);
    expect(plan.totals.drivingSeconds).toBe(ra!.totals.drivingSeconds + rb!.totals.drivingSeconds);
    // p1 would fit in A's route: left out by hand.
    expect(plan.unplanned).toEqual([expect.objectContaining({ packageId: ids.p1, reason: 'not-routed', label: 'Not in any route' })]);

    // Swapping two stops changes the arrivals and the driving time: the answer is recomputed, not remembered.
    const swapped = planCheckSchema.parse((await check([{ driverId: a.id, packageIds: [ids.p0!, ids.p2!] }])).json());
    expect(swapped.routes[0]!.stops.map((s) => s.packageId)).toEqual([ids.p0, ids.p2]);
    expect(swapped.unplanned.map((u) => u.packageId).sort()).toEqual([ids.p1, ids.p3, ids.p4, ids.p5].sort());
    expect(swapped.unplanned.find((u) => u.packageId === ids.p5)!.reason).toBe('not-routed');
  });

  it('lists every broken rule as a violation (200), and refuses a malformed body (400)', async () => {
    const res = await check([
      // Over A's capacity of 3, and p5's window (08:00–08:05) is long gone by the fourth stop.
      { driverId: a.id, packageIds: [ids.p0!, ids.p1!, ids.p2!, ids.p5!] },
      // p0 again, a package due another day, one that does not exist.
      { driverId: b.id, packageIds: [ids.p0!, ids.later!, 'no-such-package', ids.out!] },
      { driverId: c.id, packageIds: [ids.p3!] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const plan = planCheckSchema.parse(res.json());
    const messages = plan.violations.map((v) => `${v.driverId === a.id ? 'A' : v.driverId === b.id ? 'B' : 'C'}|${v.packageId ?? '-'}|${v.message}`);
    expect(messages).toEqual([
      expect.stringMatching(new RegExp(`^A\\|${ids.p5}\\|${tracking.p5}: arrives at \\d\\d:\\d\\d, after its window closes at 08:05$`)),
      'A|-|Carries 4 packages, over the vehicle\'s capacity of 3',
      `B|${ids.p0}|${tracking.p0} is in two routes`,
      expect.stringMatching(new RegExp(`^B\\|${ids.later}\\|.* is not due on ${DATE}$`)),
      'B|no-such-package|No package no-such-package',
      `B|${ids.out}|${tracking.out} is Out for Delivery, not to be planned`,
      `C|-|This driver has no shift on ${DATE}`,
    ]);
    // The route is still shown as given, with its totals; C's package is unplanned.
    expect(plan.routes[0]!.stops.map((s) => s.packageId)).toEqual([ids.p0, ids.p1, ids.p2, ids.p5]);
    expect(plan.routes[0]!.totals.loadPackages).toBe(4);
    expect(plan.unplanned.map((u) => u.packageId).sort()).toEqual([ids.p3, ids.p4].sort());

    // Back after the shift's end: a shift of ten minutes.
    await ctx.request({
      method: 'PUT',
      url: '/api/planning/2050-03-02/shifts',
      token: ctx.adminToken,
      payload: { shifts: [{ driverId: a.id, startTime: '08:00', endTime: '08:10', capacityPackages: 9 }] },
    });
    const next = await makePackage(ctx, { estimatedDelivery: 'Wednesday, March 2, 2050 - Wednesday, March 2, 2050', deliveryLat: 41.95, deliveryLng: -87.7 });
    const short = await ctx.request({ method: 'POST', url: '/api/planning/2050-03-02/check', token: ctx.adminToken, payload: { routes: [{ driverId: a.id, packageIds: [next.id] }] } });
    expect(short.statusCode, short.body).toBe(200);
    expect(planCheckSchema.parse(short.json()).violations).toEqual([{ driverId: a.id, packageId: null, message: expect.stringMatching(/^Back at \d\d:\d\d, after the shift ends at 08:10$/) }]);

    for (const payload of [{}, { routes: [{ driverId: a.id }] }, { routes: [{ driverId: a.id, packageIds: 'p0' }] }, { routes: [{ driverId: '', packageIds: [] }] }]) {
      const bad = await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/check`, token: ctx.adminToken, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/check`, token: a.token, payload: { routes: [] } })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/commit`, token: a.token, payload: { routes: [] } })).statusCode).toBe(403);
  });

  it('refuses to commit a plan with a violation (409, its first message) and writes nothing', async () => {
    const res = await commit([{ driverId: a.id, packageIds: [ids.p0!, ids.p1!, ids.p2!, ids.p3!] }]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe("Carries 4 packages, over the vehicle's capacity of 3");
    expect(await driversOf(['p0', 'p1', 'p2', 'p3'])).toEqual({ p0: null, p1: null, p2: null, p3: null });
    expect(await committedEntries()).toEqual([]);
  });

  it('a failure halfway through the commit leaves nothing assigned and no stop order changed', async () => {
    // A real refusal by the database on the last package's write (the fifth write of the commit).
    const victim = ids.p4!;
    if (ctx.dialect === 'postgres') {
      await sql
        .raw(
          `CREATE FUNCTION refuse_victim() RETURNS trigger AS $$ BEGIN IF NEW.id = '${victim}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
           CREATE TRIGGER refuse_victim BEFORE UPDATE ON packages FOR EACH ROW EXECUTE FUNCTION refuse_victim();`,
        )
        .execute(ctx.app.db);
    } else {
      await sql.raw(`CREATE TRIGGER refuse_victim BEFORE UPDATE ON packages WHEN NEW.id = '${victim}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`).execute(ctx.app.db);
    }
    try {
      const res = await commit([
        { driverId: a.id, packageIds: [ids.p2!, ids.p0!] },
        { driverId: b.id, packageIds: [ids.p5!, ids.p3!, victim] },
      ]);
      expect(res.statusCode, res.body).toBe(500);
    } finally {
      await sql.raw('DROP TRIGGER refuse_victim' + (ctx.dialect === 'postgres' ? ' ON packages; DROP FUNCTION refuse_victim()' : '')).execute(ctx.app.db);
    }
    expect(await driversOf(['p0', 'p2', 'p3', 'p4', 'p5'])).toEqual({ p0: null, p2: null, p3: null, p4: null, p5: null });
    expect(await stopOrder(a)).toEqual([ids.out]);
    expect(await stopOrder(b)).toEqual([]);
    expect(await committedEntries()).toEqual([]);
  });

  it('refuses a package that went out for delivery between the check and the commit', async () => {
    const routes = [{ driverId: b.id, packageIds: [ids.p3!, ids.p4!] }];
    expect(planCheckSchema.parse((await check(routes)).json()).violations).toEqual([]);
    const moved = await ctx.request({ method: 'PATCH', url: `/api/packages/${ids.p4}/status`, token: ctx.adminToken, payload: { status: 'out_for_delivery' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await commit(routes);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(`${tracking.p4} is Out for Delivery, not to be planned`);
    expect(await driversOf(['p3', 'p4'])).toEqual({ p3: null, p4: null });
    const back = await ctx.request({ method: 'PATCH', url: `/api/packages/${ids.p4}/status`, token: ctx.adminToken, payload: { status: 'processing' } });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('commits: every package assigned, every driver’s order set (the plan first), one audit entry', async () => {
    const res = await commit([
      { driverId: a.id, packageIds: [ids.p2!, ids.p0!, ids.p1!] },
      { driverId: b.id, packageIds: [ids.p5!, ids.p3!, ids.p4!] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ date: DATE, drivers: 2, packages: 6 });
    expect(await driversOf(['p0', 'p1', 'p2', 'p3', 'p4', 'p5'])).toEqual({ p0: a.id, p1: a.id, p2: a.id, p3: b.id, p4: b.id, p5: b.id });
    const row = await ctx.app.db.selectFrom('packages').select(['driver', 'driverPhone', 'status']).where('id', '=', ids.p3!).executeTakeFirstOrThrow();
    expect(row).toEqual({ driver: b.name, driverPhone: b.phone, status: 'processing' });
    // The drivers' dashboards: the plan's order, then A's stop already out for delivery.
    expect(await stopOrder(a)).toEqual([ids.p2, ids.p0, ids.p1, ids.out]);
    expect(await stopOrder(b)).toEqual([ids.p5, ids.p3, ids.p4]);
    const entries = await committedEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ date: DATE, drivers: 2, packages: 6, routes: { [a.id]: [ids.p2, ids.p0, ids.p1], [b.id]: [ids.p5, ids.p3, ids.p4] } });
  });
});
