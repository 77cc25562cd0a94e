import { dayPlanSchema, serviceTimesSchema } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, setShifts, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

const DATE = '2050-03-01';
const DUE = 'Tuesday, March 1, 2050 - Tuesday, March 1, 2050';

describeApi('planning: minutes at a stop per service type', () => {
  let ctx: TestContext;
  let a: DriverFixture;

  beforeAll(async () => {
    ctx = await setupApp({ env: { DEPOT_ADDRESS: '233 S Wacker Dr, Chicago, IL 60606', PLANNING_TIME_LIMIT_MS: '100', PLANNING_SERVICE_MINUTES: '4' } });
    a = await makeDriver(ctx, { name: 'Ann Service' });
    await setShifts(ctx, DATE, [{ driverId: a.id, startTime: '08:00', endTime: '16:00', capacityPackages: 10 }]);
  });
  afterAll(async () => ctx?.close());

  it('plans each stop with its service type’s minutes, the default for the others', async () => {
    const before = await ctx.request({ method: 'GET', url: '/api/planning/service-times', token: ctx.adminToken });
    expect(serviceTimesSchema.parse(before.json())).toEqual({ defaultMinutes: 4, minutes: {} });
    const set = await ctx.request({ method: 'PUT', url: '/api/planning/service-times', token: ctx.adminToken, payload: { minutes: { 'Express Delivery': 12, 'Same Day Delivery': 0 } } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ defaultMinutes: 4, minutes: { 'Express Delivery': 12, 'Same Day Delivery': 0 } });

    const express = await makePackage(ctx, { trackingNumber: unique('EXP-'), estimatedDelivery: DUE, deliveryLat: 41.87, deliveryLng: -87.65, serviceType: 'express delivery' });
    const standard = await makePackage(ctx, { trackingNumber: unique('STD-'), estimatedDelivery: DUE, deliveryLat: 41.88, deliveryLng: -87.64, serviceType: 'Standard Delivery' });
    const sameDay = await makePackage(ctx, { trackingNumber: unique('SDD-'), estimatedDelivery: DUE, deliveryLat: 41.89, deliveryLng: -87.63, serviceType: 'Same Day Delivery' });
    const plan = dayPlanSchema.parse((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/plan`, token: ctx.adminToken })).json());
    const minutes = Object.fromEntries(plan.routes[0]!.stops.map((s) => [s.packageId, (Date.parse(s.departure) - Date.parse(s.serviceStart)) / 60_000]));
    expect(minutes).toEqual({ [express.id]: 12, [standard.id]: 4, [sameDay.id]: 0 });

    const audit = await ctx.request({ method: 'GET', url: '/api/audit?objectType=setting', token: ctx.adminToken });
    expect(audit.json().map((e: { objectId: string }) => e.objectId)).toContain('planning_service_minutes');
  });

  it('refuses bad minutes (400) and anyone but an admin (403)', async () => {
    for (const minutes of [{ Express: -1 }, { Express: 241 }, { Express: 'ten' }, { '': 3 }]) {
      const res = await ctx.request({ method: 'PUT', url: '/api/planning/service-times', token: ctx.adminToken, payload: { minutes } });
      expect(res.statusCode, JSON.stringify(minutes)).toBe(400);
    }
    expect((await ctx.request({ method: 'GET', url: '/api/planning/service-times', token: a.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'PUT', url: '/api/planning/service-times', token: a.token, payload: { minutes: {} } })).statusCode).toBe(403);
  });
});
