import type { PlanningInstance } from '@cargo/shared';
import { askVroom, VroomError } from '../route-optimiser/vroom.ts';
import type { EditedRoute } from './plan-check.ts';

/** Kilograms go to VROOM as whole grams (its amounts are integers). */
const GRAMS = 1000;

/**
 * The date's instance as a VROOM problem (docs/API.md of VROOM-Project/vroom): one vehicle per shift (`time_window`
 * its shift, `capacity` packages then grams, `start_index`/`end_index` its places), one job per package with a position
 * (`location_index`, `service`, `delivery` amounts, `time_windows`), and our own travel times and distances as the
 * `car` profile's custom `matrices`, so VROOM's routes are timed as ours are. Ids are 1-based positions in the
 * instance's vehicles and jobs.
 *
 * Rounding never lets VROOM accept what our check refuses: a job's grams round up, a vehicle's capacity down.
 */
export function vroomProblem(instance: PlanningInstance): object {
  const weighed = instance.vehicles.some((v) => v.capacity.length > 1) || instance.jobs.some((j) => j.amounts.length > 1);
  const dims = weighed ? 2 : 1;
  const amount = (values: readonly number[], round: (n: number) => number, missing: number) =>
    Array.from({ length: dims }, (_, d) => {
      const v = values[d];
      if (v === undefined) return missing;
      return Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, round(d === 0 ? v : v * GRAMS)));
    });
  const vehicles = instance.vehicles.map((v, i) => ({
    id: i + 1,
    profile: 'car',
    description: v.id,
    start_index: v.start,
    end_index: v.end,
    time_window: [Math.ceil(v.shiftStart), Math.floor(v.shiftEnd)],
    capacity: amount(v.capacity, Math.floor, Number.MAX_SAFE_INTEGER),
  }));
  const jobs = instance.jobs.flatMap((j, i) => {
    if (j.location === null) return [];
    const windows = (j.timeWindows ?? []).map(([s, e]) => [Math.ceil(s), Math.floor(e)]).filter(([s, e]) => s! <= e!);
    return [
      {
        id: i + 1,
        description: j.id,
        location_index: j.location,
        service: Math.ceil(j.service),
        delivery: amount(j.amounts, Math.ceil, 0),
        ...(windows.length > 0 ? { time_windows: windows } : {}),
      },
    ];
  });
  const whole = (m: readonly (readonly number[])[]) => m.map((row) => row.map((x) => Math.round(x)));
  return {
    vehicles,
    jobs,
    matrices: { car: { durations: whole(instance.durations), ...(instance.distances ? { distances: whole(instance.distances) } : {}) } },
  };
}

/**
 * The instance planned by a VROOM server: each vehicle's jobs in VROOM's order. Throws a VroomError on any failure
 * (no answer, a non-2xx status, an error code, an answer naming a vehicle or job that was not asked for, or a job
 * twice); timing and rules are then checked by the caller on our own clock.
 */
export async function planWithVroom(url: string, instance: PlanningInstance, fetchImpl: typeof fetch = fetch, timeoutMs?: number): Promise<EditedRoute[]> {
  const reply = await askVroom(url, vroomProblem(instance), fetchImpl, timeoutMs);
  const seen = new Set<number>();
  const routes = new Map<number, string[]>();
  for (const route of reply.routes ?? []) {
    const v = route.vehicle;
    if (v === undefined || !Number.isInteger(v) || v < 1 || v > instance.vehicles.length || routes.has(v)) throw new VroomError('VROOM answered a route for a vehicle that was not asked for');
    const ids: string[] = [];
    for (const step of route.steps) {
      if (step.type !== 'job') continue;
      const id = step.id ?? step.job;
      const job = id === undefined ? undefined : instance.jobs[id - 1];
      if (!job || job.location === null || seen.has(id!)) throw new VroomError('VROOM answered a job that was not asked for, or one twice');
      seen.add(id!);
      ids.push(job.id);
    }
    routes.set(v, ids);
  }
  return [...routes].map(([v, packageIds]) => ({ driverId: instance.vehicles[v - 1]!.id, packageIds }));
}
