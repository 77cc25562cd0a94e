import { describe, expect, it } from 'vitest';
import { isPastWindow, packageWindow } from './package-window.ts';

// Monday - Wednesday, delivered to the Art Institute of Chicago (America/Chicago, UTC-6 in November).
const chicago = { estimatedDelivery: 'Monday, November 23, 2026 - Wednesday, November 25, 2026', deliveryLat: 41.8796, deliveryLng: -87.6237 };

describe("a package's delivery window is days of its delivery address's clock", () => {
  it('Chicago: 23:30 on the last day is inside the window, 00:30 the next day is late', () => {
    expect(packageWindow(chicago)?.timeZone).toBe('America/Chicago');
    expect(isPastWindow(chicago, Date.parse('2026-11-26T05:30:00Z'))).toBe(false); // Wed 23:30 CST
    expect(isPastWindow(chicago, Date.parse('2026-11-26T06:30:00Z'))).toBe(true); // Thu 00:30 CST
  });
  it('no window for free text', () => {
    expect(packageWindow({ ...chicago, estimatedDelivery: '2-3 business days' })).toBeNull();
    expect(isPastWindow({ ...chicago, estimatedDelivery: '' }, Date.now())).toBe(false);
  });
});
