import type { Kysely } from 'kysely';

/**
 * Payments (issue 32, design.md §12, decisions 098 and 099): a package's amount due in the currency's minor units,
 * the append-only ledger of what is owed, paid, refunded, corrected or released, the cash a driver hands over at the
 * end of a day, and the link between a pickup request and the package made from it. Amounts are integers everywhere;
 * no row of `payment_entries` or `cash_handovers` is ever updated or deleted by a route (a package's deletion takes
 * its entries with it).
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  // The amount dispatch set (for the forms, the list and the import); the balance is always the ledger's sum.
  await db.schema.alterTable('packages').addColumn('amount_due', 'integer').execute();
  // The pickup request this package was made from; the request names its package too (unique: one package each).
  await db.schema.alterTable('packages').addColumn('pickup_request_id', 'text').execute();
  await db.schema.alterTable('pickup_requests').addColumn('package_id', 'text').execute();
  await db.schema.createIndex('pickup_requests_package').on('pickup_requests').column('package_id').unique().execute();

  await db.schema
    .createTable('payment_entries')
    // Time-ordered: a package's entries read oldest first by (created_at, id).
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    // 'due' | 'payment' | 'refund' | 'correction' | 'release'
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'cash' | 'card' | 'bank_transfer' | 'online' | 'other'; null for due and release entries
    .addColumn('method', 'text')
    // Minor units, signed: due entries are the change of what is owed; refunds and corrections are negative.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('reason', 'text')
    // 'admin' | 'driver' | 'integration' | 'system', the actor's id and its name then (kept if the actor goes).
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    // The driver who took it (a driver's own payment), for the day's cash per driver.
    .addColumn('driver_id', 'text')
    // The day it counts for, in the delivery address's zone (design.md §15): the Collections view reads by it.
    .addColumn('local_day', 'text', (c) => c.notNull())
    // The phone's id for a payment sent from its offline queue: a resend is recognised, never recorded twice.
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_entries_package').on('payment_entries').columns(['package_id', 'created_at']).execute();
  await db.schema.createIndex('payment_entries_client').on('payment_entries').columns(['package_id', 'client_id']).unique().execute();
  await db.schema.createIndex('payment_entries_day').on('payment_entries').columns(['local_day', 'driver_id']).execute();

  await db.schema
    .createTable('cash_handovers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('driver_id', 'text', (c) => c.notNull().references('drivers.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cash_handovers_day').on('cash_handovers').columns(['day', 'driver_id']).execute();
}
