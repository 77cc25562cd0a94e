import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeApi, setupApp, type TestContext } from './helper.ts';

describeApi('rate limits are settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp({ env: { PUBLIC_LOOKUPS_PER_MINUTE: '3', PICKUP_REQUESTS_PER_HOUR: '1' } });
  });
  afterAll(async () => ctx?.close());

  it('PUBLIC_LOOKUPS_PER_MINUTE bounds public lookups per IP', async () => {
    const lookup = () => ctx.request({ method: 'GET', url: '/api/packages/NOPE1', remoteAddress: '10.60.0.1' });
    for (let i = 0; i < 3; i++) expect((await lookup()).statusCode).toBe(404);
    const limited = await lookup();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('PICKUP_REQUESTS_PER_HOUR bounds pickup requests per IP', async () => {
    const send = () => ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: {}, remoteAddress: '10.60.0.2' });
    expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(429);
  });
});
