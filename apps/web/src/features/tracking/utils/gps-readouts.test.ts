import { describe, expect, it } from 'vitest';
import { formatAccuracy, formatBattery, formatCoordinate, formatClockTime, formatHeading, formatTimeWithSeconds, isGpsConnected, speedMph } from './gps-readouts.ts';

describe('isGpsConnected (design.md §6)', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  it('is connected with a fix at most 120 s old while in transit or out for delivery', () => {
    expect(isGpsConnected('in_transit', '2026-03-02T11:58:00Z', now)).toBe(true);
    expect(isGpsConnected('out_for_delivery', '2026-03-02T11:59:30Z', now)).toBe(true);
  });
  it('is offline with an older fix, without a fix, or in any other status', () => {
    expect(isGpsConnected('in_transit', '2026-03-02T11:57:59Z', now)).toBe(false);
    expect(isGpsConnected('in_transit', null, now)).toBe(false);
    expect(isGpsConnected('delivered', '2026-03-02T11:59:59Z', now)).toBe(false);
    expect(isGpsConnected('processing', '2026-03-02T11:59:59Z', now)).toBe(false);
    expect(isGpsConnected('in_transit', 'not a time', now)).toBe(false);
  });
});

describe('readouts (spec §9)', () => {
  it('converts m/s to whole mph', () => {
    expect(speedMph(10)).toBe(22);
    expect(speedMph(24.6)).toBe(55);
    expect(speedMph(0)).toBe(0);
    expect(speedMph(null)).toBeNull();
  });
  it('shows accuracy in feet under 100 ft, otherwise in metres', () => {
    expect(formatAccuracy(8)).toBe('±26 ft');
    expect(formatAccuracy(30.48)).toBe('±30 m');
    expect(formatAccuracy(30.4)).toBe('±100 ft');
    expect(formatAccuracy(150)).toBe('±150 m');
    expect(formatAccuracy(undefined)).toBeNull();
  });
  it('shows a heading in degrees with its compass point, or nothing', () => {
    expect(formatHeading(90)).toBe('90° E');
    expect(formatHeading(359.6)).toBe('360° N');
    expect(formatHeading(-45)).toBe('315° NW');
    expect(formatHeading(null)).toBeNull();
  });
  it('keeps six decimals and the device battery as reported', () => {
    expect(formatCoordinate(43.0731)).toBe('43.073100');
    expect(formatBattery(77)).toBe('77%');
    expect(formatBattery(null)).toBeNull();
  });
  it("writes the vehicle's clock from the zone the server named, without Intl", () => {
    const at = Date.parse('2026-01-15T18:05:07Z');
    const central = { name: 'Central Standard Time', abbreviation: 'CST', utcOffsetMinutes: -360 };
    expect(formatTimeWithSeconds(at, central)).toBe('12:05:07 PM');
    expect(formatClockTime(at, central)).toBe('12:05 PM CST');
    expect(formatTimeWithSeconds(at, { name: 'India Standard Time', abbreviation: 'GMT+5:30', utcOffsetMinutes: 330 })).toBe('11:35:07 PM');
    // Without a zone: the browser's own clock.
    expect(formatTimeWithSeconds(at, null)).toBe(new Date(at).toLocaleTimeString('en-US').replace(/\s/g, ' '));
  });
});
