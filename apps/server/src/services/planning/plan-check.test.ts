import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanningInstance } from '@cargo/shared';
import { checkRoutes, type CheckWords } from './plan-check.ts';
import { checkPlan } from './solver/feasibility.ts';
import { buildModel } from './solver/model.ts';
import { sequenceFeasible } from './solver/route.ts';
import { solve } from './solver/solve.ts';

const words: CheckWords = { label: (id) => id, notAJob: (id) => `unknown ${id}`, clock: (s) => `${s}`, noVehicle: (id) => `no vehicle ${id}` };

/** 1-3 vehicles and 0-10 jobs on a plane (seconds = Euclidean distance), with windows, sizes and service. */
const instanceArbitrary = fc
  .record({
    points: fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })), { minLength: 2, maxLength: 10 }),
    vehicles: fc.array(fc.record({ start: fc.nat(), shiftStart: fc.integer({ min: 0, max: 100 }), length: fc.integer({ min: 50, max: 600 }), capacity: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 3 }),
    jobs: fc.array(fc.record({ at: fc.nat(), from: fc.integer({ min: 0, max: 500 }), width: fc.integer({ min: 0, max: 300 }), size: fc.integer({ min: 0, max: 3 }), service: fc.integer({ min: 0, max: 20 }) }), { maxLength: 10 }),
  })
  .map(({ points, vehicles, jobs }): PlanningInstance => {
    const n = points.length;
    const durations = points.map(([x1, y1]) => points.map(([x2, y2]) => Math.round(Math.hypot(x1 - x2, y1 - y2))));
    return {
      vehicles: vehicles.map((v, i) => ({ id: `v${i}`, start: v.start % n, end: v.start % n, shiftStart: v.shiftStart, shiftEnd: v.shiftStart + v.length, capacity: [v.capacity] })),
      jobs: jobs.map((j, i) => ({ id: `j${i}`, location: j.at % n, timeWindows: [[j.from, j.from + j.width]], amounts: [j.size], service: j.service })),
      durations,
      distances: durations,
    };
  });

describe('checking a plan edited by hand', () => {
  it('finds nothing wrong with the solver’s own plans, and times them as the solver does', () => {
    fc.assert(
      fc.property(instanceArbitrary, (instance) => {
        const plan = solve(instance, { timeLimitMs: 1000, maxIterations: 20, seed: 3 });
        const checked = checkRoutes(instance, plan.routes.map((r) => ({ driverId: r.vehicleId, packageIds: r.stops.map((s) => s.jobId) })), words, { byEngine: true });
        expect(checked.violations).toEqual([]);
        expect(checkPlan(instance, checked.result)).toEqual([]);
        expect(checked.result.travelTime).toBe(plan.travelTime);
        expect(checked.result.unplanned.map((u) => u.jobId).sort()).toEqual(plan.unplanned.map((u) => u.jobId).sort());
      }),
      { numRuns: 300 },
    );
  });

  it('reports a violation exactly when a route breaks a window, the shift or the capacity', () => {
    fc.assert(
      fc.property(instanceArbitrary, fc.array(fc.nat(), { maxLength: 10 }), (instance, picks) => {
        // Any assignment: job i to vehicle picks[i] (or left out), in the jobs' order.
        const routes = instance.vehicles.map((v, vi) => ({ driverId: v.id, packageIds: instance.jobs.filter((_, i) => picks[i] !== undefined && picks[i]! % (instance.vehicles.length + 1) === vi).map((j) => j.id) }));
        const checked = checkRoutes(instance, routes, words);
        const m = buildModel(instance);
        const broken = routes.filter((r, vi) => !sequenceFeasible(m, vi, r.packageIds.map((id) => Number(id.slice(1)))));
        expect(new Set(checked.violations.map((v) => v.driverId))).toEqual(new Set(broken.map((r) => r.driverId)));
        if (checked.violations.length === 0) expect(checkPlan(instance, checked.result)).toEqual([]);
        // Every job is once in a route or unplanned.
        const seen = [...checked.result.routes.flatMap((r) => r.stops.map((s) => s.jobId)), ...checked.result.unplanned.map((u) => u.jobId)].sort();
        expect(seen).toEqual(instance.jobs.map((j) => j.id).sort());
      }),
      { numRuns: 500 },
    );
  });
});
