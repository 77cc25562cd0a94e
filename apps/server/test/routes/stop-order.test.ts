import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { driverRouteSchema, driverStopsSchema, routeOptimisationSchema } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

/** Delivery points along a street west to east, created in a zig-zag order, so the given order is poor. */
const POINTS = [0, 4, 1, 5, 2, 3].map((k) => ({ k, lat: 41.88, lng: -87.70 + k * 0.02 }));
const FUTURE_WINDOW = 'Monday, January 3, 2050 - Friday, January 7, 2050';

async function routeFor(ctx: TestContext, driver: DriverFixture) {
  // The driver stands west of every stop.
  const at = await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/location`, token: driver.token, payload: { lat: 41.88, lng: -87.72 } });
  expect(at.statusCode, at.body).toBe(200);
  const ids: Record<number, string> = {};
  for (const p of POINTS) {
    const pkg = await makePackage(ctx, { trackingNumber: unique(`STOP${p.k}-`), deliveryLat: p.lat, deliveryLng: p.lng, estimatedDelivery: FUTURE_WINDOW, status: 'out_for_delivery' }, driver);
    ids[p.k] = pkg.id;
  }
  return ids;
}

describeApi('stop order (built in)', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  let other: DriverFixture;
  let ids: Record<number, string>;

  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
    other = await makeDriver(ctx);
    ids = await routeFor(ctx, driver);
  });
  afterAll(async () => ctx?.close());

  it('proposes an order west to east, shorter than the given one, and stores nothing', async () => {
    const res = await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/route/optimise`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const body = routeOptimisationSchema.parse(res.json());
    expect(body.engine).toBe('built-in');
    expect(body.notice).toBeNull();
    expect(body.before.stops.map((s) => s.packageId)).toEqual([0, 4, 1, 5, 2, 3].map((k) => ids[k]));
    expect(body.after.stops.map((s) => s.packageId)).toEqual([0, 1, 2, 3, 4, 5].map((k) => ids[k]));
    expect(body.after.distanceM).toBeLessThan(body.before.distanceM);
    expect(body.after.stops[0]!.navigation.geo).toMatch(/^geo:41\.880000,-87\.700000\?q=41\.880000,-87\.700000\(/);
    expect(body.after.stops[0]!.navigation.maps).toBe('https://www.google.com/maps/dir/?api=1&destination=41.880000,-87.700000');
    const stops = driverStopsSchema.parse((await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/stops`, token: driver.token })).json());
    expect(stops.acceptedAt).toBeNull();
    expect(stops.stops.map((s) => s.packageId)).toEqual(body.before.stops.map((s) => s.packageId));
  });

  it('accepts the order: the driver lists the stops in it with arrivals, the route map follows it', async () => {
    const order = [0, 1, 2, 3, 4, 5].map((k) => ids[k]!);
    const res = await ctx.request({ method: 'PUT', url: `/api/drivers/${driver.id}/route/order`, token: ctx.adminToken, payload: { order } });
    expect(res.statusCode, res.body).toBe(200);
    const own = await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/stops`, token: driver.token });
    expect(own.statusCode).toBe(200);
    const stops = driverStopsSchema.parse(own.json());
    expect(stops.acceptedAt).not.toBeNull();
    expect(stops.stops.map((s) => s.packageId)).toEqual(order);
    const etas = stops.stops.map((s) => Date.parse(s.eta));
    expect(etas).toEqual([...etas].sort((a, b) => a - b));
    expect(etas[0]).toBeGreaterThan(Date.now() - 60_000);
    // The window's last day ends at midnight on the stops' own clock (Chicago, UTC-6 in January), not UTC's.
    expect(stops.stops.every((s) => !s.late && s.windowEnd === '2050-01-08T05:59:59.999Z')).toBe(true);
    const route = driverRouteSchema.parse((await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/route`, token: ctx.adminToken })).json());
    expect(route.stops.map((s) => s.packageId)).toEqual(order);
    // Accepting a part puts the rest after it, in assignment order.
    await ctx.request({ method: 'PUT', url: `/api/drivers/${driver.id}/route/order`, token: ctx.adminToken, payload: { order: [ids[5]] } });
    const partial = driverStopsSchema.parse((await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/stops`, token: driver.token })).json());
    expect(partial.stops.map((s) => s.packageId)).toEqual([5, 0, 4, 1, 2, 3].map((k) => ids[k]));
  });

  it('lists a package without a delivery point apart, and leaves it out of the order', async () => {
    const lost = await makePackage(ctx, { deliveryAddress: 'Somewhere without a postcode', status: 'in_transit' }, driver);
    const body = routeOptimisationSchema.parse((await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/route/optimise`, token: ctx.adminToken })).json());
    expect(body.unplaced.map((u) => u.packageId)).toEqual([lost.id]);
    expect(body.after.stops.map((s) => s.packageId)).not.toContain(lost.id);
    await ctx.request({ method: 'DELETE', url: `/api/packages/${lost.id}`, token: ctx.adminToken });
  });

  it('refuses a package of another route, a repeat and an empty order with 400; roles as the table says', async () => {
    const foreign = await makePackage(ctx, {}, other);
    const put = (order: unknown, token: string | null = ctx.adminToken, id = driver.id) =>
      ctx.request({ method: 'PUT', url: `/api/drivers/${id}/route/order`, token, payload: { order } });
    const notHers = await put([foreign.id]);
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json().message).toBe(`Package ${foreign.id} is not on this driver's route`);
    expect((await put([ids[0], ids[0]])).json().message).toBe(`Package ${ids[0]} is listed twice`);
    const empty = await put([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0]).toMatchObject({ path: 'order', message: 'order needs at least one package' });
    expect((await put('x')).statusCode).toBe(400);
    expect((await put([ids[0]], driver.token)).statusCode).toBe(403);
    expect((await put([ids[0]], ctx.adminToken, 'no-such-driver')).statusCode).toBe(404);
    expect((await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/route/optimise`, token: driver.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/stops`, token: other.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/stops` })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/stops`, token: ctx.adminToken })).statusCode).toBe(200);
  });
});

