import { distanceM } from '@cargo/shared';
import { describe, expect, it } from 'vitest';
import { optimiseStops, routeFigures, type OptimiserStop } from './built-in.ts';

/** A fixed set: 100 stops scattered over greater Chicago by a seeded generator (mulberry32), in a shuffled order. */
function chicagoStops(count = 100, seed = 20): OptimiserStop[] {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, (_, i) => ({ id: `S${i}`, lat: 41.7 + random() * 0.35, lng: -87.85 + random() * 0.3 }));
}

const DEPOT = { lat: 41.8781, lng: -87.6298 };
const DEPART = Date.UTC(2026, 0, 5, 13, 0);

describe('the built-in stop order', () => {
  it('orders 100 stops in under 1 s, visiting each once, with a large saving over the given order', () => {
    const stops = chicagoStops();
    const result = optimiseStops({ start: DEPOT, stops, departAt: DEPART });
    expect([...result.after.order].sort()).toEqual(stops.map((s) => s.id).sort());
    expect(result.computeMs).toBeLessThan(1000);
    const saving = 1 - result.after.distanceM / result.before.distanceM;
    console.info(
      `built-in optimiser, 100 stops: ${(result.before.distanceM / 1000).toFixed(1)} km → ${(result.after.distanceM / 1000).toFixed(1)} km (${(saving * 100).toFixed(1)}% shorter) in ${result.computeMs.toFixed(0)} ms`,
    );
    // A random order of 100 points is several times a good tour's length.
    expect(saving).toBeGreaterThan(0.7);
    // The reported distance is the order's own: recomputed from the points.
    const byId = new Map(stops.map((s) => [s.id, s]));
    let check = 0;
    let at = DEPOT;
    for (const id of result.after.order) {
      check += distanceM(at, byId.get(id)!);
      at = byId.get(id)!;
    }
    expect(result.after.distanceM).toBeCloseTo(check, 3);
  });

  it('is never worse than the order it was given (an already good order stays)', () => {
    const good = optimiseStops({ start: DEPOT, stops: chicagoStops(), departAt: DEPART });
    const byId = new Map(chicagoStops().map((s) => [s.id, s]));
    const again = optimiseStops({ start: DEPOT, stops: good.after.order.map((id) => byId.get(id)!), departAt: DEPART });
    expect(again.after.distanceM).toBeLessThanOrEqual(again.before.distanceM + 1e-6);
    for (let seed = 1; seed <= 20; seed += 1) {
      const stops = chicagoStops(12, seed);
      const r = optimiseStops({ start: null, stops, departAt: DEPART });
      expect(r.after.distanceM).toBeLessThanOrEqual(r.before.distanceM + 1e-6);
    }
  });

  it('finds the best order of a line of stops given backwards-and-forwards', () => {
    const line = [3, 1, 4, 0, 2].map((k) => ({ id: `L${k}`, lat: 41.88, lng: -87.63 + k * 0.01 }));
    const r = optimiseStops({ start: { lat: 41.88, lng: -87.64 }, stops: line, departAt: DEPART });
    expect(r.after.order).toEqual(['L0', 'L1', 'L2', 'L3', 'L4']);
    expect(r.improved).toBe(true);
  });

  it('keeps a delivery window even when that costs distance', () => {
    // The far stop must be reached within 30 minutes; the near ones have all day.
    const near = Array.from({ length: 5 }, (_, k) => ({ id: `N${k}`, lat: 41.88, lng: -87.63 + k * 0.01 }));
    const far = { id: 'FAR', lat: 41.88, lng: -87.63 - 0.12, windowStart: null, windowEnd: DEPART + 30 * 60_000 };
    const plain = optimiseStops({ start: { lat: 41.88, lng: -87.635 }, stops: [...near, { ...far, windowEnd: null }], departAt: DEPART });
    expect(plain.after.order[0]).not.toBe('FAR');
    const windowed = optimiseStops({ start: { lat: 41.88, lng: -87.635 }, stops: [...near, far], departAt: DEPART });
    expect(windowed.after.order[0]).toBe('FAR');
    expect(windowed.after.lateStops).toBe(0);
    expect(windowed.after.timings[0]!.late).toBe(false);
  });

  it('works out arrivals: 1.3 × the straight line at 40 km/h, 3 minutes at each door, waiting for a window to open', () => {
    const a = { id: 'A', lat: 41.88, lng: -87.63 };
    const b = { id: 'B', lat: 41.88, lng: -87.63 + 0.1, windowStart: DEPART + 4 * 3600_000, windowEnd: null };
    const f = routeFigures({ start: a, stops: [a, b], departAt: DEPART });
    expect(f.timings[0]!.arrival).toBe(DEPART);
    expect(f.timings[1]!.arrival).toBe(DEPART + 4 * 3600_000);
    const g = routeFigures({ start: a, stops: [a, { ...b, windowStart: null }], departAt: DEPART });
    const leg = distanceM(a, b);
    expect(g.timings[1]!.arrival).toBeCloseTo(DEPART + 3 * 60_000 + ((leg * 1.3) / (40_000 / 3600)) * 1000, 0);
  });
});

describe('windows that have already ended', () => {
  it('do not steer the order (no order keeps them), yet their stops are reported late', () => {
    const stops = chicagoStops(30).map((s, i) => ({ ...s, windowEnd: i % 3 === 0 ? DEPART - 86_400_000 : null }));
    const r = optimiseStops({ start: DEPOT, stops, departAt: DEPART });
    const plain = optimiseStops({ start: DEPOT, stops: stops.map((s) => ({ ...s, windowEnd: null })), departAt: DEPART });
    expect(r.after.order).toEqual(plain.after.order);
    expect(r.after.lateStops).toBe(10);
  });
});
