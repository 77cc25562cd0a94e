import type { ClientMessage, ServerMessage } from '@cargo/shared';
import { backoffDelay, type BackoffOptions } from '../backoff.ts';
import { checkServerMessage } from './server-message.ts';

/**
 * One /ws connection per tab for every live page (after traccar-web's SocketController, see decision 020):
 * subscriptions by tracking id, reconnect with exponential backoff and jitter, an immediate reconnect when the page
 * becomes visible or the network returns, and after every reconnect a resync of each subscription once the server has
 * confirmed it, so that nothing published while the socket was down is missed.
 */

/** idle: nothing subscribed; connecting: a socket is opening; live: open; offline: closed, a retry is scheduled. */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'offline';

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Where the client hears that the page became visible again or the network came back. */
export interface LiveEnvironment {
  onWake(listener: () => void): () => void;
}

export type { BackoffOptions };

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000 };
/** With nothing subscribed for this long the socket is closed (a page change re-subscribes within it). */
export const IDLE_CLOSE_MS = 5_000;
/** A resubscription the server has not answered within this long is resynced anyway. */
export const RESYNC_FALLBACK_MS = 5_000;

const OPEN = 1;
const CONNECTING = 0;

export interface LiveClientOptions {
  url: () => string;
  createSocket: (url: string) => SocketLike;
  /** Every valid message from the server. */
  onMessage: (message: ServerMessage) => void;
  /** Refetch what these subscriptions show: called after a reconnect, once each is confirmed again. */
  onResync: (trackingIds: string[]) => void;
  environment?: LiveEnvironment;
  backoff?: BackoffOptions;
  random?: () => number;
}

/**
 * The wait before reconnect attempt `attempt` (0-based): exponential from `initialMs`, capped at `maxMs`, with 'equal
 * jitter' (between half and all of it) so that a server restart is not met by every tab at the same instant.
 */
export function reconnectDelay(attempt: number, backoff: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  return backoffDelay(attempt, backoff, random);
}

/** `ws:` or `wss:` (under https) on the page's own host (spec §7 'Push channel at /ws on the same host'). */
export function liveSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

export class LiveUpdatesClient {
  private socket: SocketLike | null = null;
  private status: LiveStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();
  /** trackingId → number of components following it. */
  private readonly subscriptions = new Map<string, number>();
  /** Subscriptions to refetch once the server confirms them again after a reconnect. */
  private readonly pendingResync = new Set<string>();
  private hasConnected = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private resyncTimer: ReturnType<typeof setTimeout> | null = null;
  private stopWake: (() => void) | null = null;

  constructor(private readonly options: LiveClientOptions) {}

  getStatus = (): LiveStatus => this.status;

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Follows a package until the returned function is called; several followers of one id share one subscription. */
  subscribe(trackingId: string): () => void {
    const count = this.subscriptions.get(trackingId) ?? 0;
    this.subscriptions.set(trackingId, count + 1);
    this.clearTimer('idle');
    if (count === 0 && this.socket?.readyState === OPEN) this.send({ type: 'subscribe', trackingId });
    this.ensureConnected();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.release(trackingId);
    };
  }

  /** The ids followed now (tests, debugging). */
  get trackingIds(): string[] {
    return [...this.subscriptions.keys()];
  }

  /** Closes the socket and forgets every subscription. */
  dispose(): void {
    this.subscriptions.clear();
    this.pendingResync.clear();
    this.closeSocket();
    this.setStatus('idle');
  }

  private release(trackingId: string): void {
    const count = this.subscriptions.get(trackingId) ?? 0;
    if (count > 1) {
      this.subscriptions.set(trackingId, count - 1);
      return;
    }
    this.subscriptions.delete(trackingId);
    this.pendingResync.delete(trackingId);
    if (this.socket?.readyState === OPEN) this.send({ type: 'unsubscribe', trackingId });
    if (this.subscriptions.size === 0) {
      this.clearTimer('idle');
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.subscriptions.size > 0) return;
        this.closeSocket();
        this.setStatus('idle');
      }, IDLE_CLOSE_MS);
    }
  }

  private ensureConnected(): void {
    if (!this.stopWake && this.options.environment) this.stopWake = this.options.environment.onWake(() => this.wake());
    if (this.socket || this.reconnectTimer) return;
    this.connect();
  }

  /** The page became visible or the network returned: reconnect now rather than at the end of the backoff. */
  private wake(): void {
    if (this.subscriptions.size === 0) return;
    const state = this.socket?.readyState;
    if (state === OPEN) {
      // A connection that died while the tab slept only notices when it sends.
      this.send({ type: 'ping' });
      return;
    }
    if (state === CONNECTING) return;
    this.clearTimer('reconnect');
    this.connect();
  }

  private connect(): void {
    this.clearTimer('reconnect');
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      // A first connection after failed tries is a reconnect too: the page's first load may have failed meanwhile, or
      // answered before something was published that this socket was not there to hear (decision 045).
      const reconnected = this.hasConnected || this.attempt > 0;
      this.hasConnected = true;
      this.setStatus('live');
      for (const trackingId of this.subscriptions.keys()) {
        if (reconnected) this.pendingResync.add(trackingId);
        this.send({ type: 'subscribe', trackingId });
      }
      if (reconnected && this.pendingResync.size > 0) {
        this.clearTimer('resync');
        this.resyncTimer = setTimeout(() => {
          this.resyncTimer = null;
          this.flushResync([...this.pendingResync]);
        }, RESYNC_FALLBACK_MS);
      }
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const message = parseServerMessage(event.data);
      if (!message) return;
      if (message.type === 'subscription_confirmed') {
        // The server answers: this connection works, so the next failure starts the backoff afresh.
        this.attempt = 0;
        if (this.pendingResync.has(message.trackingId)) this.flushResync([message.trackingId]);
      } else if (message.type === 'error' && this.pendingResync.size > 0) {
        // A subscription refused on resubscribe (a revoked link, a deleted package): the refetch will show why.
        this.flushResync([...this.pendingResync]);
      }
      this.options.onMessage(message);
    };
    socket.onerror = () => {
      // Always followed by close, which schedules the retry.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimer('resync');
      if (this.subscriptions.size === 0) {
        this.setStatus('idle');
        return;
      }
      this.scheduleReconnect();
    };
  }

  private flushResync(trackingIds: string[]): void {
    const due = trackingIds.filter((id) => this.pendingResync.delete(id) && this.subscriptions.has(id));
    if (this.pendingResync.size === 0) this.clearTimer('resync');
    if (due.length > 0) this.options.onResync(due);
  }

  private scheduleReconnect(): void {
    this.setStatus('offline');
    const delay = reconnectDelay(this.attempt, this.options.backoff, this.options.random);
    this.attempt += 1;
    this.clearTimer('reconnect');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.subscriptions.size > 0) this.connect();
    }, delay);
  }

  private closeSocket(): void {
    this.clearTimer('reconnect');
    this.clearTimer('idle');
    this.clearTimer('resync');
    this.stopWake?.();
    this.stopWake = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      try {
        socket.close(1000, 'No live subscriptions');
      } catch {
        // Closing a socket that never opened can throw in some browsers; it is gone either way.
      }
    }
  }

  private send(message: ClientMessage): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // The close event that follows a failed send reconnects.
    }
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private clearTimer(which: 'reconnect' | 'idle' | 'resync'): void {
    const key = `${which}Timer` as const;
    const timer = this[key];
    if (timer) clearTimeout(timer);
    this[key] = null;
  }
}

/** A server message checked against the shared /ws message types (server-message.ts); null for anything else. */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  return checkServerMessage(json);
}
