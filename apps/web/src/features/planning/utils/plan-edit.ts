import type { DayPlan } from '@cargo/shared';
import type { RouteEdit } from '../api/planning.ts';

/** The plan's routes as the lists of package ids /check and /commit take, every shift's driver included. */
export function routesOf(plan: Pick<DayPlan, 'routes'>): RouteEdit[] {
  return plan.routes.map((r) => ({ driverId: r.driverId, packageIds: r.stops.map((s) => s.packageId) }));
}

/**
 * Moves one stop to `toDriverId`'s route at `toIndex` (0 = first; counted in that route once the stop has left its
 * own, and clamped to its length). Answers new arrays; the routes given are left as they were.
 */
export function moveStop(routes: readonly RouteEdit[], packageId: string, toDriverId: string, toIndex: number): RouteEdit[] {
  if (!routes.some((r) => r.driverId === toDriverId)) throw new RangeError(`No route for driver ${toDriverId}`);
  if (!routes.some((r) => r.packageIds.includes(packageId))) throw new RangeError(`Package ${packageId} is on no route`);
  const without = routes.map((r) => ({ driverId: r.driverId, packageIds: r.packageIds.filter((id) => id !== packageId) }));
  return without.map((r) => {
    if (r.driverId !== toDriverId) return r;
    const at = Math.max(0, Math.min(toIndex, r.packageIds.length));
    return { driverId: r.driverId, packageIds: [...r.packageIds.slice(0, at), packageId, ...r.packageIds.slice(at)] };
  });
}

/**
 * Puts a package that is on no route (one the plan left out) into `toDriverId`'s route at `toIndex` (0 = first, clamped
 * to the route's length). Answers new arrays; the routes given are left as they were.
 */
export function placeStop(routes: readonly RouteEdit[], packageId: string, toDriverId: string, toIndex: number): RouteEdit[] {
  if (!routes.some((r) => r.driverId === toDriverId)) throw new RangeError(`No route for driver ${toDriverId}`);
  if (routes.some((r) => r.packageIds.includes(packageId))) throw new RangeError(`Package ${packageId} is already on a route`);
  return routes.map((r) => {
    if (r.driverId !== toDriverId) return r;
    const at = Math.max(0, Math.min(toIndex, r.packageIds.length));
    return { driverId: r.driverId, packageIds: [...r.packageIds.slice(0, at), packageId, ...r.packageIds.slice(at)] };
  });
}

/** Whether two arrangements are the same (same drivers, same stops in the same order). */
export function sameRoutes(a: readonly RouteEdit[], b: readonly RouteEdit[]): boolean {
  return a.length === b.length && a.every((r, i) => r.driverId === b[i]!.driverId && r.packageIds.length === b[i]!.packageIds.length && r.packageIds.every((id, k) => id === b[i]!.packageIds[k]));
}

/**
 * One colour per driver, in the order of the plan's routes: ten that tell apart on a map and carry a white number
 * (contrast at least 4.5:1), then hues spread by the golden angle for larger fleets.
 */
const PALETTE = ['#1864ab', '#c2410c', '#2b7a3b', '#862e9c', '#a61e4d', '#0b7285', '#364fc7', '#7c4a1e', '#5f3dc4', '#495057'];

export function driverColour(index: number): string {
  if (index < PALETTE.length) return PALETTE[index]!;
  const hue = Math.round((index * 137.508) % 360);
  return `hsl(${hue} 70% 26%)`;
}
