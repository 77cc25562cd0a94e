import { describe, expect, it } from 'vitest';
import { deliveryWindowOf, formatDeliveryRange, parseDeliveryRange, zonedDayStart } from './delivery-window.ts';

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

describe('deliveryWindowOf: the days of the delivery address', () => {
  const text = formatDeliveryRange('2026-11-23', '2026-11-25'); // Monday - Wednesday
  it('runs from Monday 00:00 to Wednesday 23:59:59.999 in Chicago (UTC-6 in November), not in UTC', () => {
    const w = deliveryWindowOf(text, 'America/Chicago')!;
    expect(new Date(w.start).toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(new Date(w.end).toISOString()).toBe('2026-11-26T05:59:59.999Z');
    // 23:30 on Wednesday in Chicago is inside; 00:30 on Thursday is after.
    expect(Date.parse('2026-11-26T05:30:00Z') <= w.end).toBe(true);
    expect(Date.parse('2026-11-26T06:30:00Z') > w.end).toBe(true);
  });
  it('follows a change of offset inside the window (DST ends on November 1, 2026 in Chicago)', () => {
    const w = deliveryWindowOf(formatDeliveryRange('2026-10-31', '2026-11-01'), 'America/Chicago')!;
    expect(new Date(w.start).toISOString()).toBe('2026-10-31T05:00:00.000Z'); // CDT, UTC-5
    expect(new Date(w.end).toISOString()).toBe('2026-11-02T05:59:59.999Z'); // CST, UTC-6
    expect(new Date(zonedDayStart('2026-03-08', 'America/Chicago')!).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(new Date(zonedDayStart('2026-03-09', 'America/Chicago')!).toISOString()).toBe('2026-03-09T05:00:00.000Z');
  });
  it('east of UTC and on UTC; no window for free text or an unknown zone', () => {
    const tokyo = deliveryWindowOf(text, 'Asia/Tokyo')!;
    expect(new Date(tokyo.start).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(new Date(deliveryWindowOf(text, 'UTC')!.end).toISOString()).toBe('2026-11-25T23:59:59.999Z');
    expect(deliveryWindowOf('2-3 business days', 'America/Chicago')).toBeNull();
    expect(deliveryWindowOf(text, 'Nowhere/Atlantis')).toBeNull();
  });
});
