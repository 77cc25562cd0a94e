import { sql } from 'kysely';
import type { NewPickupRequestRow, PickupRequestRow } from '../db/types.ts';
import { phoneSearchPattern } from '../lib/phone.ts';
import type { CountValue, Executor } from './executor.ts';

export interface PickupFilter {
  q?: string | undefined;
  status?: string | undefined;
}

/** The pickup_requests table: the only code that queries it. */
export class PickupRequestRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: NewPickupRequestRow): Promise<void> {
    await this.db.insertInto('pickupRequests').values(row).execute();
  }

  findById(id: string): Promise<PickupRequestRow | undefined> {
    return this.db.selectFrom('pickupRequests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first. */
  list(): Promise<PickupRequestRow[]> {
    return this.db.selectFrom('pickupRequests').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  }

  /** Links the request to its package where it has none yet; false when another was linked first. */
  async linkPackage(id: string, packageId: string): Promise<boolean> {
    const result = await this.db.updateTable('pickupRequests').set({ packageId }).where('id', '=', id).where('packageId', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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

  /** The requests matching a status and a piece of customer, phone, email or address. */
  private filtered(filter: PickupFilter) {
    let query = this.db.selectFrom('pickupRequests');
    if (filter.status) query = query.where('status', '=', filter.status);
    const q = filter.q?.trim().toLowerCase();
    if (q) {
      const pattern = `%${q.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      const phone = phoneSearchPattern(q);
      query = query.where((eb) =>
        eb.or([
          ...(['customerName', 'phone', 'email', 'originAddress', 'destinationAddress'] as const).map(
            (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '!'`,
          ),
          ...(phone ? [sql<boolean>`${eb.ref('phone')} like ${phone}`] : []),
        ]),
      );
    }
    return query;
  }

  /** A page of the matching requests, newest first (all of them without a limit), and how many match. */
  async page(filter: PickupFilter, page: { limit?: number | undefined; offset: number }): Promise<{ rows: PickupRequestRow[]; total: number }> {
    const base = this.filtered(filter);
    let listed = base.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc');
    if (page.limit !== undefined) listed = listed.limit(page.limit).offset(page.offset);
    const [rows, count] = await Promise.all([listed.execute(), base.select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(count.n) };
  }

  /** Pickup requests after `after` (newest first, keyset paging for the CSV export), by status and a search. */
  exportPage(filter: PickupFilter, after: { key: string; id: string } | null, limit: number): Promise<PickupRequestRow[]> {
    let query = this.filtered(filter).selectAll();
    if (after) query = query.where((eb) => eb.or([eb('createdAt', '<', after.key), eb.and([eb('createdAt', '=', after.key), eb('id', '<', after.id)])]));
    return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
