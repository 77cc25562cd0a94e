import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { isPostgresUrl } from '../env.ts';
import type { Database, Dialect } from './types.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** True while the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Opens the database that DATABASE_URL names: PostgreSQL for postgres://… (an optional ?schema=name selects the
 * schema, created if missing), otherwise an embedded SQLite file (directories created as needed).
 */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  if (isPostgresUrl(url)) return openPostgres(url);
  return openSqlite(url);
}

async function openSqlite(url: string): Promise<DatabaseHandle> {
  const { default: SQLite } = await import('better-sqlite3');
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const native = new SQLite(file);
  native.pragma('journal_mode = WAL');
  native.pragma('busy_timeout = 5000');
  native.pragma('foreign_keys = ON');
  native.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }), plugins: [new CamelCasePlugin()] });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      try {
        native.prepare('select 1').get();
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  if (schema && !/^[a-z_][a-z0-9_]*$/i.test(schema)) throw new Error(`Invalid schema name in DATABASE_URL: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: parsed.toString() });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 10,
    connectionTimeoutMillis: 5_000,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reports the outage.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}
