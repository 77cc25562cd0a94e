import type { PlanningInstance } from '@cargo/shared';

/**
 * The instance in flat typed arrays, as the search reads it millions of times: job k (0-based, only jobs with a
 * position) and vehicle v by index; one duration matrix row-major over places.
 */
export interface Model {
  /** Indices into instance.jobs of the jobs with a position (the others are unplanned before the search). */
  jobIndex: number[];
  jobCount: number;
  vehicleCount: number;
  places: number;
  dims: number;
  /** durations[a * places + b]. */
  dur: Float64Array;
  loc: Int32Array;
  service: Float64Array;
  /** Windows of job k: twStart/twEnd[twOff[k] .. twOff[k + 1]), sorted; a job without windows gets [-inf, +inf]. */
  twOff: Int32Array;
  twStart: Float64Array;
  twEnd: Float64Array;
  /** amount[k * dims + d], capacity[v * dims + d] (Infinity when the vehicle leaves a dimension out). */
  amount: Float64Array;
  capacity: Float64Array;
  vStart: Int32Array;
  vEnd: Int32Array;
  shiftStart: Float64Array;
  shiftEnd: Float64Array;
  /** For each job, the other jobs nearest first (by the round trip between them): the ruin's neighbourhoods. */
  neighbours: Int32Array[];
}

export function buildModel(instance: PlanningInstance): Model {
  const places = instance.durations.length;
  const dims = Math.max(1, ...instance.jobs.map((j) => j.amounts.length), ...instance.vehicles.map((v) => v.capacity.length));
  const jobIndex: number[] = [];
  instance.jobs.forEach((job, index) => {
    if (job.location !== null) jobIndex.push(index);
  });
  const jobCount = jobIndex.length;
  const vehicleCount = instance.vehicles.length;
  const dur = new Float64Array(places * places);
  for (let a = 0; a < places; a++) {
    const row = instance.durations[a]!;
    for (let b = 0; b < places; b++) dur[a * places + b] = row[b]!;
  }
  const loc = new Int32Array(jobCount);
  const service = new Float64Array(jobCount);
  const twOff = new Int32Array(jobCount + 1);
  const starts: number[] = [];
  const ends: number[] = [];
  const amount = new Float64Array(jobCount * dims);
  for (let k = 0; k < jobCount; k++) {
    const job = instance.jobs[jobIndex[k]!]!;
    loc[k] = job.location!;
    service[k] = job.service;
    twOff[k] = starts.length;
    const windows = job.timeWindows && job.timeWindows.length > 0 ? [...job.timeWindows].sort((x, y) => x[0] - y[0]) : [[-Infinity, Infinity] as const];
    for (const [s, e] of windows) {
      starts.push(s);
      ends.push(e);
    }
    for (let d = 0; d < dims; d++) amount[k * dims + d] = job.amounts[d] ?? 0;
  }
  twOff[jobCount] = starts.length;
  const capacity = new Float64Array(vehicleCount * dims);
  const vStart = new Int32Array(vehicleCount);
  const vEnd = new Int32Array(vehicleCount);
  const shiftStart = new Float64Array(vehicleCount);
  const shiftEnd = new Float64Array(vehicleCount);
  instance.vehicles.forEach((v, i) => {
    for (let d = 0; d < dims; d++) capacity[i * dims + d] = v.capacity[d] ?? Infinity;
    vStart[i] = v.start;
    vEnd[i] = v.end;
    shiftStart[i] = v.shiftStart;
    shiftEnd[i] = v.shiftEnd;
  });
  const neighbours: Int32Array[] = [];
  for (let k = 0; k < jobCount; k++) {
    const others: number[] = [];
    for (let o = 0; o < jobCount; o++) if (o !== k) others.push(o);
    const gap = (o: number) => dur[loc[k]! * places + loc[o]!]! + dur[loc[o]! * places + loc[k]!]!;
    others.sort((x, y) => gap(x) - gap(y) || x - y);
    neighbours.push(Int32Array.from(others));
  }
  return {
    jobIndex,
    jobCount,
    vehicleCount,
    places,
    dims,
    dur,
    loc,
    service,
    twOff,
    twStart: Float64Array.from(starts),
    twEnd: Float64Array.from(ends),
    amount,
    capacity,
    vStart,
    vEnd,
    shiftStart,
    shiftEnd,
    neighbours,
  };
}

/** The earliest moment at or after `t` inside one of job k's windows; Infinity when every window has closed. */
export function earliestStart(m: Model, k: number, t: number): number {
  const end = m.twOff[k + 1]!;
  for (let w = m.twOff[k]!; w < end; w++) {
    if (t <= m.twEnd[w]!) return t < m.twStart[w]! ? m.twStart[w]! : t;
  }
  return Infinity;
}

/** The latest moment at or before `t` inside one of job k's windows; -Infinity when none has opened by then. */
export function latestStart(m: Model, k: number, t: number): number {
  for (let w = m.twOff[k + 1]! - 1; w >= m.twOff[k]!; w--) {
    if (t >= m.twStart[w]!) return t > m.twEnd[w]! ? m.twEnd[w]! : t;
  }
  return -Infinity;
}
