import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/index.ts';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

type Pkg = Awaited<ReturnType<typeof makePackage>>;
type Message = Record<string, any>;

const REDIS_URL = 'redis://127.0.0.1:6379';
const near = (pkg: Pkg, metres: number) => ({ lat: (pkg.deliveryLat as number) + metres / 111_195, lng: pkg.deliveryLng as number });

/** Wraps a client socket: every message it receives, and a wait for the first one that matches. */
function inbox(socket: WebSocket) {
  const messages: Message[] = [];
  const waiters: Array<{ match: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Message;
    messages.push(message);
    for (const w of [...waiters]) {
      if (!w.match(message)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(message);
    }
  });
  const waitFor = (match: (m: Message) => boolean, timeoutMs = 4000) => {
    const found = messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), timeoutMs);
      waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  };
  return {
    messages,
    waitFor,
    send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    of: (type: string) => messages.filter((m) => m.type === type),
    /** Round-trips a ping: every message the server sent before it has arrived by then. */
    async settle() {
      const before = messages.filter((m) => m.type === 'pong').length;
      socket.send(JSON.stringify({ type: 'ping' }));
      await waitFor(() => messages.filter((m) => m.type === 'pong').length > before);
    },
  };
}

async function subscribe(box: ReturnType<typeof inbox>, trackingId: string) {
  box.send({ type: 'subscribe', trackingId });
  return box.waitFor((m) => (m.type === 'subscription_confirmed' || m.type === 'error') && (m.trackingId === trackingId || m.type === 'error'));
}

function openClient(port: number, options: WebSocket.ClientOptions = {}) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, options);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

