import type { Kysely } from 'kysely';

/**
 * Retention (issue 21, decision 075): the indexes the retention job's batches read by. Fixes need none (the job walks
 * `locations` by its primary key, time-ordered ids); the others are found by their age.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.createIndex('device_points_created_at').on('device_points').column('created_at').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('notification_messages_created_at').on('notification_messages').column('created_at').execute();
}
