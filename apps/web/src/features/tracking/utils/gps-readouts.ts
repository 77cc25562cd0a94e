import { FEET_PER_METRE, GPS_STALE_MS, isLiveStatus, MPH_PER_MS, type TimeZoneInfo } from '@cargo/shared';
import { formatLocalTime, formatMediumDateTimeWithSeconds, formatTimeAtOffset } from '../../../lib/local-time.ts';

/**
 * Live GPS panel rule (design.md §6): connected when the newest fix is at most 120 s old and the package is in
 * transit or out for delivery.
 */
export function isGpsConnected(status: string, lastUpdate: string | null | undefined, nowMs: number): boolean {
  if (!lastUpdate || !isLiveStatus(status)) return false;
  const at = Date.parse(lastUpdate);
  return Number.isFinite(at) && nowMs - at <= GPS_STALE_MS;
}

/** Spec §9: m/s × 2.237, rounded. */
export function speedMph(metresPerSecond: number | null | undefined): number | null {
  if (metresPerSecond == null || !Number.isFinite(metresPerSecond)) return null;
  return Math.round(metresPerSecond * MPH_PER_MS);
}

/** Spec §9: in feet when under 100 ft, otherwise in metres. */
export function formatAccuracy(metres: number | null | undefined): string | null {
  if (metres == null || !Number.isFinite(metres)) return null;
  const feet = metres * FEET_PER_METRE;
  return feet < 100 ? `±${Math.round(feet)} ft` : `±${Math.round(metres)} m`;
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** Degrees with the compass point, or null when the device gave no heading. */
export function formatHeading(degrees: number | null | undefined): string | null {
  if (degrees == null || !Number.isFinite(degrees)) return null;
  const normalised = ((degrees % 360) + 360) % 360;
  return `${Math.round(normalised)}° ${COMPASS[Math.round(normalised / 45) % 8]}`;
}

/** Spec §9: coordinates to 6 decimals. */
export function formatCoordinate(value: number): string {
  return value.toFixed(6);
}

/** The battery percent the device reported, or null when unknown (never a made-up figure). */
export function formatBattery(percent: number | null | undefined): string | null {
  if (percent == null || !Number.isFinite(percent)) return null;
  return `${Math.round(percent)}%`;
}

/** Wall-clock time with seconds in the vehicle's zone ('9:05:07 AM'); the browser's own when the zone is unknown. */
export function formatTimeWithSeconds(at: Date | number, zone?: TimeZoneInfo | null): string {
  return zone ? formatTimeAtOffset(at, zone.utcOffsetMinutes) : formatLocalTime(at);
}

/** Wall-clock time to the minute with its zone ('6:18 PM PST'), in the vehicle's zone or the browser's: an arrival time. */
export function formatClockTime(at: Date | number, zone?: TimeZoneInfo | null): string {
  if (zone) return `${formatTimeAtOffset(at, zone.utcOffsetMinutes, false)} ${zone.abbreviation}`;
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at);
}

/** Date and time of a fix, for 'Last update', in the browser's zone (lib/local-time.ts, decision 043). */
export function formatDateTime(iso: string): string {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? formatMediumDateTimeWithSeconds(at) : iso;
}
