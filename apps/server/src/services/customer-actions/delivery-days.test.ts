import { describe, expect, it } from 'vitest';
import { chosenLabel, offeredDays } from './delivery-days.ts';

const settings = { workingDays: [1, 2, 3, 4, 5], nextDayCutoff: '17:00', daysAhead: 7, closedDates: [] as string[] };

describe('offeredDays', () => {
  // 2026-12-01 is a Tuesday.
  it('offers working days from tomorrow to days ahead, before the cut-off', () => {
    expect(offeredDays(settings, '2026-12-01', 9 * 60)).toEqual(['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07', '2026-12-08']);
  });
  it('skips tomorrow once the cut-off has passed', () => {
    expect(offeredDays(settings, '2026-12-01', 17 * 60)[0]).toBe('2026-12-03');
  });
  it('never offers a closed date or a day off', () => {
    const days = offeredDays({ ...settings, workingDays: [4], closedDates: ['2026-12-03'] }, '2026-12-01', 0);
    expect(days).toEqual([]);
    expect(offeredDays({ ...settings, workingDays: [4], daysAhead: 14 }, '2026-12-01', 0)).toEqual(['2026-12-03', '2026-12-10']);
  });
  it('crosses a month end', () => {
    expect(offeredDays({ ...settings, daysAhead: 2 }, '2026-12-30', 0)).toEqual(['2026-12-31', '2027-01-01']);
  });
});

describe('chosenLabel', () => {
  it('says the day and the window as the page shows them', () => {
    expect(chosenLabel('2026-12-03', { start: '09:00', end: '12:00' })).toBe('Thursday, December 3, 2026, 9:00-12:00');
    expect(chosenLabel('2026-12-03', null)).toBe('Thursday, December 3, 2026');
  });
});
