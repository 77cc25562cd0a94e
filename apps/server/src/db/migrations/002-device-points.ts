import { sql, type Kysely } from 'kysely';

/**
 * OsmAnd devices as real clients use them (issue 7): a device's last battery reading, and the points that moved no
 * position (heartbeats, cell/wifi-only points, fixes a filter refused) kept with the reason, because every Traccar
 * Client version resends a refused point forever and so the endpoint answers 200 to them.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema.alterTable('devices').addColumn('last_battery', sql.raw(real)).execute();
  await db.schema
    .createTable('device_points')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('lat', sql.raw(real))
    .addColumn('lng', sql.raw(real))
    .addColumn('accuracy', sql.raw(real))
    .addColumn('battery', sql.raw(real))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_points_device_time').on('device_points').columns(['device_id', 'created_at']).execute();
}
