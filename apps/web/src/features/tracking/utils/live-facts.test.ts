import type { LiveTracking } from '@cargo/shared';
import { describe, expect, it } from 'vitest';
import { formatAge, formatDistance, formatEtaMinutes, isStale, liveFacts, liveFactsLine } from './live-facts.ts';

const base = {
  status: 'out_for_delivery',
  message: null,
  eta: { minutes: 9, distanceM: 5200, speedKmh: 45, speedSource: 'recent' },
  delivery: { address: '1 Twins Way', lat: 44.9817, lng: -93.2776 },
  currentLocation: { lat: 44.9817 + 5200 / 111_195, lng: -93.2776, address: null, lastUpdate: '2026-11-22T01:00:00.000Z', speed: 12.5, accuracy: 8, heading: 0, battery: 70, timeZone: null, zone: null },
} as unknown as LiveTracking;
const at = (seconds: number) => Date.parse('2026-11-22T01:00:00.000Z') + seconds * 1000;

describe('live facts', () => {
  it('formats ages, distances and ETAs', () => {
    expect(formatAge(40)).toBe('40 s ago');
    expect(formatAge(150)).toBe('2 min ago');
    expect(formatAge(3 * 3600 + 120)).toBe('3 h 2 min ago');
    expect(formatDistance(154)).toBe('150 m');
    expect(formatDistance(5_200)).toBe('5.2 km (3.2 mi)');
    expect(formatEtaMinutes(9)).toBe('about 9 min');
    expect(formatEtaMinutes(95)).toBe('about 1 h 35 min');
  });

  it('says the status, distance, ETA with its basis, age and accuracy of a fresh position', () => {
    const facts = liveFacts(base, at(40));
    expect(facts.stale).toBe(false);
    expect(liveFactsLine(facts)).toBe(
      "Out for Delivery · 5.2 km (3.2 mi) from the delivery address in a straight line · estimated arrival in about 9 min (5.2 km (3.2 mi) straight-line × 1.3 for roads, at the driver's recent average speed of 45 km/h (28 mph)) · position updated 40 s ago, accurate to ±26 ft",
    );
  });

  it('hides the ETA once the position is older than 120 s, and says an assumed speed is assumed', () => {
    expect(isStale(base.currentLocation!.lastUpdate, at(120))).toBe(false);
    expect(isStale(base.currentLocation!.lastUpdate, at(121))).toBe(true);
    const stale = liveFacts(base, at(300));
    expect(stale.eta).toBe('no arrival estimate while the position is not recent');
    expect(stale.position).toBe('position is stale: last updated 5 min ago');
    const assumed = liveFacts({ ...base, eta: { minutes: 11, distanceM: 5200, speedKmh: 40, speedSource: 'assumed' } }, at(10));
    expect(assumed.eta).toContain('at an assumed 40 km/h (25 mph): no recent speed was reported');
  });

  it('shows no position once delivered, and the server message without a fix', () => {
    expect(liveFactsLine(liveFacts(base, at(10), 'delivered'))).toBe('Delivered · Delivered: no live position is shown after delivery');
    const none = liveFacts({ ...base, currentLocation: null, eta: null, message: 'Driver has not started location sharing yet.' }, at(0));
    expect(none.position).toBe('Driver has not started location sharing yet.');
    expect(none.hasPosition).toBe(false);
  });
});
