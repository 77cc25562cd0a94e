import type { PackageSortField } from '@cargo/shared';
import { sql } from 'kysely';
import type { LocationRow, NewLocationRow, NewPackageRow, PackageChanges, PackageRow, StatusHistoryRow } from '../db/types.ts';
import { newTimeOrderedId } from '../lib/crypto.ts';
import { NO_CHANGES, type ChangeSink } from './changes.ts';
import { phoneSearchPattern } from '../lib/phone.ts';
import type { CountValue, Executor } from './executor.ts';

export interface PackageFilter {
  status?: string | undefined;
  /** A substring of the tracking number, customer name or phone, either address or the driver's name (case-insensitive). */
  q?: string | undefined;
  /** A driver's id, or null for packages without a driver. */
  driverId?: string | null | undefined;
  /** true: only packages with a real location link; false: only those without. */
  hasLink?: boolean | undefined;
}

/** The admin list's order: a column and a direction (the id breaks ties, so pages never overlap). */
export interface PackageOrder {
  sort: PackageSortField;
  order: 'asc' | 'desc';
}

/** Searched by the admin's list. */
const SEARCH_COLUMNS = ['trackingNumber', 'reference', 'customerName', 'customerPhone', 'pickupAddress', 'deliveryAddress', 'driver'] as const;

/** Text columns sort case-insensitively, as a person reads them; no driver sorts as ''. */
function sortKey(sort: PackageSortField) {
  if (sort === 'createdAt') return sql<string>`created_at`;
  if (sort === 'driver') return sql<string>`lower(coalesce(driver, ''))`;
  return sql<string>`lower(${sql.ref(sort)})`;
}

export type EndpointType = 'origin' | 'destination';

/**
 * A location row with every optional column empty: the one place a blank row is built (a hand-set point, an
 * origin or destination, a GPS fix, the demo seed fill in what they know).
 */
export function locationRow(fields: Pick<LocationRow, 'packageId' | 'lat' | 'lng' | 'type' | 'source' | 'recordedAt' | 'createdAt'> & Partial<LocationRow>): LocationRow {
  return {
    id: newTimeOrderedId(),
    address: null,
    driverName: null,
    driverPhone: null,
    vehicleId: null,
    accuracy: null,
    heading: null,
    speed: null,
    altitude: null,
    battery: null,
    isLiveTracking: 0,
    ...fields,
  };
}

/**
 * The packages table group: packages, their status history and their locations (origin, destination, fixes).
 * The only code that queries these tables.
 */
export class PackageRepository {
  constructor(
    private readonly db: Executor,
    private readonly changes: ChangeSink = NO_CHANGES,
  ) {}

  // --- packages ---

  /** A package by its id or its tracking number (trimmed, case-insensitive); undefined when none (design.md §6). */
  async findByRef(ref: string): Promise<PackageRow | undefined> {
    const trimmed = ref.trim();
    if (!trimmed) return undefined;
    return this.db
      .selectFrom('packages')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', trimmed), eb(eb.fn('lower', ['trackingNumber']), '=', trimmed.toLowerCase())]))
      .executeTakeFirst();
  }

  findById(id: string): Promise<PackageRow | undefined> {
    return this.db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The id of the package holding this tracking number (case-insensitive), if any. */
  /** The packages of these ids (any order; missing ones are left out). */
  findByIds(ids: readonly string[]): Promise<PackageRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('packages').selectAll().where('id', 'in', [...ids]).execute();
  }

