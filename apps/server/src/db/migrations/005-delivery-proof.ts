import { sql, type Kysely } from 'kysely';

/**
 * Delivery outcomes and proof of delivery (issue 18): how the driver closed each stop (delivered to a person, left
 * without one, or attempted), where and when, and the photo and signature files kept for it (decision 050).
 * Migration 004 is the events/notifications work; this one stands apart from it.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('proof_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: when a package is deleted its file rows stay until the stored objects are deleted too
    // (DeliveryProofService.removeFilesOf, on the packages service's 'deleted' event), so no object is left unnamed.
    .addColumn('package_id', 'text', (c) => c.notNull())
    /** 'photo' or 'signature' */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The stored object's key (random, never user input) and its thumbnail's. */
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('proof_files_package').on('proof_files').column('package_id').execute();

  await db.schema
    .createTable('delivery_outcomes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    /** The phone's own id for the completion: a resend from its offline queue is recognised, never stored twice. */
    .addColumn('client_id', 'text')
    /** 'delivered' (to a person), 'left' (without a person), 'attempted' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('driver_id', 'text')
    .addColumn('driver_name', 'text')
    .addColumn('recipient_name', 'text')
    .addColumn('left_at', 'text')
    .addColumn('neighbour_name', 'text')
    .addColumn('reason', 'text')
    .addColumn('note', 'text')
    .addColumn('photo_id', 'text', (c) => c.references('proof_files.id').onDelete('set null'))
    .addColumn('signature_id', 'text', (c) => c.references('proof_files.id').onDelete('set null'))
    .addColumn('lat', sql.raw(real))
    .addColumn('lng', sql.raw(real))
    .addColumn('accuracy', sql.raw(real))
    /** Straight-line metres from the delivery address at completion; null when either point is unknown. */
    .addColumn('distance_m', sql.raw(real))
    /** The phone's clock when the driver closed the stop. */
    .addColumn('device_time', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delivery_outcomes_package').on('delivery_outcomes').columns(['package_id', 'created_at']).execute();
  await db.schema.createIndex('delivery_outcomes_client').on('delivery_outcomes').columns(['package_id', 'client_id']).unique().execute();
}
