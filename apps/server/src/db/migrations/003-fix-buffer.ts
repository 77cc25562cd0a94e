import { sql, type Kysely } from 'kysely';

/** The columns of `locations` (migration 001), in order: the buffer has the same, and the view names each. */
const COLUMNS = [
  'id',
  'package_id',
  'lat',
  'lng',
  'type',
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
  'recorded_at',
  'created_at',
];

/**
 * GPS ingest on SQLite (issue 11, decision 041): fixes are written first to `locations_recent`, which has no index on
 * the package, and moved to `locations` in groups ordered by the index's key, so the index page of a package is
 * written once per group rather than once per fix. `locations_all` is what every read sees: both tables. PostgreSQL
 * gets the same table and view (its fix writer inserts into `locations` directly, so its buffer stays empty), so both
 * dialects have one schema. Rows already in `locations` stay where they are.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('locations_recent')
    // Not a key: a fix's id is unique by its generator (version 7), and an index here would cost what the buffer saves.
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('lat', sql.raw(real), (c) => c.notNull())
    .addColumn('lng', sql.raw(real), (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('driver_name', 'text')
    .addColumn('driver_phone', 'text')
    .addColumn('vehicle_id', 'text')
    .addColumn('accuracy', sql.raw(real))
    .addColumn('heading', sql.raw(real))
    .addColumn('speed', sql.raw(real))
    .addColumn('altitude', sql.raw(real))
    .addColumn('battery', sql.raw(real))
    .addColumn('is_live_tracking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const columns = sql.raw(COLUMNS.join(', '));
  await sql`create view locations_all as select ${columns} from locations union all select ${columns} from locations_recent`.execute(db);
}
