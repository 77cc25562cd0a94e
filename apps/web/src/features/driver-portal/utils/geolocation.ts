import { MPH_PER_MS, signalBars } from '@cargo/shared';
import { formatLocalTime, formatShortDateTime } from '../../../lib/local-time.ts';

/** A position the device reported, as the driver pages use it. */
export interface Reading {
  lat: number;
  lng: number;
  /** Metres. */
  accuracy: number | null;
  /** m/s. */
  speed: number | null;
  heading: number | null;
  altitude: number | null;
  /** Device time, ISO-8601. */
  timestamp: string;
}

export type GeoErrorKind = 'denied' | 'unavailable' | 'timeout' | 'other';

/** Spec §9: one-off requests are high accuracy, 10 s timeout, no cached position. */
export const ONE_OFF_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };
/** Spec §9: the older page's live watch is high accuracy, 30 s timeout, cached up to 10 s. */
export const OLDER_WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 30_000, maximumAge: 10_000 };
/** Spec §9: the driver GPS pages are high accuracy, 10 s timeout, max age 30 s. */
export const DRIVER_WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 30_000 };

const finite = (n: number | null | undefined): number | null => (n == null || !Number.isFinite(n) ? null : n);

export function toReading(position: GeolocationPosition): Reading {
  const c = position.coords;
  return {
    lat: c.latitude,
    lng: c.longitude,
    accuracy: finite(c.accuracy),
    speed: finite(c.speed) != null && c.speed! >= 0 ? c.speed : null,
    heading: finite(c.heading) != null && c.heading! >= 0 ? c.heading : null,
    altitude: finite(c.altitude),
    timestamp: new Date(Number.isFinite(position.timestamp) ? position.timestamp : Date.now()).toISOString(),
  };
}

export function errorKind(error: GeolocationPositionError | { code: number }): GeoErrorKind {
  switch (error.code) {
    case 1:
      return 'denied';
    case 2:
      return 'unavailable';
    case 3:
      return 'timeout';
    default:
      return 'other';
  }
}

export const hasGeolocation = (): boolean => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** One position, retrying once on a transient 'unavailable' (emulated and real devices report it before a fix). */
export function getPositionOnce(options: PositionOptions = ONE_OFF_OPTIONS): Promise<Reading> {
  const once = () =>
    new Promise<Reading>((resolve, reject) => {
      navigator.geolocation.getCurrentPosition((p) => resolve(toReading(p)), reject, options);
    });
  return once().catch((err: GeolocationPositionError) => {
    if (err.code === 2) return once();
    throw err;
  });
}

/** Spec §9: coordinates to 6 decimals. */
export const formatCoordinate = (value: number): string => value.toFixed(6);
/** Spec §9: m/s × 2.237, rounded. */
export const formatSpeedMph = (ms: number | null): string | null => (ms == null ? null : `${Math.round(ms * MPH_PER_MS)} mph`);
/** Spec §9: plus or minus whole metres. */
export const formatAccuracyM = (m: number | null): string | null => (m == null ? null : `±${Math.round(m)} m`);
/** Signal bars from accuracy, as on the public panel (design.md §6). */
export const signalFrom = (accuracy: number | null): number | null => signalBars(accuracy);

/** '9:05:07 AM' in this browser's time zone, without Intl (lib/local-time.ts). */
export function formatTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return null;
  return formatLocalTime(at);
}

/** 'Nov 22, 9:05 AM' in this browser's time zone, without Intl. */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return null;
  return formatShortDateTime(at);
}
