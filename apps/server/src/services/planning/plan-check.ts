import type { PlannedRoute, PlannedStop, PlanningInstance, PlanningResult, PlanViolation, UnplannedJob, UnplannedReason } from '@cargo/shared';
import { buildModel, type Model } from './solver/model.ts';
import { Route, sequenceFeasible } from './solver/route.ts';
import { Solution } from './solver/solution.ts';
import { reasonAlone, reasonInPlan } from './solver/unplanned.ts';

/** One driver's stops as dispatch arranged them, first stop first. */
export interface EditedRoute {
  driverId: string;
  packageIds: readonly string[];
}

/** How the check names things in its messages: a package by its tracking number, a moment on the day's clock. */
export interface CheckWords {
  /** The package's tracking number (or its id when unknown). */
  label(packageId: string): string;
  /** Why a package is not among the date's jobs (unknown, not due, out for delivery…). */
  notAJob(packageId: string): string;
  /** Seconds of the plan's clock as HH:MM. */
  clock(seconds: number): string;
  /** Why a driver has no vehicle: no shift that day, or a shift without places on the map. */
  noVehicle(driverId: string): string;
}

export interface CheckedRoutes {
  /** The routes recomputed (only jobs of the instance, each once), as any engine's plan. */
  result: PlanningResult;
  violations: PlanViolation[];
  /** The routes as they would be written: drivers with a vehicle, their jobs of the instance, each once. */
  routes: EditedRoute[];
}

/**
 * Recomputes an edited plan on the date's instance (issue 34): each route driven in the order given from the shift's
 * start, each stop served at its earliest moment (waiting for a window to open), leaving the start place as late as
 * the first stop allows. Nothing is re-ordered or dropped for a broken rule: every broken rule is listed as a
 * violation instead, in the order a driver meets it. Jobs of the instance in no route are unplanned with a reason.
 */
export function checkRoutes(
  instance: PlanningInstance,
  edited: readonly EditedRoute[],
  words: CheckWords,
  /** An engine's plan (VROOM's): a job it left out gets the engines' reasons, never 'not-routed'. */
  { byEngine = false }: { byEngine?: boolean } = {},
): CheckedRoutes {
  const violations: PlanViolation[] = [];
  const jobs = new Map(instance.jobs.map((j, i) => [j.id, { job: j, index: i }]));
  const vehicles = new Map(instance.vehicles.map((v, i) => [v.id, { vehicle: v, index: i }]));
  const placed = new Set<string>();
  const drivers = new Set<string>();
  const routes: EditedRoute[] = [];
  const planned: PlannedRoute[] = [];

  for (const route of edited) {
    const driverId = route.driverId;
    if (drivers.has(driverId)) {
      violations.push({ driverId, packageId: null, message: 'This driver has two routes' });
      continue;
    }
    drivers.add(driverId);
    const vehicle = vehicles.get(driverId)?.vehicle;
    const ids: string[] = [];
    for (const packageId of route.packageIds) {
      if (placed.has(packageId)) {
        violations.push({ driverId, packageId, message: `${words.label(packageId)} is in two routes` });
        continue;
      }
      const found = jobs.get(packageId);
      if (!found) {
        violations.push({ driverId, packageId, message: words.notAJob(packageId) });
        continue;
      }
      if (found.job.location === null) {
        violations.push({ driverId, packageId, message: `${words.label(packageId)} has no position for its address` });
        continue;
      }
      placed.add(packageId);
      ids.push(packageId);
    }
    if (!vehicle) {
      violations.push({ driverId, packageId: null, message: words.noVehicle(driverId) });
      for (const id of ids) placed.delete(id);
      continue;
    }
    routes.push({ driverId, packageIds: ids });
    if (ids.length > 0) planned.push(driveRoute(instance, vehicle, ids.map((id) => jobs.get(id)!.job), words, violations));
  }

  // In the instance's vehicle order, as the engines give them.
  planned.sort((a, b) => vehicles.get(a.vehicleId)!.index - vehicles.get(b.vehicleId)!.index);
  const unplanned = unplannedOf(instance, routes, placed, byEngine);
  return {
    result: {
      routes: planned,
      unplanned,
      travelTime: planned.reduce((t, r) => t + r.travelTime, 0),
      distance: planned.reduce((t, r) => t + r.distance, 0),
      iterations: 0,
      elapsedMs: 0,
    },
    violations,
    routes,
  };
}

type Vehicle = PlanningInstance['vehicles'][number];
type Job = PlanningInstance['jobs'][number];

