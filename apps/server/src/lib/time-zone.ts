import tzlookup from '@photostructure/tz-lookup';
import type { TimeZoneInfo } from '@cargo/shared';

/** The IANA time zone at a position, null where the lookup has none. */
export function timeZoneAt(lat: number, lng: number): string | null {
  try {
    return tzlookup(lat, lng);
  } catch {
    return null;
  }
}

interface ZoneFormatters {
  long: Intl.DateTimeFormat;
  short: Intl.DateTimeFormat;
  offset: Intl.DateTimeFormat;
}

// One set of formatters per zone, built on first use (a formatter costs far more to build than to use; there are
// about 600 IANA zones, so the map stays small).
const formatters = new Map<string, ZoneFormatters | null>();

function formattersOf(timeZone: string): ZoneFormatters | null {
  let entry = formatters.get(timeZone);
  if (entry === undefined) {
    try {
      entry = {
        long: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }),
        short: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
        offset: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
      };
    } catch {
      entry = null;
    }
    formatters.set(timeZone, entry);
  }
  return entry;
}

const zoneNameOf = (format: Intl.DateTimeFormat, atMs: number) => format.formatToParts(atMs).find((part) => part.type === 'timeZoneName')?.value;

/** 'GMT-05:00' → -300; 'GMT' → 0. */
function offsetMinutes(text: string): number | null {
  if (text === 'GMT') return 0;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * A time zone's name, abbreviation and offset from UTC at a moment, as en-US writes them ('Central Standard Time',
 * 'CST', -360): what the live panel shows, written here so that a phone need not load its own time zone data to draw
 * the page (decision 044). Null for a zone Intl does not know.
 */
export function timeZoneInfo(timeZone: string | null, atMs: number): TimeZoneInfo | null {
  if (!timeZone) return null;
  const format = formattersOf(timeZone);
  if (!format) return null;
  const name = zoneNameOf(format.long, atMs);
  const abbreviation = zoneNameOf(format.short, atMs);
  const offset = offsetMinutes(zoneNameOf(format.offset, atMs) ?? '');
  return name && abbreviation && offset !== null ? { name, abbreviation, utcOffsetMinutes: offset } : null;
}

/** The zone of a place, or the server's own when the place is unknown (a pickup request, a package without coordinates). */
export function zoneOfPlace(lat: number | null | undefined, lng: number | null | undefined): string {
  return (lat != null && lng != null ? timeZoneAt(Number(lat), Number(lng)) : null) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and the minutes since midnight at `atMs` on a zone's wall clock: { day: '2026-11-24', minutes: 1290 }. */
export function wallClock(timeZone: string, atMs: number): { day: string; minutes: number } {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallClocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(atMs).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}