describeApi('/ws live channel', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
  });
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await ctx?.close();
  });

  const connect = async () => {
    const socket = await ctx.app.injectWS('/ws');
    sockets.push(socket);
    return inbox(socket);
  };
  const fix = (pkg: Pkg, metres: number, extra: Record<string, unknown> = {}) =>
    ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token: driver.token, payload: { ...near(pkg, metres), ...extra } });

  it('confirms a subscription by tracking number and pushes each accepted fix as public-safe location_update', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driver);
    const box = await connect();
    const trackingId = pkg.trackingNumber.toLowerCase();
    expect(await subscribe(box, trackingId)).toEqual({ type: 'subscription_confirmed', trackingId });

    const res = await fix(pkg, 3000, { speed: 9, accuracy: 7, heading: 10, battery: 90 });
    expect(res.statusCode, res.body).toBe(201);
    const update = await box.waitFor((m) => m.type === 'location_update');
    expect(update.trackingId).toBe(trackingId);
    expect(update.data).toEqual({
      packageId: pkg.id,
      trackingNumber: pkg.trackingNumber,
      status: 'in_transit',
      lat: expect.closeTo(near(pkg, 3000).lat, 6),
      lng: expect.closeTo(near(pkg, 3000).lng, 6),
      address: null,
      speed: 9,
      accuracy: 7,
      heading: 10,
      battery: 90,
      recordedAt: expect.any(String),
      etaMinutes: expect.any(Number),
      eta: { minutes: expect.any(Number), distanceM: expect.closeTo(3000, -1), speedKmh: 32, speedSource: 'recent' },
      proximityAlert: { type: 'approaching', message: 'Your driver is approaching (within 5 km)', eta: expect.any(Number), distanceM: expect.any(Number) },
    });
    expect(JSON.stringify(update)).not.toMatch(/555-0142|customerPhone|driverId/);

    // A rejected fix and a late fix push nothing.
    expect((await fix(pkg, 0, { lat: 0, lng: 0 })).statusCode).toBe(422);
    expect((await fix(pkg, 2900, { timestamp: new Date(Date.now() - 3_600_000).toISOString() })).json().movedCurrent).toBe(false);
    await box.settle();
    expect(box.of('location_update')).toHaveLength(1);
  });

  it('a socket that subscribes just after a fix was published receives it (decision 065), and no position once the status moved on', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driver);
    // The page's first answer was read before this fix; its subscription arrives after the fix was published.
    expect((await fix(pkg, 2500)).statusCode).toBe(201);
    const late = await connect();
    await subscribe(late, pkg.trackingNumber);
    const replayed = await late.waitFor((m) => m.type === 'location_update');
    expect(replayed.trackingId).toBe(pkg.trackingNumber);
    expect(replayed.data.lat).toBeCloseTo(near(pkg, 2500).lat, 6);
    await late.settle();
    expect(late.of('location_update')).toHaveLength(1);

    // After a status change the position is not replayed, only the change.
    const patched = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driver.token, payload: { status: 'picked_up' } });
    expect(patched.statusCode, patched.body).toBe(200);
    const later = await connect();
    await subscribe(later, pkg.trackingNumber);
    expect((await later.waitFor((m) => m.type === 'status_update')).data.status).toBe('picked_up');
    await later.settle();
    expect(later.of('location_update')).toHaveLength(0);
  });

  it('pushes status_update on a status change, and no position once the package is not live', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const box = await connect();
    await subscribe(box, pkg.trackingNumber);
    const patched = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driver.token, payload: { status: 'picked_up' } });
    expect(patched.statusCode, patched.body).toBe(200);
    const status = await box.waitFor((m) => m.type === 'status_update');
    expect(status).toEqual({
      type: 'status_update',
      trackingId: pkg.trackingNumber,
      data: { packageId: pkg.id, status: 'picked_up', currentLocation: expect.any(String) },
    });
    // Not in transit or out for delivery: the fix is stored, but the position is not public.
    expect((await fix(pkg, 4000)).statusCode).toBe(201);
    await box.settle();
    expect(box.of('location_update')).toHaveLength(0);
  });

  it('accepts a customer share token, and ends that subscription when the link is revoked', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driver);
    const link = await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkg.id, hours: 1, kind: 'customer' } });
    const { token } = link.json();
    const byToken = await connect();
    expect(await subscribe(byToken, token)).toEqual({ type: 'subscription_confirmed', trackingId: token });
    const byNumber = await connect();
    await subscribe(byNumber, pkg.trackingNumber);

    expect((await fix(pkg, 8000, { timestamp: new Date(Date.now() - 60_000).toISOString() })).statusCode).toBe(201);
    expect((await byToken.waitFor((m) => m.type === 'location_update')).trackingId).toBe(token);

    expect((await ctx.request({ method: 'DELETE', url: `/api/share-links/${token}`, token: ctx.adminToken })).statusCode).toBe(204);
    expect((await fix(pkg, 7500)).statusCode).toBe(201);
    await byNumber.waitFor((m) => m.type === 'location_update' && m.data.lat === near(pkg, 7500).lat);
    await byToken.settle();
    expect(byToken.of('location_update')).toHaveLength(1);
    // A revoked or driver token does not subscribe.
    byToken.messages.length = 0;
    expect(await subscribe(byToken, token)).toEqual({ type: 'error', message: 'Package not found' });
    const driverLink = (await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkg.id, hours: 1, kind: 'driver' } })).json();
    byToken.messages.length = 0;
    expect(await subscribe(byToken, driverLink.token)).toEqual({ type: 'error', message: 'Package not found' });
  });

  it('answers errors for unknown packages, invalid JSON and unknown messages, and pong to ping, without closing', async () => {
    const box = await connect();
    expect(await subscribe(box, unique('NOPE'))).toEqual({ type: 'error', message: 'Package not found' });
    box.messages.length = 0;
    box.send('{not json');
    expect(await box.waitFor((m) => m.type === 'error')).toEqual({ type: 'error', message: 'Invalid message' });
    box.messages.length = 0;
    box.send({ type: 'dance' });
    expect(await box.waitFor((m) => m.type === 'error')).toEqual({ type: 'error', message: 'Invalid message' });
    box.messages.length = 0;
    box.send({ type: 'subscribe' });
    expect(await box.waitFor((m) => m.type === 'error')).toEqual({ type: 'error', message: 'Invalid message' });
    box.send({ type: 'ping' });
    expect(await box.waitFor((m) => m.type === 'pong')).toEqual({ type: 'pong' });
  });

  it('allows at most 20 subscriptions per socket; unsubscribe frees one', async () => {
    const packages = await Promise.all(Array.from({ length: 21 }, () => makePackage(ctx, { status: 'in_transit' }, driver)));
    const box = await connect();
    for (const pkg of packages.slice(0, 20)) expect((await subscribe(box, pkg.trackingNumber)).type).toBe('subscription_confirmed');
    // The same one again is not a new subscription.
    expect((await subscribe(box, packages[0]!.trackingNumber)).type).toBe('subscription_confirmed');
    box.messages.length = 0;
    expect(await subscribe(box, packages[20]!.trackingNumber)).toEqual({ type: 'error', message: 'Too many subscriptions on this connection' });
    box.send({ type: 'unsubscribe', trackingId: packages[0]!.trackingNumber });
    box.messages.length = 0;
    expect(await subscribe(box, packages[20]!.trackingNumber)).toEqual({ type: 'subscription_confirmed', trackingId: packages[20]!.trackingNumber });
    // Unsubscribed: no more updates for the first package.
    expect((await fix(packages[0]!, 9000)).statusCode).toBe(201);
    expect((await fix(packages[20]!, 9000)).statusCode).toBe(201);
    await box.waitFor((m) => m.type === 'location_update' && m.data.packageId === packages[20]!.id);
    await box.settle();
    expect(box.of('location_update').map((m) => m.data.packageId)).toEqual([packages[20]!.id]);
  });

  it('closes a socket whose message is over 16 KB', async () => {
    const box = await connect();
    const socket = sockets.at(-1)!;
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    box.send({ type: 'subscribe', trackingId: 'x'.repeat(17 * 1024) });
    expect(await closed).toBe(1009);
  });

  it('the heartbeat closes a socket that stops answering pings and keeps a live one', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const port = portOf(ctx.app);
    const dead = await openClient(port, { autoPong: false });
    const alive = await openClient(port);
    sockets.push(dead, alive);
    const deadClosed = new Promise<void>((resolve) => dead.once('close', () => resolve()));
    ctx.app.liveHub.startHeartbeat(100);
    try {
      await deadClosed;
      await new Promise((r) => setTimeout(r, 250));
      expect(alive.readyState).toBe(WebSocket.OPEN);
    } finally {
      ctx.app.liveHub.startHeartbeat();
    }
  });
});

