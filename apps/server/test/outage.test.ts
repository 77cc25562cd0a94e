import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeApi, setupApp, type TestContext } from './helper.ts';

describeApi('database outage', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => ctx?.close().catch(() => {}));

  it('answers 503 {message} without a stack while the database is unreachable, and /api/ready says so', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await ctx.app.database.close();
    const lookup = await ctx.request({ method: 'GET', url: '/api/packages/ANY123' });
    expect(lookup.statusCode).toBe(503);
    expect(lookup.json()).toEqual({ message: 'Database unavailable' });
    expect(lookup.body).not.toMatch(/at .*\.ts|stack/i);
    const ready = await ctx.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: false });
    expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
