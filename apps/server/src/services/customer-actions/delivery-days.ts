import { formatDeliveryDay, type CustomerActionSettings } from '@cargo/shared';

/**
 * The days a customer may choose for a new delivery (issue 33, item 3), a pure function of dispatch's settings, the
 * delivery address's calendar day and clock now: working days only, never a closed date, from tomorrow (or the day
 * after, once the next-day cut-off has passed) to `daysAhead` days from today.
 */
export function offeredDays(settings: Pick<CustomerActionSettings, 'workingDays' | 'nextDayCutoff' | 'daysAhead' | 'closedDates'>, today: string, minutesNow: number): string[] {
  const cutoff = Number(settings.nextDayCutoff.slice(0, 2)) * 60 + Number(settings.nextDayCutoff.slice(3, 5));
  const first = minutesNow >= cutoff ? 2 : 1;
  const closed = new Set(settings.closedDates);
  const working = new Set(settings.workingDays);
  const base = Date.parse(`${today}T00:00:00.000Z`);
  const days: string[] = [];
  for (let offset = first; offset <= settings.daysAhead; offset += 1) {
    const date = new Date(base + offset * 86_400_000);
    const day = date.toISOString().slice(0, 10);
    if (working.has(date.getUTCDay()) && !closed.has(day)) days.push(day);
  }
  return days;
}

/** '09:00' → '9:00' (the page's words: 'We will deliver on Thursday, 9:00-12:00'). */
const shortTime = (hhmm: string): string => hhmm.replace(/^0(\d)/, '$1');

/** 'Thursday, December 3, 2026, 9:00-12:00', or the day alone. */
export function chosenLabel(day: string, window: { start: string; end: string } | null): string {
  const date = formatDeliveryDay(day);
  return window ? `${date}, ${shortTime(window.start)}-${shortTime(window.end)}` : date;
}
