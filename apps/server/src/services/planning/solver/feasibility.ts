import type { PlanningInstance, PlanningResult } from '@cargo/shared';

/** Times and sums are compared with this much slack (seconds, metres), for floating-point rounding only. */
const SLACK = 1e-6;

/**
 * Checks a plan against its instance from scratch, sharing no code with the solver (design.md §14: every plan is
 * checked before it is shown). Returns what is wrong, in words; an empty list means the plan is feasible:
 * - every job appears exactly once, in a route or among the unplanned; jobs without a position are never routed;
 * - each route belongs to a distinct vehicle of the instance;
 * - driving from the vehicle's start at its departure (not before its shift), each stop's arrival is the previous
 *   departure plus the matrix's time, service starts no earlier than the arrival and inside one of the job's
 *   windows, departure is start + service, and the vehicle is back at its end place by its shift's end;
 * - the load on board at the start (all the route's jobs) is within the vehicle's capacity in every dimension;
 * - the route's and the plan's reported travel, distance, load and finish match what they add up to.
 */
export function checkPlan(instance: PlanningInstance, plan: PlanningResult): string[] {
  const problems: string[] = [];
  const jobs = new Map(instance.jobs.map((j) => [j.id, j]));
  const vehicles = new Map(instance.vehicles.map((v) => [v.id, v]));
  const seen = new Map<string, number>();
  const count = (id: string) => seen.set(id, (seen.get(id) ?? 0) + 1);
  const near = (a: number, b: number) => Math.abs(a - b) <= SLACK * Math.max(1, Math.abs(a), Math.abs(b));

  const usedVehicles = new Set<string>();
  let travelSum = 0;
  let distanceSum = 0;
  for (const route of plan.routes) {
    const vehicle = vehicles.get(route.vehicleId);
    if (!vehicle) {
      problems.push(`route of unknown vehicle ${route.vehicleId}`);
      continue;
    }
    if (usedVehicles.has(vehicle.id)) problems.push(`vehicle ${vehicle.id} has two routes`);
    usedVehicles.add(vehicle.id);
    if (route.departure < vehicle.shiftStart - SLACK) problems.push(`vehicle ${vehicle.id} leaves at ${route.departure}, before its shift starts at ${vehicle.shiftStart}`);

    let place = vehicle.start;
    let time = route.departure;
    let travel = 0;
    let distance = 0;
    const dims = Math.max(vehicle.capacity.length, ...route.stops.map((s) => jobs.get(s.jobId)?.amounts.length ?? 0));
    const load = new Array<number>(dims).fill(0);
    for (const stop of route.stops) {
      count(stop.jobId);
      const job = jobs.get(stop.jobId);
      if (!job) {
        problems.push(`vehicle ${vehicle.id} serves unknown job ${stop.jobId}`);
        continue;
      }
      if (job.location === null) {
        problems.push(`job ${job.id} has no position but is routed`);
        continue;
      }
      const leg = instance.durations[place]![job.location]!;
      travel += leg;
      distance += instance.distances?.[place]?.[job.location] ?? 0;
      const arrival = time + leg;
      if (!near(stop.arrival, arrival)) problems.push(`job ${job.id}: arrival ${stop.arrival} but the drive gives ${arrival}`);
      if (stop.start < arrival - SLACK) problems.push(`job ${job.id}: service starts at ${stop.start}, before the arrival at ${arrival}`);
      const windows = job.timeWindows && job.timeWindows.length > 0 ? job.timeWindows : [[-Infinity, Infinity] as const];
      if (!windows.some(([s, e]) => stop.start >= s - SLACK && stop.start <= e + SLACK)) problems.push(`job ${job.id}: service starts at ${stop.start}, outside its windows ${JSON.stringify(windows)}`);
      if (!near(stop.departure, stop.start + job.service)) problems.push(`job ${job.id}: departure ${stop.departure} is not start + service`);
      time = Math.max(stop.departure, stop.start + job.service);
      place = job.location;
      for (let d = 0; d < dims; d++) load[d]! += job.amounts[d] ?? 0;
    }
    const back = instance.durations[place]![vehicle.end]!;
    travel += back;
    distance += instance.distances?.[place]?.[vehicle.end] ?? 0;
    const finish = time + back;
    if (finish > vehicle.shiftEnd + SLACK) problems.push(`vehicle ${vehicle.id} is back at ${finish}, after its shift ends at ${vehicle.shiftEnd}`);
    if (!near(route.finish, finish)) problems.push(`vehicle ${vehicle.id}: finish ${route.finish} but the drive gives ${finish}`);
    for (let d = 0; d < dims; d++) {
      const cap = vehicle.capacity[d] ?? Infinity;
      if (load[d]! > cap + SLACK) problems.push(`vehicle ${vehicle.id} carries ${load[d]} in dimension ${d}, over its capacity ${cap}`);
      if (!near(route.load[d] ?? 0, load[d]!)) problems.push(`vehicle ${vehicle.id}: load ${route.load[d]} reported, ${load[d]} carried (dimension ${d})`);
    }
    if (!near(route.travelTime, travel)) problems.push(`vehicle ${vehicle.id}: travel ${route.travelTime} reported, ${travel} driven`);
    if (!near(route.distance, distance)) problems.push(`vehicle ${vehicle.id}: distance ${route.distance} reported, ${distance} driven`);
    travelSum += travel;
    distanceSum += distance;
  }
  for (const u of plan.unplanned) {
    count(u.jobId);
    if (!jobs.has(u.jobId)) problems.push(`unknown job ${u.jobId} listed as unplanned`);
  }
  for (const job of instance.jobs) {
    const times = seen.get(job.id) ?? 0;
    if (times !== 1) problems.push(`job ${job.id} appears ${times} times (routed or unplanned)`);
  }
  if (!near(plan.travelTime, travelSum)) problems.push(`plan travel ${plan.travelTime} reported, ${travelSum} in its routes`);
  if (!near(plan.distance, distanceSum)) problems.push(`plan distance ${plan.distance} reported, ${distanceSum} in its routes`);
  return problems;
}
