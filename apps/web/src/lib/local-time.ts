/**
 * Dates and times in this browser's time zone, written as en-US writes them, without `Intl.DateTimeFormat`: the first
 * formatter a page creates loads the browser's locale data, about 25 ms of a phone's main thread (100 ms at
 * Lighthouse's 4× slowdown), which the home page paid while starting up for its clock (issue 11). Formats that need
 * another time zone (the vehicle's local time) still use `Intl`.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const two = (n: number) => String(n).padStart(2, '0');

function clock(date: Date, withSeconds: boolean): string {
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${two(date.getMinutes())}${withSeconds ? `:${two(date.getSeconds())}` : ''} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** '9:05:07 AM' (the vehicle's time in another zone: gps-readouts.ts, with Intl). */
export function formatLocalTime(at: number | Date): string {
  return clock(new Date(at), true);
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

/** 'Nov 22, 2026, 9:05:07 AM' (en-US, month 'short', day, year, hour, minute and second). */
export function formatMediumDateTimeWithSeconds(at: number | Date): string {
  const date = new Date(at);
  return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}, ${clock(date, true)}`;
}
