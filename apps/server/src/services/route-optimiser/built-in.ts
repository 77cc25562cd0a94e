import { distanceM, type LatLngPoint } from '@cargo/shared';

/**
 * The built-in stop order (issue 20): nearest neighbour from the driver's position, then 2-opt and Or-opt moves on
 * great-circle distances until none improves the route or the time budget is spent. A stop's delivery window, where
 * set, weighs in as lateness (arriving after its end) at a price far above any distance, so the order keeps windows
 * when it can; arriving before a window's start waits for it. The answer is never worse than the order it was given.
 */
export interface OptimiserStop {
  id: string;
  lat: number;
  lng: number;
  /** Epoch milliseconds; null when the package has no window. */
  windowStart?: number | null;
  windowEnd?: number | null;
}

export interface OptimiserInput {
  /** The driver's position; null: the route starts at whichever stop is best. */
  start: LatLngPoint | null;
  /** In the current order (the input order is the baseline the answer must not be worse than). */
  stops: readonly OptimiserStop[];
  /** When the driver leaves `start` (epoch ms). */
  departAt: number;
}

/** How arrivals are estimated: the ETA rule of design.md §6 (straight line × 1.3 at 40 km/h) plus time at each door. */
export const ROAD_FACTOR = 1.3;
export const SPEED_MPS = 40_000 / 3600;
export const SERVICE_MS = 3 * 60_000;
/** A minute late costs as much as 6 km of driving: windows win over distance. */
const LATE_COST_PER_S = 100;
const TIME_BUDGET_MS = 700;

export interface StopTiming {
  id: string;
  /** Great-circle metres from the previous stop (or the start). */
  legM: number;
  arrival: number;
  late: boolean;
}

export interface RouteFigures {
  order: string[];
  distanceM: number;
  lateStops: number;
  timings: StopTiming[];
}

export interface OptimiserResult {
  before: RouteFigures;
  after: RouteFigures;
  /** False when no order found beat the input (the input is kept). */
  improved: boolean;
  computeMs: number;
}

/** Distances between all points; index 0 is the start (all zeros when there is none), 1..n the stops. */
function matrix(start: LatLngPoint | null, stops: readonly OptimiserStop[]): Float64Array[] {
  const points: (LatLngPoint | null)[] = [start, ...stops];
  const n = points.length;
  const rows = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const a = points[i];
      const b = points[j];
      const d = a && b ? distanceM(a, b) : 0;
      rows[i]![j] = d;
      rows[j]![i] = d;
    }
  }
  return rows;
}

class Route {
  private readonly hasWindows: boolean;
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;
  /** Every window's end, kept or not: what 'late' is reported against. */
  private readonly dueBy: Float64Array;

