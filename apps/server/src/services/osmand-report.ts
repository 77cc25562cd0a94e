import { LIVE_MSG, MSG } from '@cargo/shared';
import { badRequest } from '../lib/http-errors.ts';
import { knotsToMs, type DeviceReport } from './fixes.ts';

/**
 * Reads an OsmAnd report as the real clients send it (issue 7): query or form fields (Traccar Client legacy Android
 * and iOS, 10.x form bodies, hardware trackers), or the JSON body of Traccar Client 9.x. Pure: no database.
 */
type Fields = Record<string, unknown>;

/** A number from a query or form field or a JSON value; null for absent, empty or not a number. */
function numberOf(value: unknown): number | null {
  if (Array.isArray(value)) value = value[0];
  if (value == null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : null;
}

/** Device readings of -1 (or below zero) mean 'unknown' in Traccar Client and many trackers. */
const nonNegative = (n: number | null): number | null => (n == null || n < 0 ? null : n);

function textOf(value: unknown): string | null {
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'string') return value.trim() || null;
  return typeof value === 'number' ? String(value) : null;
}

/** OsmAnd timestamps: unix seconds (or milliseconds), or an ISO / 'yyyy-MM-dd HH:mm:ss' UTC date. */
export function parseDeviceTime(value: unknown): string | null {
  const text = textOf(value);
  if (text == null) return null;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    const date = new Date(n > 1e11 ? n : n * 1000);
    // Beyond what a Date can hold (±8.64e15 ms): a malformed request, not a server error (issue 10).
    if (Number.isNaN(date.getTime())) throw badRequest(MSG.timestampInvalid);
    return date.toISOString();
  }
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw badRequest(MSG.timestampInvalid);
  return new Date(ms).toISOString();
}

/** `location=lat,lon`, a form Traccar's decoder reads. */
function locationPair(value: unknown): { lat: number; lng: number } | null {
  const text = textOf(value);
  if (!text) return null;
  const [lat, lng] = text.split(',').map((part) => numberOf(part));
  return lat != null && lng != null ? { lat, lng } : null;
}

/** Battery percent from `batt` (percent) or a JSON level 0..1; null when the device did not know. */
function percent(value: number | null): number | null {
  return value == null || value < 0 ? null : Math.min(100, value);
}

export interface ParsedReport {
  identifier: string | null;
  report: DeviceReport;
}

/** The JSON body Traccar Client 9.x sends: speeds in m/s, battery level 0..1. */
function fromTraccarJson(body: Fields): ParsedReport {
  const location = (body.location ?? {}) as Fields;
  const coords = (location.coords ?? {}) as Fields;
  const battery = (location.battery ?? {}) as Fields;
  const level = numberOf(battery.level);
  return {
    identifier: textOf(body.device_id) ?? textOf(body.id) ?? textOf(body.deviceid),
    report: {
      lat: numberOf(coords.latitude) ?? Number.NaN,
      lng: numberOf(coords.longitude) ?? Number.NaN,
      timestamp: parseDeviceTime(location.timestamp),
      speed: nonNegative(numberOf(coords.speed)),
      heading: nonNegative(numberOf(coords.heading)),
      altitude: numberOf(coords.altitude),
      accuracy: nonNegative(numberOf(coords.accuracy)),
      battery: level == null || level < 0 ? null : Math.min(100, Math.round(level * 100)),
    },
  };
}

/** OsmAnd query or form fields: speed in knots, batt in percent. */
function fromOsmandFields(fields: Fields): ParsedReport {
  const pair = locationPair(fields.location);
  return {
    identifier: textOf(fields.id) ?? textOf(fields.deviceid),
    report: {
      lat: numberOf(fields.lat) ?? pair?.lat ?? Number.NaN,
      lng: numberOf(fields.lon) ?? numberOf(fields.lng) ?? pair?.lng ?? Number.NaN,
      timestamp: parseDeviceTime(fields.timestamp),
      speed: knotsToMs(nonNegative(numberOf(fields.speed))),
      heading: nonNegative(numberOf(fields.bearing) ?? numberOf(fields.heading)),
      altitude: numberOf(fields.altitude),
      accuracy: nonNegative(numberOf(fields.accuracy) ?? numberOf(fields.hacc)),
      battery: percent(numberOf(fields.batt)),
      hasCellOrWifi: fields.cell != null || fields.wifi != null,
    },
  };
}

/** The device identifier and its report, from the query and the body (form fields or Traccar Client's JSON). */
export function parseOsmandReport(query: Fields, body: unknown): { identifier: string; report: DeviceReport } {
  const isTraccarJson = !!body && typeof body === 'object' && 'location' in (body as Fields) && typeof (body as Fields).location === 'object';
  const fields: Fields = { ...query, ...(body && typeof body === 'object' && !isTraccarJson ? (body as Fields) : {}) };
  const { identifier, report } = isTraccarJson ? fromTraccarJson(body as Fields) : fromOsmandFields(fields);
  const id = identifier ?? (isTraccarJson ? (textOf(query.id) ?? textOf(query.deviceid)) : null);
  if (!id) throw badRequest(LIVE_MSG.deviceIdRequired);
  return { identifier: id, report };
}

/** Hides device identifiers in a logged URL: they are the devices' only credential. */
export function redactDeviceIds(url: string): string {
  return url.replace(/([?&](?:id|deviceid|device_id)=)[^&#]*/gi, '$1[redacted]');
}
