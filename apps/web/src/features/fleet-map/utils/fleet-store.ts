import type { FleetDriver, FleetPosition, FleetSnapshot } from '@cargo/shared';

/**
 * The fleet as the map shows it: the snapshot, then each pushed position applied in place (never an older one over a
 * newer). Listeners hear of a change once per batch, so 200 drivers reporting every 5 s cost one render a second.
 */
export class FleetStore {
  private drivers = new Map<string, FleetDriver>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  /** A position of a driver the snapshot did not have (a driver activated since): the snapshot is asked again. */
  onUnknownDriver: (() => void) | null = null;

  load(snapshot: FleetSnapshot): void {
    const next = new Map<string, FleetDriver>();
    for (const driver of snapshot.drivers) {
      const held = this.drivers.get(driver.id)?.position;
      // A position pushed after the snapshot was read stays.
      const position = held && driver.position && held.recordedAt > driver.position.recordedAt ? held : driver.position;
      next.set(driver.id, { ...driver, position });
    }
    this.drivers = next;
    this.changed();
  }

  apply(positions: readonly FleetPosition[]): void {
    let unknown = false;
    for (const position of positions) {
      const driver = this.drivers.get(position.driverId);
      if (!driver) {
        unknown = true;
        continue;
      }
      if (driver.position && driver.position.recordedAt > position.recordedAt) continue;
      this.drivers.set(driver.id, { ...driver, position });
    }
    this.changed();
    if (unknown) this.onUnknownDriver?.();
  }

  list(): FleetDriver[] {
    return [...this.drivers.values()];
  }

  get(id: string): FleetDriver | undefined {
    return this.drivers.get(id);
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
