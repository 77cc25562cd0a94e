import { earliestStart, latestStart, type Model } from './model.ts';

/**
 * One vehicle's route and the arrays that make a move's check O(1) (Savelsbergh's forward/backward time slack):
 * `es[i]`, the earliest service start at position i given everything before it; `ls[i]`, the latest service start at
 * i that still lets every later stop keep a window and the vehicle be back by the shift's end. Inserting job u
 * between positions i-1 and i is feasible iff u's earliest start after i-1 is in a window and the arrival at i that
 * follows is ≤ ls[i] (waiting is allowed, so starting earlier never hurts what follows; with several windows the
 * feasible starts at i are exactly the window moments ≤ ls[i]).
 */
export class Route {
  seq: number[] = [];
  es: number[] = [];
  ls: number[] = [];
  /** pre[i * dims + d]: load of positions < i (so pre at len is the route's load). */
  pre: number[] = [];
  travel = 0;
  constructor(readonly m: Model, readonly v: number) {
    this.update();
  }

  get length(): number {
    return this.seq.length;
  }

  load(d: number): number {
    return this.pre[this.seq.length * this.m.dims + d]!;
  }

  /** Recomputes the arrays after a change; false when the route breaks a window or its shift (never kept so). */
  update(): boolean {
    const m = this.m;
    const n = this.seq.length;
    const P = m.places;
    this.es.length = n;
    this.ls.length = n;
    let place = m.vStart[this.v]!;
    let t = m.shiftStart[this.v]!;
    let travel = 0;
    let ok = true;
    for (let i = 0; i < n; i++) {
      const k = this.seq[i]!;
      const d = m.dur[place * P + m.loc[k]!]!;
      travel += d;
      t = earliestStart(m, k, t + d);
      if (t === Infinity) ok = false;
      this.es[i] = t;
      t += m.service[k]!;
      place = m.loc[k]!;
    }
    const back = m.dur[place * P + m.vEnd[this.v]!]!;
    travel += back;
    if (t + back > m.shiftEnd[this.v]!) ok = false;
    this.travel = travel;
    let latest = m.shiftEnd[this.v]!;
    let next = m.vEnd[this.v]!;
    for (let i = n - 1; i >= 0; i--) {
      const k = this.seq[i]!;
      latest = latestStart(m, k, latest - m.service[k]! - m.dur[m.loc[k]! * P + next]!);
      this.ls[i] = latest;
      next = m.loc[k]!;
    }
    const dims = m.dims;
    this.pre.length = (n + 1) * dims;
    for (let d = 0; d < dims; d++) this.pre[d] = 0;
    for (let i = 0; i < n; i++) {
      const k = this.seq[i]!;
      for (let d = 0; d < dims; d++) this.pre[(i + 1) * dims + d] = this.pre[i * dims + d]! + m.amount[k * dims + d]!;
    }
    return ok;
  }

  /** Place of position p (−1: the start place, length: the end place). */
  placeAt(p: number): number {
    if (p < 0) return this.m.vStart[this.v]!;
    if (p >= this.seq.length) return this.m.vEnd[this.v]!;
    return this.m.loc[this.seq[p]!]!;
  }

  /** When the vehicle leaves position p (−1: the shift's start). */
  departureAt(p: number): number {
    if (p < 0) return this.m.shiftStart[this.v]!;
    return this.es[p]! + this.m.service[this.seq[p]!]!;
  }

  /** Latest arrival allowed at position p (length: the shift's end). */
  latestAt(p: number): number {
    if (p >= this.seq.length) return this.m.shiftEnd[this.v]!;
    return this.ls[p]!;
  }

  /** Whether job k's amounts fit on top of the route's load with `freed` (a job leaving, or −1) taken off. */
  fits(k: number, freed = -1): boolean {
    const m = this.m;
    const dims = m.dims;
    const base = this.seq.length * dims;
    for (let d = 0; d < dims; d++) {
      let load = this.pre[base + d]! + m.amount[k * dims + d]!;
      if (freed >= 0) load -= m.amount[freed * dims + d]!;
      if (load > m.capacity[this.v * dims + d]!) return false;
    }
    return true;
  }

