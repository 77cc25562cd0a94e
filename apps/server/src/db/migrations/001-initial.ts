import { sql, type Kysely } from 'kysely';

/** Every entity of spec §3 and the tables the security model needs (design.md §4). */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const real = dialect === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('drivers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('vehicle_id', 'text', (c) => c.notNull())
    .addColumn('pin_hash', 'text')
    .addColumn('current_lat', sql.raw(real))
    .addColumn('current_lng', sql.raw(real))
    .addColumn('real_location_link', 'text')
    .addColumn('last_location_update', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_location', 'text', (c) => c.notNull())
    .addColumn('estimated_delivery', 'text', (c) => c.notNull())
    .addColumn('delivery_address', 'text', (c) => c.notNull())
    .addColumn('pickup_address', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text', (c) => c.notNull())
    .addColumn('weight', 'text', (c) => c.notNull())
    .addColumn('dimensions', 'text', (c) => c.notNull())
    .addColumn('item_description', 'text')
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('driver', 'text')
    .addColumn('driver_phone', 'text')
    .addColumn('driver_id', 'text', (c) => c.references('drivers.id').onDelete('set null'))
    .addColumn('real_location_link', 'text')
    .addColumn('pickup_lat', sql.raw(real))
    .addColumn('pickup_lng', sql.raw(real))
    .addColumn('delivery_lat', sql.raw(real))
    .addColumn('delivery_lng', sql.raw(real))
    .addColumn('proximity_state', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Tracking numbers are unique case-insensitively (design.md §6).
  await db.schema.createIndex('packages_tracking_number_ci').unique().on('packages').expression(sql`lower(tracking_number)`).execute();
  await db.schema.createIndex('packages_driver_id').on('packages').column('driver_id').execute();
  await db.schema.createIndex('packages_status').on('packages').column('status').execute();
  await db.schema.createIndex('packages_created_at').on('packages').column('created_at').execute();

  await db.schema
    .createTable('status_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('status_history_package').on('status_history').columns(['package_id', 'timestamp']).execute();

  await db.schema
    .createTable('locations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('lat', sql.raw(real), (c) => c.notNull())
    .addColumn('lng', sql.raw(real), (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('driver_name', 'text')
    .addColumn('driver_phone', 'text')
    .addColumn('vehicle_id', 'text')
    .addColumn('accuracy', sql.raw(real))
    .addColumn('heading', sql.raw(real))
    .addColumn('speed', sql.raw(real))
    .addColumn('altitude', sql.raw(real))
    .addColumn('battery', sql.raw(real))
    .addColumn('is_live_tracking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('locations_package_type_time').on('locations').columns(['package_id', 'type', 'recorded_at']).execute();

  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_users_email_ci').unique().on('admin_users').expression(sql`lower(email)`).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_subject').on('sessions').columns(['role', 'subject_id']).execute();

  await db.schema
    .createTable('pickup_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('origin_address', 'text', (c) => c.notNull())
    .addColumn('destination_address', 'text', (c) => c.notNull())
    .addColumn('item_description', 'text', (c) => c.notNull())
    .addColumn('special_instructions', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('driver_id', 'text', (c) => c.notNull().references('drivers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('identifier_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last_seen_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('geocode_cache')
    .addColumn('query', 'text', (c) => c.primaryKey())
    .addColumn('lat', sql.raw(real))
    .addColumn('lng', sql.raw(real))
    .addColumn('display_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
