import { describe, expect, it } from 'vitest';
import { BackgroundPacer } from './background-pacer.ts';

/** Holds the event loop for `ms` (a request being served). */
const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('BackgroundPacer', () => {
  it('hands out turns at once while the loop has room', async () => {
    const pacer = new BackgroundPacer(20);
    await new Promise((r) => setTimeout(r, 60));
    const t0 = performance.now();
    for (let i = 0; i < 50; i += 1) await pacer.turn();
    expect(pacer.loopBusy).toBe(false);
    expect(performance.now() - t0).toBeLessThan(50 * 20);
  });

  it('spaces the turns of every caller while the loop is busy, so the work behind them takes a bounded share', async () => {
    const pacer = new BackgroundPacer(10);
    // The loop fully busy for 120 ms in 5 ms tasks (requests at full load).
    const until = performance.now() + 120;
    const load = (async () => {
      while (performance.now() < until) {
        spin(5);
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 60));
    expect(pacer.loopBusy).toBe(true);
    // Four lanes, five turns each: one every 10 ms across all of them while busy (a timer may fire late, behind a
    // task, and the next on time, so the rate is what holds, not each gap).
    const started = performance.now();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 5; i += 1) {
          await pacer.turn();
          times.push(performance.now());
        }
      }),
    );
    await load;
    times.sort((a, b) => a - b);
    const busyTurns = times.filter((t) => t < until).length;
    expect(busyTurns).toBeGreaterThan(1);
    expect(busyTurns).toBeLessThanOrEqual(Math.ceil((until - started) / 10) + 1);
    // Without the pacer the 20 turns would all have been taken in the first few ms.
    expect(times[times.length - 1]! - started).toBeGreaterThanOrEqual(50);
  });
});
