import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dayPlanSchema } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { makeDriver, makePackage, setShifts, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

const DEPOT = '233 S Wacker Dr, Chicago, IL 60606';
const DATE = '2050-03-01';
const DUE = 'Tuesday, March 1, 2050 - Tuesday, March 1, 2050';

/**
 * VROOM's documented input (docs/API.md of VROOM-Project/vroom) for what a day plan uses, strictly: vehicles with an
 * integer id, a profile, start/end indices into custom matrices, a working-hours time_window and integer capacities;
 * jobs with an integer id, a location_index, an integer service, integer delivery amounts and time_windows; the
 * profile's custom `matrices` of unsigned integers. Unknown keys are refused, so a misspelt key fails the test.
 */
const uint = z.number().int().nonnegative();
const window = z.tuple([uint, uint]).refine(([s, e]) => s <= e, 'a time_window ends before it starts');
const vroomInput = z
  .object({
    vehicles: z.array(
      z
        .object({
          id: uint,
          profile: z.literal('car'),
          description: z.string().optional(),
          start_index: uint,
          end_index: uint,
          time_window: window,
          capacity: z.array(uint),
        })
        .strict(),
    ),
    jobs: z.array(
      z
        .object({
          id: uint,
          description: z.string().optional(),
          location_index: uint,
          service: uint,
          delivery: z.array(uint),
          time_windows: z.array(window).optional(),
        })
        .strict(),
    ),
    matrices: z.object({ car: z.object({ durations: z.array(z.array(uint)), distances: z.array(z.array(uint)).optional() }).strict() }).strict(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const n = p.matrices.car.durations.length;
    if (p.matrices.car.durations.some((row) => row.length !== n)) ctx.addIssue({ code: 'custom', message: 'durations is not square' });
    const indices = [...p.vehicles.flatMap((v) => [v.start_index, v.end_index]), ...p.jobs.map((j) => j.location_index)];
    if (indices.some((i) => i >= n)) ctx.addIssue({ code: 'custom', message: 'an index is outside the matrices' });
    if (new Set(p.jobs.map((j) => j.id)).size !== p.jobs.length) ctx.addIssue({ code: 'custom', message: 'two jobs share an id' });
    if (new Set(p.vehicles.map((v) => v.id)).size !== p.vehicles.length) ctx.addIssue({ code: 'custom', message: 'two vehicles share an id' });
    const dims = new Set([...p.vehicles.map((v) => v.capacity.length), ...p.jobs.map((j) => j.delivery.length)]);
    if (dims.size !== 1) ctx.addIssue({ code: 'custom', message: 'amounts of different lengths' });
  });
type VroomInput = z.infer<typeof vroomInput>;

/**
 * A VROOM server on loopback: it checks each request against the documented input (400 with VROOM's input-error code
 * 2 when it does not match) and answers in VROOM's output format. 'plan': each vehicle takes jobs in descending id
 * order up to its package capacity; 'overload': every job on the first vehicle; 'error': code 1 with a 500.
 */
class FakeVroom {
  server: Server = createServer((req, res) => void this.handle(req, res));
  requests: VroomInput[] = [];
  invalid: string[] = [];
  mode: 'plan' | 'overload' | 'error' = 'plan';

  async handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    res.setHeader('content-type', 'application/json');
    const parsed = vroomInput.safeParse(JSON.parse(text));
    if (!parsed.success) {
      this.invalid.push(parsed.error.message);
      res.statusCode = 400;
      res.end(JSON.stringify({ code: 2, error: 'Invalid input' }));
      return;
    }
    const problem = parsed.data;
    this.requests.push(problem);
    if (this.mode === 'error') {
      res.statusCode = 500;
      res.end(JSON.stringify({ code: 1, error: 'Internal error' }));
      return;
    }
    const jobs = [...problem.jobs].sort((a, b) => b.id - a.id);
    const routes = problem.vehicles.map((v) => ({ vehicle: v.id, jobs: [] as typeof jobs }));
    for (const job of jobs) {
      const route = this.mode === 'overload' ? routes[0]! : routes.find((r) => r.jobs.length < problem.vehicles.find((v) => v.id === r.vehicle)!.capacity[0]!);
      route?.jobs.push(job);
    }
    const served = new Set(routes.flatMap((r) => r.jobs.map((j) => j.id)));
    res.end(
      JSON.stringify({
        code: 0,
        summary: { cost: 1, routes: routes.length, unassigned: jobs.length - served.size, setup: 0, service: 0, duration: 1, waiting_time: 0, priority: 0, violations: [], computing_times: { loading: 1, solving: 1 } },
        unassigned: jobs.filter((j) => !served.has(j.id)).map((j) => ({ id: j.id, type: 'job', location_index: j.location_index })),
        routes: routes
          .filter((r) => r.jobs.length > 0)
          .map((r) => ({
            vehicle: r.vehicle,
            cost: 1,
            setup: 0,
            service: 0,
            duration: 1,
            waiting_time: 0,
            priority: 0,
            violations: [],
            steps: [
              { type: 'start', arrival: 0, duration: 0, setup: 0, service: 0, waiting_time: 0, violations: [] },
              ...r.jobs.map((j) => ({ type: 'job', id: j.id, location_index: j.location_index, arrival: 0, duration: 0, setup: 0, service: j.service, waiting_time: 0, violations: [] })),
              { type: 'end', arrival: 0, duration: 0, setup: 0, service: 0, waiting_time: 0, violations: [] },
            ],
          })),
      }),
    );
  }
}

/**
 * An OSRM server on loopback answering the table service (`/table/v1/driving/{lon,lat;…}?annotations=…`): ten minutes
 * and 4 km between any two different places; 'error': a 400 with OSRM's error shape.
 */
class FakeOsrm {
  server: Server = createServer((req, res) => this.handle(req, res));
  paths: string[] = [];
  mode: 'ok' | 'error' = 'ok';

  handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url!, 'http://127.0.0.1');
    this.paths.push(req.url!);
    res.setHeader('content-type', 'application/json');
    const match = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (this.mode === 'error' || !match || url.searchParams.get('annotations') !== 'duration,distance') {
      res.statusCode = 400;
      res.end(JSON.stringify({ code: 'TooBig', message: 'Too many table coordinates' }));
      return;
    }
    const places = match[1]!.split(';').map((p) => p.split(',').map(Number));
    if (places.some((p) => p.length !== 2 || p.some((x) => !Number.isFinite(x)))) {
      res.statusCode = 400;
      res.end(JSON.stringify({ code: 'InvalidQuery', message: 'Query string malformed' }));
      return;
    }
    const table = (value: number) => places.map((_, a) => places.map((__, b) => (a === b ? 0 : value)));
    res.end(JSON.stringify({ code: 'Ok', durations: table(600), distances: table(4000), sources: [], destinations: [] }));
  }
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

