import { distanceM } from '@cargo/shared';

/**
 * The demo drive's road (issue 8): a closed loop of straight street legs around a delivery address, in the direction
 * the package came from. It enters from 5.6 km out (just outside the 5 km 'approaching' radius), turns twice on its
 * way in, stops at the door, leaves on a parallel street far enough (6.7 km) to re-arm every proximity alert
 * (design.md §6: 30% beyond its radius) and comes round to the start, so each lap fires approaching, arriving and
 * very near once, like a driver on a delivery round. Pure geometry; demo-drive.ts sends the fixes.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** Waypoints in km: `u` along the line from the delivery address towards the pickup, `v` across it. */
const LOOP_KM: Array<[number, number]> = [
  [5.6, 0.6],
  [2.2, 0.6],
  [2.2, 0.1],
  [0.35, 0.1],
  [0, 0],
  [0, -0.7],
  [6.7, -0.7],
  [6.7, 0.6],
];

/** Index of the delivery address in the loop: where the truck stops. */
export const DOOR_INDEX = 4;
/** City-street speed of the demo truck, m/s (50 km/h). */
export const DEMO_SPEED_MS = 13.9;
/** One fix every few seconds, as Traccar Client sends them. */
export const DEMO_FIX_INTERVAL_MS = 5_000;
/** The stop at the door, in fixes. */
export const DOOR_STOP_FIXES = 6;

const KM_PER_DEG_LAT = 111.195;

export interface DemoRoute {
  points: LatLng[];
  /** Cumulative metres at each point; the last entry closes the loop back to the first. */
  offsets: number[];
  length: number;
  /** Metres along the loop where the truck reaches the door. */
  doorAt: number;
}

export function demoRoute(delivery: LatLng, pickup: LatLng): DemoRoute {
  const kmPerDegLng = KM_PER_DEG_LAT * Math.cos((delivery.lat * Math.PI) / 180);
  // Direction from the door towards the pickup, in km; due south when the two coincide.
  let east = (pickup.lng - delivery.lng) * kmPerDegLng;
  let north = (pickup.lat - delivery.lat) * KM_PER_DEG_LAT;
  const norm = Math.hypot(east, north);
  if (norm < 1e-6) [east, north] = [0, -1];
  else [east, north] = [east / norm, north / norm];
  const points = LOOP_KM.map(([u, v]) => {
    const e = u * east - v * north;
    const n = u * north + v * east;
    return { lat: delivery.lat + n / KM_PER_DEG_LAT, lng: delivery.lng + e / kmPerDegLng };
  });
  const offsets = [0];
  for (let i = 1; i <= points.length; i++) offsets.push(offsets[i - 1]! + distanceM(points[i - 1]!, points[i % points.length]!));
  return { points, offsets, length: offsets[points.length]!, doorAt: offsets[DOOR_INDEX]! };
}

/** The position `s` metres along the loop (wrapping) and the heading of its leg in degrees. */
export function pointAlong(route: DemoRoute, s: number): { position: LatLng; heading: number } {
  const at = ((s % route.length) + route.length) % route.length;
  let i = 0;
  while (i < route.points.length - 1 && route.offsets[i + 1]! <= at) i++;
  const from = route.points[i]!;
  const to = route.points[(i + 1) % route.points.length]!;
  const legLength = route.offsets[i + 1]! - route.offsets[i]!;
  const t = legLength > 0 ? (at - route.offsets[i]!) / legLength : 0;
  return { position: { lat: from.lat + (to.lat - from.lat) * t, lng: from.lng + (to.lng - from.lng) * t }, heading: bearing(from, to) };
}

/** Metres along the loop of the loop point nearest to a position: where a restarted drive resumes. */
export function nearestAlong(route: DemoRoute, position: LatLng): number {
  let best = { s: 0, d: Number.POSITIVE_INFINITY };
  const step = 25;
  for (let s = 0; s < route.length; s += step) {
    const d = distanceM(pointAlong(route, s).position, position);
    if (d < best.d) best = { s, d };
  }
  return best.s;
}

function bearing(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const y = Math.sin((to.lng - from.lng) * rad) * Math.cos(to.lat * rad);
  const x = Math.cos(from.lat * rad) * Math.sin(to.lat * rad) - Math.sin(from.lat * rad) * Math.cos(to.lat * rad) * Math.cos((to.lng - from.lng) * rad);
  return Math.round(((Math.atan2(y, x) / rad) + 360) % 360);
}
