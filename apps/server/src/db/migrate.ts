import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, Dialect } from './types.ts';
import * as m001 from './migrations/001-initial.ts';

type DialectMigration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

/** One migration set for both dialects, listed in order. Bundled, so no file-system scanning at start. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '001-initial': m001,
};

class BundledProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, this.dialect) }]),
    );
  }
}

/** Applies every pending migration; throws on the first failure. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which: pin it to ours (several apps share one database).
  const schema =
    dialect === 'postgres' ? (await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : null;
  const migrator = new Migrator({ db, provider: new BundledProvider(dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
