import type { AddressInfo } from 'node:net';
import type { Device, LiveTracking, Package } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DemoDrive } from '../../src/demo/demo-drive.ts';
import { DEMO_SPEED_MS } from '../../src/demo/demo-route.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

type Message = { type: string; trackingId?: string; data?: Record<string, any> };

/** A /ws client of the app that keeps every message. */
async function follow(ctx: TestContext, trackingId: string) {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (ctx.app.server.address() as AddressInfo).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const messages: Message[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Message));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', trackingId }));
  await expect.poll(() => messages.some((m) => m.type === 'subscription_confirmed')).toBe(true);
  return { socket, messages };
}

describeApi('the demo drive (demo data)', () => {
  let ctx: TestContext;
  let socket: WebSocket | null = null;

  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => {
    socket?.terminate();
    await ctx?.close();
  });

  it('drives a seeded out-for-delivery package through the OsmAnd endpoint: it moves, and the proximity alerts fire once each', async () => {
    // Seeded 9.5 minutes ago, so that 95 fixes 5 s apart (faster than real time) end in the recent past.
    const start = Date.now() - 9.5 * 60_000;
    const { sampleTrackingNumber } = await seedDemo(ctx.app.repos, start);
    let clock = start + 60_000;
    const drive = new DemoDrive(ctx.app, { clock: () => clock });
    expect(await drive.load()).toBe(true);
    expect(drive.trackingNumbers).toHaveLength(2);
    expect(drive.trackingNumbers).toContain(sampleTrackingNumber);

    const followed = await follow(ctx, sampleTrackingNumber);
    socket = followed.socket;
    const before = (await ctx.request({ method: 'GET', url: `/api/tracking/live/${sampleTrackingNumber}` })).json() as LiveTracking;
    for (let i = 0; i < 95; i++) {
      clock += 5_000;
      await drive.step();
    }
    await expect.poll(() => followed.messages.filter((m) => m.type === 'location_update').length, { timeout: 5_000 }).toBeGreaterThanOrEqual(80);

    const updates = followed.messages.filter((m) => m.type === 'location_update').map((m) => m.data!);
    // A plausible path: about 50 km/h, one fix every 5 s, getting closer to the door.
    const first = updates[0]!;
    expect(first.speed).toBeCloseTo(DEMO_SPEED_MS, 1);
    expect(first.accuracy).toBeGreaterThanOrEqual(5);
    expect(first.battery).toBeGreaterThan(0);
    expect(updates.at(-1)!.eta.distanceM).toBeLessThan(first.eta.distanceM);
    // Each proximity alert once, in order, as a phone's fixes would fire them.
    expect(updates.filter((u) => u.proximityAlert).map((u) => u.proximityAlert.type)).toEqual(['approaching', 'arriving', 'very_near']);
    // At the door the truck stops (speed 0) before driving on.
    expect(updates.some((u) => u.speed === 0)).toBe(true);

    const after = (await ctx.request({ method: 'GET', url: `/api/tracking/live/${sampleTrackingNumber}` })).json() as LiveTracking;
    expect(after.isActive).toBe(true);
    expect(after.currentLocation!.lastUpdate > before.currentLocation!.lastUpdate).toBe(true);
    expect(after.proximityAlert?.type).toBe('very_near');
    expect(after.currentLocation!.battery).not.toBeNull();

    // The fixes came from the registered demo tracker (source osmand), not written into the tables directly.
    const admin = await ctx.request({ method: 'GET', url: '/api/devices', token: ctx.adminToken });
    const trackers = (admin.json() as Device[]).filter((d) => d.name === 'Demo tracker (simulated)');
    expect(trackers).toHaveLength(2);
    expect(trackers.every((d) => d.lastSeenAt)).toBe(true);
  });

  it('resumes where the truck was after a restart, so its next fix is accepted', async () => {
    const drive = new DemoDrive(ctx.app);
    expect(await drive.load()).toBe(true);
    const tracking = drive.trackingNumbers[0]!;
    const before = (await ctx.request({ method: 'GET', url: `/api/tracking/live/${tracking}` })).json() as LiveTracking;
    await drive.step();
    const after = (await ctx.request({ method: 'GET', url: `/api/tracking/live/${tracking}` })).json() as LiveTracking;
    expect(after.currentLocation!.lastUpdate > before.currentLocation!.lastUpdate).toBe(true);
    const moved = Math.hypot(after.currentLocation!.lat - before.currentLocation!.lat, after.currentLocation!.lng - before.currentLocation!.lng) * 111_000;
    expect(moved).toBeLessThan(200);
  });
});

describeApi('DEMO_DRIVE', () => {
  let ctx: TestContext;
  afterAll(async () => {
    await ctx?.close();
  });

  it('starts by itself on seeded demo data and sends a fix within a few seconds', async () => {
    ctx = await setupApp({ seed: true, env: { DEMO_DRIVE: 'true' } });
    const pkgs = await ctx.request({ method: 'GET', url: '/api/packages', token: ctx.adminToken });
    const driven = (pkgs.json() as Package[]).find((p) => p.status === 'out_for_delivery')!;
    const before = driven.currentLocation;
    await expect
      .poll(async () => (await ctx.request({ method: 'GET', url: `/api/packages/${driven.trackingNumber}` })).json().currentLocation, { timeout: 9_000, interval: 250 })
      .not.toBe(before);
  }, 20_000);
});
