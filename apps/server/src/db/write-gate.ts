/**
 * A turn at SQLite's write lock for the server's own connection, taken without holding the event loop (decision 085).
 * The fix writer's thread writes on a connection of its own; a write on the server's connection while the thread
 * holds the lock would wait in SQLite's busy handler, which sleeps (1, 2, 5, 10 ms…) on the event loop's thread, and
 * every request would wait with it. Instead the write first awaits `enter()`: the thread finishes what it is writing
 * and starts nothing new until the returned function is called.
 */
export interface WriteGate {
  enter(): Promise<() => void>;
}

const NOTHING_TO_RELEASE = (): void => undefined;

/** The gate of a database handle: the fix writer's, once the app has one; none for PostgreSQL or an in-memory file. */
export class WriteGateSlot implements WriteGate {
  private gate: WriteGate | null = null;

  set(gate: WriteGate | null): void {
    this.gate = gate;
  }

  enter(): Promise<() => void> {
    return this.gate ? this.gate.enter() : Promise.resolve(NOTHING_TO_RELEASE);
  }
}
