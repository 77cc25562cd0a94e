import { describe, expect, it } from 'vitest';
import { earlyArrival } from './delivery-window.ts';

// Monday - Wednesday, delivered to the Art Institute of Chicago (America/Chicago, UTC-6 in November).
const chicago = { estimatedDelivery: 'Monday, November 23, 2026 - Wednesday, November 25, 2026', deliveryLat: 41.8796, deliveryLng: -87.6237 };

describe("the advance notice reads the window in the delivery address's days", () => {
  it('the advance notice: set out on Sunday evening in Chicago is early (already Monday in UTC), Monday 00:30 is not', () => {
    expect(earlyArrival(chicago, Date.parse('2026-11-23T03:00:00Z'))).toEqual({
      reason: 'early',
      expectedDay: 'Sunday, November 22, 2026',
      windowStart: 'Monday, November 23, 2026',
      windowEnd: 'Wednesday, November 25, 2026',
    });
    expect(earlyArrival(chicago, Date.parse('2026-11-23T06:30:00Z'))).toBeNull();
  });
});
