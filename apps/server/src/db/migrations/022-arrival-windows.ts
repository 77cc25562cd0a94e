import type { Kysely } from 'kysely';

/**
 * The one-hour arrival window on the day (issue 33 part 4, decision 111): the last window sent per package, so a
 * window once sent never moves earlier and each move later is told to the customer once.
 *
 * - run_started_at: when the package was last set out for delivery; a new run (out for delivery again another day)
 *   replaces the row, so yesterday's window bounds nothing today.
 * - window_start, window_end: the hour sent (ISO, UTC); moves counts how often it moved later.
 * - eta_at, eta_computed_at: the newest ETA at the stop while it is near (the page's 'arriving in about N minutes').
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('arrival_windows')
    .addColumn('package_id', 'text', (c) => c.primaryKey().references('packages.id').onDelete('cascade'))
    .addColumn('driver_id', 'text')
    .addColumn('run_started_at', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text')
    .addColumn('window_end', 'text')
    .addColumn('moves', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('eta_at', 'text')
    .addColumn('eta_computed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
