import { sql, type Kysely } from 'kysely';

/** The columns the admin's package search looks inside (repositories/packages.ts SEARCH_COLUMNS, snake_case). */
const SEARCH_COLUMNS = ['tracking_number', 'customer_name', 'customer_phone', 'pickup_address', 'delivery_address', 'driver'];

/**
 * The admin's package search at scale (issue 21, decision 055): on PostgreSQL a trigram index (pg_trgm, GIN) on
 * `lower(column)` of each searched column, so `lower(column) like '%piece%'` is answered by the indexes instead of a
 * scan of every package (100,000 packages: 352 ms for a tracking number on a busy machine). The extension is created
 * when it is missing and the database allows it (pg_trgm is a trusted extension: the database's CREATE privilege is
 * enough); otherwise nothing is made and the search scans as before. An advisory lock keeps two servers (or test
 * schemas) migrating at once from creating it twice. SQLite has no such index: its search reads every package, in one
 * pass (the repository's window count).
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('cargo:pg_trgm'))`.execute(db);
  const found = async () =>
    (await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)).rows[0]?.schema;
  let schema = await found();
  if (!schema) {
    const { rows } = await sql<{ available: boolean; allowed: boolean }>`select
        exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available,
        has_database_privilege(current_database(), 'CREATE') as allowed`.execute(db);
    if (!rows[0]?.available || !rows[0]?.allowed) return;
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    schema = await found();
    if (!schema) return;
  }
  for (const column of SEARCH_COLUMNS) {
    await sql`create index ${sql.raw(`packages_search_${column}`)} on packages using gin (lower(${sql.ref(column)}) ${sql.raw(`${quoteIdent(schema)}.gin_trgm_ops`)})`.execute(db);
  }
}

function quoteIdent(name: string): string {
  return name.startsWith('"') ? name : `"${name.replace(/"/g, '""')}"`;
}
