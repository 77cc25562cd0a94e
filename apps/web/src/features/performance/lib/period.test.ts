import { describe, expect, it } from 'vitest';
import { csvText } from './csv.ts';
import { monthRange, periodRange } from './period.ts';

describe('the Performance view period', () => {
  const base = { today: '2026-03-01', month: '2024-02', from: '', to: '' };
  it('ends today and counts today as one of its days', () => {
    expect(periodRange('today', base)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(periodRange('7d', base)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodRange('30d', base)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
  it('a month runs from its first to its last day (a leap February has 29)', () => {
    expect(periodRange('month', base)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-13')).toBeNull();
  });
  it('a custom period needs both days in order', () => {
    expect(periodRange('custom', { ...base, from: '2026-01-02', to: '2026-01-01' })).toBeNull();
    expect(periodRange('custom', { ...base, from: '2026-01-01', to: '2026-01-02' })).toEqual({ from: '2026-01-01', to: '2026-01-02' });
  });
});

describe('a chart CSV', () => {
  it('quotes text, leaves numbers bare, and disarms formulas', () => {
    expect(csvText([['Day', 'Count'], ['=SUM(A1)', 3], ['say "hi"', null]])).toBe('\uFEFF"Day","Count"\r\n"\'=SUM(A1)",3\r\n"say ""hi""",\r\n');
  });
});