/** A fake VROOM server on loopback answering in VROOM's documented format (code, summary, routes[].steps[]). */
class FakeVroom {
  server: Server = createServer((req, res) => void this.handle(req, res));
  requests: { vehicles: { id: number; start?: [number, number] }[]; jobs: { id: number; location: [number, number]; service: number; time_windows?: number[][] }[] }[] = [];
  mode: 'reverse' | 'error' | 'garbage' = 'reverse';

  async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const problem = JSON.parse(text) as FakeVroom['requests'][number];
    this.requests.push(problem);
    res.setHeader('content-type', 'application/json');
    if (this.mode === 'error') {
      res.statusCode = 500;
      res.end(JSON.stringify({ code: 3, error: 'Routing error: no route found' }));
      return;
    }
    if (this.mode === 'garbage') {
      res.end('<html>gateway</html>');
      return;
    }
    // Jobs in reverse id order, the newer format's `id` with the older `job` beside it.
    const jobs = [...problem.jobs].reverse();
    res.end(
      JSON.stringify({
        code: 0,
        summary: { cost: 100, routes: 1, unassigned: 0, service: 180 * jobs.length, duration: 100, waiting_time: 0, computing_times: { loading: 1, solving: 1, routing: 0 } },
        unassigned: [],
        routes: [
          {
            vehicle: 1,
            cost: 100,
            service: 180 * jobs.length,
            duration: 100,
            waiting_time: 0,
            steps: [
              { type: 'start', location: problem.vehicles[0]!.start, arrival: 0, duration: 0 },
              ...jobs.map((job, i) => ({ type: 'job', id: job.id, job: job.id, location: job.location, arrival: 60 * (i + 1), duration: 60 * (i + 1), service: 180 })),
            ],
          },
        ],
      }),
    );
  }
}

describeApi('stop order through VROOM (VROOM_URL)', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  let ids: Record<number, string>;
  const vroom = new FakeVroom();

  beforeAll(async () => {
    await new Promise<void>((resolve) => vroom.server.listen(0, '127.0.0.1', resolve));
    const { port } = vroom.server.address() as AddressInfo;
    ctx = await setupApp({ env: { VROOM_URL: `http://127.0.0.1:${port}/` } });
    driver = await makeDriver(ctx);
    ids = await routeFor(ctx, driver);
  });
  afterAll(async () => {
    await ctx?.close();
    vroom.server.close();
  });

  it('sends one vehicle at the driver and a job per stop ([lon, lat], service, window), and uses VROOM’s order', async () => {
    vroom.mode = 'reverse';
    const res = await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/route/optimise`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const body = routeOptimisationSchema.parse(res.json());
    expect(body.engine).toBe('vroom');
    expect(body.notice).toBeNull();
    expect(body.after.stops.map((s) => s.packageId)).toEqual([...body.before.stops.map((s) => s.packageId)].reverse());
    const sent = vroom.requests.at(-1)!;
    expect(sent.vehicles).toEqual([{ id: 1, profile: 'car', start: [-87.72, 41.88] }]);
    expect(sent.jobs).toHaveLength(6);
    expect(sent.jobs[0]).toMatchObject({ id: 1, location: [-87.7, 41.88], service: 180 });
    expect(sent.jobs[0]!.time_windows![0]![1]).toBeGreaterThan(0);
  });

  it('falls back to the built-in order with a notice when VROOM fails or answers nonsense', async () => {
    for (const mode of ['error', 'garbage'] as const) {
      vroom.mode = mode;
      const body = routeOptimisationSchema.parse((await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/route/optimise`, token: ctx.adminToken })).json());
      expect(body.engine).toBe('built-in');
      expect(body.notice).toMatch(/^The route server \(VROOM\) could not order the stops/);
      expect(body.after.stops.map((s) => s.packageId)).toEqual([0, 1, 2, 3, 4, 5].map((k) => ids[k]));
    }
    expect(vroom.requests.length).toBeGreaterThanOrEqual(3);
  });
});

describeApi('stop order when VROOM is not listening', () => {
  it('falls back too', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const ctx = await setupApp({ env: { VROOM_URL: `http://127.0.0.1:${port}/` } });
    try {
      const driver = await makeDriver(ctx);
      await routeFor(ctx, driver);
      const body = routeOptimisationSchema.parse((await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/route/optimise`, token: ctx.adminToken })).json());
      expect(body.engine).toBe('built-in');
      expect(body.notice).toMatch(/VROOM\) could not order the stops \(VROOM did not answer/);
    } finally {
      await ctx.close();
    }
  });
});
