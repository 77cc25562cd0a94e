import type { Kysely } from 'kysely';

/**
 * Customer actions (issue 33, design.md §13, decision 101): what a customer gives through the customer link.
 *
 * - share_links.sealed_token: the package's one customer link, made by the product, keeps its token sealed
 *   (AES-256-GCM, lib/secret-box.ts) so every message and dispatch's copy button carry the same link; tokens of other
 *   links are still only hashed.
 * - package_instructions: one row per package: instructions, safe place, signature waiver and the access code (shown
 *   only to dispatch and the assigned driver on the day).
 * - package_reschedules: each day a customer chose (their count is the limit's count), newest last.
 * - package_feedback: one rating per package, changeable for 7 days; the driver who delivered is kept with it.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('share_links').addColumn('sealed_token', 'text').execute();

  await db.schema
    .createTable('package_instructions')
    .addColumn('package_id', 'text', (c) => c.primaryKey().references('packages.id').onDelete('cascade'))
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    // 'front_door' | 'porch' | 'back_door' | 'mailroom' | 'neighbour'
    .addColumn('safe_place', 'text')
    .addColumn('neighbour_name', 'text')
    .addColumn('signature_waived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_code', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('package_reschedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    // The calendar day chosen, YYYY-MM-DD, and the window within it ('HH:MM'), when dispatch offers windows.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text')
    .addColumn('window_end', 'text')
    // The delivery window the package had before, for dispatch.
    .addColumn('previous_window', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('package_reschedules_package').on('package_reschedules').columns(['package_id', 'created_at']).execute();

  await db.schema
    .createTable('package_feedback')
    .addColumn('package_id', 'text', (c) => c.primaryKey().references('packages.id').onDelete('cascade'))
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    // Tags as a space-separated list ('on_time careful').
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('driver_id', 'text', (c) => c.references('drivers.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('package_feedback_driver').on('package_feedback').columns(['driver_id', 'updated_at']).execute();
}
