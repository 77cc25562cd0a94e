import { distanceM, FIX_FILTERS, KMH_PER_MS, LIVE_MSG } from '@cargo/shared';

/** Pure GPS fix filters (design.md §6): a fix that fails one is refused with 422 and the reason. */

export interface FixPoint {
  lat: number;
  lng: number;
  /** Device time of the fix, epoch ms. */
  recordedAtMs: number;
  accuracy?: number | null;
}

/** Two fixes closer in time than this are compared as if this far apart, so one clock tick cannot mean infinite speed. */
export const MIN_SPEED_INTERVAL_MS = 1_000;

/** Checks a fix can be trusted on its own: coordinates, device clock, accuracy. Null when it passes. */
export function checkFixAlone(fix: FixPoint, nowMs: number): string | null {
  const { lat, lng } = fix;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat < -90 || lat > 90 || lng < -180 || lng > 180 || (lat === 0 && lng === 0)) {
    return LIVE_MSG.invalidCoordinates;
  }
  if (!Number.isFinite(fix.recordedAtMs)) return LIVE_MSG.invalidCoordinates;
  if (fix.recordedAtMs - nowMs > FIX_FILTERS.maxFutureMs) return LIVE_MSG.deviceTimeAhead;
  if (fix.accuracy != null && fix.accuracy > FIX_FILTERS.maxAccuracyM) return LIVE_MSG.poorAccuracy;
  return null;
}

/** Speed in km/h that moving from `from` to `to` implies. */
export function impliedSpeedKmh(from: FixPoint, to: FixPoint): number {
  const seconds = Math.max(Math.abs(to.recordedAtMs - from.recordedAtMs), MIN_SPEED_INTERVAL_MS) / 1000;
  return (distanceM(from, to) / seconds) * KMH_PER_MS;
}

/**
 * Checks a fix against the stored fix just before it in time (for a late fix, its neighbour, not the newest):
 * the same position at the same time is a resend; a jump faster than 250 km/h is a GPS glitch.
 */
export function checkAgainstPrevious(fix: FixPoint, previous: FixPoint | null | undefined): string | null {
  if (!previous) return null;
  if (previous.lat === fix.lat && previous.lng === fix.lng && previous.recordedAtMs === fix.recordedAtMs) return LIVE_MSG.duplicateFix;
  if (impliedSpeedKmh(previous, fix) > FIX_FILTERS.maxSpeedKmh) return LIVE_MSG.impliedSpeed;
  return null;
}

/** All filters in order; null when the fix is accepted. */
export function filterFix(fix: FixPoint, previous: FixPoint | null | undefined, nowMs: number): string | null {
  return checkFixAlone(fix, nowMs) ?? checkAgainstPrevious(fix, previous);
}

/** A trail after the filters: the fixes kept, how many were dropped, and the distance along the kept ones. */
export interface FilteredTrail {
  kept: FixPoint[];
  /** Fixes the filters dropped (the same fix stored for several packages is one fix, not a drop). */
  dropped: number;
  distanceM: number;
}

/**
 * A stored trail read back (a driver's day, issue 35), filtered as ingest filters each fix: in device-time order, each
 * fix is checked on its own and against the last fix kept, so a resend or a jump is dropped and the trail goes on
 * from the fix before it. Fixes of several packages carried by one driver make one trail; the same fix stored for
 * each of them counts once. The distance is the sum of the great-circle legs between the fixes kept.
 */
export function filterTrail(points: readonly FixPoint[], nowMs: number): FilteredTrail {
  const unique = new Map<string, FixPoint>();
  for (const p of points) unique.set(`${p.recordedAtMs}|${p.lat}|${p.lng}`, p);
  const ordered = [...unique.values()].sort((a, b) => a.recordedAtMs - b.recordedAtMs || a.lat - b.lat || a.lng - b.lng);
  const kept: FixPoint[] = [];
  let dropped = 0;
  let distance = 0;
  for (const fix of ordered) {
    const last = kept.at(-1);
    if (filterFix(fix, last, nowMs)) {
      dropped += 1;
      continue;
    }
    if (last) distance += distanceM(last, fix);
    kept.push(fix);
  }
  return { kept, dropped, distanceM: distance };
}
