import type { Kysely } from 'kysely';

/**
 * Dispatch (issue 20): a driver's accepted stop order. One row per package on a driver's route, its place in the
 * order; a package belongs to one route at a time (its id is the key). A package given to another driver, or
 * finished, keeps its row until the next order is accepted; reads take only the driver's open packages, and those
 * without a place come after the ordered ones. Deleting the package or the driver deletes the rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('route_stops')
    .addColumn('package_id', 'text', (c) => c.primaryKey().references('packages.id').onDelete('cascade'))
    .addColumn('driver_id', 'text', (c) => c.notNull().references('drivers.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('route_stops_driver').on('route_stops').columns(['driver_id', 'position']).execute();
}
