import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { LiveHub } from './hub.ts';

/** A socket that records its pings and answers them (or not) with a pong. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  pings: number[] = [];
  terminated = false;
  constructor(private readonly answers: boolean) {
    super();
  }
  ping(): void {
    this.pings.push(Date.now());
    if (this.answers) queueMicrotask(() => this.emit('pong'));
  }
  send(): void {}
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
}

const log = { debug() {}, warn() {} } as unknown as FastifyBaseLogger;

describe('LiveHub heartbeat (decision 057)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings each socket once per interval, spread over it rather than all at once, and closes one that stops answering', async () => {
    const hub = new LiveHub(async () => null, log);
    const sockets = Array.from({ length: 1000 }, (_, i) => new FakeSocket(i !== 500));
    for (const s of sockets) hub.attach(s as unknown as WebSocket);
    hub.startHeartbeat(30_000);

    // A tenth of the interval: about a tenth of the sockets pinged (one tick pings 1/300 of them).
    await vi.advanceTimersByTimeAsync(3_000);
    const pinged = sockets.filter((s) => s.pings.length > 0).length;
    expect(pinged).toBeGreaterThanOrEqual(90);
    expect(pinged).toBeLessThanOrEqual(110);
    let mostInOneTick = 0;
    const perTick = new Map<number, number>();
    for (const s of sockets) for (const at of s.pings) perTick.set(at, (perTick.get(at) ?? 0) + 1);
    for (const n of perTick.values()) mostInOneTick = Math.max(mostInOneTick, n);
    expect(mostInOneTick).toBeLessThanOrEqual(4);

    // One whole interval: every socket pinged once.
    await vi.advanceTimersByTimeAsync(27_000);
    expect(sockets.every((s) => s.pings.length === 1)).toBe(true);
    expect(hub.size).toBe(1000);

    // The next interval: the one that never answered is closed at its turn, the others pinged again.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets[500]!.terminated).toBe(true);
    expect(sockets.filter((s) => s.terminated)).toHaveLength(1);
    expect(sockets.filter((s, i) => i !== 500 && s.pings.length === 2)).toHaveLength(999);
    expect(hub.size).toBe(999);
    // Each was pinged again one interval after the first time.
    for (const s of sockets.filter((x) => x.pings.length === 2)) expect(s.pings[1]! - s.pings[0]!).toBeGreaterThanOrEqual(29_000);
    hub.stopHeartbeat();
  });
});
