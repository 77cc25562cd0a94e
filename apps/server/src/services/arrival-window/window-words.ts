import { wallClock } from '../../lib/time-zone.ts';

/** 'HH:MM' on a zone's wall clock (24 hours, as the reschedule windows are written). */
export function clockAt(timeZone: string, atMs: number): string {
  const { minutes } = wallClock(timeZone, atMs);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A window in the delivery address's local time, as messages and the page write it: 'between 14:00 and 15:00'; ''
 * when either end is missing or not a time.
 */
export function windowWords(start: unknown, end: unknown, timeZone: string): string {
  const from = typeof start === 'string' ? Date.parse(start) : Number.NaN;
  const to = typeof end === 'string' ? Date.parse(end) : Number.NaN;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return '';
  return `between ${clockAt(timeZone, from)} and ${clockAt(timeZone, to)}`;
}
