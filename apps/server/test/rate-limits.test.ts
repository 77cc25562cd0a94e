import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage } from './fixtures.ts';
import { describeApi, setupApp, type TestContext } from './helper.ts';

describeApi('rate limits are settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp({ env: { PUBLIC_LOOKUPS_PER_MINUTE: '3', PICKUP_REQUESTS_PER_HOUR: '1', INGEST_PER_MINUTE: '2' } });
  });
  afterAll(async () => ctx?.close());

  it('PUBLIC_LOOKUPS_PER_MINUTE bounds public lookups per IP', async () => {
    const lookup = () => ctx.request({ method: 'GET', url: '/api/packages/NOPE1', remoteAddress: '10.60.0.1' });
    for (let i = 0; i < 3; i++) expect((await lookup()).statusCode).toBe(404);
    const limited = await lookup();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the lookup budget is one per IP across every public lookup route, and a batch lookup counts every number', async () => {
    const ip = '10.60.0.3';
    const get = (url: string) => ctx.request({ method: 'GET', url, remoteAddress: ip });
    expect((await get('/api/packages/NOPE1')).statusCode).toBe(404);
    expect((await get('/api/packages/NOPE1/history')).statusCode).toBe(404);
    expect((await get('/api/tracking/live/NOPE1')).statusCode).toBe(404);
    // Three lookups spent on three routes: the fourth, on a fifth route, is over the budget of 3.
    expect((await get('/api/packages/NOPE1/locations')).statusCode).toBe(429);

    const other = (url: string) => ctx.request({ method: 'GET', url, remoteAddress: '10.60.0.4' });
    expect((await other('/api/tracking/packages?trackingNumbers=A1,B2,C3')).statusCode).toBe(200);
    expect((await other('/api/packages/NOPE1')).statusCode).toBe(429);
  });

  it('INGEST_PER_MINUTE bounds GPS fixes per driver, not per IP', async () => {
    const send = async (driver: { token: string }, packageId: string, i: number) =>
      (await ctx.request({ method: 'POST', url: `/api/packages/${packageId}/gps`, token: driver.token, payload: { lat: 41.88 + i * 0.0001, lng: -87.63 }, remoteAddress: '10.60.0.5' })).statusCode;
    const first = await makeDriver(ctx);
    const second = await makeDriver(ctx);
    const a = await makePackage(ctx, { status: 'in_transit' }, first);
    const b = await makePackage(ctx, { status: 'in_transit' }, second);
    expect(await send(first, a.id, 1)).toBe(201);
    expect(await send(first, a.id, 2)).toBe(201);
    expect(await send(first, a.id, 3)).toBe(429);
    // Another driver from the same IP has a budget of its own.
    expect(await send(second, b.id, 1)).toBe(201);
  });

  it('PICKUP_REQUESTS_PER_HOUR bounds pickup requests per IP', async () => {
    const send = () => ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: {}, remoteAddress: '10.60.0.2' });
    expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(429);
  });
});
