import { fleetSnapshotSchema } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

/** Today on Chicago's clock as the estimated-delivery text of a one-day window ("Saturday, November 28, 2026 - …"). */
function todayInChicago(): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date());
  return `${day} - ${day}`;
}

describeApi('the fleet map: a driver running late (issue 34)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => ctx?.close());

  it('marks a driver whose expected arrival at an open stop is past its window’s end, along the stop order', async () => {
    // Far: in Los Angeles with two Chicago stops due today; over 2,800 km is more than a day's drive, whatever the hour.
    const far = await makeDriver(ctx, { name: 'Far Driver' });
    const p1 = await makePackage(ctx, { status: 'out_for_delivery', deliveryLat: 41.9, deliveryLng: -87.65, estimatedDelivery: todayInChicago() }, far);
    const p2 = await makePackage(ctx, { status: 'out_for_delivery', deliveryLat: 41.88, deliveryLng: -87.63, estimatedDelivery: todayInChicago() }, far);
    expect((await ctx.request({ method: 'PUT', url: `/api/drivers/${far.id}/route/order`, token: ctx.adminToken, payload: { order: [p2.id, p1.id] } })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'POST', url: `/api/drivers/${far.id}/location`, token: far.token, payload: { lat: 34.05, lng: -118.24 } })).statusCode).toBe(200);
    // Near: in Chicago, with a stop due in 2050.
    const near = await makeDriver(ctx, { name: 'Near Driver' });
    await makePackage(ctx, { status: 'out_for_delivery', deliveryLat: 41.89, deliveryLng: -87.64, estimatedDelivery: 'Monday, January 3, 2050 - Friday, January 7, 2050' }, near);
    expect((await ctx.request({ method: 'POST', url: `/api/drivers/${near.id}/location`, token: near.token, payload: { lat: 41.88, lng: -87.63 } })).statusCode).toBe(200);
    // Idle: no stops at all.
    const idle = await makeDriver(ctx, { name: 'Idle Driver' });

    const res = await ctx.request({ method: 'GET', url: '/api/fleet', token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const drivers = fleetSnapshotSchema.parse(res.json()).drivers;
    const f = drivers.find((d) => d.id === far.id)!;
    expect(f).toMatchObject({ late: true, lateStops: 2, firstLateStop: { packageId: p2.id, trackingNumber: p2.trackingNumber } });
    expect(f.firstLateStop!.eta > f.firstLateStop!.windowEnd).toBe(true);
    expect(drivers.find((d) => d.id === near.id)).toMatchObject({ late: false, lateStops: 0, firstLateStop: null });
    expect(drivers.find((d) => d.id === idle.id)).toMatchObject({ late: false, lateStops: 0, firstLateStop: null });
  });
});
