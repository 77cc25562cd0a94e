import { PACKAGE_STATUSES, type Package } from '@cargo/shared';
import { afterEach, expect, it } from 'vitest';
import { describeApi, DIALECT, setupApp, type TestContext } from './helper.ts';

describeApi('start-up data: first admin and demo seed', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('seeds about 20 packages over every status with history, locations and coordinates, 4 drivers and pickups when asked', async () => {
    ctx = await setupApp({ seed: true });
    const list = await ctx.request({ method: 'GET', url: '/api/packages', token: ctx.adminToken });
    const packages = list.json() as Package[];
    expect(packages.length).toBeGreaterThanOrEqual(18);
    expect(new Set(packages.map((p) => p.status))).toEqual(new Set(PACKAGE_STATUSES));
    expect(packages.every((p) => p.pickupLat !== null && p.deliveryLat !== null)).toBe(true);
    const history = await ctx.request({ method: 'GET', url: `/api/packages/${packages[0]!.trackingNumber}/history` });
    expect(history.json().length).toBeGreaterThan(0);
    const locations = await ctx.request({ method: 'GET', url: `/api/packages/${packages[0]!.id}/locations`, token: ctx.adminToken });
    expect(locations.json().length).toBeGreaterThanOrEqual(2);
    const drivers = await ctx.request({ method: 'GET', url: '/api/drivers', token: ctx.adminToken });
    expect(drivers.json()).toHaveLength(4);
    expect(drivers.body).not.toMatch(/pinHash|scrypt/);
    const pickups = await ctx.request({ method: 'GET', url: '/api/pickup-requests', token: ctx.adminToken });
    expect(pickups.json().length).toBeGreaterThan(0);
  });

  it('seeds a demo driver who can sign in with the PIN the log prints', async () => {
    ctx = await setupApp({ seed: true });
    const res = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: '5550101001', pin: '246810' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().driver.name).toBe('Marcus Johnson');
  });

  it(`never seeds ${DIALECT === 'postgres' ? 'PostgreSQL unless SEED_DEMO=true' : 'when SEED_DEMO=false'}`, async () => {
    ctx = await setupApp({ seed: false });
    const list = await ctx.request({ method: 'GET', url: '/api/packages', token: ctx.adminToken });
    expect(list.json()).toEqual([]);
  });
});
