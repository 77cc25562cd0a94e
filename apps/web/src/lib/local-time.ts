/**
 * Dates and times in this browser's time zone, or at an offset from UTC the server gave, written as en-US writes them,
 * without `Intl.DateTimeFormat`: the first formatter a page creates loads the browser's locale data, about 25 ms of a
 * phone's main thread (100 ms at Lighthouse's 4× slowdown), and the first with a `timeZone` its time zone data, as
 * much again (issue 11, decisions 043 and 044).
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const two = (n: number) => String(n).padStart(2, '0');

function clockOf(hours: number, minutes: number, seconds: number | null): string {
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${two(minutes)}${seconds === null ? '' : `:${two(seconds)}`} ${hours < 12 ? 'AM' : 'PM'}`;
}

function clock(date: Date, withSeconds: boolean): string {
  return clockOf(date.getHours(), date.getMinutes(), withSeconds ? date.getSeconds() : null);
}

/** '9:05:07 AM' (or '9:05 AM' without seconds). */
export function formatLocalTime(at: number | Date, withSeconds = true): string {
  return clock(new Date(at), withSeconds);
}

/** '9:05:07 AM' (or '9:05 AM' without seconds) where the clocks are `offsetMinutes` from UTC: the vehicle's time. */
export function formatTimeAtOffset(at: number | Date, offsetMinutes: number, withSeconds = true): string {
  const date = new Date(+at + offsetMinutes * 60_000);
  return clockOf(date.getUTCHours(), date.getUTCMinutes(), withSeconds ? date.getUTCSeconds() : null);
}

/** 'Sunday, November 22, 2026'. */
export function formatLongDate(at: number | Date): string {
  const date = new Date(at);
  return `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** 'Nov 22, 2026, 9:05 AM' (en-US `dateStyle: 'medium', timeStyle: 'short'`). */
export function formatMediumDateTime(at: number | Date): string {
  const date = new Date(at);
  return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}, ${clock(date, false)}`;
}

/** 'Nov 22, 9:05 AM' (en-US, month 'short', day, hour and minute). */
export function formatShortDateTime(at: number | Date): string {
  const date = new Date(at);
  return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}, ${clock(date, false)}`;
}

/** 'Nov 22, 2026, 9:05:07 AM' (en-US, month 'short', day, year, hour, minute and second). */
export function formatMediumDateTimeWithSeconds(at: number | Date): string {
  const date = new Date(at);
  return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}, ${clock(date, true)}`;
}
