import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanningInstance, PlanningJob, PlanningResult, PlanningVehicle } from '@cargo/shared';
import { checkPlan } from './feasibility.ts';
import { solve } from './solve.ts';

const quick = { timeLimitMs: 2_000, maxIterations: 40, seed: 7 };

/** Places on a plane, seconds = Euclidean distance (a metric matrix). */
function euclidean(points: readonly (readonly [number, number])[]): number[][] {
  return points.map(([x1, y1]) => points.map(([x2, y2]) => Math.hypot(x1 - x2, y1 - y2)));
}

const vehicle = (over: Partial<PlanningVehicle> = {}): PlanningVehicle => ({ id: 'v1', start: 0, end: 0, shiftStart: 0, shiftEnd: 1000, capacity: [10], ...over });
const job = (over: Partial<PlanningJob> & { id: string }): PlanningJob => ({ location: 1, amounts: [1], service: 0, ...over });
const reasons = (plan: PlanningResult) => Object.fromEntries(plan.unplanned.map((u) => [u.jobId, u.reason]));
const routed = (plan: PlanningResult) => plan.routes.flatMap((r) => r.stops.map((s) => s.jobId));

/** Random instances: 1-4 vehicles with their own start and end places, shifts and 1-2 capacity dimensions; 0-14 jobs
 * with 0-3 windows (some unreachable, some closed before any shift), sizes, service, sometimes no position. */
const instanceArbitrary = (metric: boolean) =>
  fc
    .record({
      points: fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 12 }),
      raw: fc.array(fc.integer({ min: 0, max: 150 }), { minLength: 144, maxLength: 144 }),
      dims: fc.integer({ min: 1, max: 2 }),
      vehicles: fc.array(
        fc.record({
          start: fc.nat(),
          end: fc.nat(),
          shiftStart: fc.integer({ min: 0, max: 200 }),
          shiftLength: fc.integer({ min: 0, max: 600 }),
          capacity: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 0, maxLength: 2 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      jobs: fc.array(
        fc.record({
          location: fc.option(fc.nat(), { freq: 8 }),
          windows: fc.array(fc.tuple(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: 200 })), { minLength: 0, maxLength: 3 }),
          amounts: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 0, maxLength: 2 }),
          service: fc.integer({ min: 0, max: 40 }),
        }),
        { minLength: 0, maxLength: 14 },
      ),
    })
    .map(({ points, raw, dims, vehicles, jobs }): PlanningInstance => {
      const n = points.length;
      const durations = metric ? euclidean(points) : points.map((_, a) => points.map((__, b) => (a === b ? 0 : raw[a * 12 + b]!)));
      return {
        vehicles: vehicles.map((v, i) => ({
          id: `v${i}`,
          start: v.start % n,
          end: v.end % n,
          shiftStart: v.shiftStart,
          shiftEnd: v.shiftStart + v.shiftLength,
          capacity: v.capacity.slice(0, dims),
        })),
        jobs: jobs.map((j, i) => {
          // Sorted, non-overlapping windows, as the contract asks.
          const windows: [number, number][] = [];
          let at = 0;
          for (const [gap, length] of [...j.windows].sort((a, b) => a[0] - b[0])) {
            const start = Math.max(at, gap);
            windows.push([start, start + length]);
            at = start + length + 1;
          }
          return { id: `j${i}`, location: j.location === null ? null : j.location % n, timeWindows: windows, amounts: j.amounts.slice(0, dims), service: j.service };
        }),
        durations,
        distances: metric ? durations.map((row) => row.map((x) => x * 2)) : undefined,
      };
    });

