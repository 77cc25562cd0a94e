import type { UnplannedReason } from '@cargo/shared';
import type { Model } from './model.ts';
import { sequenceFeasible } from './route.ts';
import type { Solution } from './solution.ts';

/**
 * Why job k cannot be served by any vehicle even alone, or null when some vehicle could serve it alone:
 * 'no-capacity' when it is larger than every vehicle; else 'shift-too-short' when some vehicle that can carry it
 * reaches one of its windows but cannot then be back by its shift's end; else 'window-unreachable'.
 */
export function reasonAlone(m: Model, k: number): UnplannedReason | null {
  let carried = false;
  let reachable = false;
  for (let v = 0; v < m.vehicleCount; v++) {
    if (!fitsEmpty(m, k, v)) continue;
    carried = true;
    if (sequenceFeasible(m, v, [k])) return null;
    if (sequenceFeasible(m, v, [k], { ignoreShiftEnd: true })) reachable = true;
  }
  if (!carried) return 'no-capacity';
  return reachable ? 'shift-too-short' : 'window-unreachable';
}

/**
 * Why job k, which some vehicle could serve alone, is left out of plan s: 'no-capacity' when a route has a place in
 * time for it but no room; else 'shift-too-short' when a place would be found if shifts had no end; else
 * 'window-unreachable'. (With room and time somewhere it would have been inserted.)
 */
export function reasonInPlan(m: Model, s: Solution, k: number): UnplannedReason {
  let lateOnly = false;
  for (const route of s.routes) {
    for (let p = 0; p <= route.length; p++) {
      const seq = [...route.seq.slice(0, p), k, ...route.seq.slice(p)];
      if (sequenceFeasible(m, route.v, seq, { ignoreCapacity: true })) return 'no-capacity';
      if (!lateOnly && sequenceFeasible(m, route.v, seq, { ignoreCapacity: true, ignoreShiftEnd: true })) lateOnly = true;
    }
  }
  return lateOnly ? 'shift-too-short' : 'window-unreachable';
}

function fitsEmpty(m: Model, k: number, v: number): boolean {
  for (let d = 0; d < m.dims; d++) if (m.amount[k * m.dims + d]! > m.capacity[v * m.dims + d]!) return false;
  return true;
}
