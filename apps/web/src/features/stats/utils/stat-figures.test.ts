import { describe, expect, it } from 'vitest';
import { formatFigure } from './stat-figures.ts';

describe('formatFigure', () => {
  it('writes figures as en-US toLocaleString does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, 1234.5, 1234.5678, 0.0004, -1234, -0.0001, -0, 2 ** 40]) {
      expect(formatFigure(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
