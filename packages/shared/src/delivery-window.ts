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

/**
 * The window a package's estimated delivery text names, as epoch milliseconds: from the first day's start to the last
 * day's end (UTC calendar days, as the text has no zone); null when the text is not such a range.
 */
export function deliveryWindowOf(text: string): { start: number; end: number } | null {
  const [start, end] = parseDeliveryRange(text);
  if (!start || !end) return null;
  return { start: Date.parse(`${start}T00:00:00.000Z`), end: Date.parse(`${end}T23:59:59.999Z`) };
}