describeApi('/ws across instances through Redis', () => {
  let a: TestContext;
  let b: FastifyInstance;
  let bHandle: DatabaseHandle;
  let driver: DriverFixture;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    a = await setupApp({ env: { REDIS_URL } });
    // A second instance of the same deployment: the same database and the same Redis.
    bHandle = await openDatabase(a.env.DATABASE_URL);
    b = await buildApp({ env: a.env, database: bHandle, logger: false, namespace: unique('ns'), webDist: null });
    await a.app.listen({ host: '127.0.0.1', port: 0 });
    await b.listen({ host: '127.0.0.1', port: 0 });
    driver = await makeDriver(a);
  });
  afterAll(async () => {
    for (const s of sockets) s.terminate();
    await b?.close();
    await bHandle?.close();
    await a?.close();
  });

  const clientOf = async (app: FastifyInstance) => {
    const socket = await openClient(portOf(app));
    sockets.push(socket);
    return inbox(socket);
  };

  it('a fix posted to instance A reaches a subscriber connected to instance B, and status changes too', async () => {
    const pkg = await makePackage(a, { status: 'in_transit' }, driver);
    const onB = await clientOf(b);
    const onA = await clientOf(a.app);
    expect(await subscribe(onB, pkg.trackingNumber)).toEqual({ type: 'subscription_confirmed', trackingId: pkg.trackingNumber });
    await subscribe(onA, pkg.trackingNumber);

    const res = await a.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token: driver.token, payload: { ...near(pkg, 600), speed: 11 } });
    expect(res.statusCode, res.body).toBe(201);
    const remote = await onB.waitFor((m) => m.type === 'location_update');
    expect(remote.trackingId).toBe(pkg.trackingNumber);
    expect(remote.data).toMatchObject({ packageId: pkg.id, speed: 11, proximityAlert: { type: 'arriving' } });
    // Delivered once on each instance, not echoed back to the publisher.
    const local = await onA.waitFor((m) => m.type === 'location_update');
    expect(local.data).toEqual(remote.data);
    await onA.settle();
    expect(onA.of('location_update')).toHaveLength(1);

    const patched = await a.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: a.adminToken, payload: { status: 'delivered' } });
    expect(patched.statusCode).toBe(200);
    expect((await onB.waitFor((m) => m.type === 'status_update')).data).toMatchObject({ packageId: pkg.id, status: 'delivered' });
    await onB.settle();
    expect(onB.of('location_update')).toHaveLength(1);
  });

  it('a fix posted to B reaches A, and a share link revoked on A ends the subscription on B', async () => {
    const pkg = await makePackage(a, { status: 'out_for_delivery' }, driver);
    const { token } = (await a.request({ method: 'POST', url: '/api/share-links', token: a.adminToken, payload: { packageId: pkg.id, hours: 1, kind: 'customer' } })).json();
    const onA = await clientOf(a.app);
    const tokenOnB = await clientOf(b);
    const numberOnB = await clientOf(b);
    await subscribe(onA, pkg.trackingNumber);
    expect((await subscribe(tokenOnB, token)).type).toBe('subscription_confirmed');
    await subscribe(numberOnB, pkg.trackingNumber);

    const first = await b.inject({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, headers: { authorization: `Bearer ${driver.token}` }, payload: { ...near(pkg, 12_000), timestamp: new Date(Date.now() - 60_000).toISOString() } });
    expect(first.statusCode, first.body).toBe(201);
    expect((await onA.waitFor((m) => m.type === 'location_update')).data.packageId).toBe(pkg.id);
    await tokenOnB.waitFor((m) => m.type === 'location_update');

    expect((await a.request({ method: 'DELETE', url: `/api/share-links/${token}`, token: a.adminToken })).statusCode).toBe(204);
    expect((await a.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token: driver.token, payload: near(pkg, 11_500) })).statusCode).toBe(201);
    // The revocation travelled before the fix on the same channel.
    await numberOnB.waitFor((m) => m.type === 'location_update' && m.data.lat === near(pkg, 11_500).lat);
    await tokenOnB.settle();
    expect(tokenOnB.of('location_update')).toHaveLength(1);
  });
});
