import { distanceM } from '@cargo/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SPEED_MS,
  etaMinutes,
  evaluateProximity,
  parseProximityState,
  proximityAlert,
  serializeProximityState,
  smoothedSpeed,
  type ProximityState,
} from './proximity.ts';

const CHICAGO = { lat: 41.8781, lng: -87.6298 };
const MILWAUKEE = { lat: 43.0389, lng: -87.9065 };

/** Runs a driver along a sequence of distances and collects the alerts. */
function drive(distances: number[], start: ProximityState = { fired: [] }) {
  let state = start;
  const alerts: (string | null)[] = [];
  for (const d of distances) {
    const step = evaluateProximity(d, state);
    alerts.push(step.alert);
    state = step.state;
  }
  return { alerts, state };
}

describe('distanceM', () => {
  it('measures Chicago to Milwaukee at about 130 km and a point to itself at 0', () => {
    expect(distanceM(CHICAGO, MILWAUKEE)).toBeGreaterThan(128_000);
    expect(distanceM(CHICAGO, MILWAUKEE)).toBeLessThan(132_000);
    expect(distanceM(CHICAGO, CHICAGO)).toBe(0);
  });

  it('measures 0.001 degree of latitude at about 111 m', () => {
    expect(distanceM({ lat: 10, lng: 10 }, { lat: 10.001, lng: 10 })).toBeCloseTo(111.2, 0);
  });
});

describe('evaluateProximity', () => {
  it('fires approaching, arriving and very_near once each as the driver closes in', () => {
    const { alerts, state } = drive([9000, 4900, 4000, 3000, 990, 800, 190, 50, 10]);
    expect(alerts).toEqual([null, 'approaching', null, null, 'arriving', null, 'very_near', null, null]);
    expect(state.fired).toEqual(['approaching', 'arriving', 'very_near']);
  });

  it('announces only the tightest alert when several radii are crossed at once', () => {
    const { alerts, state } = drive([150, 100]);
    expect(alerts).toEqual(['very_near', null]);
    expect(state.fired).toEqual(['approaching', 'arriving', 'very_near']);
  });

  it('does not re-fire while the driver wobbles within 30% beyond the radius', () => {
    // 1.3 × 1000 m = 1300 m: moving out to 1250 m does not re-arm 'arriving'.
    const { alerts } = drive([900, 1250, 950, 1290, 990]);
    expect(alerts).toEqual(['arriving', null, null, null, null]);
  });

  it('re-arms once the driver is more than 30% beyond the radius, then fires again', () => {
    const { alerts, state } = drive([900, 1350, 990]);
    expect(alerts).toEqual(['arriving', null, 'arriving']);
    expect(state.fired).toContain('arriving');
  });

  it('re-arms very_near only beyond 260 m and keeps looser alerts fired', () => {
    const step1 = drive([150]);
    const away = evaluateProximity(300, step1.state);
    expect(away.alert).toBeNull();
    expect(away.state.fired).toEqual(['approaching', 'arriving']);
    expect(evaluateProximity(180, away.state).alert).toBe('very_near');
    const close = evaluateProximity(250, step1.state);
    expect(close.state.fired).toContain('very_near');
  });

  it('fires exactly at the radius', () => {
    expect(evaluateProximity(5000, { fired: [] }).alert).toBe('approaching');
    expect(evaluateProximity(5000.1, { fired: [] }).alert).toBeNull();
  });
});

describe('proximity state text', () => {
  it('round-trips and tolerates garbage', () => {
    const text = serializeProximityState({ fired: ['arriving', 'approaching'] });
    expect(parseProximityState(text)).toEqual({ fired: ['approaching', 'arriving'] });
    expect(parseProximityState(null)).toEqual({ fired: [] });
    expect(parseProximityState('not json')).toEqual({ fired: [] });
    expect(parseProximityState('{"fired":["bogus","very_near"]}')).toEqual({ fired: ['very_near'] });
  });
});

describe('smoothedSpeed and etaMinutes', () => {
  it('smooths exponentially, weighting the newest speed 0.3', () => {
    expect(smoothedSpeed([10])).toBe(10);
    expect(smoothedSpeed([10, 20])).toBeCloseTo(13, 10);
    expect(smoothedSpeed([10, 20, 20])).toBeCloseTo(0.3 * 20 + 0.7 * 13, 10);
  });

  it('ignores unknown and standing-still speeds, null when none moved', () => {
    expect(smoothedSpeed([null, 0, 0.2, undefined])).toBeNull();
    expect(smoothedSpeed([12, 0, null])).toBe(12);
    expect(smoothedSpeed([])).toBeNull();
  });

  it('ETA = distance × 1.3 ÷ speed, in whole minutes rounded up', () => {
    // 10 km × 1.3 = 13 km at 20 m/s = 650 s = 10.83 min → 11.
    expect(etaMinutes(10_000, 20)).toBe(11);
    expect(etaMinutes(0, 20)).toBe(0);
  });

  it('uses 40 km/h when no speed is known', () => {
    expect(DEFAULT_SPEED_MS).toBeCloseTo(11.111, 3);
    // 4 km × 1.3 = 5.2 km at 40 km/h = 7.8 min → 8.
    expect(etaMinutes(4_000, null)).toBe(8);
    expect(etaMinutes(4_000, 0)).toBe(8);
  });

  it('builds the alert with its message', () => {
    expect(proximityAlert('arriving', 812.4, 2)).toEqual({ type: 'arriving', message: 'Your driver is arriving (within 1 km)', eta: 2, distanceM: 812 });
    expect(proximityAlert('approaching', 4000, 8).message).toBe('Your driver is approaching (within 5 km)');
    expect(proximityAlert('very_near', 100, 1).message).toBe('Your driver is very near (within 200 m)');
  });
});
