import type { Model } from './model.ts';
import { Solution } from './solution.ts';

/**
 * Regret-k insertion (Potvin & Rousseau 1993; Ropke & Pisinger 2006): repeatedly insert the job whose best route beats
 * its k−1 next-best routes by the most (the job that would suffer most from waiting), at its best position. A job
 * with fewer than k routes that can take it has a regret above any finite one, more so with fewer routes.
 * Each job's best position per route is cached and only the changed route's column is recomputed.
 */
export function regretInsertion(m: Model, s: Solution, jobs: number[], k: number, deadline: () => boolean): void {
  const R = s.routes.length;
  const pending = new Set(jobs);
  const cost = new Float64Array(m.jobCount * R);
  const pos = new Int32Array(m.jobCount * R);
  const refresh = (j: number, r: number) => {
    const best = s.routes[r]!.bestInsertion(j);
    cost[j * R + r] = best.cost;
    pos[j * R + r] = best.pos;
  };
  for (const j of pending) for (let r = 0; r < R; r++) refresh(j, r);
  const top = new Float64Array(k);
  while (pending.size > 0) {
    let chosen = -1;
    let chosenRoute = -1;
    let chosenRegret = -Infinity;
    let chosenCost = Infinity;
    for (const j of pending) {
      top.fill(Infinity);
      let bestRoute = -1;
      for (let r = 0; r < R; r++) {
        const c = cost[j * R + r]!;
        if (c >= top[k - 1]!) continue;
        let i = k - 1;
        while (i > 0 && top[i - 1]! > c) {
          top[i] = top[i - 1]!;
          i--;
        }
        top[i] = c;
        if (i === 0) bestRoute = r;
      }
      if (bestRoute < 0) continue;
      let regret = 0;
      for (let i = 1; i < k; i++) regret += top[i] === Infinity ? 1e15 : top[i]! - top[0]!;
      if (regret > chosenRegret || (regret === chosenRegret && top[0]! < chosenCost)) {
        chosen = j;
        chosenRoute = bestRoute;
        chosenRegret = regret;
        chosenCost = top[0]!;
      }
    }
    if (chosen < 0) break;
    s.insert(chosen, chosenRoute, pos[chosen * R + chosenRoute]!);
    pending.delete(chosen);
    for (const j of pending) refresh(j, chosenRoute);
    if (deadline()) break;
  }
}