// Property tests run thousands of plans: 5-8 s on an idle core, more beside the API suites on a shared machine.
describe('the built-in planner', () => {
  it('never breaks a window, a capacity or a shift end, and lists every job once (random metric instances)', () => {
    fc.assert(
      fc.property(instanceArbitrary(true), fc.integer({ min: 1, max: 1000 }), (instance, seed) => {
        const plan = solve(instance, { timeLimitMs: 2_000, maxIterations: 30, seed });
        expect(checkPlan(instance, plan)).toEqual([]);
        for (const u of plan.unplanned) {
          expect(u.reason === 'no-position').toBe(instance.jobs.find((j) => j.id === u.jobId)!.location === null);
          // Nothing left out that one more stop anywhere in the plan could have served.
          expect(fitsSomewhere(instance, plan, u.jobId)).toBe(false);
        }
      }),
      { numRuns: 1500 },
    );
  }, 60_000);

  it('holds on matrices that break the triangle inequality, as road times can', () => {
    fc.assert(
      fc.property(instanceArbitrary(false), fc.integer({ min: 1, max: 1000 }), (instance, seed) => {
        expect(checkPlan(instance, solve(instance, { timeLimitMs: 2_000, maxIterations: 30, seed }))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('serves as many jobs as can be served, and at the least travel, on small instances solved by enumeration', () => {
    fc.assert(
      fc.property(instanceArbitrary(true), (generated) => {
        const instance = { ...generated, vehicles: generated.vehicles.slice(0, 1), jobs: generated.jobs.slice(0, 6) };
        const plan = solve(instance, { timeLimitMs: 5_000, maxIterations: 150, seed: 3 });
        const best = enumerate(instance);
        expect(routed(plan).length).toBe(best.served);
        expect(plan.travelTime).toBeLessThanOrEqual(best.travel + 1e-6);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('gives each job left out its reason', () => {
    const instance: PlanningInstance = {
      durations: euclidean([
        [0, 0],
        [100, 0],
        [0, 300],
        [0, 20],
        [20, 0],
      ]),
      vehicles: [vehicle({ shiftEnd: 500, capacity: [3] })],
      jobs: [
        job({ id: 'no-address', location: null }),
        job({ id: 'too-big', location: 3, amounts: [4] }),
        job({ id: 'closes-early', location: 1, timeWindows: [[0, 50]] }),
        job({ id: 'too-far', location: 2 }),
        job({ id: 'small', location: 3, amounts: [2] }),
        job({ id: 'also-small', location: 4, amounts: [2] }),
      ],
    };
    const plan = solve(instance, quick);
    expect(checkPlan(instance, plan)).toEqual([]);
    const why = reasons(plan);
    expect(why['no-address']).toBe('no-position');
    expect(why['too-big']).toBe('no-capacity');
    expect(why['closes-early']).toBe('window-unreachable');
    expect(why['too-far']).toBe('shift-too-short');
    // Both small ones fit alone, not together (2 + 2 > 3): one is planned, the other has no capacity left.
    expect(routed(plan)).toHaveLength(1);
    expect(Object.entries(why).filter(([id]) => id.includes('small'))).toEqual([[expect.stringContaining('small'), 'no-capacity']]);
  });

  it('says window unreachable when another stop holds the only time the window allows, and shift too short when the day is full', () => {
    const points = euclidean([
      [0, 0],
      [50, 0],
      [-50, 0],
    ]);
    const windows: PlanningInstance = {
      durations: points,
      vehicles: [vehicle({ shiftEnd: 1000 })],
      jobs: [job({ id: 'east', location: 1, timeWindows: [[50, 60]] }), job({ id: 'west', location: 2, timeWindows: [[50, 60]] })],
    };
    const planA = solve(windows, quick);
    expect(checkPlan(windows, planA)).toEqual([]);
    expect(planA.unplanned).toEqual([{ jobId: expect.any(String), reason: 'window-unreachable' }]);

    const day: PlanningInstance = {
      durations: points,
      vehicles: [vehicle({ shiftEnd: 150 })],
      jobs: [job({ id: 'east', location: 1, service: 10 }), job({ id: 'west', location: 2, service: 10 })],
    };
    const planB = solve(day, quick);
    expect(checkPlan(day, planB)).toEqual([]);
    expect(planB.unplanned).toEqual([{ jobId: expect.any(String), reason: 'shift-too-short' }]);
  });

  it('uses a later window when the first cannot be reached, and reports arrival, wait and service', () => {
    const instance: PlanningInstance = {
      durations: euclidean([
        [0, 0],
        [30, 0],
      ]),
      vehicles: [vehicle()],
      jobs: [job({ id: 'two-windows', timeWindows: [[0, 10], [100, 200]], service: 15 })],
    };
    const plan = solve(instance, quick);
    expect(checkPlan(instance, plan)).toEqual([]);
    const route = plan.routes[0]!;
    // It leaves as late as the window allows (70), so it waits nowhere.
    expect(route.departure).toBe(70);
    expect(route.stops).toEqual([{ jobId: 'two-windows', arrival: 100, start: 100, departure: 115, load: [1] }]);
    expect(route.finish).toBe(145);
    expect(route.duration).toBe(75);
    expect(route.travelTime).toBe(60);
  });

  it('serves more jobs before it saves travel', () => {
    // A far stop costs a lot of driving but can be served: it must be.
    const instance: PlanningInstance = {
      durations: euclidean([
        [0, 0],
        [1, 0],
        [400, 0],
      ]),
      vehicles: [vehicle({ shiftEnd: 2000 })],
      jobs: [job({ id: 'near', location: 1 }), job({ id: 'far', location: 2 })],
    };
    const plan = solve(instance, quick);
    expect(plan.unplanned).toEqual([]);
    expect(plan.travelTime).toBe(800);
  });

  it('gives the same plan for the same seed and iteration count', () => {
    const instance = fc.sample(instanceArbitrary(true), { seed: 42, numRuns: 1 })[0]!;
    const strip = ({ elapsedMs: _, ...rest }: PlanningResult) => rest;
    expect(strip(solve(instance, { timeLimitMs: 10_000, maxIterations: 200, seed: 5 }))).toEqual(strip(solve(instance, { timeLimitMs: 10_000, maxIterations: 200, seed: 5 })));
  });

  it('refuses a malformed instance with a clear error', () => {
    expect(() => solve({ vehicles: [vehicle({ start: 3 })], jobs: [], durations: [[0]] }, quick)).toThrow(/start and end must be places/);
    expect(() => solve({ vehicles: [], jobs: [job({ id: 'a' }), job({ id: 'a' })], durations: euclidean([[0, 0], [1, 1]]) }, quick)).toThrow(/used twice/);
  });

  it('plans a Solomon instance (R101, 100 customers) feasibly within a short budget', () => {
    const text = readFileSync(new URL('../../../../../../bench/solomon/R101.txt', import.meta.url), 'utf8');
    const rows = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => /^\d/.test(l))
      .map((l) => l.split(/\s+/).map(Number));
    const capacity = rows[0]![1]!;
    const sites = rows.slice(1);
    const durations = euclidean(sites.map((r) => [r[1]!, r[2]!] as const));
    const depot = sites[0]!;
    const instance: PlanningInstance = {
      vehicles: Array.from({ length: 25 }, (_, i) => vehicle({ id: `v${i}`, shiftStart: depot[4]!, shiftEnd: depot[5]!, capacity: [capacity] })),
      jobs: sites.slice(1).map((r, i) => ({ id: String(r[0]), location: i + 1, amounts: [r[3]!], timeWindows: [[r[4]!, r[5]!]], service: r[6]! })),
      durations,
      distances: durations,
    };
    const plan = solve(instance, { timeLimitMs: 400, seed: 1 });
    expect(checkPlan(instance, plan)).toEqual([]);
    expect(plan.unplanned).toEqual([]);
  });
});

/** The most jobs one vehicle can serve, and the least travel for that many, by trying every order of every subset. */
function enumerate(instance: PlanningInstance): { served: number; travel: number } {
  const v = instance.vehicles[0]!;
  const jobs = instance.jobs.filter((j) => j.location !== null);
  let best = { served: 0, travel: 0 };
  const d = instance.durations;
  const visit = (order: PlanningJob[], rest: PlanningJob[], place: number, time: number, travel: number, load: number[]) => {
    const back = d[place]![v.end]!;
    if (time + back <= v.shiftEnd) {
      const total = travel + back;
      const served = order.length;
      if (served > best.served || (served === best.served && (served === 0 ? 0 : total) < best.travel)) best = { served, travel: served === 0 ? 0 : total };
    }
    rest.forEach((j, i) => {
      const nextLoad = load.map((x, dim) => x + (j.amounts[dim] ?? 0));
      for (let dim = 0; dim < Math.max(nextLoad.length, j.amounts.length); dim++) if ((load[dim] ?? 0) + (j.amounts[dim] ?? 0) > (v.capacity[dim] ?? Infinity)) return;
      const arrival = time + d[place]![j.location!]!;
      const windows = j.timeWindows && j.timeWindows.length > 0 ? j.timeWindows : [[-Infinity, Infinity] as const];
      const open = windows.find(([, e]) => arrival <= e);
      if (!open) return;
      const start = Math.max(arrival, open[0]);
      visit([...order, j], rest.filter((_, k) => k !== i), j.location!, start + j.service, travel + d[place]![j.location!]!, nextLoad);
    });
  };
  visit([], jobs, v.start, v.shiftStart, 0, new Array(Math.max(1, v.capacity.length, ...jobs.map((j) => j.amounts.length))).fill(0));
  return best;
}

/** Whether job `jobId` could be added at some position of some vehicle's route (or as a vehicle's only stop). */
function fitsSomewhere(instance: PlanningInstance, plan: PlanningResult, jobId: string): boolean {
  const byId = new Map(instance.jobs.map((j) => [j.id, j]));
  const extra = byId.get(jobId)!;
  if (extra.location === null) return false;
  return instance.vehicles.some((v) => {
    const stops = plan.routes.find((r) => r.vehicleId === v.id)?.stops.map((s) => byId.get(s.jobId)!) ?? [];
    for (let p = 0; p <= stops.length; p++) if (runs(instance, v, [...stops.slice(0, p), extra, ...stops.slice(p)])) return true;
    return false;
  });
}

/** Drives a sequence from the shift's start: every window kept, back by the shift's end, within capacity. */
function runs(instance: PlanningInstance, v: PlanningVehicle, jobs: PlanningJob[]): boolean {
  const dims = Math.max(v.capacity.length, ...jobs.map((j) => j.amounts.length));
  for (let d = 0; d < dims; d++) if (jobs.reduce((sum, j) => sum + (j.amounts[d] ?? 0), 0) > (v.capacity[d] ?? Infinity)) return false;
  let place = v.start;
  let time = v.shiftStart;
  for (const j of jobs) {
    const arrival = time + instance.durations[place]![j.location!]!;
    const windows = j.timeWindows && j.timeWindows.length > 0 ? j.timeWindows : [[-Infinity, Infinity] as const];
    const open = windows.find(([, e]) => arrival <= e);
    if (!open) return false;
    time = Math.max(arrival, open[0]) + j.service;
    place = j.location!;
  }
  return time + instance.durations[place]![v.end]! <= v.shiftEnd;
}