  /**
   * Added travel of inserting job k before position p (between p−1 and p), or Infinity when a window or the shift
   * forbids it. O(1) (times the job's number of windows). Capacity is the caller's check (`fits`).
   */
  insertionCost(k: number, p: number): number {
    const m = this.m;
    const P = m.places;
    const prev = this.placeAt(p - 1);
    const next = this.placeAt(p);
    const at = m.loc[k]!;
    const start = earliestStart(m, k, this.departureAt(p - 1) + m.dur[prev * P + at]!);
    if (start === Infinity) return Infinity;
    if (start + m.service[k]! + m.dur[at * P + next]! > this.latestAt(p)) return Infinity;
    return m.dur[prev * P + at]! + m.dur[at * P + next]! - m.dur[prev * P + next]!;
  }

  /**
   * Added travel of putting job k in place of position p's job, or Infinity when a window or the shift forbids it
   * (the exchange move); capacity is the caller's check.
   */
  replacementCost(k: number, p: number): number {
    const m = this.m;
    const P = m.places;
    const prev = this.placeAt(p - 1);
    const next = this.placeAt(p + 1);
    const at = m.loc[k]!;
    const old = m.loc[this.seq[p]!]!;
    const start = earliestStart(m, k, this.departureAt(p - 1) + m.dur[prev * P + at]!);
    if (start === Infinity) return Infinity;
    if (start + m.service[k]! + m.dur[at * P + next]! > this.latestAt(p + 1)) return Infinity;
    return m.dur[prev * P + at]! + m.dur[at * P + next]! - m.dur[prev * P + old]! - m.dur[old * P + next]!;
  }

  /** Change in travel of taking position p out, or Infinity when that breaks a window (only with a non-metric matrix). */
  removalCost(p: number): number {
    const m = this.m;
    const P = m.places;
    const prev = this.placeAt(p - 1);
    const next = this.placeAt(p + 1);
    const at = this.placeAt(p);
    if (this.departureAt(p - 1) + m.dur[prev * P + next]! > this.latestAt(p + 1)) return Infinity;
    return m.dur[prev * P + next]! - m.dur[prev * P + at]! - m.dur[at * P + next]!;
  }

  /** Best position for job k (cost and position; Infinity when none), skipping each position with chance `blink`. */
  bestInsertion(k: number, blink = 0, random?: () => number): { cost: number; pos: number } {
    let best = Infinity;
    let pos = -1;
    if (!this.fits(k)) return { cost: best, pos };
    for (let p = 0; p <= this.seq.length; p++) {
      if (blink > 0 && random!() < blink) continue;
      const c = this.insertionCost(k, p);
      if (c < best) {
        best = c;
        pos = p;
      }
    }
    return { cost: best, pos };
  }

  clone(): Route {
    const r = Object.create(Route.prototype) as Route;
    Object.assign(r, this);
    r.seq = this.seq.slice();
    r.es = this.es.slice();
    r.ls = this.ls.slice();
    r.pre = this.pre.slice();
    return r;
  }
}

/**
 * Whether a sequence of jobs is feasible for vehicle v (windows, shift, capacity), walking it from the start: the
 * slow, plain check the moves that rebuild a whole route use. The options serve the unplanned reasons.
 */
export function sequenceFeasible(
  m: Model,
  v: number,
  seq: readonly number[],
  { ignoreShiftEnd = false, ignoreCapacity = false }: { ignoreShiftEnd?: boolean; ignoreCapacity?: boolean } = {},
): boolean {
  const P = m.places;
  const dims = m.dims;
  for (let d = 0; d < dims && !ignoreCapacity; d++) {
    let load = 0;
    for (const k of seq) load += m.amount[k * dims + d]!;
    if (load > m.capacity[v * dims + d]!) return false;
  }
  let place = m.vStart[v]!;
  let t = m.shiftStart[v]!;
  for (const k of seq) {
    t = earliestStart(m, k, t + m.dur[place * P + m.loc[k]!]!);
    if (t === Infinity) return false;
    t += m.service[k]!;
    place = m.loc[k]!;
  }
  return ignoreShiftEnd || t + m.dur[place * P + m.vEnd[v]!]! <= m.shiftEnd[v]!;
}
