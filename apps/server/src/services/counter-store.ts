import type { Redis } from 'ioredis';

/** Fixed-window counters, in memory for one instance or in Redis when several instances share limits. */
export interface CounterStore {
  /** Adds `amount` (default one) to the key's window and returns the count and the ms left in the window. */
  hit(key: string, windowMs: number, amount?: number): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

/** Keys held at most: past this, expired windows are swept (at most once a second), then the oldest keys dropped. */
export const MEMORY_COUNTER_KEYS = 100_000;

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = -Infinity;
  constructor(
    private readonly clock: () => number = Date.now,
    private readonly maxKeys = MEMORY_COUNTER_KEYS,
  ) {}

  async hit(key: string, windowMs: number, amount = 1) {
    const now = this.clock();
    let entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, entry);
      if (this.counters.size > this.maxKeys) this.shrink(now);
    }
    entry.count += amount;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async peek(key: string) {
    const now = this.clock();
    const entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) return { count: 0, resetInMs: 0 };
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async reset(key: string) {
    this.counters.delete(key);
  }

  /**
   * Many clients at once (or one client with many addresses): expired windows go, at most once a second, since a sweep
   * reads every key; then, if every window is still open, the oldest keys (first set) go down to nine tenths, so the
   * cost of a request stays flat and memory bounded. A dropped key starts a fresh window: a client among the oldest of
   * 100,000 may get a few more requests, never fewer.
   */
  private shrink(now: number) {
    if (now - this.lastSweep >= 1_000) {
      this.lastSweep = now;
      for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
    }
    if (this.counters.size <= this.maxKeys) return;
    const target = Math.floor(this.maxKeys * 0.9);
    for (const key of this.counters.keys()) {
      if (this.counters.size <= target) break;
      this.counters.delete(key);
    }
  }

  /** How many keys are held (tests). */
  get size(): number {
    return this.counters.size;
  }
}

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number, amount = 1) {
    const k = this.prefix + key;
    const results = await this.redis.multi().incrby(k, amount).pttl(k).exec();
    const count = Number(results?.[0]?.[1] ?? 1);
    let ttl = Number(results?.[1]?.[1] ?? -1);
    if (ttl < 0) {
      await this.redis.pexpire(k, windowMs);
      ttl = windowMs;
    }
    return { count, resetInMs: ttl };
  }

  async peek(key: string) {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

/**
 * Redis counters that keep counting in memory while Redis is unreachable (issue 10: a Redis outage answered every
 * sign-in and lookup with a 500). Limits then hold per instance instead of across instances, and Redis takes over
 * again once it answers; nothing waits for Redis longer than ioredis's retries.
 */
export class FallbackCounterStore implements CounterStore {
  private lastWarning = 0;

  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly warn: (err: unknown) => void,
    /** False while the primary is known to be unreachable: go to memory at once instead of waiting for an error. */
    private readonly available: () => boolean = () => true,
  ) {}

  private degrade(err: unknown): void {
    // One warning a minute, not one per request.
    if (Date.now() - this.lastWarning > 60_000) {
      this.lastWarning = Date.now();
      this.warn(err);
    }
  }

  async hit(key: string, windowMs: number, amount = 1) {
    if (!this.available()) return this.fallback.hit(key, windowMs, amount);
    try {
      return await this.primary.hit(key, windowMs, amount);
    } catch (err) {
      this.degrade(err);
      return this.fallback.hit(key, windowMs, amount);
    }
  }

  async peek(key: string) {
    if (!this.available()) return this.fallback.peek(key);
    try {
      return await this.primary.peek(key);
    } catch (err) {
      this.degrade(err);
      return this.fallback.peek(key);
    }
  }

  async reset(key: string) {
    await Promise.allSettled([this.primary.reset(key), this.fallback.reset(key)]);
  }
}
