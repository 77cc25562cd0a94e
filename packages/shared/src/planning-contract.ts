/**
 * The planning contract (issue 34, design.md §14): one instance in, one plan out, whichever engine plans it (the
 * built-in planner in `apps/server/src/services/planning/solver/`, or VROOM). Plain types and constants only, so the
 * server, its worker thread, the bench and the web app can all share it.
 *
 * Units: times are seconds on one clock chosen by the caller (for a day's plan, seconds since the day's local
 * midnight; Solomon's instances use their own time unit); places are indices into the matrices; distances metres.
 */

/** An amount per dimension, in the same order for every job and vehicle: `[packages]` or `[packages, weightKg]`. */
export type PlanningAmounts = readonly number[];

/** `[start, end]`, both inclusive: service may start at any moment in it (arriving earlier means waiting). */
export type PlanningTimeWindow = readonly [start: number, end: number];

export interface PlanningVehicle {
  id: string;
  /** Index of the place it leaves from (a row of the matrices). */
  start: number;
  /** Index of the place it must return to; the same as `start` for a round trip. */
  end: number;
  /** Its shift: it leaves no earlier than `shiftStart` and is back at `end` no later than `shiftEnd`. */
  shiftStart: number;
  shiftEnd: number;
  /** What it carries, per dimension of the jobs' amounts (a missing dimension is unlimited). */
  capacity: PlanningAmounts;
}

export interface PlanningJob {
  id: string;
  /** Index of its place in the matrices; `null` when the address has no position (it is then unplanned). */
  location: number | null;
  /** One or several windows, sorted and not overlapping; empty or absent means any time within the shift. */
  timeWindows?: readonly PlanningTimeWindow[];
  /** Size per dimension (missing dimensions count 0). */
  amounts: PlanningAmounts;
  /** Seconds spent at the stop once service starts. */
  service: number;
}

export interface PlanningInstance {
  vehicles: readonly PlanningVehicle[];
  jobs: readonly PlanningJob[];
  /** `durations[a][b]`: seconds to drive from place a to place b. */
  durations: readonly (readonly number[])[];
  /** `distances[a][b]`: metres; when absent, route distances are reported as 0. */
  distances?: readonly (readonly number[])[];
}

export interface PlanningOptions {
  /** Wall-clock budget for the search after the first plan is built, in milliseconds. */
  timeLimitMs: number;
  /** Seed of the search's random choices. With the same seed and `maxIterations` reached first, the plan is the same. */
  seed?: number;
  /** Stop after this many search iterations even if time remains (makes a run reproducible whatever the machine). */
  maxIterations?: number;
}

export interface PlannedStop {
  jobId: string;
  /** When the vehicle gets there. */
  arrival: number;
  /** When service starts (arrival, or the window's opening after a wait). */
  start: number;
  /** When it leaves (start + service). */
  departure: number;
  /** Load on board when it arrives, per dimension (deliveries: everything is loaded at the start). */
  load: number[];
}

export interface PlannedRoute {
  vehicleId: string;
  stops: PlannedStop[];
  /** When it leaves its start place: as late as possible without delaying the first stop, never before the shift. */
  departure: number;
  /** When it is back at its end place. */
  finish: number;
  /** Load at departure, per dimension. */
  load: number[];
  /** Seconds of driving (waiting and service excluded). */
  travelTime: number;
  /** Metres (0 without a distance matrix). */
  distance: number;
  /** finish − departure: driving, waiting and service. */
  duration: number;
}

/**
 * Why a job is unplanned. The engines give the first four; 'not-routed' only comes from checking a plan edited by hand
 * (POST /api/planning/{date}/check): the job would fit in some route, but dispatch left it out.
 */
export const UNPLANNED_REASONS = ['no-position', 'no-capacity', 'window-unreachable', 'shift-too-short', 'not-routed'] as const;
export type UnplannedReason = (typeof UNPLANNED_REASONS)[number];

/** How each reason reads on the panel (issue 34). */
export const UNPLANNED_REASON_LABELS: Record<UnplannedReason, string> = {
  'no-position': 'No position for the address',
  'no-capacity': 'No capacity',
  'window-unreachable': 'Window unreachable',
  'shift-too-short': 'Shift too short',
  'not-routed': 'Not in any route',
};

export interface UnplannedJob {
  jobId: string;
  reason: UnplannedReason;
}

export interface PlanningResult {
  /** One route per vehicle that serves at least one job, in the order of `instance.vehicles`. */
  routes: PlannedRoute[];
  unplanned: UnplannedJob[];
  /** Sum over routes: the objective after the number of jobs served. */
  travelTime: number;
  distance: number;
  /** Search iterations run and milliseconds spent (for the bench and logs). */
  iterations: number;
  elapsedMs: number;
}
