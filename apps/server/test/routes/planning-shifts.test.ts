import { shiftListSchema } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

/** Both places geocode offline (ZIP centroids), so no provider is needed. */
const DEPOT = '233 S Wacker Dr, Chicago, IL 60606';
const ELSEWHERE = '1060 W Addison St, Chicago, IL 60613';

describeApi('planning: shifts', () => {
  let ctx: TestContext;
  let a: DriverFixture;
  let b: DriverFixture;

  beforeAll(async () => {
    ctx = await setupApp({ env: { DEPOT_ADDRESS: DEPOT } });
    a = await makeDriver(ctx);
    b = await makeDriver(ctx);
  });
  afterAll(async () => ctx?.close());

  const put = (date: string, shifts: unknown[], token = ctx.adminToken) =>
    ctx.request({ method: 'PUT', url: `/api/planning/${date}/shifts`, token, payload: { shifts } });

  it('sets a date’s shifts, the depot by default, geocoded, and lists them', async () => {
    const res = await put('2050-03-01', [
      { driverId: a.id, startTime: '08:00', endTime: '16:30', capacityPackages: 40, capacityWeightKg: 500 },
      { driverId: b.id, startTime: '09:00', endTime: '17:00', startAddress: ELSEWHERE, capacityPackages: 25 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const list = shiftListSchema.parse((await ctx.request({ method: 'GET', url: '/api/planning/2050-03-01/shifts', token: ctx.adminToken })).json());
    expect(list.shifts).toHaveLength(2);
    const sa = list.shifts.find((s) => s.driverId === a.id)!;
    const sb = list.shifts.find((s) => s.driverId === b.id)!;
    expect(sa).toMatchObject({ driverName: a.name, startTime: '08:00', endTime: '16:30', capacityPackages: 40, capacityWeightKg: 500 });
    expect(sa.start.address).toBe(DEPOT);
    expect(sa.end.address).toBe(DEPOT);
    expect(sa.start.lat).toBeCloseTo(41.88, 1);
    expect(sa.start.lng).toBeCloseTo(-87.64, 1);
    // A start place set and no end place: the driver returns where it started.
    expect(sb.start.address).toBe(ELSEWHERE);
    expect(sb.end.address).toBe(ELSEWHERE);
    expect(sb.start.lat).not.toBe(sa.start.lat);
    expect(sb.capacityWeightKg).toBeNull();
    // Another date is untouched.
    expect((await ctx.request({ method: 'GET', url: '/api/planning/2050-03-02/shifts', token: ctx.adminToken })).json().shifts).toEqual([]);

    const audit = await ctx.request({ method: 'GET', url: '/api/audit?objectType=planning_day&objectId=2050-03-01', token: ctx.adminToken });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().map((e: { action: string }) => e.action)).toEqual(['planning.shifts_set']);
  });

  it('replaces the date’s list as a whole', async () => {
    const res = await put('2050-03-01', [{ driverId: b.id, startTime: '07:00', endTime: '12:00', capacityPackages: 10 }]);
    expect(res.statusCode, res.body).toBe(200);
    const list = shiftListSchema.parse(res.json());
    expect(list.shifts.map((s) => [s.driverId, s.startTime])).toEqual([[b.id, '07:00']]);
  });

  it('copies the latest earlier date’s shifts', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/planning/2050-03-05/shifts/copy-previous', token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().copiedFrom).toBe('2050-03-01');
    const list = shiftListSchema.parse(res.json());
    expect(list.date).toBe('2050-03-05');
    expect(list.shifts.map((s) => [s.driverId, s.startTime, s.endTime, s.capacityPackages, s.start.address])).toEqual([[b.id, '07:00', '12:00', 10, DEPOT]]);
    // The source date keeps its own.
    expect((await ctx.request({ method: 'GET', url: '/api/planning/2050-03-01/shifts', token: ctx.adminToken })).json().shifts).toHaveLength(1);
    const none = await ctx.request({ method: 'POST', url: '/api/planning/2049-01-01/shifts/copy-previous', token: ctx.adminToken });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No shifts on the previous day to copy');
  });

  it('refuses bad input with a clear 400 and keeps what the date had', async () => {
    const cases: [string, unknown[], string][] = [
      ['2050-02-30', [], 'Choose a day (YYYY-MM-DD)'],
      ['2050-03-01', [{ driverId: a.id, startTime: '17:00', endTime: '08:00', capacityPackages: 5 }], 'A shift must end after it starts'],
      ['2050-03-01', [{ driverId: a.id, startTime: '8am', endTime: '17:00', capacityPackages: 5 }], 'Use a time as HH:MM'],
      ['2050-03-01', [{ driverId: a.id, startTime: '08:00', endTime: '17:00', capacityPackages: 5 }, { driverId: a.id, startTime: '09:00', endTime: '17:00', capacityPackages: 5 }], 'A driver has one shift per day'],
      ['2050-03-01', [{ driverId: 'nobody', startTime: '08:00', endTime: '17:00', capacityPackages: 5 }], 'No such driver'],
      ['2050-03-01', [{ driverId: a.id, startTime: '08:00', endTime: '17:00', startAddress: 'Nowhere at all', capacityPackages: 5 }], 'The place could not be found on the map'],
    ];
    for (const [date, shifts, message] of cases) {
      const res = await put(date, shifts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    const list = shiftListSchema.parse((await ctx.request({ method: 'GET', url: '/api/planning/2050-03-01/shifts', token: ctx.adminToken })).json());
    expect(list.shifts.map((s) => [s.driverId, s.startTime])).toEqual([[b.id, '07:00']]);
  });

  it('lets an API key with packages:write set shifts, and refuses a driver', async () => {
    const key = await ctx.request({ method: 'POST', url: '/api/api-keys', token: ctx.adminToken, payload: { name: 'Planner', scopes: ['packages:write', 'packages:read'] } });
    expect(key.statusCode, key.body).toBe(201);
    const res = await put('2050-04-01', [{ driverId: a.id, startTime: '08:00', endTime: '12:00', capacityPackages: 3 }], key.json().key);
    expect(res.statusCode, res.body).toBe(200);
    expect((await put('2050-04-01', [], a.token)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/planning/2050-04-01/shifts' })).statusCode).toBe(401);
  });
});

describeApi('planning: shifts without a depot', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => ctx?.close());

  it('asks for a place when DEPOT_ADDRESS is not set', async () => {
    const d = await makeDriver(ctx);
    const res = await ctx.request({ method: 'PUT', url: '/api/planning/2050-03-01/shifts', token: ctx.adminToken, payload: { shifts: [{ driverId: d.id, startTime: '08:00', endTime: '12:00', capacityPackages: 3 }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Set a start and end place, or DEPOT_ADDRESS for the depot');
  });
});
