import { distanceM, PROXIMITY } from '@cargo/shared';
import { describe, expect, it } from 'vitest';
import { evaluateProximity, type ProximityState } from '../services/proximity.ts';
import { DEMO_SPEED_MS, demoRoute, nearestAlong, pointAlong } from './demo-route.ts';

const delivery = { lat: 32.7073, lng: -117.1566 };
const pickup = { lat: 34.043, lng: -118.2673 };

describe('demo route', () => {
  const route = demoRoute(delivery, pickup);

  it('is a closed loop that starts just outside the approaching radius, towards the pickup, and passes the door', () => {
    const start = distanceM(route.points[0]!, delivery);
    expect(start).toBeGreaterThan(PROXIMITY.approachingM);
    expect(start).toBeLessThan(PROXIMITY.approachingM + 1_000);
    expect(distanceM(pointAlong(route, route.doorAt).position, delivery)).toBeLessThan(1);
    // Towards the pickup (north-west of San Diego).
    expect(route.points[0]!.lat).toBeGreaterThan(delivery.lat);
    expect(route.length).toBeGreaterThan(14_000);
    expect(route.length).toBeLessThan(18_000);
  });

  it('fires approaching, arriving and very near once each per lap, in that order, and re-arms them for the next', () => {
    let state: ProximityState = { fired: [] };
    const alerts: string[] = [];
    const step = DEMO_SPEED_MS * 5;
    for (let s = 0; s < route.length * 2; s += step) {
      const result = evaluateProximity(distanceM(pointAlong(route, s).position, delivery), state);
      state = result.state;
      if (result.alert) alerts.push(result.alert);
    }
    expect(alerts).toEqual(['approaching', 'arriving', 'very_near', 'approaching', 'arriving', 'very_near']);
  });

  it('moves a plausible distance per fix and resumes where a position lies', () => {
    const a = pointAlong(route, 1_000).position;
    const b = pointAlong(route, 1_000 + DEMO_SPEED_MS * 5).position;
    expect(distanceM(a, b)).toBeCloseTo(DEMO_SPEED_MS * 5, 0);
    expect(Math.abs(nearestAlong(route, a) - 1_000)).toBeLessThanOrEqual(25);
    expect(pointAlong(route, route.length + 10).position).toEqual(pointAlong(route, 10).position);
  });
});
