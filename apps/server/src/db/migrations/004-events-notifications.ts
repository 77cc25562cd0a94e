import { sql, type Kysely } from 'kysely';

/**
 * The event stream and customer notifications (issue 17, decision 046).
 *
 * - `events` is the transactional outbox: a change that matters writes its event in the same transaction, numbered per
 *   package (or pickup request) by the subject's own `event_sequence`, bumped in that transaction. Consumers mark what
 *   they have taken (`notified_at` for the notifications; webhooks will keep their own table).
 * - `notification_messages` is every message the rules made of an event, one per event, channel and recipient (a
 *   unique key, so a second reader of the same event makes nothing twice), with its state, attempts and the
 *   provider's answer: the queue the sender works from and the admin's message log.
 * - `notification_templates` holds dispatch's edits; the defaults live in code.
 * - `notification_unsubscribes`: an address that asked for no more email, for one package or for all.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('packages').addColumn('customer_email', 'text').execute();
  await db.schema.alterTable('packages').addColumn('event_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('pickup_requests').addColumn('event_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    .execute();
  await db.schema.createIndex('events_subject_sequence').unique().on('events').columns(['subject_type', 'subject_id', 'sequence']).execute();
  await db.schema.createIndex('events_occurred_at').on('events').column('occurred_at').execute();
  // The notifications reader's queue: only the events it has not taken yet.
  await db.schema.createIndex('events_pending_notification').on('events').column('occurred_at').where(sql.ref('notified_at'), 'is', null).execute();

  await db.schema
    .createTable('notification_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('package_id', 'text')
    .addColumn('pickup_request_id', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('time_zone', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('provider_response', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('notification_messages_event_channel_recipient').unique().on('notification_messages').columns(['event_id', 'channel', 'recipient']).execute();
  await db.schema.createIndex('notification_messages_package').on('notification_messages').columns(['package_id', 'created_at']).execute();
  await db.schema.createIndex('notification_messages_pickup').on('notification_messages').columns(['pickup_request_id', 'created_at']).execute();
  await db.schema.createIndex('notification_messages_due').on('notification_messages').columns(['status', 'next_attempt_at']).execute();
  // The daily cap: what was sent about a package since a time.
  await db.schema.createIndex('notification_messages_package_sent').on('notification_messages').columns(['package_id', 'sent_at']).execute();

  await db.schema
    .createTable('notification_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_unsubscribes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    // Null: every package.
    .addColumn('package_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_unsubscribes_email').on('notification_unsubscribes').column('email').execute();
}
