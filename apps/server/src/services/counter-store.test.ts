import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './counter-store.ts';

describe('MemoryCounterStore', () => {
  it('counts per key within a window and starts again after it', async () => {
    let now = 0;
    const store = new MemoryCounterStore(() => now);
    expect((await store.hit('a', 1_000)).count).toBe(1);
    expect((await store.hit('a', 1_000, 2)).count).toBe(3);
    expect((await store.hit('b', 1_000)).count).toBe(1);
    now = 1_000;
    expect((await store.hit('a', 1_000)).count).toBe(1);
  });

  it('stays bounded and cheap when every request brings a new key and every window is open', async () => {
    let now = 0;
    const store = new MemoryCounterStore(() => now, 1_000);
    const started = performance.now();
    for (let i = 0; i < 50_000; i += 1) {
      now += 0.01; // 50,000 keys within one second: no window expires
      await store.hit(`10.0.${i >> 8}.${i & 255}#${i}`, 60_000);
    }
    expect(store.size).toBeLessThanOrEqual(1_000);
    // A sweep of every key on each new one (the old behaviour) would be 50,000 × 1,000 steps; this is well under.
    expect(performance.now() - started).toBeLessThan(2_000);
    // The newest keys are kept with their counts.
    expect((await store.peek(`10.0.${49_999 >> 8}.${49_999 & 255}#49999`)).count).toBe(1);
  });

  it('drops expired windows first', async () => {
    let now = 0;
    const store = new MemoryCounterStore(() => now, 10);
    for (let i = 0; i < 10; i += 1) await store.hit(`old${i}`, 100);
    now = 5_000;
    await store.hit('keep', 60_000);
    await store.hit('new', 60_000);
    expect(store.size).toBe(2);
    expect((await store.peek('keep')).count).toBe(1);
  });
});
