/**
 * The estimated delivery text of spec §5, 'Weekday, Month D, YYYY - Weekday, Month D, YYYY', made from a date range
 * and read back into one (Edit Package). Dates are calendar days 'YYYY-MM-DD', free of time zones.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function parts(day: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return null;
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

export function formatDeliveryDay(day: string): string {
  const p = parts(day);
  if (!p) return '';
  const weekday = WEEKDAYS[new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay()];
  return `${weekday}, ${MONTHS[p.m - 1]} ${p.d}, ${p.y}`;
}

export function formatDeliveryRange(start: string | null, end: string | null): string {
  if (!start || !end) return '';
  return `${formatDeliveryDay(start)} - ${formatDeliveryDay(end)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'Monday, January 5, 2026' (weekday optional) → '2026-01-05'; null when it is not such a date. */
export function parseDeliveryDay(text: string): string | null {
  const match = /^(?:[A-Za-z]+,\s*)?([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === match[1]!.toLowerCase());
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (month < 0 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month, day));
  if (date.getUTCMonth() !== month) return null;
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}

/** The stored range back into its first and last day; [null, null] when the text is not a range. */
export function parseDeliveryRange(text: string): [string | null, string | null] {
  const [first, second] = text.split(/\s+-\s+/);
  const start = first ? parseDeliveryDay(first) : null;
  const end = second ? parseDeliveryDay(second) : null;
  return start && end ? [start, end] : [null, null];
}

/** A delivery window as instants (epoch ms): from the first day's 00:00 to the last day's end, on `timeZone`'s clock. */
export interface DeliveryWindow {
  start: number;
  end: number;
  timeZone: string;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's offset from UTC at an instant, in ms ('GMT-05:00' → -18,000,000); null for a zone Intl does not know. */
function offsetMs(timeZone: string, atMs: number): number | null {
  let format = offsetFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      format = null;
    }
    offsetFormats.set(timeZone, format);
  }
  if (!format) return null;
  const name = format.formatToParts(atMs).find((p) => p.type === 'timeZoneName')?.value ?? '';
  if (name === 'GMT') return 0;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return null;
  const ms = (Number(match[2]) * 60 + Number(match[3])) * 60_000;
  return match[1] === '-' ? -ms : ms;
}

// A day's midnight per zone, computed once: a fleet of open packages shares a handful of days and zones.
const midnights = new Map<string, number | null>();

/** The instant a calendar day ('2026-01-05') begins on a zone's wall clock; null for a zone Intl does not know. */
export function zonedDayStart(day: string, timeZone: string): number | null {
  const key = `${timeZone} ${day}`;
  let at = midnights.get(key);
  if (at !== undefined) return at;
  const p = parts(day);
  if (!p) return null;
  const wall = Date.UTC(p.y, p.m - 1, p.d);
  const first = offsetMs(timeZone, wall);
  if (first === null) at = null;
  else {
    // The offset at the guess, then at the corrected instant: right across a change of offset (DST) that day.
    const second = offsetMs(timeZone, wall - first) ?? first;
    at = wall - second;
  }
  if (midnights.size > 5000) midnights.clear();
  midnights.set(key, at);
  return at;
}

function nextDay(day: string): string {
  const p = parts(day)!;
  return new Date(Date.UTC(p.y, p.m - 1, p.d + 1)).toISOString().slice(0, 10);
}

/**
 * The one rule for a delivery window (issue 31): the days the estimated delivery text names are days of the delivery
 * address's own clock (`timeZone`, the zone found for quiet hours), so 'Monday - Wednesday' in Chicago runs from Monday
 * 00:00 to Wednesday 23:59:59.999 Chicago time, whatever the server's or the reader's zone. Null when the text is not
 * a range of days this product writes. The server finds the zone of a package (lib/package-window.ts).
 */
export function deliveryWindowOf(text: string, timeZone: string): DeliveryWindow | null {
  const [first, last] = parseDeliveryRange(text);
  if (!first || !last) return null;
  const start = zonedDayStart(first, timeZone);
  const after = zonedDayStart(nextDay(last), timeZone);
  if (start === null || after === null) return null;
  return { start, end: after - 1, timeZone };
}
