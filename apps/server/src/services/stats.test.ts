import { describe, expect, it } from 'vitest';
import { cached, customerKey, haversineMiles } from './stats.ts';

describe('haversineMiles', () => {
  it('measures great-circle distances in miles', () => {
    expect(haversineMiles(40, -100, 41, -100)).toBeCloseTo(69.0941, 3);
    expect(haversineMiles(0, 0, 0, 1)).toBeCloseTo(69.0941, 3);
    expect(haversineMiles(12, 34, 12, 34)).toBe(0);
    // Chicago (233 S Wacker Dr) to Milwaukee (700 N Art Museum Dr): about 81 miles.
    expect(haversineMiles(41.8789, -87.6359, 43.04, -87.8971)).toBeCloseTo(81.3, 1);
    // Antipodes: half the circumference.
    expect(haversineMiles(0, 0, 0, 180)).toBeCloseTo(Math.PI * 3958.8, 3);
  });
});

describe('customerKey', () => {
  it('keeps digits only and drops a North American country code', () => {
    expect(customerKey('(312) 555-0142')).toBe('3125550142');
    expect(customerKey('+1 312 555 0142')).toBe('3125550142');
    expect(customerKey('1-312-555-0142')).toBe('3125550142');
    expect(customerKey('+44 20 7946 0958')).toBe('442079460958');
    expect(customerKey('n/a')).toBe('');
  });
});

describe('cached', () => {
  it('computes once per window, again after it, and not at all while a computation is pending', async () => {
    let now = 0;
    let calls = 0;
    const get = cached(async () => ++calls, 10_000, () => now);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    now = 9_999;
    expect(await get()).toBe(1);
    now = 10_000;
    expect(await get()).toBe(2);
    expect(calls).toBe(2);
  });

  it('does not keep a failure', async () => {
    let fail = true;
    const get = cached(async () => {
      if (fail) throw new Error('database down');
      return 'ok';
    }, 10_000, () => 0);
    await expect(get()).rejects.toThrow('database down');
    fail = false;
    await Promise.resolve();
    expect(await get()).toBe('ok');
  });
});
