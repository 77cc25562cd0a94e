import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { FIRST_LOAD_PATIENCE_MS, FirstLoadRetry, firstLoadRetryDelay, isNetworkFailure } from './first-load-retry.ts';

describe('first-load retry schedule', () => {
  it('waits about 1 s, then doubles up to 30 s, each wait between half and all of its step (equal jitter)', () => {
    const steps = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000];
    steps.forEach((step, attempt) => {
      expect(firstLoadRetryDelay(attempt, () => 0)).toBe(step / 2);
      expect(firstLoadRetryDelay(attempt, () => 0.5)).toBe(Math.round(step * 0.75));
      expect(firstLoadRetryDelay(attempt, () => 0.999999)).toBeLessThanOrEqual(step);
    });
    expect(firstLoadRetryDelay(10_000, () => 1)).toBe(30_000);
  });

  it('spreads the tabs of one outage: random draws give different waits within the step', () => {
    const waits = new Set(Array.from({ length: 50 }, () => firstLoadRetryDelay(3)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(4_000);
      expect(wait).toBeLessThanOrEqual(8_000);
    }
  });
});

describe('what counts as a network failure', () => {
  it('no answer (fetch rejects with a TypeError) and a gateway or outage reply (502, 503, 504)', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [502, 503, 504]) expect(isNetworkFailure(new ApiError(status, `${status}: down`, null))).toBe(true);
  });

  it('never an answer about the request: 404, 400, 401, 429, 500, or an error of the page itself', () => {
    for (const status of [400, 401, 403, 404, 429, 500]) expect(isNetworkFailure(new ApiError(status, `${status}`, null))).toBe(false);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
    expect(isNetworkFailure(undefined)).toBe(false);
  });
});

describe('first-load retry of the query cache', () => {
  let queryClient: QueryClient;
  let controller: FirstLoadRetry;
  let wake: () => void;
  let answers: Array<() => unknown>;
  let calls: number;
  const key: QueryKey = ['tracking', 'package', 'PKG1'];

  /** A page showing the query: an observer, as useQuery makes. */
  function show() {
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: async () => {
        calls += 1;
        const next = answers.shift() ?? (() => ({ trackingNumber: 'PKG1' }));
        return next();
      },
      retry: false,
      staleTime: 0,
    });
    return observer.subscribe(() => undefined);
  }
  const refused = () => {
    throw new TypeError('Failed to fetch');
  };
  const state = () => controller.stateOf(queryClient.getQueryCache().find({ queryKey: key })!.queryHash);
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    wake = () => undefined;
    controller = new FirstLoadRetry(queryClient, {
      onWake: (listener) => {
        wake = listener;
        return () => (wake = () => undefined);
      },
      random: () => 1,
    }).start();
    answers = [];
    calls = 0;
  });
  afterEach(() => {
    controller.stop();
    queryClient.clear();
    vi.useRealTimers();
  });

  it('fetches a first load that met no server again after 1 s, 2 s, 4 s … until it loads, then stops', async () => {
    answers = [refused, refused, refused];
    const hide = show();
    await settle();
    expect(calls).toBe(1);
    expect(state()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(calls).toBe(4);
    expect(queryClient.getQueryData(key)).toEqual({ trackingNumber: 'PKG1' });
    expect(state()).toBeNull();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(4);
    hide();
  });

  it('tries at once when the network returns or the page becomes visible', async () => {
    answers = [refused, refused];
    const hide = show();
    await settle();
    wake();
    await settle();
    expect(calls).toBe(2);
    wake();
    await settle();
    expect(calls).toBe(3);
    expect(state()).toBeNull();
    hide();
  });

  it('says unavailable after a minute of retrying, and keeps retrying every 30 s at most', async () => {
    answers = Array.from({ length: 20 }, () => refused);
    const hide = show();
    await settle();
    await vi.advanceTimersByTimeAsync(FIRST_LOAD_PATIENCE_MS - 1);
    expect(state()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(state()).toBe('unavailable');
    const before = calls;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toBe(before + 1);
    hide();
  });

  it('leaves alone an answer that means it (404) and a gateway reply is retried like no answer', async () => {
    answers = [
      () => {
        throw new ApiError(503, '503: Database unavailable', null);
      },
      () => {
        throw new ApiError(404, '404: Package not found', null);
      },
    ];
    const hide = show();
    await settle();
    expect(state()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(state()).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    hide();
  });

  it('retries a query seeded with the page data whose first fetch failed, never one that has loaded since', async () => {
    queryClient.setQueryData(key, { trackingNumber: 'PKG1', seeded: true });
    answers = [refused];
    const hide = show();
    await settle();
    expect(state()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state()).toBeNull();
    // Loaded: a later failure (a refresh) is the page's to show, as spec §7 says (no retries).
    answers = [refused];
    await queryClient.refetchQueries({ queryKey: key });
    expect(queryClient.getQueryState(key)?.status).toBe('error');
    expect(state()).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);
    hide();
  });

  it('stops when no page shows the query any more', async () => {
    answers = [refused, refused];
    const hide = show();
    await settle();
    hide();
    expect(state()).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
  });
});
