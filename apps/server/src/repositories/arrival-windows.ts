import type { ArrivalWindowRow } from '../db/types.ts';
import type { Executor } from './executor.ts';

/** The arrival_windows table (issue 33 part 4, decision 111): the last one-hour window sent per package. */
export class ArrivalWindowRepository {
  constructor(private readonly db: Executor) {}

  /** The drivers with packages out for delivery: whom a sweep looks at. */
  async driversOut(): Promise<string[]> {
    const rows = await this.db.selectFrom('packages').select('driverId').distinct().where('status', '=', 'out_for_delivery').where('driverId', 'is not', null).execute();
    return rows.map((r) => r.driverId!);
  }

  find(packageId: string): Promise<ArrivalWindowRow | undefined> {
    return this.db.selectFrom('arrivalWindows').selectAll().where('packageId', '=', packageId).executeTakeFirst();
  }

  forPackages(packageIds: readonly string[]): Promise<ArrivalWindowRow[]> {
    if (packageIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('arrivalWindows').selectAll().where('packageId', 'in', [...packageIds]).execute();
  }

  /** A new run (the package set out for delivery): whatever an earlier run held goes. */
  async startRun(row: ArrivalWindowRow): Promise<void> {
    await this.db.deleteFrom('arrivalWindows').where('packageId', '=', row.packageId).execute();
    await this.db.insertInto('arrivalWindows').values(row).execute();
  }

  /**
   * Sets the window when it is still the one read (compare-and-set on its start): of two sweeps racing, one moves it
   * and writes the event. True when this one did.
   */
  async moveWindow(packageId: string, expectedStart: string | null, changes: Pick<ArrivalWindowRow, 'windowStart' | 'windowEnd' | 'moves' | 'driverId' | 'updatedAt'>): Promise<boolean> {
    let query = this.db.updateTable('arrivalWindows').set(changes).where('packageId', '=', packageId);
    query = expectedStart === null ? query.where('windowStart', 'is', null) : query.where('windowStart', '=', expectedStart);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The newest ETA while the stop is near (the page's narrowing); nothing else changes. */
  async noteEta(packageId: string, etaAt: string | null, computedAt: string): Promise<void> {
    await this.db.updateTable('arrivalWindows').set({ etaAt, etaComputedAt: computedAt }).where('packageId', '=', packageId).execute();
  }
}
