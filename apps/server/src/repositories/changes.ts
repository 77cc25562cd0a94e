/**
 * What a write changed, for the in-memory hot state (services/hot-state.ts) of this instance and, through the Redis
 * bridge, of every other (decision 040). Repositories report each write; a cache that holds the object drops it.
 */
export type Change =
  | { kind: 'package'; id: string }
  | { kind: 'driver'; id: string }
  | { kind: 'admin'; id: string }
  | { kind: 'session'; tokenHash: string }
  /** Every session of one admin or driver ended. */
  | { kind: 'subject'; role: string; subjectId: string };

/** Where repositories report their writes. */
export interface ChangeSink {
  changed(change: Change): void;
}

/** Reports nothing: for code with no hot state to keep true (tests of one repository, the admin CLI). */
export const NO_CHANGES: ChangeSink = { changed: () => {} };

/**
 * Holds a transaction's changes until it has ended: a cache dropping the object before the commit could be refilled
 * from the old row by a concurrent read (PostgreSQL), so the drop waits for the end. A rollback reports them too:
 * a drop is always safe, it costs one read.
 */
export class DeferredChanges implements ChangeSink {
  private readonly pending: Change[] = [];
  constructor(private readonly target: ChangeSink) {}

  changed(change: Change): void {
    this.pending.push(change);
  }

  flush(): void {
    for (const change of this.pending.splice(0)) this.target.changed(change);
  }
}