  async idOfTrackingNumber(trackingNumber: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('packages')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['trackingNumber']), '=', trackingNumber.trim().toLowerCase()))
      .executeTakeFirst();
    return row?.id;
  }

  /** The packages with any of these tracking numbers (case-insensitive), in no particular order. */
  findByTrackingNumbers(numbers: readonly string[]): Promise<PackageRow[]> {
    if (numbers.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('packages')
      .selectAll()
      .where(sql<string>`lower(tracking_number)`, 'in', numbers.map((n) => n.toLowerCase()))
      .execute();
  }

  /** The packages with any of these references (case-insensitive), in no particular order. */
  findByReferences(references: readonly string[]): Promise<PackageRow[]> {
    if (references.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('packages')
      .selectAll()
      .where(sql<string>`lower(reference)`, 'in', references.map((r) => r.toLowerCase()))
      .execute();
  }

  /** The packages matching the admin list's filter (search, status, driver, link). */
  private filtered(filter: PackageFilter) {
    let base = this.db.selectFrom('packages');
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.driverId === null) base = base.where('driverId', 'is', null);
    else if (filter.driverId) base = base.where('driverId', '=', filter.driverId);
    if (filter.hasLink === true) base = base.where('realLocationLink', 'is not', null).where('realLocationLink', '!=', '');
    else if (filter.hasLink === false) base = base.where((eb) => eb.or([eb('realLocationLink', 'is', null), eb('realLocationLink', '=', '')]));
    const q = filter.q?.trim().toLowerCase();
    if (q) {
      const pattern = `%${q.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      const phone = phoneSearchPattern(q);
      base = base.where((eb) =>
        eb.or([
          ...SEARCH_COLUMNS.map((column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '!'`),
          ...(phone ? [sql<boolean>`${eb.ref('customerPhone')} like ${phone}`] : []),
        ]),
      );
    }
    return base;
  }

  /** A page of packages (newest first unless told otherwise) and how many match the filter in all. */
  async list(
    filter: PackageFilter,
    page: { limit: number; offset: number },
    ordering: PackageOrder = { sort: 'createdAt', order: 'desc' },
  ): Promise<{ rows: PackageRow[]; total: number }> {
    const base = this.filtered(filter);
    const { order } = ordering;
    if (filter.q?.trim()) {
      // A search reads every package whatever the page (a pattern inside the text has no index): one pass gives the
      // page and, by a window count over every match, the total, where a separate count read them all a second time
      // (issue 21, decision 055). A page past the end has no row to
      // carry the total: then it is counted.
      // The window runs over narrow rows (id and sort key): carrying whole packages through it made PostgreSQL sort
      // thousands of wide rows (a common word: 20,000 matches); the page's packages are read by key afterwards.
      const key = sortKey(ordering.sort);
      const matches = base
        .select((eb) => [eb.ref('id').as('matchId'), key.as('matchKey'), sql<CountValue>`count(*) over ()`.as('matchTotal')])
        .orderBy(key, order)
        .orderBy('id', order)
        .limit(page.limit)
        .offset(page.offset)
        .as('m');
      const found = await this.db
        .selectFrom(matches)
        .innerJoin('packages', 'packages.id', 'm.matchId')
        .selectAll('packages')
        .select('m.matchTotal')
        .orderBy('m.matchKey', order)
        .orderBy('m.matchId', order)
        .execute();
      const rows = found.map(({ matchTotal: _total, ...row }) => row);
      if (found.length > 0) return { rows, total: Number(found[0]!.matchTotal) };
      if (page.offset === 0) return { rows, total: 0 };
      return { rows, total: Number((await base.select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow()).n) };
    }
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(sortKey(ordering.sort), order).orderBy('id', order).limit(page.limit).offset(page.offset).execute(),
      base.select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /**
   * The rows after `after` in the list's order (keyset paging: each page costs the same however deep, so an export
   * of 100,000 rows reads them in constant memory). Each row carries its sort key, the cursor of the next page.
   */
  exportPage(
    filter: PackageFilter,
    ordering: PackageOrder,
    after: { key: string; id: string } | null,
    limit: number,
  ): Promise<(PackageRow & { sortKey: string })[]> {
    const key = sortKey(ordering.sort);
    const before = ordering.order === 'desc';
    let query = this.filtered(filter).selectAll().select(sql<string>`${key}`.as('sortKey'));
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb(key, before ? '<' : '>', after.key),
          eb.and([eb(key, '=', after.key), eb('id', before ? '<' : '>', after.id)]),
        ]),
      );
    }
    return query.orderBy(key, ordering.order).orderBy('id', ordering.order).limit(limit).execute();
  }

  /**
   * Every package whose delivery is not over, with only what the fleet map needs (driver, stop, window), oldest
   * assignment first.
   */
  openSummaries(ended: readonly string[]) {
    return this.db
      .selectFrom('packages')
      .select(['id', 'driverId', 'status', 'trackingNumber', 'deliveryAddress', 'deliveryLat', 'deliveryLng', 'estimatedDelivery'])
      .where('status', 'not in', [...ended])
      .orderBy('createdAt', 'asc')
      .orderBy('id')
      .execute();
  }

  /** How many packages are in this status, optionally only those changed since a time (ISO). */
  async countInStatus(status: string, since?: string): Promise<number> {
    let query = this.db.selectFrom('packages').select((eb) => eb.fn.countAll<CountValue>().as('n')).where('status', '=', status);
    if (since) query = query.where('updatedAt', '>=', since);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** A driver's packages, newest first. */
  listForDriver(driverId: string): Promise<PackageRow[]> {
    return this.db.selectFrom('packages').selectAll().where('driverId', '=', driverId).orderBy('createdAt', 'desc').orderBy('id').execute();
  }

  /** A driver's packages in any of these statuses, oldest assignment first. */
  listForDriverIn(driverId: string, statuses: readonly string[]): Promise<PackageRow[]> {
    return this.db
      .selectFrom('packages')
      .selectAll()
      .where('driverId', '=', driverId)
      .where('status', 'in', [...statuses])
      .orderBy('createdAt', 'asc')
      .orderBy('id')
      .execute();
  }

  /** Every package in one of these statuses, oldest first (day planning's candidates, issue 34). */
  listInStatuses(statuses: readonly string[]): Promise<PackageRow[]> {
    return this.db.selectFrom('packages').selectAll().where('status', 'in', [...statuses]).orderBy('createdAt', 'asc').orderBy('id').execute();
  }

  /** A driver's packages in none of these statuses, oldest assignment first. */
  listForDriverExcept(driverId: string, statuses: readonly string[]): Promise<PackageRow[]> {
    return this.db
      .selectFrom('packages')
      .selectAll()
      .where('driverId', '=', driverId)
      .where('status', 'not in', [...statuses])
      .orderBy('createdAt', 'asc')
      .orderBy('id')
      .execute();
  }

  async insert(row: NewPackageRow): Promise<void> {
    await this.db.insertInto('packages').values(row).execute();
    this.changes.changed({ kind: 'package', id: row.id });
  }

  async update(id: string, changes: PackageChanges): Promise<void> {
    await this.db.updateTable('packages').set(changes).where('id', '=', id).execute();
    this.changes.changed({ kind: 'package', id });
  }

  /**
   * Compare-and-set of the proximity state: true when this writer moved it from `expected` (so of two fixes racing
   * past a radius, only one announces it).
   */
  async swapProximityState(id: string, expected: string | null, next: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('packages')
      .set({ proximityState: next })
      .where('id', '=', id)
      .where((eb) => (expected == null ? eb('proximityState', 'is', null) : eb('proximityState', '=', expected)))
      .executeTakeFirst();
    this.changes.changed({ kind: 'package', id });
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes packages (history, locations and share links cascade); answers the ids that existed. */
  async deleteByIds(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.deleteFrom('packages').where('id', 'in', [...ids]).returning('id').execute();
    for (const r of rows) this.changes.changed({ kind: 'package', id: r.id });
    return rows.map((r) => r.id);
  }

  /** Deletes the packages created before a time; answers their ids. */
  async deleteCreatedBefore(cutoff: string): Promise<string[]> {
    const rows = await this.db.deleteFrom('packages').where('createdAt', '<', cutoff).returning('id').execute();
    for (const r of rows) this.changes.changed({ kind: 'package', id: r.id });
    return rows.map((r) => r.id);
  }

  // --- status history ---

  async insertHistory(row: StatusHistoryRow): Promise<void> {
    await this.db.insertInto('statusHistory').values(row).execute();
  }

  /** A package's history, oldest first. */
  history(packageId: string): Promise<StatusHistoryRow[]> {
    return this.db
      .selectFrom('statusHistory')
      .selectAll()
      .where('packageId', '=', packageId)
      .orderBy('timestamp', 'asc')
      .orderBy('createdAt', 'asc')
      .execute();
  }

  // --- locations ---

  async insertLocation(row: NewLocationRow): Promise<void> {
    await this.db.insertInto('locations').values(row).execute();
    this.changes.changed({ kind: 'package', id: row.packageId });
  }

  // Reads go through the view `locations_all`: on SQLite the newest GPS fixes wait in `locations_recent` until the fix
  // writer moves them to `locations` in groups (decision 041). Hand-set locations are written to `locations` itself.

  /** Every location of a package, newest first (by device time). */
  locations(packageId: string): Promise<LocationRow[]> {
    return this.db
      .selectFrom('locationsAll')
      .selectAll()
      .where('packageId', '=', packageId)
      .orderBy('recordedAt', 'desc')
      .orderBy('createdAt', 'desc')
      .execute();
  }

  /** The newest location of one type. */
  newestLocation(packageId: string, type: string): Promise<LocationRow | undefined> {
    return this.db
      .selectFrom('locationsAll')
      .selectAll()
      .where('packageId', '=', packageId)
      .where('type', '=', type)
      .orderBy('recordedAt', 'desc')
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Drops a package's locations of one endpoint type (hand-set, so in `locations`: the buffer holds only GPS fixes). */
  async deleteEndpoint(packageId: string, type: EndpointType): Promise<void> {
    await this.db.deleteFrom('locations').where('packageId', '=', packageId).where('type', '=', type).execute();
    this.changes.changed({ kind: 'package', id: packageId });
  }

  /** The live fixes of a package: 'current' locations that came from a device, not typed in by hand. */
  private fixesOf(packageId: string) {
    return this.db.selectFrom('locationsAll').where('packageId', '=', packageId).where('type', '=', 'current').where('isLiveTracking', '=', 1);
  }

  /** The fix that is the current position: the newest by device time. */
  newestFix(packageId: string): Promise<LocationRow | undefined> {
    return this.fixesOf(packageId).selectAll().orderBy('recordedAt', 'desc').orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
  }

  /** The stored fix just before (or at) a device time: what a new fix is compared with. */
  fixAtOrBefore(packageId: string, recordedAt: string): Promise<LocationRow | undefined> {
    return this.fixesOf(packageId)
      .selectAll()
      .where('recordedAt', '<=', recordedAt)
      .orderBy('recordedAt', 'desc')
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Speeds (m/s) of the newest `count` fixes, oldest first. */
  async recentSpeeds(packageId: string, count: number): Promise<Array<number | null>> {
    // recordedAt is selected too: with the column it orders by in its result, SQLite merges the view's two tables in
    // order (each read newest first) instead of reading every fix of the package and sorting them.
    const rows = await this.fixesOf(packageId).select(['speed', 'recordedAt']).orderBy('recordedAt', 'desc').limit(count).execute();
    return rows.map((r) => (r.speed == null ? null : Number(r.speed))).reverse();
  }

  /**
   * The newest `count` fixes by device time, newest first, with what the fix pipeline keeps of them (the hot state's
   * fix state): the first is `newestFix`'s, their speeds `recentSpeeds`'. One read instead of those two.
   */
  newestFixes(packageId: string, count: number): Promise<Array<Pick<LocationRow, 'lat' | 'lng' | 'speed' | 'recordedAt' | 'createdAt'>>> {
    return this.newestFixesQuery(packageId, count).execute();
  }

  /** `newestFixes`' query (its plan is tested). */
  newestFixesQuery(packageId: string, count: number) {
    // Both columns it orders by are selected: then SQLite merges the view's two tables in order, reading only the
    // newest fixes. Without createdAt it read every fix of the package into a sorter.
    return this.fixesOf(packageId)
      .select(['lat', 'lng', 'speed', 'recordedAt', 'createdAt'])
      .orderBy('recordedAt', 'desc')
      .orderBy('createdAt', 'desc')
      .limit(count);
  }

  // --- figures ---

  async count(): Promise<number> {
    const row = await this.db.selectFrom('packages').select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countHistory(): Promise<number> {
    const row = await this.db.selectFrom('statusHistory').select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countLocations(): Promise<number> {
    const row = await this.db.selectFrom('locationsAll').select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** How many packages hold each status. */
  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('packages')
      .select((eb) => ['status', eb.fn.countAll<CountValue>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** Pickup and delivery points of the packages in a status that have both. */
  endpointsWhereStatus(status: string): Promise<Array<{ pickupLat: number; pickupLng: number; deliveryLat: number; deliveryLng: number }>> {
    return this.db
      .selectFrom('packages')
      .select(['pickupLat', 'pickupLng', 'deliveryLat', 'deliveryLng'])
      .where('status', '=', status)
      .where('pickupLat', 'is not', null)
      .where('pickupLng', 'is not', null)
      .where('deliveryLat', 'is not', null)
      .where('deliveryLng', 'is not', null)
      .execute() as Promise<Array<{ pickupLat: number; pickupLng: number; deliveryLat: number; deliveryLng: number }>>;
  }

  /** Every distinct customer phone as written. */
  async customerPhones(): Promise<string[]> {
    const rows = await this.db.selectFrom('packages').select('customerPhone as phone').distinct().execute();
    return rows.map((r) => r.phone);
  }

  /** The oldest and newest creation times. */
  async createdRange(): Promise<{ oldest: string | null; newest: string | null }> {
    const range = await this.db
      .selectFrom('packages')
      .select((eb) => [eb.fn.min<string | null>('createdAt').as('oldest'), eb.fn.max<string | null>('createdAt').as('newest')])
      .executeTakeFirstOrThrow();
    return { oldest: range.oldest ?? null, newest: range.newest ?? null };
  }
}
