import type { Kysely } from 'kysely';

/**
 * The audit log (issue 20, design.md §11, decision 070): who did what to which object and when. One row per change
 * made by an admin, a driver, an API key or the system, with only the changed fields before and after (JSON text,
 * never a secret); sign-ins, PIN resets, exports and deletions too. Read newest first, filtered by object, actor and
 * time; old rows are pruned by time (the `at` index).
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('audit_log')
    // Time-ordered (UUIDv7-like): newest first by (at, id) is stable.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    // 'admin' | 'driver' | 'integration' | 'system'
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    // The actor as it was called then (an admin's email, a driver's name, a key's name), kept if the actor goes.
    .addColumn('actor_label', 'text', (c) => c.notNull())
    // Dotted: 'package.updated', 'driver.pin_reset', 'session.signed_in', 'export.downloaded' …
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text')
    // A few words naming the object for people (a tracking number, a driver's name), kept if the object goes.
    .addColumn('object_label', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_object').on('audit_log').columns(['object_type', 'object_id', 'at']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_type', 'actor_id', 'at']).execute();
}
