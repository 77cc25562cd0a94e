import { useMemo } from 'react';
import { PLANNING_TEXT as T } from '../texts.ts';

/** 'h:mm AM' on the plan's clock (the zone of the shifts' hours), whatever this browser's zone. */
export function useClock(timeZone: string) {
  return useMemo(() => {
    const format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    return (iso: string | null) => (iso ? format.format(new Date(iso)) : '—');
  }, [timeZone]);
}

/** A window's hours, 'all day' when it is the whole day, or any time in the shift when it has none. */
export function windowText(start: string | null, end: string | null, clock: (iso: string | null) => string): string {
  if (!start || !end) return T.route.anyTime;
  // A day is 23 to 25 hours long on the clock; a window of 23 hours or more is the whole day.
  if (Date.parse(end) - Date.parse(start) >= 23 * 3600_000) return T.route.allDay;
  return `${clock(start)}–${clock(end)}`;
}