async function seedDay(ctx: TestContext): Promise<{ a: DriverFixture; b: DriverFixture; ids: string[] }> {
  const a = await makeDriver(ctx, { name: 'Ann Engine' });
  const b = await makeDriver(ctx, { name: 'Bob Engine' });
  await setShifts(ctx, DATE, [
    { driverId: a.id, startTime: '08:00', endTime: '16:00', capacityPackages: 3, capacityWeightKg: 50 },
    { driverId: b.id, startTime: '09:00', endTime: '17:00', capacityPackages: 3 },
  ]);
  const ids: string[] = [];
  for (let k = 0; k < 5; k++) {
    ids.push((await makePackage(ctx, { trackingNumber: unique(`ENG${k}-`), estimatedDelivery: DUE, deliveryLat: 41.86 + k * 0.01, deliveryLng: -87.65, weight: '1.5 kg' })).id);
  }
  return { a, b, ids };
}

describeApi('planning the day with VROOM (VROOM_URL)', () => {
  let ctx: TestContext;
  let a: DriverFixture;
  let b: DriverFixture;
  let ids: string[];
  const vroom = new FakeVroom();

  beforeAll(async () => {
    const port = await listen(vroom.server);
    ctx = await setupApp({ env: { DEPOT_ADDRESS: DEPOT, PLANNING_TIME_LIMIT_MS: '200', VROOM_URL: `http://127.0.0.1:${port}/` } });
    ({ a, b, ids } = await seedDay(ctx));
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise((resolve) => vroom.server.close(resolve));
  });

  it('sends vehicles with shifts and capacities, jobs with windows, amounts and service, and our matrices; uses VROOM’s plan', async () => {
    vroom.mode = 'plan';
    const res = await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/plan`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(vroom.invalid).toEqual([]);
    const problem = vroom.requests.at(-1)!;
    // Ann's shift 08:00–16:00 and Bob's 09:00–17:00 in seconds of the day (Chicago's clock); 3 packages; grams (Bob's
    // shift has no weight limit: the planner's 10⁹ kg).
    expect(problem.vehicles.map((v) => ({ id: v.id, time_window: v.time_window, capacity: v.capacity, description: v.description }))).toEqual([
      { id: 1, time_window: [8 * 3600, 16 * 3600], capacity: [3, 50_000], description: a.id },
      { id: 2, time_window: [9 * 3600, 17 * 3600], capacity: [3, 1e12], description: b.id },
    ]);
    expect(problem.jobs).toHaveLength(5);
    for (const job of problem.jobs) {
      expect(job.service).toBe(300);
      expect(job.delivery).toEqual([1, 1500]);
      expect(job.time_windows).toEqual([[0, 24 * 3600]]);
    }
    const n = problem.matrices.car.durations.length;
    expect(n).toBe(6);
    expect(problem.matrices.car.distances).toHaveLength(n);

    const plan = dayPlanSchema.parse(res.json());
    expect(plan.engine).toBe('vroom');
    expect(plan.notice).toBeNull();
    // The fake's plan: descending job ids, three for Ann, the rest for Bob.
    const jobOf = (id: number) => problem.jobs.find((j) => j.id === id)!.description;
    const sorted = [...problem.jobs].map((j) => j.id).sort((x, y) => y - x);
    expect(plan.routes[0]!.stops.map((s) => s.packageId)).toEqual(sorted.slice(0, 3).map(jobOf));
    expect(plan.routes[1]!.stops.map((s) => s.packageId)).toEqual(sorted.slice(3).map(jobOf));
    expect(new Set(plan.routes.flatMap((r) => r.stops.map((s) => s.packageId)))).toEqual(new Set(ids));
    // Timed on our clock: Bob leaves no earlier than 09:00 Chicago time.
    expect(plan.routes[1]!.totals.departure! >= new Date(`${DATE}T09:00:00-06:00`).toISOString()).toBe(true);
    expect(plan.unplanned).toEqual([]);
  });

  it('falls back to the built-in planner with a notice when VROOM fails or answers a plan that breaks a rule', async () => {
    vroom.mode = 'error';
    const failed = dayPlanSchema.parse((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/plan`, token: ctx.adminToken })).json());
    expect(failed.engine).toBe('built-in');
    expect(failed.notice).toBe('VROOM failed: VROOM answered code 1: Internal error; planned with the built-in planner');
    expect(failed.routes.reduce((n, r) => n + r.stops.length, 0)).toBe(5);

    vroom.mode = 'overload';
    const overloaded = dayPlanSchema.parse((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/plan`, token: ctx.adminToken })).json());
    expect(overloaded.engine).toBe('built-in');
    expect(overloaded.notice).toMatch(/^VROOM failed: its plan breaks a rule \(Carries 5 packages, over the vehicle's capacity of 3\); planned with the built-in planner$/);
    expect(overloaded.routes.every((r) => r.stops.length <= 3)).toBe(true);
    expect(vroom.invalid).toEqual([]);
  });
});

describeApi('planning the day when VROOM is not listening', () => {
  it('falls back to the built-in planner with the reason', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const ctx = await setupApp({ env: { DEPOT_ADDRESS: DEPOT, PLANNING_TIME_LIMIT_MS: '200', VROOM_URL: `http://127.0.0.1:${port}/` } });
    try {
      await seedDay(ctx);
      const plan = dayPlanSchema.parse((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/plan`, token: ctx.adminToken })).json());
      expect(plan.engine).toBe('built-in');
      expect(plan.notice).toMatch(/^VROOM failed: VROOM did not answer \(.+\); planned with the built-in planner$/);
      expect(plan.routes.reduce((n, r) => n + r.stops.length, 0)).toBe(5);
    } finally {
      await ctx.close();
    }
  });
});

describeApi('travel times from OSRM (OSRM_URL)', () => {
  let ctx: TestContext;
  const osrm = new FakeOsrm();

  beforeAll(async () => {
    const port = await listen(osrm.server);
    ctx = await setupApp({ env: { DEPOT_ADDRESS: DEPOT, PLANNING_TIME_LIMIT_MS: '200', OSRM_URL: `http://127.0.0.1:${port}` } });
    await seedDay(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise((resolve) => osrm.server.close(resolve));
  });

  it('plans with the table service’s times, and with great-circle times and a notice when it fails', async () => {
    osrm.mode = 'ok';
    const plan = dayPlanSchema.parse((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/plan`, token: ctx.adminToken })).json());
    expect(osrm.paths.at(-1)).toMatch(/^\/table\/v1\/driving\/-?\d+\.\d+,\d+\.\d+(;-?\d+\.\d+,\d+\.\d+){5}\?annotations=duration,distance$/);
    expect(plan.notice).toBeNull();
    // Ten minutes and 4 km for every leg (depot, each stop, depot).
    for (const route of plan.routes.filter((r) => r.stops.length > 0)) {
      expect(route.totals.drivingSeconds).toBe(600 * (route.stops.length + 1));
      expect(route.totals.distanceM).toBe(4000 * (route.stops.length + 1));
    }

    osrm.mode = 'error';
    const fallback = dayPlanSchema.parse((await ctx.request({ method: 'POST', url: `/api/planning/${DATE}/plan`, token: ctx.adminToken })).json());
    expect(fallback.notice).toBe('OSRM failed: OSRM answered TooBig: Too many table coordinates; travel times are great-circle distances at 30 km/h');
    const route = fallback.routes.find((r) => r.stops.length > 0)!;
    expect(route.totals.drivingSeconds % 600 === 0 && route.totals.distanceM % 4000 === 0).toBe(false);
    expect(fallback.routes.reduce((n, r) => n + r.stops.length, 0)).toBe(5);
  });
});
