import { randomUUID } from 'node:crypto';
import { distanceM, FIGURES_MSG, type DriverDay } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

// Chicago (UTC-6 in January): January 7 runs from 2026-01-07T06:00Z to 2026-01-08T06:00Z.
const CHICAGO = { deliveryLat: 41.8781, deliveryLng: -87.6298 };
const WINDOW = 'Monday, January 5, 2026 - Wednesday, January 7, 2026';
const A = { lat: 41.88, lng: -87.63 };
const north = (m: number) => ({ lat: A.lat + m * 0.001, lng: A.lng });

describeApi("a driver's day (issue 35): the stops on a time line and the distance along the filtered trail", () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  let other: DriverFixture;
  const ids: Record<string, string> = {};

  const place = async (d: DriverFixture) => {
    const pkg = await makePackage(ctx, { estimatedDelivery: WINDOW, status: 'out_for_delivery' }, d);
    await ctx.app.db.updateTable('packages').set(CHICAGO).where('id', '=', pkg.id).execute();
    return pkg.id;
  };
  const outcome = (packageId: string, kind: string, deviceTime: string, d: DriverFixture, reason: string | null = null) =>
    ctx.app.db
      .insertInto('deliveryOutcomes')
      .values({
        id: randomUUID(), packageId, clientId: null, kind, driverId: d.id, driverName: d.name, recipientName: kind === 'delivered' ? 'R. Cipient' : null,
        leftAt: null, neighbourName: null, reason, note: null, photoId: null, signatureId: null,
        lat: A.lat, lng: A.lng, accuracy: 5, distanceM: 3, deviceTime, createdAt: deviceTime, reopenedAt: null, reopenedBy: null, reopenReason: null,
      })
      .execute();
  const fix = (packageId: string, at: { lat: number; lng: number }, recordedAt: string, by: DriverFixture = driver) =>
    ctx.app.db
      .insertInto('locations')
      .values({
        id: randomUUID(), packageId, lat: at.lat, lng: at.lng, type: 'current', address: null, driverName: by.name, driverPhone: by.phone, vehicleId: null,
        accuracy: 8, heading: null, speed: null, altitude: null, battery: null, isLiveTracking: 1, source: 'gps', recordedAt, createdAt: recordedAt,
      })
      .execute();
  const day = (driverId: string, date: string, token: string | null = ctx.adminToken) => ctx.request({ method: 'GET', url: `/api/figures/drivers/${driverId}/day/${date}`, token });

  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
    other = await makeDriver(ctx);
    ids.first = await place(driver);
    ids.second = await place(driver);
    ids.late = await place(driver);
    ids.tomorrow = await place(driver);
    ids.others = await place(other);
    // 'first': nobody home at 09:00 Chicago time, delivered at 11:00 (on time).
    await outcome(ids.first, 'attempted', '2026-01-07T15:00:00.000Z', driver, 'nobody_home');
    await outcome(ids.first, 'delivered', '2026-01-07T17:00:00.000Z', driver);
    // 'second': delivered at 14:00.
    await outcome(ids.second, 'delivered', '2026-01-07T20:00:00.000Z', driver);
    // 'late': 23:30 on January 7 in Chicago (05:30 UTC on the 8th): still the 7th, and on time.
    await outcome(ids.late, 'delivered', '2026-01-08T05:30:00.000Z', driver);
    // 'tomorrow': 00:30 on January 8 in Chicago: another day, and late.
    await outcome(ids.tomorrow, 'delivered', '2026-01-08T06:30:00.000Z', driver);
    // Another driver's stop is not this driver's.
    await outcome(ids.others, 'delivered', '2026-01-07T18:00:00.000Z', other);
    // The accepted stop order: 'second' first, then 'first'.
    await ctx.app.repos.routeStops.replace(driver.id, [ids.second!, ids.first!], '2026-01-07T12:00:00.000Z');
    // The trail, by hand: three legs north a minute apart on 'first'; on 'second', a jump 55 km north between them
    // (its own first fix, so ingest took it) and the same fix as 'first' at 08:03 (one fix, stored twice); one fix
    // the next day. Only the legs A→1→2→3 count.
    await fix(ids.first!, north(0), '2026-01-07T14:00:00.000Z');
    await fix(ids.first!, north(1), '2026-01-07T14:01:00.000Z');
    await fix(ids.second!, { lat: A.lat + 0.5, lng: A.lng }, '2026-01-07T14:01:30.000Z');
    await fix(ids.first!, north(2), '2026-01-07T14:02:00.000Z');
    await fix(ids.first!, north(3), '2026-01-07T14:03:00.000Z');
    await fix(ids.second!, north(3), '2026-01-07T14:03:00.000Z');
    await fix(ids.first!, north(9), '2026-01-08T07:00:00.000Z');
    // 'second' was with the other driver earlier that morning (reassigned later): those fixes are the other driver's.
    await fix(ids.second!, { lat: A.lat - 0.2, lng: A.lng }, '2026-01-07T13:00:00.000Z', other);
    await fix(ids.second!, { lat: A.lat - 0.1, lng: A.lng }, '2026-01-07T13:10:00.000Z', other);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("lists the day's stops in time order, with the stop order's place, the window, each outcome and on time", async () => {
    const res = await day(driver.id, '2026-01-07');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DriverDay>();
    expect(body.driver).toMatchObject({ id: driver.id, name: driver.name });
    expect(body.timeZone).toBe('America/Chicago');
    expect(body.stops.map((s) => s.packageId)).toEqual([ids.first, ids.second, ids.late]);
    const [first, second, late] = body.stops;
    expect(first).toMatchObject({ plannedPosition: 2, outcome: 'delivered', at: '2026-01-07T17:00:00.000Z', onTime: true });
    expect(first!.outcomes).toEqual([
      { kind: 'attempted', reason: 'nobody_home', at: '2026-01-07T15:00:00.000Z' },
      { kind: 'delivered', reason: null, at: '2026-01-07T17:00:00.000Z' },
    ]);
    expect(first!.window).toEqual({ start: '2026-01-05T06:00:00.000Z', end: '2026-01-08T05:59:59.999Z' });
    expect(second).toMatchObject({ plannedPosition: 1, outcome: 'delivered', onTime: true });
    expect(late).toMatchObject({ plannedPosition: null, at: '2026-01-08T05:30:00.000Z', onTime: true });
    expect(body.summary).toEqual({ stops: 3, delivered: 3, attempted: 0, firstStopAt: '2026-01-07T17:00:00.000Z', lastStopAt: '2026-01-08T05:30:00.000Z' });
    const next = (await day(driver.id, '2026-01-08')).json<DriverDay>();
    expect(next.stops.map((s) => [s.packageId, s.onTime])).toEqual([[ids.tomorrow, false]]);
  });

  it("the distance is the sum along the filtered trail: the jump is dropped, the fix stored twice counts once, another driver's fixes are left out", async () => {
    const body = (await day(driver.id, '2026-01-07')).json<DriverDay>();
    const expected = distanceM(north(0), north(1)) + distanceM(north(1), north(2)) + distanceM(north(2), north(3));
    expect(body.trail).toEqual({ fixes: 4, dropped: 1, distanceM: Math.round(expected), firstFixAt: '2026-01-07T14:00:00.000Z', lastFixAt: '2026-01-07T14:03:00.000Z' });
    // Unfiltered, the jump would have added over 100 km.
    expect(body.trail.distanceM).toBeGreaterThan(330);
    expect(body.trail.distanceM).toBeLessThan(340);
  });

  it('a day without stops or fixes is empty, not an error', async () => {
    const body = (await day(other.id, '2026-01-09')).json<DriverDay>();
    expect(body.stops).toEqual([]);
    expect(body.trail).toEqual({ fixes: 0, dropped: 0, distanceM: 0, firstFixAt: null, lastFixAt: null });
  });

  it('refuses a bad day with the spec message, an unknown driver with 404, and anyone but an admin', async () => {
    const bad = await day(driver.id, '2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].message).toBe(FIGURES_MSG.dayInvalid);
    const unknown = await day(randomUUID(), '2026-01-07');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Driver not found');
    expect((await day(driver.id, '2026-01-07', null)).statusCode).toBe(401);
    expect((await day(driver.id, '2026-01-07', driver.token)).statusCode).toBe(403);
  });
});
