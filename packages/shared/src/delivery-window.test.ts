import { describe, expect, it } from 'vitest';
import { formatDeliveryRange, parseDeliveryRange } from './delivery-window.ts';

describe('estimated delivery range', () => {
  it('formats two days as the spec writes them and reads them back', () => {
    const text = formatDeliveryRange('2026-01-05', '2026-01-07');
    expect(text).toBe('Monday, January 5, 2026 - Wednesday, January 7, 2026');
    expect(parseDeliveryRange(text)).toEqual(['2026-01-05', '2026-01-07']);
  });
  it('is empty until both days are chosen, and reads free text as no range', () => {
    expect(formatDeliveryRange('2026-01-05', null)).toBe('');
    expect(parseDeliveryRange('2-3 business days')).toEqual([null, null]);
    expect(parseDeliveryRange('Friday, February 30, 2026 - Monday, March 2, 2026')).toEqual([null, null]);
  });
});
