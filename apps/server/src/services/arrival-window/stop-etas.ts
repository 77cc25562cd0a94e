import type { LatLngPoint } from '@cargo/shared';
import { routeFigures, type OptimiserStop } from '../route-optimiser/built-in.ts';

/**
 * The estimated arrival (epoch ms) at each stop of a driver's accepted order, from the driver's position now: the
 * arrivals the driver's stop list and the dashboard show (route-optimiser/built-in.ts: straight line × 1.3 at 40 km/h,
 * 3 minutes at each door). The arrival windows are built from these (decision 111); bench/arrival-window.mjs calls
 * this same function.
 */
export function stopEtas(start: LatLngPoint, stops: readonly OptimiserStop[], nowMs: number): Map<string, number> {
  return new Map(routeFigures({ start, stops, departAt: nowMs }).timings.map((t) => [t.id, t.arrival]));
}