  constructor(
    private readonly d: Float64Array[],
    stops: readonly OptimiserStop[],
    private readonly departAt: number,
  ) {
    // A window that ended before the driver sets off cannot be kept by any order: it does not weigh in (the stop is
    // still reported late).
    const kept = (s: OptimiserStop) => s.windowEnd == null || s.windowEnd > departAt;
    this.starts = Float64Array.from([Number.NEGATIVE_INFINITY, ...stops.map((s) => (kept(s) ? (s.windowStart ?? Number.NEGATIVE_INFINITY) : Number.NEGATIVE_INFINITY))]);
    this.ends = Float64Array.from([Number.POSITIVE_INFINITY, ...stops.map((s) => (kept(s) ? (s.windowEnd ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY))]);
    this.dueBy = Float64Array.from([Number.POSITIVE_INFINITY, ...stops.map((s) => s.windowEnd ?? Number.POSITIVE_INFINITY)]);
    this.hasWindows = stops.some((s) => kept(s) && ((s.windowStart != null && s.windowStart > departAt) || s.windowEnd != null));
  }

  /** Distance and lateness (against the windows that can still be kept) of an order of stop indices (1..n). */
  walk(order: ArrayLike<number>): { distance: number; lateS: number; lateStops: number; arrivals: number[]; legs: number[] } {
    let prev = 0;
    let t = this.departAt;
    let distance = 0;
    let lateS = 0;
    let lateStops = 0;
    const arrivals: number[] = [];
    const legs: number[] = [];
    for (let k = 0; k < order.length; k += 1) {
      const s = order[k]!;
      const leg = this.d[prev]![s]!;
      distance += leg;
      t += ((leg * ROAD_FACTOR) / SPEED_MPS) * 1000;
      if (t < this.starts[s]!) t = this.starts[s]!;
      arrivals.push(t);
      legs.push(leg);
      if (t > this.ends[s]!) lateS += (t - this.ends[s]!) / 1000;
      if (t > this.dueBy[s]!) lateStops += 1;
      t += SERVICE_MS;
      prev = s;
    }
    return { distance, lateS, lateStops, arrivals, legs };
  }

  cost(order: ArrayLike<number>): number {
    if (!this.hasWindows) {
      let distance = 0;
      let prev = 0;
      for (let k = 0; k < order.length; k += 1) {
        distance += this.d[prev]![order[k]!]!;
        prev = order[k]!;
      }
      return distance;
    }
    const w = this.walk(order);
    return w.distance + w.lateS * LATE_COST_PER_S;
  }

  get windows(): boolean {
    return this.hasWindows;
  }
}

function nearestNeighbour(d: Float64Array[], n: number): number[] {
  const left = new Set(Array.from({ length: n }, (_, i) => i + 1));
  const order: number[] = [];
  let at = 0;
  while (left.size > 0) {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (const s of left) {
      const dist = d[at]![s]!;
      if (dist < bestD) {
        bestD = dist;
        best = s;
      }
    }
    order.push(best);
    left.delete(best);
    at = best;
  }
  return order;
}

/**
 * 2-opt on an open path that starts at index 0 (the start) and ends anywhere: reversing r[i..j] changes only the edge
 * into r[i] and the edge out of r[j]. Without windows each move is weighed in O(1) from the distances.
 */
function twoOpt(route: Route, d: Float64Array[], order: number[], deadline: number): boolean {
  const n = order.length;
  let improvedAny = false;
  let improved = true;
  while (improved && performance.now() < deadline) {
    improved = false;
    for (let i = 0; i < n - 1; i += 1) {
      const before = i === 0 ? 0 : order[i - 1]!;
      for (let j = i + 1; j < n; j += 1) {
        let better: boolean;
        if (!route.windows) {
          const after = j + 1 < n ? order[j + 1]! : -1;
          const removed = d[before]![order[i]!]! + (after >= 0 ? d[order[j]!]![after]! : 0);
          const added = d[before]![order[j]!]! + (after >= 0 ? d[order[i]!]![after]! : 0);
          better = added < removed - 1e-7;
          if (better) reverse(order, i, j);
        } else {
          const current = route.cost(order);
          reverse(order, i, j);
          better = route.cost(order) < current - 1e-7;
          if (!better) reverse(order, i, j);
        }
        if (better) {
          improved = true;
          improvedAny = true;
        }
      }
      if (performance.now() > deadline) break;
    }
  }
  return improvedAny;
}

function reverse(order: number[], i: number, j: number): void {
  for (let a = i, b = j; a < b; a += 1, b -= 1) {
    const t = order[a]!;
    order[a] = order[b]!;
    order[b] = t;
  }
}

/** Or-opt: a run of 1 to 3 stops moved elsewhere in the route (either way round), when that is cheaper. */
function orOpt(route: Route, d: Float64Array[], order: number[], deadline: number): boolean {
  return route.windows ? orOptByCost(route, order, deadline) : orOptByDistance(d, order, deadline);
}

/** Without windows each move is weighed in O(1): the edges it removes against the edges it adds. */
function orOptByDistance(d: Float64Array[], order: number[], deadline: number): boolean {
  const n = order.length;
  let improvedAny = false;
  let improved = true;
  while (improved && performance.now() < deadline) {
    improved = false;
    search: for (let len = 1; len <= 3; len += 1) {
      for (let i = 0; i + len <= n; i += 1) {
        const p = i === 0 ? 0 : order[i - 1]!;
        const a = order[i]!;
        const b = order[i + len - 1]!;
        const q = i + len < n ? order[i + len]! : -1;
        const gain = d[p]![a]! + (q >= 0 ? d[b]![q]! - d[p]![q]! : 0);
        for (let j = -1; j < n; j += 1) {
          if (j >= i - 1 && j <= i + len - 1) continue;
          const x = j < 0 ? 0 : order[j]!;
          const y = j + 1 < n ? order[j + 1]! : -1;
          const base = y >= 0 ? d[x]![y]! : 0;
          const forward = d[x]![a]! + (y >= 0 ? d[b]![y]! : 0) - base;
          const backward = d[x]![b]! + (y >= 0 ? d[a]![y]! : 0) - base;
          const add = Math.min(forward, backward);
          if (add < gain - 1e-7) {
            const segment = order.splice(i, len);
            if (backward < forward) segment.reverse();
            // Where j pointed once the segment is out of the array.
            const at = j < i ? j + 1 : j + 1 - len;
            order.splice(at, 0, ...segment);
            improved = true;
            improvedAny = true;
            break search;
          }
        }
      }
      if (performance.now() > deadline) break;
    }
  }
  return improvedAny;
}

/** With windows a move changes every later arrival, so each is weighed by walking the whole route. */
function orOptByCost(route: Route, order: number[], deadline: number): boolean {
  const n = order.length;
  let improvedAny = false;
  let improved = true;
  while (improved && performance.now() < deadline) {
    improved = false;
    const current = route.cost(order);
    search: for (let len = 1; len <= 3; len += 1) {
      for (let i = 0; i + len <= n; i += 1) {
        const segment = order.slice(i, i + len);
        const rest = [...order.slice(0, i), ...order.slice(i + len)];
        for (let k = 0; k <= rest.length; k += 1) {
          if (k === i) continue;
          for (const run of len > 1 ? [segment, [...segment].reverse()] : [segment]) {
            const candidate = [...rest.slice(0, k), ...run, ...rest.slice(k)];
            if (route.cost(candidate) < current - 1e-7) {
              order.splice(0, n, ...candidate);
              improved = true;
              improvedAny = true;
              break search;
            }
          }
        }
        if (performance.now() > deadline) break search;
      }
    }
  }
  return improvedAny;
}

function figures(route: Route, stops: readonly OptimiserStop[], order: number[]): RouteFigures {
  const w = route.walk(order);
  const ends = stops.map((s) => s.windowEnd ?? Number.POSITIVE_INFINITY);
  return {
    order: order.map((i) => stops[i - 1]!.id),
    distanceM: w.distance,
    lateStops: w.lateStops,
    timings: order.map((i, k) => ({ id: stops[i - 1]!.id, legM: w.legs[k]!, arrival: w.arrivals[k]!, late: w.arrivals[k]! > ends[i - 1]! })),
  };
}

/** The order of a driver's stops: see the file's comment. 100 stops take well under a second. */
export function optimiseStops(input: OptimiserInput): OptimiserResult {
  const started = performance.now();
  const deadline = started + TIME_BUDGET_MS;
  const d = matrix(input.start, input.stops);
  const route = new Route(d, input.stops, input.departAt);
  const given = input.stops.map((_, i) => i + 1);
  const order = nearestNeighbour(d, input.stops.length);
  // Alternate the two neighbourhoods until neither helps.
  for (let round = 0; round < 10 && performance.now() < deadline; round += 1) {
    const a = twoOpt(route, d, order, deadline);
    const b = orOpt(route, d, order, deadline);
    if (!a && !b) break;
  }
  const improved = route.cost(order) < route.cost(given) - 1e-7;
  const best = improved ? order : given;
  return { before: figures(route, input.stops, given), after: figures(route, input.stops, best), improved, computeMs: performance.now() - started };
}

/** The figures of an order as given (the driver's accepted order, the arrivals the dashboard shows). */
export function routeFigures(input: OptimiserInput): RouteFigures {
  const d = matrix(input.start, input.stops);
  return figures(new Route(d, input.stops, input.departAt), input.stops, input.stops.map((_, i) => i + 1));
}
