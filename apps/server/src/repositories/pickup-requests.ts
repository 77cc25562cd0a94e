import type { PickupRequestRow } from '../db/types.ts';
import type { CountValue, Executor } from './executor.ts';

/** The pickup_requests table: the only code that queries it. */
export class PickupRequestRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: PickupRequestRow): Promise<void> {
    await this.db.insertInto('pickupRequests').values(row).execute();
  }

  findById(id: string): Promise<PickupRequestRow | undefined> {
    return this.db.selectFrom('pickupRequests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first. */
  list(): Promise<PickupRequestRow[]> {
    return this.db.selectFrom('pickupRequests').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  }

  async setStatus(id: string, status: string): Promise<void> {
    await this.db.updateTable('pickupRequests').set({ status }).where('id', '=', id).execute();
  }

  /** Every distinct phone as written. */
  async phones(): Promise<string[]> {
    const rows = await this.db.selectFrom('pickupRequests').select('phone').distinct().execute();
    return rows.map((r) => r.phone);
  }

  async count(filter: { status?: string } = {}): Promise<number> {
    let query = this.db.selectFrom('pickupRequests').select((eb) => eb.fn.countAll<CountValue>().as('n'));
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }
}
