import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database, Dialect } from './types.ts';
import * as m001 from './migrations/001-initial.ts';
import * as m002 from './migrations/002-device-points.ts';
import * as m003 from './migrations/003-fix-buffer.ts';
import * as m004 from './migrations/004-events-notifications.ts';
import * as m005 from './migrations/005-delivery-proof.ts';
import * as m006 from './migrations/006-dispatch.ts';
import * as m007 from './migrations/007-api-keys.ts';
import * as m008 from './migrations/008-webhooks.ts';
import * as m009 from './migrations/009-package-imports.ts';
import * as m010 from './migrations/010-audit-log.ts';
import * as m011 from './migrations/011-retention.ts';
import * as m012 from './migrations/012-package-search-trigrams.ts';
import * as m013 from './migrations/013-locations-trail-covering-index.ts';
import * as m014 from './migrations/014-order-imports.ts';
import * as m015 from './migrations/015-phones-e164.ts';
import * as m016 from './migrations/016-reopened-deliveries.ts';
import * as m018 from './migrations/018-customer-actions.ts';
import * as m017 from './migrations/017-payments.ts';
import * as m019 from './migrations/019-planning.ts';
import * as m021 from './migrations/021-figure-days.ts';
import * as m022 from './migrations/022-arrival-windows.ts';
import * as m023 from './migrations/023-figure-period-counts.ts';

type DialectMigration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

/** One migration set for both dialects, listed in order. Bundled, so no file-system scanning at start. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '001-initial': m001,
  '002-device-points': m002,
  '003-fix-buffer': m003,
  '004-events-notifications': m004,
  '005-delivery-proof': m005,
  '006-dispatch': m006,
  '007-api-keys': m007,
  '008-webhooks': m008,
  '009-package-imports': m009,
  '010-audit-log': m010,
  '011-retention': m011,
  '012-package-search-trigrams': m012,
  '013-locations-trail-covering-index': m013,
  '014-order-imports': m014,
  '015-phones-e164': m015,
  '016-reopened-deliveries': m016,
  '017-payments': m017,
  '018-customer-actions': m018,
  '019-planning': m019,
  '021-figure-days': m021,
  '022-arrival-windows': m022,
  '023-figure-period-counts': m023,
};

class BundledProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, this.dialect) }]),
    );
  }
}

/** Every migration's name, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

/** Applies every pending migration; throws on the first failure. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  return migrate(db, dialect, (migrator) => migrator.migrateToLatest());
}

/** Applies the pending migrations up to and including `name` (the migration test builds old databases with it). */
export async function migrateUpTo(db: Kysely<Database>, dialect: Dialect, name: string): Promise<string[]> {
  if (!MIGRATION_NAMES.includes(name)) throw new Error(`No migration named ${name}`);
  return migrate(db, dialect, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Kysely<Database>, dialect: Dialect, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which: pin it to ours (several apps share one database).
  const schema =
    dialect === 'postgres' ? (await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : null;
  const migrator = new Migrator({ db, provider: new BundledProvider(dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
