/**
 * The one-hour arrival window on the day (issue 33 part 4, decision 111), as pure functions of the estimated arrival
 * at the stop: the server (services/arrival-window/arrival-windows.ts) and the simulation (bench/arrival-window.mjs)
 * both call these, so the bench measures the rule the customers get.
 *
 * - A window is an hour, its start on a 5-minute mark, placed so the ETA is `ETA_OFFSET_MIN` minutes after its start.
 * - Once sent, a window never moves earlier: a driver who gains time arrives early in it (or, rarely, before it).
 * - It moves later only when the window the new ETA would make starts more than `MOVE_LATER_AFTER_MIN` minutes after
 *   the one sent; a smaller drift keeps it (the ETA still falls inside: offset + 15 < 60).
 * - Within `NARROW_WITHIN_MIN` minutes of the ETA the page narrows it to 'arriving in about N minutes'.
 */

const MIN = 60_000;
export const WINDOW_MIN = 60;
/** Where the ETA sits in the hour, in minutes from its start (decision 111: measured by the bench). */
export const ETA_OFFSET_MIN = 30;
export const ROUND_MIN = 5;
export const MOVE_LATER_AFTER_MIN = 15;
export const NARROW_WITHIN_MIN = 15;

export interface ArrivalWindow {
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

export type WindowChange = 'first' | 'kept' | 'moved_later';

/** The hour an ETA (epoch ms) makes: its start on the nearest 5-minute mark to ETA − offset. */
export function windowAround(etaMs: number): ArrivalWindow {
  const step = ROUND_MIN * MIN;
  const start = Math.round((etaMs - ETA_OFFSET_MIN * MIN) / step) * step;
  return { start, end: start + WINDOW_MIN * MIN };
}

/**
 * The window to hold after a new ETA: the first one, the one already sent (never earlier; a drift of 15 minutes or
 * less keeps it), or a later one (the customer is told).
 */
export function nextWindow(sent: ArrivalWindow | null, etaMs: number): { window: ArrivalWindow; change: WindowChange } {
  const candidate = windowAround(etaMs);
  if (!sent) return { window: candidate, change: 'first' };
  if (candidate.start - sent.start > MOVE_LATER_AFTER_MIN * MIN) return { window: candidate, change: 'moved_later' };
  return { window: sent, change: 'kept' };
}

/**
 * The narrowed promise as the driver approaches: whole minutes to the ETA rounded up to 5 ('about 10 minutes') when
 * the ETA is within 15 minutes; null further out. Never below 5: 'about 0 minutes' promises nothing.
 */
export function arrivingInMinutes(etaMs: number, nowMs: number): number | null {
  const left = (etaMs - nowMs) / MIN;
  if (left > NARROW_WITHIN_MIN) return null;
  return Math.max(ROUND_MIN, Math.ceil(left / ROUND_MIN) * ROUND_MIN);
}

/** Whether an arrival falls inside a window (its start and end included). */
export const isInside = (window: ArrivalWindow, atMs: number): boolean => atMs >= window.start && atMs <= window.end;
