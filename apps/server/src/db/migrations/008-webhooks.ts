import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (issue 19, decision 048).
 *
 * - `webhook_endpoints`: where an integrator wants events, which types, and its signing secret encrypted at rest (it
 *   must be read to sign); after a rotation the previous secret signs too until `previous_secret_until`.
 * - `webhook_messages`: one per endpoint and event (a unique key, so a second reader makes nothing twice), with the
 *   body frozen when it is made, so every retry sends the same bytes under the same `webhook-id`. The queue the sender
 *   works from (claimed by one statement, like notification_messages, decision 046).
 * - `webhook_attempts`: each try of a message: status code, duration, the first kilobyte of the answer, next retry.
 * - `events.webhooked_at`: the webhooks reader's mark on the outbox.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('events').addColumn('webhooked_at', 'text').execute();
  // Events from before webhooks existed had no endpoint to go to: read already, so an upgrade does not walk them all.
  await db.updateTable('events').set({ webhooked_at: sql.ref('occurred_at') }).execute();
  await db.schema.createIndex('events_pending_webhook').on('events').column('occurred_at').where(sql.ref('webhooked_at'), 'is', null).execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // Space-separated event types; '*' is every type.
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('previous_secret_enc', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    // The first failure since the last success; five days of failures disable the endpoint.
    .addColumn('failing_since', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_messages')
    // The `webhook-id` of every attempt of this message.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    // Null for a test event.
    .addColumn('event_id', 'text')
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('package_id', 'text')
    .addColumn('sequence', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending | sending | delivered | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_messages_endpoint_event').unique().on('webhook_messages').columns(['endpoint_id', 'event_id']).execute();
  await db.schema.createIndex('webhook_messages_endpoint_created').on('webhook_messages').columns(['endpoint_id', 'created_at']).execute();
  await db.schema.createIndex('webhook_messages_due').on('webhook_messages').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text')
    .addColumn('error', 'text')
    .addColumn('next_retry_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_attempts_message').on('webhook_attempts').columns(['message_id', 'attempted_at']).execute();
}
