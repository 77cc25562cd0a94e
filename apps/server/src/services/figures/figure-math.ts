import { FIGURE_METHODS, FIGURE_REASONS, addDays, type FigureSet } from '@cargo/shared';
import { wallClock, zoneOfPlace } from '../../lib/time-zone.ts';
import type { FigurePackage } from '../../repositories/figures.ts';

/**
 * The pieces of the figures that the raw computation (figure-service.ts) and the daily aggregate (figure-days.ts) share:
 * periods, local days, the order of outcomes and the empty set of figures.
 */
/** Local days run at most 14 hours ahead of UTC and 12 behind: a UTC range this much wider holds every zone's day. */
export const ZONE_SLACK_MS = 15 * 3_600_000;

export interface Period {
  from: string;
  to: string;
}

export interface Filters {
  driverId: string | null;
  serviceType: string | null;
}

export const msOf = (iso: string) => Date.parse(iso);

const QUARTER_MS = 900_000;
const dayMemo = new Map<string, string>();
/**
 * The local day at `ms` on a zone's clock (wallClock), remembered per zone and quarter hour: zone offsets and their
 * changes fall on quarter hours, so every instant of a quarter hour has its first instant's day. Reading a day of
 * figures asks this hundreds of thousands of times.
 */
export function localDayAt(timeZone: string, ms: number): string {
  const quarter = Math.floor(ms / QUARTER_MS);
  const key = `${timeZone}|${quarter}`;
  let day = dayMemo.get(key);
  if (day === undefined) {
    if (dayMemo.size > 200_000) dayMemo.clear();
    day = wallClock(timeZone, quarter * QUARTER_MS).day;
    dayMemo.set(key, day);
  }
  return day;
}

export function utcRange(period: Period): { fromIso: string; toIso: string } {
  return {
    fromIso: new Date(Date.parse(`${period.from}T00:00:00Z`) - ZONE_SLACK_MS).toISOString(),
    toIso: new Date(Date.parse(`${addDays(period.to, 1)}T00:00:00Z`) + ZONE_SLACK_MS).toISOString(),
  };
}

/** What orders outcomes: when it happened, when it was recorded, its id. */
type TimedOutcome = { deviceTime: string; createdAt: string; id: string };

/** Earliest first: by when it happened (the device's time), then when it was recorded, then id (ties stay stable). */
export function byTime(a: TimedOutcome, b: TimedOutcome): number {
  return msOf(a.deviceTime) - msOf(b.deviceTime) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

export function emptySet(): FigureSet {
  return {
    delivered: 0,
    onTime: 0,
    onTimeRate: null,
    firstAttempt: 0,
    firstAttemptRate: null,
    attempts: 0,
    attemptsByReason: Object.fromEntries(FIGURE_REASONS.map((r) => [r, 0])),
    exceptions: 0,
    returns: 0,
    proofComplete: 0,
    proofCompleteness: null,
    ratings: { count: 0, average: null, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    money: { due: 0, collected: 0, collectedByMethod: Object.fromEntries(FIGURE_METHODS.map((m) => [m, 0])), released: 0, stillOwed: 0 },
    messages: { sent: 0, failed: 0 },
    webhooks: { delivered: 0, failed: 0 },
    stops: 0,
    driverHours: 0,
    stopsPerDriverHour: null,
    timedStops: 0,
    averageStopSeconds: null,
  };
}

/** Seconds from the arrival to the outcome, or null when no arrival was recorded (or it is not before the outcome). */
export function secondsAtStop(o: { arrivedAt: string | null; deviceTime: string }): number | null {
  if (!o.arrivedAt) return null;
  const ms = msOf(o.deviceTime) - msOf(o.arrivedAt);
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 1000) : null;
}

/** Stops per driver-hour and the average time at a stop, from the sums (the same rounding on every path). */
export function finishStops(set: FigureSet, driverMs: number, stopSeconds: number): void {
  set.driverHours = Math.round((driverMs / 3_600_000) * 100) / 100;
  set.stopsPerDriverHour = driverMs > 0 ? Math.round((set.stops / (driverMs / 3_600_000)) * 100) / 100 : null;
  set.averageStopSeconds = set.timedStops ? Math.round(stopSeconds / set.timedStops) : null;
}

/**
 * The packages a computation of figures reads, each loaded once (`load` before `packages.get`), and the local day of an
 * instant on a package's delivery address's clock.
 */
export function packageCache(byIds: (ids: readonly string[]) => Promise<Map<string, FigurePackage>>) {
  const packages = new Map<string, FigurePackage>();
  return {
    packages,
    async load(ids: Iterable<string | null>): Promise<void> {
      const missing = [...new Set([...ids].filter((id): id is string => !!id && !packages.has(id)))];
      if (missing.length) for (const [id, pkg] of await byIds(missing)) packages.set(id, pkg);
    },
    localDayOf: (pkg: FigurePackage | undefined, iso: string): string => localDayAt(zoneOfPlace(pkg?.deliveryLat, pkg?.deliveryLng), msOf(iso)),
  };
}

/**
 * Counts a package once per kind and local day (exceptions, returns, releases: decision 114): true the first time a
 * (kind, day, package) is seen.
 */
export function onceEach(): (kind: string, day: string, packageId: string) => boolean {
  const seen = new Set<string>();
  return (kind, day, packageId) => {
    const key = `${kind}\u0000${day}\u0000${packageId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}
