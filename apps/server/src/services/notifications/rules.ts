import { wallClock } from '../../lib/time-zone.ts';

/**
 * The rules that make messages welcome (issue 17, item 4), as pure functions of their inputs; the notification service
 * applies them when it turns an event into messages and again when it sends.
 */

/** An event older than this when it is processed sends nothing: news of a quarter of an hour ago is no longer news. */
export const STALE_AFTER_MS = 15 * 60_000;

/** Events whose news is over once a quiet period ends: held past quiet hours they are dropped, not sent late. */
export const PERISHABLE_EVENTS: ReadonlySet<string> = new Set(['package.approaching', 'package.arriving']);

export const isStale = (occurredAt: string, nowMs: number): boolean => nowMs - Date.parse(occurredAt) > STALE_AFTER_MS;

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `atMs` falls in quiet hours on the recipient's clock, and if so when they end (ms). Quiet hours may cross
 * midnight (21:00-08:00) or not (13:00-14:00); equal ends mean none.
 */
export function quietUntil(timeZone: string, atMs: number, start: string, end: string): number | null {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === to) return null;
  const { minutes } = wallClock(timeZone, atMs);
  const inside = from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
  if (!inside) return null;
  // Minutes until the end on the wall clock; a change of offset inside the gap (a DST night) moves it by at most an hour.
  const left = (to - minutes + 24 * 60) % (24 * 60);
  const startOfMinute = atMs - (atMs % 60_000);
  return startOfMinute + left * 60_000;
}

/** 'jane.doe@example.com' → 'j•••@example.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * Backoff of a temporary failure: 30 s, doubling, at most an hour, each with up to a fifth of jitter, so many messages
 * refused at once do not all come back at once. `baseMs` is shortened by tests.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(plain * (1 + 0.2 * random()));
}

/** After this many attempts a message that still fails temporarily is given up as failed. */
export const MAX_ATTEMPTS = 8;
