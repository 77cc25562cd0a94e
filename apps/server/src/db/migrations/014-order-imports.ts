import { sql, type Kysely } from 'kysely';

/**
 * A shop's order export imports as it is (issue 31, decisions 091 and 092):
 * - `packages.reference`: the sender's own reference (a shop's order number, '#1001'), found by the admin's search and
 *   used as the import's key when the file has no tracking numbers; an index on `lower(reference)` for that lookup,
 *   and on PostgreSQL a trigram index like migration 012's when pg_trgm is there (the search's `like '%…%'`).
 * - `import_mappings`: the column mappings dispatch saved under a name (JSON), one row each.
 * - `audit_log` indexes on `object_id` and `object_label`: the audit log's object filter finds an object by what a
 *   person knows (a tracking number, a driver's name or phone) as well as by id, without an object type.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('packages').addColumn('reference', 'text').execute();
  await sql`create index packages_reference_lower on packages (lower(reference))`.execute(db);

  await db.schema
    .createTable('import_mappings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // importMappingSchema (packages/shared) as JSON text.
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index import_mappings_name on import_mappings (lower(name))`.execute(db);

  await db.schema.createIndex('audit_log_object_id').on('audit_log').column('object_id').execute();
  await db.schema.createIndex('audit_log_object_label').on('audit_log').column('object_label').execute();

  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) return;
  const opclass = `${schema.startsWith('"') ? schema : `"${schema.replace(/"/g, '""')}"`}.gin_trgm_ops`;
  // Partial: most packages have no reference, and the search's `lower(reference) like …` (strict) implies the predicate.
  await sql`create index packages_search_reference on packages using gin (lower(reference) ${sql.raw(opclass)}) where lower(reference) is not null`.execute(db);
}
