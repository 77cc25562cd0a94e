import type { Model } from './model.ts';
import { sequenceFeasible } from './route.ts';
import type { Solution } from './solution.ts';

const EPS = 1e-7;
/**
 * The moves between routes look only at each job's nearest jobs (a granular neighbourhood, Toth & Vigo 2003): a
 * gain almost always joins near jobs, and it makes a pass O(jobs × NEIGHBOURS) instead of O(jobs²).
 */
const NEIGHBOURS = 30;

/**
 * Descent with four classic moves, each applied at the first gain found, until none gains or time is up:
 * relocate (a job next to one of its nearest jobs in another route), exchange (a job with one of its nearest jobs in
 * another route), 2-opt* (two routes swap their tails, joining a job to one of its nearest jobs) and or-opt (a run of
 * 1-3 jobs moved within its route). Relocate, exchange and 2-opt* between vehicles with the same end place and shift
 * end are checked in O(1) with the routes' slack arrays; or-opt walks the changed route.
 */
export function localSearch(m: Model, s: Solution, deadline: () => boolean): void {
  let improved = true;
  while (improved && !deadline()) {
    improved = relocate(m, s) || exchange(m, s) || twoOptStar(m, s) || orOpt(m, s);
  }
}

function relocate(m: Model, s: Solution): boolean {
  let any = false;
  for (let u = 0; u < m.jobCount; u++) {
    const r1 = s.routeOf[u]!;
    if (r1 < 0) continue;
    const a = s.routes[r1]!;
    const i = a.seq.indexOf(u);
    const gain = a.removalCost(i);
    if (gain === Infinity) continue;
    let best = -EPS;
    let bestRoute = -1;
    let bestPos = -1;
    const nb = m.neighbours[u]!;
    const limit = Math.min(nb.length, NEIGHBOURS);
    for (let n = 0; n < limit; n++) {
      const v = nb[n]!;
      const r2 = s.routeOf[v]!;
      if (r2 < 0 || r2 === r1) continue;
      const b = s.routes[r2]!;
      if (!b.fits(u)) continue;
      const j = b.seq.indexOf(v);
      // Just before or just after its neighbour.
      for (let p = j; p <= j + 1; p++) {
        const c = gain + b.insertionCost(u, p);
        if (c < best) {
          best = c;
          bestRoute = r2;
          bestPos = p;
        }
      }
    }
    if (bestRoute >= 0) {
      a.seq.splice(i, 1);
      a.update();
      s.routes[bestRoute]!.seq.splice(bestPos, 0, u);
      s.routes[bestRoute]!.update();
      s.routeOf[u] = bestRoute;
      any = true;
    }
  }
  return any;
}

function exchange(m: Model, s: Solution): boolean {
  let any = false;
  for (let u = 0; u < m.jobCount; u++) {
    const r1 = s.routeOf[u]!;
    if (r1 < 0) continue;
    const nb = m.neighbours[u]!;
    const limit = Math.min(nb.length, NEIGHBOURS);
    for (let n = 0; n < limit; n++) {
      const v = nb[n]!;
      const r2 = s.routeOf[v]!;
      if (r2 < 0 || r2 === r1) continue;
      const a = s.routes[r1]!;
      const b = s.routes[r2]!;
      if (!a.fits(v, u) || !b.fits(u, v)) continue;
      const i = a.seq.indexOf(u);
      const j = b.seq.indexOf(v);
      const c = a.replacementCost(v, i) + b.replacementCost(u, j);
      if (c < -EPS) {
        a.seq[i] = v;
        b.seq[j] = u;
        a.update();
        b.update();
        s.routeOf[u] = r2;
        s.routeOf[v] = r1;
        any = true;
        break;
      }
    }
  }
  return any;
}

