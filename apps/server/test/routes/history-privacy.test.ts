import type { StatusHistoryEntry } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

const GPS_TEXT = /GPS:\s*-?\d/;

describeApi('public history: no trail of past positions (design.md §4)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => ctx?.close());

  it("a status entry written while a fix was current shows its status's place to the public, the coordinates to the admin", async () => {
    const driver = await makeDriver(ctx);
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driver);
    const fix = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token: driver.token, payload: { lat: 41.7009, lng: -87.5991, accuracy: 8 } });
    expect(fix.statusCode, fix.body).toBe(201);
    for (const status of ['out_for_delivery', 'delivered']) {
      const res = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driver.token, payload: { status } });
      expect(res.statusCode, res.body).toBe(200);
    }

    const admin: StatusHistoryEntry[] = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}/history`, token: ctx.adminToken })).json();
    expect(admin.some((entry) => GPS_TEXT.test(entry.location ?? ''))).toBe(true);

    const publicHistory: StatusHistoryEntry[] = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}/history` })).json();
    expect(publicHistory).toHaveLength(admin.length);
    expect(publicHistory.filter((entry) => GPS_TEXT.test(`${entry.location} ${entry.description}`))).toEqual([]);
    const delivered = publicHistory.find((entry) => /delivered/i.test(entry.status));
    expect(delivered?.location).toBe('Delivered');
  });
});
