import { sql, type Kysely } from 'kysely';

/** Every column of `locations` but the index's key (package_id, type, recorded_at): what a trail returns. */
const INCLUDED = [
  'id',
  'lat',
  'lng',
  'address',
  'driver_name',
  'driver_phone',
  'vehicle_id',
  'accuracy',
  'heading',
  'speed',
  'altitude',
  'battery',
  'is_live_tracking',
  'source',
  'created_at',
];

/**
 * A package's trail at scale on PostgreSQL (issue 21, decision 054): the index the trail is read by,
 * `locations_package_type_time`, carries every other column of the fix (`INCLUDE`), so the trail and a package's newest
 * fix are index-only scans: a package's ~200 fixes are read from the handful of index leaf pages that hold its key
 * range, not from ~200 heap pages (the fixes of the packages on the road at once interleave in the heap as they
 * arrive). Same name and key as before, so every query that used it still does. An index-only scan reads the heap for
 * pages the visibility map does not mark all-visible; vacuum sets it, and for an insert-mostly table autovacuum runs
 * after `autovacuum_vacuum_insert_threshold + autovacuum_vacuum_insert_scale_factor × rows` inserts (PostgreSQL 13+):
 * 0.2 by default, so on 20 million fixes the newest 4 million would wait for it. This table gets 0.01: a vacuum's work
 * is the pages inserted since the last one, so the total work is about the same, in smaller runs (at most one a
 * minute, `autovacuum_naptime`). Creating the index reads the whole table and blocks writes to it meanwhile (a
 * migration runs before the server listens); an index of that name that already has its INCLUDE columns (built by
 * hand beforehand, decision 054) is kept. SQLite keeps its index as it is: its rows live in the primary key's b-tree
 * and its trail meets the target without it (bench/RESULTS.md).
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'postgres') return;
  // Built by hand beforehand (`create index concurrently`, README): left as it is.
  const { rows } = await sql<{ def: string }>`select indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename = 'locations' and indexname = 'locations_package_type_time'`.execute(db);
  if (!rows[0]?.def.includes(' INCLUDE ')) {
    await sql`drop index if exists locations_package_type_time`.execute(db);
    await sql`create index locations_package_type_time on locations (package_id, type, recorded_at) include (${sql.raw(INCLUDED.join(', '))})`.execute(db);
  }
  await sql`alter table locations set (autovacuum_vacuum_insert_scale_factor = 0.01)`.execute(db);
}
