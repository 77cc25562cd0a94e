import type { Kysely } from 'kysely';

/**
 * Day planning (issue 34, design.md §14, decision 103): a shift per driver per date, with its hours, its start and end
 * places (the depot unless set; their positions are geocoded when the shift is saved) and the vehicle's capacity in
 * packages and, optionally, kilograms. A package's weight in kilograms is read from its weight text when a plan is
 * made (parseWeightKg in packages/shared), so it needs no column.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('driver_shifts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('driver_id', 'text', (c) => c.notNull().references('drivers.id').onDelete('cascade'))
    // The calendar day, YYYY-MM-DD, and the hours in the delivery area's local time, HH:MM.
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('start_address', 'text', (c) => c.notNull())
    .addColumn('start_lat', real)
    .addColumn('start_lng', real)
    .addColumn('end_address', 'text', (c) => c.notNull())
    .addColumn('end_lat', real)
    .addColumn('end_lng', real)
    .addColumn('capacity_packages', 'integer', (c) => c.notNull())
    .addColumn('capacity_weight_kg', real)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('driver_shifts_date_driver').on('driver_shifts').columns(['date', 'driver_id']).unique().execute();
}