function twoOptStar(m: Model, s: Solution): boolean {
  const dims = m.dims;
  let any = false;
  for (let u = 0; u < m.jobCount; u++) {
    const nb = m.neighbours[u]!;
    const limit = Math.min(nb.length, NEIGHBOURS);
    for (let n = 0; n < limit; n++) {
      // The new edge u → v: u's route keeps its head up to u and takes v's route's tail from v; v's route keeps its
      // head before v and takes the tail after u.
      const v = nb[n]!;
      const r1 = s.routeOf[u]!;
      const r2 = s.routeOf[v]!;
      if (r1 < 0 || r2 < 0 || r1 === r2) continue;
      const a = s.routes[r1]!;
      const b = s.routes[r2]!;
      const i = a.seq.indexOf(u);
      const j = b.seq.indexOf(v) - 1;
      let fits = true;
      for (let d = 0; d < dims && fits; d++) {
        const aHead = a.pre[(i + 1) * dims + d]!;
        const bHead = b.pre[(j + 1) * dims + d]!;
        if (aHead + b.load(d) - bHead > m.capacity[a.v * dims + d]! || bHead + a.load(d) - aHead > m.capacity[b.v * dims + d]!) fits = false;
      }
      if (!fits) continue;
      const sameEnd = m.vEnd[a.v] === m.vEnd[b.v] && m.shiftEnd[a.v] === m.shiftEnd[b.v];
      if (sameEnd) {
        const P = m.places;
        const ai = a.placeAt(i);
        const ai1 = a.placeAt(i + 1);
        const bj = b.placeAt(j);
        const bj1 = b.placeAt(j + 1);
        // The tails keep their end place and time (the same for both vehicles), so the slack arrays hold for them.
        const delta = m.dur[ai * P + bj1]! + m.dur[bj * P + ai1]! - m.dur[ai * P + ai1]! - m.dur[bj * P + bj1]!;
        if (delta >= -EPS) continue;
        if (a.departureAt(i) + m.dur[ai * P + bj1]! > b.latestAt(j + 1)) continue;
        if (b.departureAt(j) + m.dur[bj * P + ai1]! > a.latestAt(i + 1)) continue;
      }
      const na = [...a.seq.slice(0, i + 1), ...b.seq.slice(j + 1)];
      const nbq = [...b.seq.slice(0, j + 1), ...a.seq.slice(i + 1)];
      if (!sameEnd) {
        if (travelOf(m, a.v, na) + travelOf(m, b.v, nbq) >= a.travel + b.travel - EPS) continue;
        if (!sequenceFeasible(m, a.v, na) || !sequenceFeasible(m, b.v, nbq)) continue;
      }
      a.seq = na;
      b.seq = nbq;
      a.update();
      b.update();
      for (const k of na) s.routeOf[k] = r1;
      for (const k of nbq) s.routeOf[k] = r2;
      any = true;
    }
  }
  return any;
}

function orOpt(m: Model, s: Solution): boolean {
  const P = m.places;
  let any = false;
  for (const route of s.routes) {
    for (let len = 1; len <= 3; len++) {
      for (let i = 0; i + len <= route.length; i++) {
        const seq = route.seq;
        const before = route.placeAt(i - 1);
        const first = route.placeAt(i);
        const last = route.placeAt(i + len - 1);
        const after = route.placeAt(i + len);
        const cut = m.dur[before * P + after]! - m.dur[before * P + first]! - m.dur[last * P + after]!;
        for (let p = -1; p < route.length; p++) {
          // Put the run between positions p and p+1 of the route as it stands (outside the run itself).
          if (p >= i - 1 && p < i + len) continue;
          const x = route.placeAt(p);
          const y = route.placeAt(p + 1);
          const delta = cut + m.dur[x * P + first]! + m.dur[last * P + y]! - m.dur[x * P + y]!;
          if (delta >= -EPS) continue;
          const run = seq.slice(i, i + len);
          const rest = [...seq.slice(0, i), ...seq.slice(i + len)];
          const at = p < i ? p + 1 : p + 1 - len;
          const next = [...rest.slice(0, at), ...run, ...rest.slice(at)];
          if (!sequenceFeasible(m, route.v, next)) continue;
          route.seq = next;
          route.update();
          any = true;
          break;
        }
      }
    }
  }
  return any;
}

export function travelOf(m: Model, v: number, seq: readonly number[]): number {
  const P = m.places;
  let place = m.vStart[v]!;
  let t = 0;
  for (const k of seq) {
    t += m.dur[place * P + m.loc[k]!]!;
    place = m.loc[k]!;
  }
  return t + m.dur[place * P + m.vEnd[v]!]!;
}
