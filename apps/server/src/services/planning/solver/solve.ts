/**
 * The built-in planner (issue 34, design.md §14; decision 095): a pure function from a planning instance to routes
 * and the jobs left out with their reasons. No HTTP, no database, no clock but the time budget it is given.
 *
 *   1. Jobs without a position, and jobs no vehicle could serve even alone, are set apart with their reason.
 *   2. Construction: regret-3 insertion (construction.ts).
 *   3. Descent: relocate, exchange, 2-opt*, or-opt (local-search.ts).
 *   4. Until the budget ends: ruin and recreate (SISR string removals, greedy reinsertion with blinks;
 *      ruin-recreate.ts) under simulated annealing; each new best plan is polished by the descent again. While
 *      jobs are left out in the first half of the budget, a plan that leaves out jobs with fewer past absences wins
 *      (SISR's fleet minimisation), so that hard jobs get placed.
 *
 * Objective, in order: as many jobs served as possible, then the least total travel time. Every route is kept
 * feasible at every step (Route.update() re-derives its schedule), and feasibility.ts checks the answer apart.
 */
import type { PlannedRoute, PlanningInstance, PlanningOptions, PlanningResult, UnplannedJob } from '@cargo/shared';
import { regretInsertion } from './construction.ts';
import { localSearch } from './local-search.ts';
import { buildModel, earliestStart, type Model } from './model.ts';
import { seededRandom } from './random.ts';
import type { Route } from './route.ts';
import { recreate, ruin } from './ruin-recreate.ts';
import { Solution } from './solution.ts';
import { reasonAlone, reasonInPlan } from './unplanned.ts';

/** Simulated annealing's temperature, from T0 to Tf, as multiples of the plan's mean travel per leg. */
const T0_PER_LEG = 1;
const TF_PER_LEG = 0.01;

export function solve(instance: PlanningInstance, options: PlanningOptions): PlanningResult {
  const clock = () => performance.now();
  const began = clock();
  const limit = Math.max(0, options.timeLimitMs);
  const maxIterations = options.maxIterations ?? Infinity;
  const outOfTime = () => clock() - began >= limit;
  checkInstance(instance);

  const m = buildModel(instance);
  const random = seededRandom(options.seed ?? 1);
  const unplanned: UnplannedJob[] = [];
  instance.jobs.forEach((job) => {
    if (job.location === null) unplanned.push({ jobId: job.id, reason: 'no-position' });
  });
  const plannable: number[] = [];
  for (let k = 0; k < m.jobCount; k++) {
    const reason = reasonAlone(m, k);
    if (reason) unplanned.push({ jobId: instance.jobs[m.jobIndex[k]!]!.id, reason });
    else plannable.push(k);
  }

  let current = new Solution(m);
  current.unserved = plannable.slice();
  regretInsertion(m, current, plannable, 3, outOfTime);
  localSearch(m, current, outOfTime);
  let best = current.clone();

  const served = plannable.length - current.unserved.length;
  const legs = Math.max(1, served + current.routes.filter((r) => r.length > 0).length);
  const t0 = (T0_PER_LEG * current.travel) / legs;
  const tf = (TF_PER_LEG * current.travel) / legs;
  let iterations = 0;
  // How many iterations each job has spent left out of the current plan (SISR's absences, for fleet minimisation).
  const absences = new Float64Array(m.jobCount);
  const absence = (s: Solution) => s.unserved.reduce((sum, k) => sum + absences[k]!, 0);
  let settled = false;
  if (plannable.length > 0) {
    while (iterations < maxIterations && !outOfTime()) {
      const progress = Number.isFinite(maxIterations) ? iterations / maxIterations : (clock() - began) / limit;
      const temperature = t0 * Math.pow(tf / Math.max(t0, 1e-12), Math.min(1, progress));
      if (!settled && progress >= 0.5) {
        // Second half: the number served is what the first half reached; from the best plan, only travel moves.
        settled = true;
        current = best.clone();
      }
      iterations++;
      const candidate = current.clone();
      const leftOut = current.unserved.slice();
      ruin(m, candidate, random);
      recreate(m, candidate, random, leftOut);
      let accept: boolean;
      if (candidate.unserved.length !== current.unserved.length) accept = candidate.unserved.length < current.unserved.length;
      else if (!settled && current.unserved.length > 0 && absence(candidate) !== absence(current)) {
        // First half, with jobs left out: leave out jobs that have been out less often. The jobs hard to place
        // gather absences and get placed first; the easy ones left out instead find a place later.
        accept = absence(candidate) < absence(current);
      } else accept = candidate.travel < current.travel - temperature * Math.log(random());
      if (accept) current = candidate;
      for (const k of current.unserved) absences[k]! += 1;
      if (accept && current.betterThan(best)) {
        localSearch(m, current, outOfTime);
        best = current.clone();
      }
    }
  }

  // A last chance for the jobs left out, then the reasons of those still out. The generator that always answers 1
  // means: no blinks, tightest windows first.
  recreate(m, best, () => 1);
  for (const k of best.unserved) unplanned.push({ jobId: instance.jobs[m.jobIndex[k]!]!.id, reason: reasonInPlan(m, best, k) });
  const order = new Map(instance.jobs.map((job, i) => [job.id, i]));
  unplanned.sort((a, b) => order.get(a.jobId)! - order.get(b.jobId)!);

  const routes = best.routes.filter((r) => r.length > 0).map((r) => plannedRoute(instance, m, r));
  return {
    routes,
    unplanned,
    travelTime: routes.reduce((t, r) => t + r.travelTime, 0),
    distance: routes.reduce((t, r) => t + r.distance, 0),
    iterations,
    elapsedMs: clock() - began,
  };
}

