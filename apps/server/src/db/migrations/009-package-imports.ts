import type { Kysely } from 'kysely';

/**
 * CSV imports of packages (issue 20, decision 066): one row per import with its progress and counts, and one row per
 * line of the file with what became of it (the downloadable report). A line's result is written in the transaction
 * that writes its package, so a package and its report line exist together or not at all.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('package_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // 'skip' or 'update': what an existing tracking number does.
    .addColumn('mode', 'text', (c) => c.notNull())
    // 'queued', 'running', 'done', 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    // 'admin:<id>'.
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Bumped after every batch: an import that stops moving was cut off by a restart.
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();

  await db.schema
    .createTable('package_import_rows')
    .addColumn('import_id', 'text', (c) => c.notNull().references('package_imports.id').onDelete('cascade'))
    // The row's place in the request (the key) and its line in the file (the report's 'Row').
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    // 'created', 'updated', 'skipped', 'failed'.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    // No foreign key: the report outlives a package deleted later.
    .addColumn('package_id', 'text')
    // The row's cells as sent (JSON, by field), for the report.
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('package_import_rows_pkey', ['import_id', 'position'])
    .execute();
}
