import type { Model } from './model.ts';
import type { Solution } from './solution.ts';

/** Average number of jobs a ruin takes out, and the longest string: SISR's c̄ = 10 and L_max = 10. */
const MEAN_REMOVED = 10;
const MAX_STRING = 10;
/** Chance of skipping a position while recreating (SISR's "blinks"), which varies the rebuilt routes. */
const BLINK = 0.01;

/**
 * Ruin: string removal (Christiaens & Vanden Berghe 2020, "Slack Induction by String Removals"): around a random
 * job, from the routes of its nearest jobs, take out strings of consecutive jobs; with probability ½ the string
 * keeps a run of jobs in the middle (the split string). Neighbouring routes lose neighbouring jobs, which makes
 * room where recreating can regroup them. While jobs are left out, half the ruins start next to one of them.
 */
export function ruin(m: Model, s: Solution, random: () => number): void {
  const served: number[] = [];
  let routes = 0;
  for (const r of s.routes) {
    if (r.length > 0) routes++;
    for (const k of r.seq) served.push(k);
  }
  if (served.length === 0) return;
  const avgLength = served.length / routes;
  const lsMax = Math.min(MAX_STRING, avgLength);
  const ksMax = (4 * MEAN_REMOVED) / (1 + lsMax) - 1;
  const ks = Math.floor(random() * ksMax) + 1;
  const seed = s.unserved.length > 0 && random() < 0.5 ? nearestServed(m, s, s.unserved[Math.floor(random() * s.unserved.length)]!) : served[Math.floor(random() * served.length)]!;
  const ruined = new Set<number>();
  const nb = m.neighbours[seed]!;
  for (let n = -1; n < nb.length && ruined.size < ks; n++) {
    const c = n < 0 ? seed : nb[n]!;
    const r = s.routeOf[c]!;
    if (r < 0 || ruined.has(r)) continue;
    ruined.add(r);
    const route = s.routes[r]!;
    const at = route.seq.indexOf(c);
    const lMax = Math.min(route.length, lsMax);
    const l = Math.floor(random() * lMax) + 1;
    if (random() < 0.5 || l === route.length) {
      // A string of l jobs holding c, placed at random around it.
      const first = Math.max(0, Math.min(route.length - l, at - Math.floor(random() * l)));
      s.removeAt(r, range(first, l));
    } else {
      // The split string: l + kept jobs, the `kept` middle ones staying (more and more rarely longer).
      let kept = 1;
      while (l + kept < route.length && random() > 0.5) kept++;
      const total = l + kept;
      const first = Math.max(0, Math.min(route.length - total, at - Math.floor(random() * total)));
      const keepFrom = first + Math.floor(random() * (l + 1));
      const positions = range(first, total).filter((p) => p < keepFrom || p >= keepFrom + kept);
      s.removeAt(r, positions);
    }
  }
}

/** The served job nearest to job k (a ruin there makes room for k). */
function nearestServed(m: Model, s: Solution, k: number): number {
  for (const n of m.neighbours[k]!) if (s.routeOf[n]! >= 0) return n;
  return k;
}

function range(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * Recreate: every job left out, those no route could take before the ruin (`leftOut`) first, then those just
 * removed in one of a few orders chosen at random (random, largest first, farthest from the start first, tightest
 * window first), each at its cheapest feasible position over all routes, skipping each position with a small chance
 * (blinks).
 */
export function recreate(m: Model, s: Solution, random: () => number, leftOut: readonly number[] = []): void {
  const before = new Set(leftOut);
  const jobs = s.unserved.filter((k) => !before.has(k));
  const pick = random();
  if (pick < 0.4) shuffle(jobs, random);
  else if (pick < 0.7) {
    shuffle(jobs, random);
    jobs.sort((x, y) => size(m, y) - size(m, x));
  } else if (pick < 0.9) {
    jobs.sort((x, y) => farness(m, y) - farness(m, x));
  } else {
    jobs.sort((x, y) => width(m, x) - width(m, y));
  }
  // Jobs no route took before the ruin go first: serving them matters more than where the others go.
  for (const k of [...leftOut, ...jobs]) {
    if (s.routeOf[k]! >= 0) continue;
    let best = Infinity;
    let bestRoute = -1;
    let bestPos = -1;
    for (let r = 0; r < s.routes.length; r++) {
      const route = s.routes[r]!;
      if (!route.fits(k)) continue;
      for (let p = 0; p <= route.length; p++) {
        if (random() < BLINK) continue;
        const c = route.insertionCost(k, p);
        if (c < best) {
          best = c;
          bestRoute = r;
          bestPos = p;
        }
      }
    }
    if (bestRoute >= 0) s.insert(k, bestRoute, bestPos);
  }
}

function shuffle(a: number[], random: () => number): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
}

function size(m: Model, k: number): number {
  let total = 0;
  for (let d = 0; d < m.dims; d++) total += m.amount[k * m.dims + d]!;
  return total;
}

function farness(m: Model, k: number): number {
  return m.dur[m.vStart[0]! * m.places + m.loc[k]!]!;
}

function width(m: Model, k: number): number {
  let total = 0;
  for (let w = m.twOff[k]!; w < m.twOff[k + 1]!; w++) total += m.twEnd[w]! - m.twStart[w]!;
  return total;
}
