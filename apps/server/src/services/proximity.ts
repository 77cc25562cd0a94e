import { KMH_PER_MS, LIVE_MSG, PROXIMITY, PROXIMITY_TYPES, type ProximityAlert, type ProximityType } from '@cargo/shared';

/** Pure proximity and ETA rules (design.md §6); the fix pipeline stores the state and publishes the alert. */

export const PROXIMITY_RADII_M: Record<ProximityType, number> = {
  approaching: PROXIMITY.approachingM,
  arriving: PROXIMITY.arrivingM,
  very_near: PROXIMITY.veryNearM,
};

const ALERT_MESSAGES: Record<ProximityType, string> = {
  approaching: LIVE_MSG.approaching,
  arriving: LIVE_MSG.arriving,
  very_near: LIVE_MSG.veryNear,
};

/** What packages.proximity_state holds: the alerts that have fired and not re-armed yet. */
export interface ProximityState {
  fired: ProximityType[];
}

export function parseProximityState(text: string | null | undefined): ProximityState {
  if (!text) return { fired: [] };
  try {
    const parsed = JSON.parse(text) as { fired?: unknown };
    const fired = Array.isArray(parsed.fired) ? parsed.fired.filter((t): t is ProximityType => (PROXIMITY_TYPES as readonly unknown[]).includes(t)) : [];
    return { fired };
  } catch {
    return { fired: [] };
  }
}

export const serializeProximityState = (state: ProximityState): string => JSON.stringify({ fired: [...state.fired].sort() });

/**
 * One step of the alert state machine. An alert fires when the driver comes within its radius and has not fired
 * since it last re-armed; it re-arms once the driver is more than 30% beyond its radius (hysteresis, so a driver
 * wobbling around the boundary is not announced over and over). When several radii are crossed at once, only the
 * tightest is announced and the looser ones count as fired.
 */
export function evaluateProximity(distance: number, state: ProximityState): { alert: ProximityType | null; state: ProximityState } {
  const fired = new Set(state.fired.filter((type) => distance <= PROXIMITY_RADII_M[type] * PROXIMITY.rearmFactor));
  let alert: ProximityType | null = null;
  for (const type of PROXIMITY_TYPES) {
    if (distance <= PROXIMITY_RADII_M[type] && !fired.has(type)) {
      fired.add(type);
      // PROXIMITY_TYPES runs from the loosest to the tightest radius, so the last one crossed wins.
      alert = type;
    }
  }
  return { alert, state: { fired: PROXIMITY_TYPES.filter((t) => fired.has(t)) } };
}

/** Weight of the newest speed in the exponential smoothing. */
export const SPEED_SMOOTHING = 0.3;
/** Below this a fix counts as standing still and does not drag the ETA towards infinity. */
export const MOVING_MIN_MS = 0.5;
/** How many recent fixes feed the smoothed speed behind the ETA. */
export const SPEED_WINDOW = 10;
export const DEFAULT_SPEED_MS = PROXIMITY.defaultSpeedKmh / KMH_PER_MS;

/** Exponentially smoothed speed (m/s) of recent moving fixes, oldest first; null when none was moving. */
export function smoothedSpeed(speedsOldestFirst: ReadonlyArray<number | null | undefined>): number | null {
  let smoothed: number | null = null;
  for (const speed of speedsOldestFirst) {
    if (speed == null || !Number.isFinite(speed) || speed < MOVING_MIN_MS) continue;
    smoothed = smoothed === null ? speed : SPEED_SMOOTHING * speed + (1 - SPEED_SMOOTHING) * smoothed;
  }
  return smoothed;
}

/** Whole minutes to arrival: straight-line distance × 1.3 (roads are not straight) ÷ speed (40 km/h when unknown). */
export function etaMinutes(distance: number, speedMs: number | null): number {
  const speed = speedMs && speedMs > 0 ? speedMs : DEFAULT_SPEED_MS;
  return Math.ceil((distance * PROXIMITY.routeFactor) / speed / 60);
}

export function proximityAlert(type: ProximityType, distance: number, eta: number | null): ProximityAlert {
  return { type, message: ALERT_MESSAGES[type], eta, distanceM: Math.round(distance) };
}
