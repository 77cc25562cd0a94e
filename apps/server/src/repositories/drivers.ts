import { ENDED_STATUSES } from '@cargo/shared';
import { sql } from 'kysely';
import type { DriverChangesRow, DriverRow } from '../db/types.ts';
import { newId } from '../lib/crypto.ts';
import { NO_CHANGES, type ChangeSink } from './changes.ts';
import { phoneSearchPattern } from '../lib/phone.ts';
import type { CountValue, Executor } from './executor.ts';

/** A new driver's row: active, offline, no position yet (the one place a blank driver row is built). */
export function driverRow(fields: Pick<DriverRow, 'name' | 'phone' | 'email' | 'vehicleId' | 'pinHash' | 'createdAt'> & Partial<DriverRow>): DriverRow {
  return {
    id: newId(),
    currentLat: null,
    currentLng: null,
    realLocationLink: null,
    lastLocationUpdate: null,
    isActive: 1,
    isOnline: 0,
    ...fields,
  };
}

/** The drivers table: the only code that queries it. */
export class DriverRepository {
  constructor(
    private readonly db: Executor,
    private readonly changes: ChangeSink = NO_CHANGES,
  ) {}

  findById(id: string): Promise<DriverRow | undefined> {
    return this.db.selectFrom('drivers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** By the stored (normalised) phone. */
  findByPhone(phone: string): Promise<DriverRow | undefined> {
    return this.db.selectFrom('drivers').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  /** Newest first. */
  list(): Promise<DriverRow[]> {
    return this.db.selectFrom('drivers').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  }

  async insert(row: DriverRow): Promise<void> {
    await this.db.insertInto('drivers').values(row).execute();
    this.changes.changed({ kind: 'driver', id: row.id });
  }

  async update(id: string, changes: DriverChangesRow): Promise<void> {
    await this.db.updateTable('drivers').set(changes).where('id', '=', id).execute();
    this.changes.changed({ kind: 'driver', id });
  }

  /**
   * Moves the driver to a fix unless it already has a newer one; true when it moved. The position is not part of the
   * hot state (only name, phone, vehicle and the active flag are), so it reports no change.
   */
  async moveToFix(id: string, lat: number, lng: number, recordedAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('drivers')
      .set({ currentLat: lat, currentLng: lng, lastLocationUpdate: recordedAt, isOnline: 1 })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lastLocationUpdate', 'is', null), eb('lastLocationUpdate', '<=', recordedAt)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** How many drivers, optionally only the active or the online ones (the stored flags). */
  async count(filter: { isActive?: boolean; isOnline?: boolean } = {}): Promise<number> {
    let query = this.db.selectFrom('drivers').select((eb) => eb.fn.countAll<CountValue>().as('n'));
    if (filter.isActive !== undefined) query = query.where('isActive', '=', filter.isActive ? 1 : 0);
    if (filter.isOnline !== undefined) query = query.where('isOnline', '=', filter.isOnline ? 1 : 0);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /**
   * Drivers after `after` (newest first, keyset paging for the CSV export), each with the number of packages assigned
   * to them that are still on their way.
   */
  async exportPage(
    filter: { q?: string | undefined; isActive?: boolean | undefined },
    after: { key: string; id: string } | null,
    limit: number,
  ): Promise<(DriverRow & { openPackages: number })[]> {
    let query = this.db
      .selectFrom('drivers')
      .selectAll('drivers')
      .select((eb) =>
        eb
          .selectFrom('packages')
          .select(eb.fn.countAll<CountValue>().as('n'))
          .whereRef('packages.driverId', '=', 'drivers.id')
          .where('packages.status', 'not in', [...ENDED_STATUSES])
          .as('openPackages'),
      );
    if (filter.isActive !== undefined) query = query.where('isActive', '=', filter.isActive ? 1 : 0);
    const q = filter.q?.trim().toLowerCase();
    if (q) {
      const pattern = `%${q.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      const phone = phoneSearchPattern(q);
      query = query.where((eb) =>
        eb.or([
          ...(['name', 'phone', 'email', 'vehicleId'] as const).map((column) => sql<boolean>`lower(${eb.ref(`drivers.${column}`)}) like ${pattern} escape '!'`),
          ...(phone ? [sql<boolean>`${eb.ref('drivers.phone')} like ${phone}`] : []),
        ]),
      );
    }
    if (after) {
      query = query.where((eb) => eb.or([eb('drivers.createdAt', '<', after.key), eb.and([eb('drivers.createdAt', '=', after.key), eb('drivers.id', '<', after.id)])]));
    }
    const rows = await query.orderBy('drivers.createdAt', 'desc').orderBy('drivers.id', 'desc').limit(limit).execute();
    return rows.map((row) => ({ ...row, openPackages: Number(row.openPackages ?? 0) }));
  }
}
