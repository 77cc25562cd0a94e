import type { ServerMessage } from '@cargo/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_BACKOFF,
  IDLE_CLOSE_MS,
  LiveUpdatesClient,
  RESYNC_FALLBACK_MS,
  liveSocketUrl,
  parseServerMessage,
  reconnectDelay,
  type SocketLike,
} from './live-client.ts';

/** A socket the test drives by hand: open, answer, drop. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedByClient = false;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as never);
  }
  receive(message: ServerMessage | string) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) } as MessageEvent);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({} as never);
  }
}

let sockets: FakeSocket[];
let messages: ServerMessage[];
let resynced: string[][];
let wake: () => void;

function makeClient(random = () => 0.5) {
  return new LiveUpdatesClient({
    url: () => 'ws://example.test/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onMessage: (m) => messages.push(m),
    onResync: (ids) => resynced.push(ids),
    environment: {
      onWake: (listener) => {
        wake = listener;
        return () => {
          wake = () => {};
        };
      },
    },
    random,
  });
}

const last = () => sockets[sockets.length - 1]!;
const confirm = (socket: FakeSocket, trackingId: string) => socket.receive({ type: 'subscription_confirmed', trackingId });

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  messages = [];
  resynced = [];
  wake = () => {};
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live-updates client', () => {
  it('shares one socket among every subscription and subscribes each tracking id once', () => {
    const client = makeClient();
    expect(client.getStatus()).toBe('idle');
    const offA1 = client.subscribe('PKG1');
    const offA2 = client.subscribe('PKG1');
    const offB = client.subscribe('tok-abc');
    expect(sockets).toHaveLength(1);
    expect(client.getStatus()).toBe('connecting');
    last().open();
    expect(client.getStatus()).toBe('live');
    expect(last().sent).toEqual([
      { type: 'subscribe', trackingId: 'PKG1' },
      { type: 'subscribe', trackingId: 'tok-abc' },
    ]);
    offA1();
    expect(last().sent).toHaveLength(2);
    offA2();
    offA2();
    expect(last().sent[2]).toEqual({ type: 'unsubscribe', trackingId: 'PKG1' });
    const offC = client.subscribe('PKG2');
    expect(last().sent[3]).toEqual({ type: 'subscribe', trackingId: 'PKG2' });
    expect(sockets).toHaveLength(1);
    offB();
    offC();
  });

  it('hands over valid messages only, checked against the shared /ws schema', () => {
    const client = makeClient();
    client.subscribe('PKG1');
    last().open();
    last().receive('not json');
    last().receive(JSON.stringify({ type: 'location_update', trackingId: 'PKG1', data: { lat: 'north' } }));
    last().receive(JSON.stringify({ type: 'surprise' }));
    confirm(last(), 'PKG1');
    expect(messages).toEqual([{ type: 'subscription_confirmed', trackingId: 'PKG1' }]);
  });

  it('reconnects with exponential backoff and jitter, capped, and starts afresh once the server answers', () => {
    // random() = 1: the whole delay; 0: half of it.
    let r = 1;
    const client = makeClient(() => r);
    client.subscribe('PKG1');
    last().open();
    last().drop();
    expect(client.getStatus()).toBe('offline');
    const expected = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000];
    for (const delay of expected) {
      const before = sockets.length;
      vi.advanceTimersByTime(delay - 1);
      expect(sockets.length, `no attempt before ${delay} ms`).toBe(before);
      vi.advanceTimersByTime(1);
      expect(sockets.length, `an attempt at ${delay} ms`).toBe(before + 1);
      expect(client.getStatus()).toBe('connecting');
      last().drop();
    }
    // An attempt that opens and is answered resets the backoff.
    vi.advanceTimersByTime(30_000);
    last().open();
    confirm(last(), 'PKG1');
    r = 0;
    last().drop();
    vi.advanceTimersByTime(499);
    const before = sockets.length;
    vi.advanceTimersByTime(1);
    expect(sockets.length).toBe(before + 1);
    client.dispose();
  });

  it('spreads the delays: equal jitter between half and all of the exponential step', () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const ceiling = Math.min(DEFAULT_BACKOFF.maxMs, DEFAULT_BACKOFF.initialMs * 2 ** attempt);
      expect(reconnectDelay(attempt, DEFAULT_BACKOFF, () => 0)).toBe(ceiling / 2);
      expect(reconnectDelay(attempt, DEFAULT_BACKOFF, () => 0.999999)).toBeLessThanOrEqual(ceiling);
      expect(reconnectDelay(attempt, DEFAULT_BACKOFF, () => 0.5)).toBe(Math.round(ceiling * 0.75));
    }
    expect(reconnectDelay(1_000, DEFAULT_BACKOFF, () => 1)).toBe(30_000);
  });

  it('after a reconnect refetches each subscription once the server has confirmed it again, never on the first connect', () => {
    const client = makeClient();
    client.subscribe('PKG1');
    client.subscribe('PKG2');
    last().open();
    confirm(last(), 'PKG1');
    confirm(last(), 'PKG2');
    expect(resynced).toEqual([]);

    last().drop();
    vi.advanceTimersByTime(60_000);
    last().open();
    expect(last().sent).toEqual([
      { type: 'subscribe', trackingId: 'PKG1' },
      { type: 'subscribe', trackingId: 'PKG2' },
    ]);
    // Not before the subscription is in place: a fix published in between would be lost.
    expect(resynced).toEqual([]);
    confirm(last(), 'PKG2');
    expect(resynced).toEqual([['PKG2']]);
    confirm(last(), 'PKG1');
    expect(resynced).toEqual([['PKG2'], ['PKG1']]);
    // A later confirmation (a second page following the same id) is no reconnect.
    confirm(last(), 'PKG1');
    expect(resynced).toHaveLength(2);
    vi.advanceTimersByTime(RESYNC_FALLBACK_MS * 2);
    expect(resynced).toHaveLength(2);
  });

  it('a first connection after failed tries is a reconnect: each subscription is refetched once confirmed (decision 045)', () => {
    const client = makeClient();
    client.subscribe('PKG1');
    // The server is away when the page starts: the first socket never opens.
    last().drop();
    vi.advanceTimersByTime(60_000);
    last().open();
    expect(resynced).toEqual([]);
    confirm(last(), 'PKG1');
    // What the page's first load could not fetch, or fetched before this socket could hear a change, is fetched now.
    expect(resynced).toEqual([['PKG1']]);
  });

  it('refetches a subscription the server refuses on resubscribe, or does not answer within the fallback', () => {
    const client = makeClient();
    client.subscribe('revoked-token');
    client.subscribe('PKG1');
    last().open();
    last().drop();
    vi.advanceTimersByTime(60_000);
    last().open();
    last().receive({ type: 'error', message: 'Package not found' });
    expect(resynced).toEqual([['revoked-token', 'PKG1']]);

    last().drop();
    vi.advanceTimersByTime(60_000);
    last().open();
    vi.advanceTimersByTime(RESYNC_FALLBACK_MS - 1);
    expect(resynced).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(resynced[1]).toEqual(['revoked-token', 'PKG1']);
  });

  it('reconnects at once when the page becomes visible or the network returns, and checks an open socket with a ping', () => {
    const client = makeClient(() => 1);
    client.subscribe('PKG1');
    last().open();
    wake();
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });

    last().drop();
    // Backed off to a long wait...
    for (let i = 0; i < 5; i++) {
      vi.runOnlyPendingTimers();
      last().drop();
    }
    const before = sockets.length;
    wake();
    expect(sockets.length).toBe(before + 1);
    // ...one attempt at a time: waking again while it opens does not open a second socket.
    wake();
    expect(sockets.length).toBe(before + 1);
    last().open();
    expect(client.getStatus()).toBe('live');
    // The scheduled retry was cancelled.
    vi.advanceTimersByTime(60_000);
    expect(sockets.length).toBe(before + 1);
    client.dispose();
  });

  it('closes the socket a while after the last subscription ends, and keeps it when a page follows again in time', () => {
    const client = makeClient();
    const off = client.subscribe('PKG1');
    last().open();
    off();
    vi.advanceTimersByTime(IDLE_CLOSE_MS - 1);
    const offAgain = client.subscribe('PKG1');
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(last().closedByClient).toBe(false);
    expect(sockets).toHaveLength(1);
    offAgain();
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(last().closedByClient).toBe(true);
    expect(client.getStatus()).toBe('idle');
    // Nothing reconnects a socket closed on purpose, and waking does nothing with nothing followed.
    vi.advanceTimersByTime(120_000);
    wake();
    expect(sockets).toHaveLength(1);
    client.subscribe('PKG3');
    expect(sockets).toHaveLength(2);
  });

  it('reports each state change to its listeners', () => {
    const client = makeClient();
    const seen: string[] = [];
    client.onStatus(() => seen.push(client.getStatus()));
    client.subscribe('PKG1');
    last().open();
    last().drop();
    vi.advanceTimersByTime(60_000);
    expect(seen).toEqual(['connecting', 'live', 'offline', 'connecting']);
  });
});

describe('liveSocketUrl and parseServerMessage', () => {
  it('uses wss under https and ws otherwise, on the page host', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'track.example.com' })).toBe('wss://track.example.com/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws');
  });

  it('accepts the shared message shapes only', () => {
    expect(parseServerMessage(JSON.stringify({ type: 'pong' }))).toEqual({ type: 'pong' });
    expect(parseServerMessage(JSON.stringify({ type: 'status_update', trackingId: 'A', data: { packageId: 'p', status: 'delivered', currentLocation: 'Delivered' } }))).toMatchObject({
      type: 'status_update',
    });
    expect(parseServerMessage(JSON.stringify({ type: 'status_update', trackingId: 'A', data: {} }))).toBeNull();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});
