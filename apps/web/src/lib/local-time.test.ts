import { describe, expect, it } from 'vitest';
import { formatLocalTime, formatLongDate, formatMediumDateTime, formatMediumDateTimeWithSeconds, formatShortDateTime, formatTimeAtOffset } from './local-time.ts';

// The same text as en-US Intl, whose spaces before AM/PM differ between ICU versions (U+202F or U+0020).
const intl = (at: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options).format(at).replace(/\s/g, ' ');

describe('local time without Intl', () => {
  const samples = [
    new Date(2026, 10, 22, 9, 5, 7),
    new Date(2026, 0, 1, 0, 3, 0),
    new Date(2026, 0, 1, 12, 0, 59),
    new Date(2025, 5, 30, 23, 59, 59),
    new Date(2024, 1, 29, 13, 30, 0),
  ];

  it('writes the clock, the long date and the timeline timestamp as en-US Intl does', () => {
    for (const at of samples) {
      expect(formatLocalTime(at)).toBe(intl(at, { hour: 'numeric', minute: '2-digit', second: '2-digit' }));
      expect(formatLocalTime(at, false)).toBe(intl(at, { hour: 'numeric', minute: '2-digit' }));
      expect(formatShortDateTime(at)).toBe(intl(at, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }));
      expect(formatLongDate(at)).toBe(intl(at, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }));
      expect(formatMediumDateTime(at)).toBe(intl(at, { dateStyle: 'medium', timeStyle: 'short' }));
      expect(formatMediumDateTimeWithSeconds(at)).toBe(intl(at, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' }));
    }
  });

  it('takes milliseconds as well as dates', () => {
    const at = samples[0]!;
    expect(formatLocalTime(at.getTime())).toBe('9:05:07 AM');
    expect(formatLongDate(at.getTime())).toBe('Sunday, November 22, 2026');
    expect(formatMediumDateTime(at.getTime())).toBe('Nov 22, 2026, 9:05 AM');
  });
});

describe('time at an offset from UTC without Intl', () => {
  it('writes what Intl writes in a zone of that fixed offset', () => {
    // Etc/GMT+5 is UTC-05:00 (POSIX signs); Kolkata and Kathmandu keep one offset all year.
    const zones: Array<[string, number]> = [['Etc/GMT+5', -300], ['Etc/GMT-9', 540], ['UTC', 0], ['Asia/Kolkata', 330], ['Asia/Kathmandu', 345], ['Etc/GMT+10', -600]];
    for (const [timeZone, offset] of zones) {
      for (const at of [Date.parse('2026-11-22T09:05:07Z'), Date.parse('2026-01-01T00:03:00Z'), Date.parse('2025-06-30T23:59:59Z'), Date.parse('2024-02-29T12:00:00Z')]) {
        expect(formatTimeAtOffset(at, offset)).toBe(intl(new Date(at), { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone }));
        expect(formatTimeAtOffset(at, offset, false)).toBe(intl(new Date(at), { hour: 'numeric', minute: '2-digit', timeZone }));
      }
    }
  });
});
