import { afterAll, beforeAll, expect, it } from 'vitest';
import { makePackage } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

describeApi('GET /api/tracking/packages (several tracking numbers at once)', () => {
  let ctx: TestContext;
  let a: Awaited<ReturnType<typeof makePackage>>;
  let b: Awaited<ReturnType<typeof makePackage>>;
  beforeAll(async () => {
    ctx = await setupApp({ env: { PUBLIC_LOOKUPS_PER_MINUTE: '5' } });
    a = await makePackage(ctx, { status: 'in_transit' });
    b = await makePackage(ctx, { status: 'delivered' });
  });
  afterAll(async () => ctx?.close());

  const lookup = (numbers: string, ip = '10.70.0.1') =>
    ctx.request({ method: 'GET', url: `/api/tracking/packages?trackingNumbers=${encodeURIComponent(numbers)}`, remoteAddress: ip });

  it('answers public views in the order asked, case-insensitively, and names the numbers it does not know', async () => {
    const missing = unique('NOPE');
    const res = await lookup(` ${b.trackingNumber.toLowerCase()} ,${missing},${a.trackingNumber},${a.trackingNumber}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.packages.map((p: { trackingNumber: string }) => p.trackingNumber)).toEqual([b.trackingNumber, a.trackingNumber]);
    expect(body.notFound).toEqual([missing]);
    // The public view: masked phone, no driver id, no link.
    expect(body.packages[0].customerPhone).toBe('•••-•••-0142');
    expect(body.packages[0]).not.toHaveProperty('driverId');
    expect(body.packages[0]).not.toHaveProperty('realLocationLink');
  });

  it('refuses none, blank or more than 10 numbers with the messages', async () => {
    const none = await ctx.request({ method: 'GET', url: '/api/tracking/packages', remoteAddress: '10.70.0.2' });
    expect(none.statusCode).toBe(400);
    expect(none.json().issues[0]).toEqual({ path: 'trackingNumbers', message: 'Tracking number is required' });
    expect((await lookup(' , ,', '10.70.0.2')).json().issues[0].message).toBe('Tracking number is required');
    const eleven = Array.from({ length: 11 }, (_, i) => `N${i}`).join(',');
    const many = await lookup(eleven, '10.70.0.3');
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('At most 10 tracking numbers');
  });

  // Issue 10: counted as one call, ten numbers at a time multiplied the public lookup limit by ten.
  it('counts every number it carries against the public lookup budget', async () => {
    const five = [a.trackingNumber, b.trackingNumber, 'X1', 'X2', 'X3'].join(',');
    expect((await lookup(five, '10.70.0.9')).statusCode).toBe(200);
    expect((await lookup(a.trackingNumber, '10.70.0.9')).statusCode).toBe(429);
    const six = [a.trackingNumber, b.trackingNumber, 'X1', 'X2', 'X3', 'X4'].join(',');
    expect((await lookup(six, '10.70.0.10')).statusCode).toBe(429);
  });
});
