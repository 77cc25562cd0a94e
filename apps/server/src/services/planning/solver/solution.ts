import type { Model } from './model.ts';
import { Route } from './route.ts';

/** Every vehicle's route (empty ones too) and the jobs left out. Kept feasible at every step. */
export class Solution {
  routes: Route[];
  /** routeOf[k]: the route serving job k, or −1 when it is left out. */
  routeOf: Int32Array;
  unserved: number[];

  constructor(readonly m: Model, routes?: Route[], routeOf?: Int32Array, unserved?: number[]) {
    this.routes = routes ?? Array.from({ length: m.vehicleCount }, (_, v) => new Route(m, v));
    this.routeOf = routeOf ?? new Int32Array(m.jobCount).fill(-1);
    this.unserved = unserved ?? Array.from({ length: m.jobCount }, (_, k) => k);
  }

  get travel(): number {
    let t = 0;
    for (const r of this.routes) t += r.travel;
    return t;
  }

  /** Lexicographic objective: fewer jobs left out first, then less travel. */
  betterThan(other: Solution, margin = 1e-9): boolean {
    if (this.unserved.length !== other.unserved.length) return this.unserved.length < other.unserved.length;
    return this.travel < other.travel - margin;
  }

  clone(): Solution {
    return new Solution(this.m, this.routes.map((r) => r.clone()), this.routeOf.slice(), this.unserved.slice());
  }

  insert(k: number, r: number, pos: number): void {
    const route = this.routes[r]!;
    route.seq.splice(pos, 0, k);
    route.update();
    this.routeOf[k] = r;
    const at = this.unserved.indexOf(k);
    if (at >= 0) this.unserved.splice(at, 1);
  }

  /** Takes the given positions' jobs out of route r (they become unserved); false, with nothing changed, if that breaks the route. */
  removeAt(r: number, positions: number[]): boolean {
    const route = this.routes[r]!;
    const before = route.seq;
    const drop = new Set(positions);
    route.seq = before.filter((_, i) => !drop.has(i));
    if (!route.update()) {
      route.seq = before;
      route.update();
      return false;
    }
    for (const i of positions) {
      const k = before[i]!;
      this.routeOf[k] = -1;
      this.unserved.push(k);
    }
    return true;
  }
}
