import { describe, expect, it } from 'vitest';
import { arrivingInMinutes, ETA_OFFSET_MIN, isInside, nextWindow, windowAround } from './window-rule.ts';

const MIN = 60_000;
const at = (hhmm: string) => Date.parse(`2026-11-30T${hhmm}:00.000Z`);

describe('the arrival window rule (decision 111)', () => {
  it('builds an hour on a 5-minute mark with the ETA 30 minutes into it', () => {
    expect(ETA_OFFSET_MIN).toBe(30);
    expect(windowAround(at('14:30'))).toEqual({ start: at('14:00'), end: at('15:00') });
    // 14:32 → 14:02 → the nearest mark, 14:00; 14:33 → 14:03 → 14:05.
    expect(windowAround(at('14:32'))).toEqual({ start: at('14:00'), end: at('15:00') });
    expect(windowAround(at('14:33'))).toEqual({ start: at('14:05'), end: at('15:05') });
    for (let eta = at('09:00'); eta < at('10:00'); eta += 7_919) {
      const w = windowAround(eta);
      expect(w.end - w.start).toBe(60 * MIN);
      expect(w.start % (5 * MIN)).toBe(0);
      expect(isInside(w, eta)).toBe(true);
    }
  });

  it('never moves a window earlier, keeps it for a drift of 15 minutes or less, moves it later past that', () => {
    const first = nextWindow(null, at('14:30'));
    expect(first).toEqual({ window: { start: at('14:00'), end: at('15:00') }, change: 'first' });
    // An hour early: the window sent stays.
    expect(nextWindow(first.window, at('13:30'))).toEqual({ window: first.window, change: 'kept' });
    // 15 minutes later: kept, and the new ETA is still inside it.
    const drift = nextWindow(first.window, at('14:45'));
    expect(drift).toEqual({ window: first.window, change: 'kept' });
    expect(isInside(drift.window, at('14:45'))).toBe(true);
    // 20 minutes later: the window would start at 14:20, more than 15 minutes after 14:00: it moves.
    expect(nextWindow(first.window, at('14:50'))).toEqual({ window: { start: at('14:20'), end: at('15:20') }, change: 'moved_later' });
  });

  it("narrows to 'about N minutes' (rounded up to 5, at least 5) within 15 minutes of the ETA", () => {
    const now = at('14:00');
    expect(arrivingInMinutes(now + 16 * MIN, now)).toBeNull();
    expect(arrivingInMinutes(now + 15 * MIN, now)).toBe(15);
    expect(arrivingInMinutes(now + 9 * MIN, now)).toBe(10);
    expect(arrivingInMinutes(now + 1 * MIN, now)).toBe(5);
    expect(arrivingInMinutes(now - 2 * MIN, now)).toBe(5);
  });
});
