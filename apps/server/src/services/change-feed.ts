import type { Change, ChangeSink } from '../repositories/changes.ts';

export type { Change } from '../repositories/changes.ts';

/**
 * The writes of this instance and of every other, for whatever keeps objects in memory (services/hot-state.ts,
 * services/sessions.ts). Repositories report here; with Redis the bus carries each change to the other instances
 * (realtime/redis-bridge.ts), which apply it without sending it on.
 */
export class ChangeFeed implements ChangeSink {
  private readonly listeners = new Set<(change: Change) => void>();
  private bus: ((change: Change) => void) | null = null;

  on(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Connects the feed to the other instances: `send` carries this instance's changes to them. */
  connectBus(send: ((change: Change) => void) | null): void {
    this.bus = send;
  }

  /** A write of this instance: applied here and sent to the others. */
  changed(change: Change): void {
    this.apply(change);
    this.bus?.(change);
  }

  /** A change that arrived from another instance (or, for a package, an event that implies one). */
  apply(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }
}
