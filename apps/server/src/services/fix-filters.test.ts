import { describe, expect, it } from 'vitest';
import { checkAgainstPrevious, checkFixAlone, filterFix, filterTrail, impliedSpeedKmh, type FixPoint } from './fix-filters.ts';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const base: FixPoint = { lat: 41.8781, lng: -87.6298, recordedAtMs: NOW, accuracy: 10 };

describe('checkFixAlone', () => {
  it('accepts a sound fix', () => {
    expect(checkFixAlone(base, NOW)).toBeNull();
    expect(checkFixAlone({ ...base, accuracy: null }, NOW)).toBeNull();
  });

  it('refuses (0, 0), non-numbers and out-of-range coordinates', () => {
    expect(checkFixAlone({ ...base, lat: 0, lng: 0 }, NOW)).toBe('Invalid coordinates');
    expect(checkFixAlone({ ...base, lat: Number.NaN }, NOW)).toBe('Invalid coordinates');
    expect(checkFixAlone({ ...base, lat: 91 }, NOW)).toBe('Invalid coordinates');
    expect(checkFixAlone({ ...base, lng: -180.5 }, NOW)).toBe('Invalid coordinates');
    // Either coordinate alone may be zero.
    expect(checkFixAlone({ ...base, lat: 0 }, NOW)).toBeNull();
  });

  it('refuses a device time more than 5 minutes ahead, accepts up to 5 minutes', () => {
    expect(checkFixAlone({ ...base, recordedAtMs: NOW + 5 * 60_000 }, NOW)).toBeNull();
    expect(checkFixAlone({ ...base, recordedAtMs: NOW + 5 * 60_000 + 1 }, NOW)).toBe('Device time is more than 5 minutes ahead of server time');
    // Old fixes (an offline queue) pass.
    expect(checkFixAlone({ ...base, recordedAtMs: NOW - 3_600_000 }, NOW)).toBeNull();
  });

  it('refuses accuracy worse than 1000 m', () => {
    expect(checkFixAlone({ ...base, accuracy: 1000 }, NOW)).toBeNull();
    expect(checkFixAlone({ ...base, accuracy: 1000.5 }, NOW)).toBe('Accuracy worse than 1000 m');
  });
});

describe('checkAgainstPrevious', () => {
  it('accepts the first fix', () => {
    expect(checkAgainstPrevious(base, null)).toBeNull();
  });

  it('refuses the same position at the same time, accepts the same position later', () => {
    expect(checkAgainstPrevious({ ...base }, base)).toBe('Duplicate of the previous fix');
    expect(checkAgainstPrevious({ ...base, recordedAtMs: NOW + 10_000 }, base)).toBeNull();
  });

  it('refuses an implied speed over 250 km/h', () => {
    // 0.01° latitude ≈ 1112 m; in 10 s that is ≈ 400 km/h; in 20 s ≈ 200 km/h.
    const jump = { ...base, lat: base.lat + 0.01 };
    expect(checkAgainstPrevious({ ...jump, recordedAtMs: NOW + 10_000 }, base)).toBe('Implied speed over 250 km/h from the previous fix');
    expect(checkAgainstPrevious({ ...jump, recordedAtMs: NOW + 20_000 }, base)).toBeNull();
    expect(impliedSpeedKmh(base, { ...jump, recordedAtMs: NOW + 20_000 })).toBeCloseTo(200.2, 0);
  });

  it('measures speed by elapsed time either way round (a late fix before its neighbour)', () => {
    const jump = { ...base, lat: base.lat + 0.01, recordedAtMs: NOW - 10_000 };
    expect(checkAgainstPrevious(jump, base)).toBe('Implied speed over 250 km/h from the previous fix');
  });

  it('treats a different position at the same instant as at least a second apart', () => {
    expect(checkAgainstPrevious({ ...base, lat: base.lat + 0.0001 }, base)).toBeNull();
    expect(checkAgainstPrevious({ ...base, lat: base.lat + 0.001 }, base)).toBe('Implied speed over 250 km/h from the previous fix');
  });
});

describe('filterFix', () => {
  it('checks the fix alone before comparing it', () => {
    expect(filterFix({ ...base, accuracy: 5000 }, base, NOW)).toBe('Accuracy worse than 1000 m');
    expect(filterFix(base, base, NOW)).toBe('Duplicate of the previous fix');
    expect(filterFix({ ...base, recordedAtMs: NOW + 30_000, lat: base.lat + 0.001 }, base, NOW)).toBeNull();
  });
});

describe('filterTrail', () => {
  // 0.001° of latitude ≈ 111.2 m: three legs north a minute apart, and a 50 km jump between them.
  const north = (i: number, t: number): FixPoint => ({ ...base, lat: base.lat + 0.001 * i, recordedAtMs: NOW - 600_000 + t * 60_000 });
  it('drops a jump and goes on from the fix before it; sums the legs of the fixes kept', () => {
    const jump = { ...base, lat: base.lat + 0.5, recordedAtMs: NOW - 600_000 + 90_000 };
    const trail = filterTrail([north(2, 2), north(0, 0), jump, north(1, 1), north(3, 3)], NOW);
    expect(trail.dropped).toBe(1);
    expect(trail.kept.map((f) => f.recordedAtMs)).toEqual([0, 1, 2, 3].map((t) => NOW - 600_000 + t * 60_000));
    expect(trail.distanceM).toBeCloseTo(3 * 111.19, 0);
  });
  it('counts the same fix stored for two packages once, and an empty trail as 0 m', () => {
    const trail = filterTrail([north(0, 0), north(0, 0), north(1, 1), north(1, 1)], NOW);
    expect(trail).toMatchObject({ dropped: 0, kept: [north(0, 0), north(1, 1)] });
    expect(filterTrail([], NOW)).toEqual({ kept: [], dropped: 0, distanceM: 0 });
  });
});
