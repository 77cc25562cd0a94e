import { describe, expect, it } from 'vitest';
import { FIGURES_MSG, daysBetween, figuresQuerySchema, previousPeriod, shareOf } from './figures.ts';

describe('figures: periods and their query', () => {
  it('the previous period has the same length and ends the day before', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousPeriod('2026-01-07', '2026-01-07')).toEqual({ from: '2026-01-06', to: '2026-01-06' });
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('refuses a reversed, an over-long or an impossible period with the messages', () => {
    const messages = (q: Record<string, string>) => {
      const r = figuresQuerySchema.safeParse(q);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ from: '2026-01-01', to: '2026-01-31' })).toEqual([]);
    expect(messages({ from: '2026-01-31', to: '2026-01-01' })).toEqual([FIGURES_MSG.periodOrder]);
    expect(messages({ from: '2024-01-01', to: '2025-01-01' })).toEqual([FIGURES_MSG.periodTooLong]);
    expect(messages({ from: '2026-02-29', to: '2026-03-01' })).toContain(FIGURES_MSG.dayInvalid);
  });

  it('a rate of nothing is null, not zero', () => {
    expect(shareOf(0, 0)).toBeNull();
    expect(shareOf(3, 4)).toBe(0.75);
  });
});
