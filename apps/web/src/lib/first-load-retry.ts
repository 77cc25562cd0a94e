import type { Query, QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { backoffDelay, type BackoffOptions } from './backoff.ts';

/**
 * The retry of a page's first load (issue 22, decision 045). The app's queries keep spec §7's rule, no retries, except
 * in one case: a query that has not yet loaded since the page started, whose fetch failed for a network reason (no
 * answer, a refused connection, a gateway's 502/503/504, or the browser offline). That one is fetched again, after
 * about 1 s, doubling up to 30 s, with jitter, and at once when the network returns or the page becomes visible, for as
 * long as a page shows it. A page reads where the query is with `useFirstLoadRetry` and says it is reconnecting, and,
 * once that has gone on for a minute, that tracking is not available (its Try Again still works, the retries go on).
 */

export const FIRST_LOAD_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000 };
/** After this long without a first load a page says the data is not available (and keeps retrying). */
export const FIRST_LOAD_PATIENCE_MS = 60_000;

/** reconnecting: the first load failed for a network reason and is being tried again; unavailable: for a minute now. */
export type FirstLoadState = 'reconnecting' | 'unavailable';

/** The wait before retry `attempt` (0-based) of a first load: ~1 s, 2 s, 4 s … 30 s, each between half and all of it. */
export function firstLoadRetryDelay(attempt: number, random: () => number = Math.random): number {
  return backoffDelay(attempt, FIRST_LOAD_BACKOFF, random);
}

/** A reply that says 'the server is not there right now', not one about the request. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * True for a failure of the network rather than an answer: `fetch` rejects with a TypeError when there was no answer at
 * all (refused, reset, offline, DNS), and a proxy or the server's own outage guard answers 502, 503 or 504.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return GATEWAY_STATUSES.has(error.status);
  return error instanceof TypeError || (error instanceof Error && error.name === 'TypeError');
}

interface Waiting {
  query: Query;
  attempt: number;
  unavailable: boolean;
  retryTimer: ReturnType<typeof setTimeout> | null;
  patienceTimer: ReturnType<typeof setTimeout>;
}

export interface FirstLoadRetryOptions {
  /** Where the controller hears that the network returned or the page became visible (tests pass a fake). */
  onWake?: (listener: () => void) => () => void;
  random?: () => number;
}

/** One per query cache: watches every query's fetches and retries the first loads that failed for a network reason. */
export class FirstLoadRetry {
  /** Hashes of the queries that have loaded by a fetch since the page started (seeded page data does not count). */
  private readonly loaded = new Set<string>();
  private readonly waiting = new Map<string, Waiting>();
  private readonly listeners = new Set<() => void>();
  private stopCache: (() => void) | null = null;
  private stopWake: (() => void) | null = null;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly options: FirstLoadRetryOptions = {},
  ) {}

  start(): this {
    this.stopCache ??= this.queryClient.getQueryCache().subscribe((event) => this.onCacheEvent(event));
    this.stopWake ??= this.options.onWake?.(() => this.retryAllNow()) ?? null;
    return this;
  }

  stop(): void {
    this.stopCache?.();
    this.stopWake?.();
    this.stopCache = this.stopWake = null;
    for (const hash of [...this.waiting.keys()]) this.clear(hash);
  }

  /** Where the first load of the query with this hash is; null when it is not waiting for the network. */
  stateOf = (queryHash: string): FirstLoadState | null => {
    const entry = this.waiting.get(queryHash);
    if (!entry) return null;
    return entry.unavailable ? 'unavailable' : 'reconnecting';
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private onCacheEvent(event: QueryCacheNotifyEvent): void {
    const { query } = event;
    const hash = query.queryHash;
    if (event.type === 'removed') {
      this.loaded.delete(hash);
      this.clear(hash);
      return;
    }
    if (event.type === 'observerRemoved') {
      // The page that showed it has gone: nobody waits for it any more (a page showing it again fetches it again).
      if (query.getObserversCount() === 0) this.clear(hash);
      return;
    }
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'success' && !action.manual) {
      this.loaded.add(hash);
      this.clear(hash);
    } else if (action.type === 'error') {
      if (!this.loaded.has(hash) && isNetworkFailure(action.error)) this.retryLater(query);
      else this.clear(hash);
    } else if (action.type === 'pause' && !this.loaded.has(hash)) {
      // Offline as far as the query client knows: it resumes the fetch by itself when the network returns.
      this.retryLater(query);
    }
  }

  private retryLater(query: Query): void {
    const hash = query.queryHash;
    let entry = this.waiting.get(hash);
    if (!entry) {
      const created: Waiting = {
        query,
        attempt: 0,
        unavailable: false,
        retryTimer: null,
        patienceTimer: setTimeout(() => {
          created.unavailable = true;
          this.emit();
        }, FIRST_LOAD_PATIENCE_MS),
      };
      entry = created;
      this.waiting.set(hash, entry);
      this.emit();
    }
    if (entry.retryTimer) clearTimeout(entry.retryTimer);
    const delay = firstLoadRetryDelay(entry.attempt, this.options.random);
    entry.attempt += 1;
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = null;
      this.fetch(entry.query);
    }, delay);
  }

  /** The network returned or the page became visible: every waiting first load is tried now. */
  private retryAllNow(): void {
    for (const entry of this.waiting.values()) {
      if (entry.retryTimer) clearTimeout(entry.retryTimer);
      entry.retryTimer = null;
      this.fetch(entry.query);
    }
  }

  private fetch(query: Query): void {
    // Through the query client, as the page's own refetch would go; joins a fetch already on its way.
    void this.queryClient.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' }, { cancelRefetch: false });
  }

  private clear(hash: string): void {
    const entry = this.waiting.get(hash);
    if (!entry) return;
    if (entry.retryTimer) clearTimeout(entry.retryTimer);
    clearTimeout(entry.patienceTimer);
    this.waiting.delete(hash);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