/** One route driven as given; what it breaks goes into `violations`. */
function driveRoute(instance: PlanningInstance, vehicle: Vehicle, jobs: Job[], words: CheckWords, violations: PlanViolation[]): PlannedRoute {
  const driverId = vehicle.id;
  const dims = Math.max(vehicle.capacity.length, ...jobs.map((j) => j.amounts.length));
  const total = Array.from({ length: dims }, (_, d) => jobs.reduce((sum, j) => sum + (j.amounts[d] ?? 0), 0));
  const windowsOf = (job: Job) => (job.timeWindows && job.timeWindows.length > 0 ? [...job.timeWindows].sort((a, b) => a[0] - b[0]) : [[-Infinity, Infinity] as const]);
  /** The earliest start at or after `arrival` in a window; null when every window has closed. */
  const startAt = (job: Job, arrival: number) => {
    for (const [s, e] of windowsOf(job)) if (arrival <= e) return Math.max(arrival, s);
    return null;
  };
  const walk = (departure: number, report: boolean) => {
    let t = departure;
    let place = vehicle.start;
    let travel = 0;
    let distance = 0;
    const onBoard = [...total];
    const stops: PlannedStop[] = jobs.map((job) => {
      const at = job.location!;
      const leg = instance.durations[place]![at]!;
      travel += leg;
      distance += instance.distances?.[place]?.[at] ?? 0;
      const arrival = t + leg;
      let start = startAt(job, arrival);
      if (start === null) {
        start = arrival;
        if (report) {
          const closes = windowsOf(job).at(-1)![1];
          violations.push({ driverId, packageId: job.id, message: `${words.label(job.id)}: arrives at ${words.clock(arrival)}, after its window closes at ${words.clock(closes)}` });
        }
      }
      const load = [...onBoard];
      for (let d = 0; d < dims; d++) onBoard[d]! -= job.amounts[d] ?? 0;
      t = start + job.service;
      place = at;
      return { jobId: job.id, arrival, start, departure: t, load };
    });
    const back = instance.durations[place]![vehicle.end]!;
    travel += back;
    distance += instance.distances?.[place]?.[vehicle.end] ?? 0;
    return { stops, finish: t + back, travel, distance };
  };
  // Leave as late as the first stop allows (no waiting at the first door), never before the shift.
  const first = jobs[0]!;
  const firstLeg = instance.durations[vehicle.start]![first.location!]!;
  const firstStart = startAt(first, vehicle.shiftStart + firstLeg);
  const departure = firstStart === null ? vehicle.shiftStart : Math.max(vehicle.shiftStart, firstStart - firstLeg);
  const driven = walk(departure, true);
  if (driven.finish > vehicle.shiftEnd) {
    violations.push({ driverId, packageId: null, message: `Back at ${words.clock(driven.finish)}, after the shift ends at ${words.clock(vehicle.shiftEnd)}` });
  }
  const units = ['packages', 'kg'];
  for (let d = 0; d < dims; d++) {
    const cap = vehicle.capacity[d] ?? Infinity;
    if (total[d]! > cap) {
      const amount = d === 0 ? String(total[d]) : (Math.round(total[d]! * 10) / 10).toString();
      violations.push({ driverId, packageId: null, message: `Carries ${amount} ${units[d] ?? `units (dimension ${d})`}, over the vehicle's capacity of ${cap}` });
    }
  }
  return {
    vehicleId: vehicle.id,
    stops: driven.stops,
    departure,
    finish: driven.finish,
    load: total,
    travelTime: driven.travel,
    distance: driven.distance,
    duration: driven.finish - departure,
  };
}

/**
 * The jobs in no route, in the instance's order, with why: no position; a reason no vehicle could serve it even
 * alone; 'not-routed' when it would fit somewhere in the routes as they are; else why it fits in none of them.
 */
function unplannedOf(instance: PlanningInstance, routes: readonly EditedRoute[], placed: ReadonlySet<string>, byEngine: boolean): UnplannedJob[] {
  const left = instance.jobs.filter((j) => !placed.has(j.id));
  if (left.length === 0) return [];
  const m: Model = buildModel(instance);
  const kOf = new Map(m.jobIndex.map((index, k) => [instance.jobs[index]!.id, k]));
  const vOf = new Map(instance.vehicles.map((v, i) => [v.id, i]));
  const solution = new Solution(m);
  for (const route of routes) {
    const r = solution.routes[vOf.get(route.driverId)!]!;
    r.seq = route.packageIds.map((id) => kOf.get(id)!);
    r.update();
  }
  return left.map((job): UnplannedJob => {
    const k = kOf.get(job.id);
    if (k === undefined) return { jobId: job.id, reason: 'no-position' };
    const alone = reasonAlone(m, k);
    if (alone) return { jobId: job.id, reason: alone };
    const fits = !byEngine && solution.routes.some((r: Route) => {
      for (let p = 0; p <= r.seq.length; p++) if (sequenceFeasible(m, r.v, [...r.seq.slice(0, p), k, ...r.seq.slice(p)])) return true;
      return false;
    });
    const reason: UnplannedReason = fits ? 'not-routed' : reasonInPlan(m, solution, k);
    return { jobId: job.id, reason };
  });
}
