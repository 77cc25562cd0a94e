import type { Redis } from 'ioredis';

/** Fixed-window counters, in memory for one instance or in Redis when several instances share limits. */
export interface CounterStore {
  /** Adds one to the key's window and returns the count and the ms left in the window. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly clock: () => number = Date.now) {}

  async hit(key: string, windowMs: number) {
    const now = this.clock();
    let entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, entry);
      if (this.counters.size > 100_000) this.sweep(now);
    }
    entry.count += 1;
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

  private sweep(now: number) {
    for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
  }
}

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    const results = await this.redis.multi().incr(k).pttl(k).exec();
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