function plannedRoute(instance: PlanningInstance, m: Model, r: Route): PlannedRoute {
  const vehicle = instance.vehicles[r.v]!;
  const P = m.places;
  const first = r.seq[0]!;
  // Leave as late as the first stop allows, so the driver does not wait at the door; never before the shift.
  const late = r.es[0]! - m.dur[m.vStart[r.v]! * P + m.loc[first]!]!;
  const walk = (departure: number) => {
    let t = departure;
    let place = vehicle.start;
    let travel = 0;
    let distance = 0;
    const stops = r.seq.map((k, i) => {
      const leg = m.dur[place * P + m.loc[k]!]!;
      travel += leg;
      distance += instance.distances?.[place]?.[m.loc[k]!] ?? 0;
      const arrival = t + leg;
      const start = earliestStart(m, k, arrival);
      t = start + m.service[k]!;
      place = m.loc[k]!;
      const load = Array.from({ length: m.dims }, (_, d) => r.load(d) - r.pre[i * m.dims + d]!);
      return { jobId: instance.jobs[m.jobIndex[k]!]!.id, arrival, start, departure: t, load };
    });
    const leg = m.dur[place * P + vehicle.end]!;
    travel += leg;
    distance += instance.distances?.[place]?.[vehicle.end] ?? 0;
    return { stops, finish: t + leg, travel, distance };
  };
  let departure = Math.max(vehicle.shiftStart, late);
  let result = walk(departure);
  if (result.stops.some((s, i) => s.start !== r.es[i]) || result.finish > vehicle.shiftEnd) {
    // Rounding moved a start: keep the schedule the search checked, from the shift's start.
    departure = vehicle.shiftStart;
    result = walk(departure);
  }
  return {
    vehicleId: vehicle.id,
    stops: result.stops,
    departure,
    finish: result.finish,
    load: Array.from({ length: m.dims }, (_, d) => r.load(d)),
    travelTime: result.travel,
    distance: result.distance,
    duration: result.finish - departure,
  };
}

/** The contract's shape rules (a programming error on the caller's side, not a plan that cannot be made). */
function checkInstance(instance: PlanningInstance): void {
  const places = instance.durations.length;
  const square = (matrix: PlanningInstance['durations']) => matrix.length === places && matrix.every((row) => row.length === places && row.every((x) => Number.isFinite(x) && x >= 0));
  if (!square(instance.durations)) throw new RangeError('durations must be a square matrix of finite, non-negative seconds');
  if (instance.distances && !square(instance.distances)) throw new RangeError('distances must be a square matrix like durations');
  const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < places;
  const ids = new Set<string>();
  for (const v of instance.vehicles) {
    if (ids.has(v.id)) throw new RangeError(`vehicle id ${v.id} is used twice`);
    ids.add(v.id);
    if (!inRange(v.start) || !inRange(v.end)) throw new RangeError(`vehicle ${v.id}: start and end must be places of the matrix`);
    if (!(v.shiftStart <= v.shiftEnd)) throw new RangeError(`vehicle ${v.id}: the shift ends before it starts`);
  }
  ids.clear();
  for (const j of instance.jobs) {
    if (ids.has(j.id)) throw new RangeError(`job id ${j.id} is used twice`);
    ids.add(j.id);
    if (j.location !== null && !inRange(j.location)) throw new RangeError(`job ${j.id}: location must be a place of the matrix`);
    if (!(j.service >= 0)) throw new RangeError(`job ${j.id}: service must be ≥ 0`);
    for (const [s, e] of j.timeWindows ?? []) if (!(s <= e)) throw new RangeError(`job ${j.id}: a window ends before it starts`);
  }
}
