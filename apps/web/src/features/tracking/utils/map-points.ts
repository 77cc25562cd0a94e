import { GPS_STALE_MS, type LiveTracking, type LocationRecord } from '@cargo/shared';
import { formatCoordinate } from './gps-readouts.ts';

export type MapPointKind = 'pickup' | 'current' | 'delivery';

/** A marker on the tracking map (spec §3 'Map point'). */
export interface MapPoint {
  kind: MapPointKind;
  address: string;
  zip: string | null;
  lat: number;
  lng: number;
  /** A current position older than 120 s: drawn grey, its info window says so. */
  stale?: boolean;
}

/** Spec §5: a ZIP is five digits, optionally a dash and four digits; the last one in an address is its ZIP. */
export function parseZip(address: string | null | undefined): string | null {
  if (!address) return null;
  const matches = address.match(/\b\d{5}(?:-\d{4})?\b/g);
  return matches ? matches[matches.length - 1]! : null;
}

function point(kind: MapPointKind, lat: number, lng: number, address: string | null | undefined): MapPoint {
  const text = address?.trim() || `${formatCoordinate(lat)}, ${formatCoordinate(lng)}`;
  return { kind, lat, lng, address: text, zip: parseZip(address) };
}

function newest(records: LocationRecord[], type: LocationRecord['type']): LocationRecord | undefined {
  return records
    .filter((record) => record.type === type)
    .reduce<LocationRecord | undefined>((best, record) => (!best || record.recordedAt > best.recordedAt ? record : best), undefined);
}

/**
 * The map's points, all from the server (design.md §6: the browser geocodes nothing): pickup from the origin record,
 * delivery from the destination record, and the current position from the newest of the location list and the live
 * view (the live view is refreshed more often).
 */
export function mapPoints(locations: LocationRecord[] | undefined, live: LiveTracking | undefined): MapPoint[] {
  const records = locations ?? [];
  const points: MapPoint[] = [];
  const origin = newest(records, 'origin');
  if (origin) points.push(point('pickup', origin.lat, origin.lng, origin.address));

  const listed = newest(records, 'current');
  const liveFix = live?.currentLocation ?? null;
  if (liveFix && (!listed || liveFix.lastUpdate >= listed.recordedAt)) {
    points.push(point('current', liveFix.lat, liveFix.lng, liveFix.address));
  } else if (listed) {
    points.push(point('current', listed.lat, listed.lng, listed.address));
  }

  const destination = newest(records, 'destination');
  if (destination) points.push(point('delivery', destination.lat, destination.lng, destination.address));
  return points;
}

/** The points of a live view alone (the customer pages): pickup, the current fix while it may be shown, delivery. */
export function liveMapPoints(live: LiveTracking, nowMs: number = Date.now()): MapPoint[] {
  const points: MapPoint[] = [];
  if (live.pickup.lat != null && live.pickup.lng != null) points.push(point('pickup', live.pickup.lat, live.pickup.lng, live.pickup.address));
  const fix = live.currentLocation;
  if (fix) points.push({ ...point('current', fix.lat, fix.lng, fix.address), stale: nowMs - Date.parse(fix.lastUpdate) > GPS_STALE_MS });
  if (live.delivery.lat != null && live.delivery.lng != null) points.push(point('delivery', live.delivery.lat, live.delivery.lng, live.delivery.address));
  return points;
}
