import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Over this share of the event loop busy, the process is serving requests at full load. */
export const BUSY_UTILIZATION = 0.8;
/** How long the utilization is measured over before it is read again. */
const WINDOW_MS = 50;

/**
 * Paces background work (the notification worker's events and messages) so that requests go first (issue 17). A unit
 * of background work awaits `turn()` before it starts. While the event loop has room, a turn is the next turn of the
 * loop (`setImmediate`: waiting requests still go first). While the loop is busy (over `BUSY_UTILIZATION` of the last
 * 50 ms), turns are handed out one at a time, at least `busyGapMs` apart across every caller, so the background work
 * takes about (one unit's time ÷ busyGapMs) of the loop however many lanes it runs, and the requests' latency stays
 * near its figure without it. Measured by bench/notifications-load.mjs.
 */
export class BackgroundPacer {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private lastAt = performance.now();
  private busy = false;
  /** When the next busy-time turn may start. */
  private nextTurnAt = 0;

  constructor(private readonly busyGapMs = 8) {}

  /** Whether the loop was busy over the last window (read again at most every 50 ms). */
  get loopBusy(): boolean {
    const now = performance.now();
    if (now - this.lastAt >= WINDOW_MS) {
      const current = performance.eventLoopUtilization();
      this.busy = performance.eventLoopUtilization(current, this.last).utilization > BUSY_UTILIZATION;
      this.last = current;
      this.lastAt = now;
    }
    return this.busy;
  }

  turn(): Promise<void> {
    if (!this.loopBusy) return new Promise((resolve) => setImmediate(resolve));
    const now = performance.now();
    const at = Math.max(now, this.nextTurnAt);
    this.nextTurnAt = at + this.busyGapMs;
    return new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

/** The process's one pacer: every background worker shares its turns. */
export const backgroundPacer = new BackgroundPacer();
