import { formatDeliveryDay } from '@cargo/shared';

const shortTime = (hhmm: string) => hhmm.replace(/^0(\d)/, '$1');

/** 'Thursday, December 3, 2026, 9:00-12:00', as the server's message says it. */
export function chosenLabel(day: string, window: { start: string; end: string } | null): string {
  const date = formatDeliveryDay(day);
  return window ? `${date}, ${shortTime(window.start)}-${shortTime(window.end)}` : date;
}

export const windowLabel = (window: { start: string; end: string }) => `${shortTime(window.start)}-${shortTime(window.end)}`;

/** '2026-12-10T01:00:00Z' → 'December 10' in the reader's own calendar. */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric' });
