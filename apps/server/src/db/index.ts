import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CamelCasePlugin, CompiledQuery, Kysely, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type QueryResult, type SqliteDialectConfig } from 'kysely';
import { SchemaScopedPostgresDialect } from './pg-introspector.ts';
import { applySqlitePragmas } from '../repositories/sqlite-fix-batch.mjs';
import { isPostgresUrl } from '../env.ts';
import { applicationNameFor } from './backup.ts';
import type { Database, Dialect } from './types.ts';
import { WriteGateSlot } from './write-gate.ts';
import type { Database as SqliteNative, Statement } from 'better-sqlite3';

/** The driver under Kysely, for the few hot paths that run prepared statements of their own (repositories/fix-writer.ts). */
export type NativeDatabase = { dialect: 'sqlite'; sqlite: import('better-sqlite3').Database } | { dialect: 'postgres'; pool: import('pg').Pool };

/** Statements run, counted for the tests and the benchmark of the ingest path (issue 11). */
export interface StatementCounter {
  statements: number;
  /** Fixes the fix writer committed, and in how many batches. */
  fixes: number;
  batches: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  native: NativeDatabase;
  /** Every statement Kysely ran plus those the fix writer ran. */
  counter: StatementCounter;
  /** True while the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** SQLite: what a write on the server's connection awaits first (write-gate.ts); set by the app's fix writer. */
  writeGate: WriteGateSlot;
}

export interface OpenOptions {
  /**
   * PostgreSQL: how long one query may take before the client gives up (5 s by default, so a silent network path
   * answers 503 quickly). A command-line job over a whole database (the figures' rebuild, a benchmark's bulk writes)
   * passes a longer one, or 0 for none.
   */
  queryTimeoutMs?: number;
}

/**
 * Opens the database that DATABASE_URL names: PostgreSQL for postgres://… (an optional ?schema=name selects the
 * schema, created if missing), otherwise an embedded SQLite file (directories created as needed).
 */
export async function openDatabase(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (isPostgresUrl(url)) return openPostgres(url, options);
  return openSqlite(url);
}

async function openSqlite(url: string): Promise<DatabaseHandle> {
  const { default: SQLite } = await import('better-sqlite3');
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const native = new SQLite(file);
  applySqlitePragmas(native);
  const counter: StatementCounter = { statements: 0, fixes: 0, batches: 0 };
  const writeGate = new WriteGateSlot();
  const statements = withStatementCache(native);
  const db = new Kysely<Database>({ dialect: new GatedSqliteDialect({ database: statements }, statements, writeGate), plugins: [new CamelCasePlugin()], log: () => void counter.statements++ });
  return {
    db,
    dialect: 'sqlite',
    native: { dialect: 'sqlite', sqlite: native },
    counter,
    ping: async () => {
      try {
        native.prepare('select 1').get();
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
    writeGate,
  };
}

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE) rather than at their first write: the fix
 * writer's thread commits on a connection of its own (decision 079), and a deferred transaction that read before that
 * commit could not write after it (SQLITE_BUSY_SNAPSHOT, which no busy timeout retries). Begun at once, it waits for
 * the thread's batch (a few milliseconds, within busy_timeout) and then reads and writes what is current.
 */
class GatedSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly statements: { prepare(sql: string): Statement },
    private readonly gate: WriteGateSlot,
  ) {
    super(settings);
  }

  override createDriver(): SqliteDriver {
    return new GatedSqliteDriver(this.settings, this.statements, this.gate);
  }
}

/**
 * Kysely's one SQLite connection, whose writes take their turn at the write lock through the gate (write-gate.ts,
 * decision 085) before SQLite's busy handler could sleep on the event loop: a transaction from its BEGIN to its end,
 * a write outside one for itself. Reads never wait (WAL: they do not need the lock).
 */
class GatedSqliteDriver extends SqliteDriver {
  /** While a transaction is open: the end of its turn. */
  private endTurn: (() => void) | null = null;

  constructor(
    settings: SqliteDialectConfig,
    private readonly statements: { prepare(sql: string): Statement },
    private readonly gate: WriteGateSlot,
  ) {
    super(settings);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    return {
      executeQuery: <R>(query: CompiledQuery) => this.execute<R>(connection, query),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    };
  }

  private async execute<R>(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    // The statement is prepared (and kept) here to ask whether it writes; the connection then finds it kept.
    if (this.endTurn || this.statements.prepare(query.sql).readonly) return connection.executeQuery<R>(query);
    const end = await this.gate.enter();
    try {
      return await connection.executeQuery<R>(query);
    } finally {
      end();
    }
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.endTurn = await this.gate.enter();
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (err) {
      this.finishTurn();
      throw err;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      this.finishTurn();
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.finishTurn();
    }
  }

  private finishTurn(): void {
    const end = this.endTurn;
    this.endTurn = null;
    end?.();
  }
}

/**
 * Kysely's SQLite driver prepares every statement anew each time it runs one; preparing cost more than running for
 * the small queries of the notification worker (a CPU profile: 2.1 s of 26 s in `prepare`). The connection keeps its
 * statements by SQL text instead (the texts are the code's own, with parameters: a few hundred at most). Safe because
 * Kysely runs one query at a time on this one connection and nothing here streams a query (an open iterator would hold
 * its statement).
 */
function withStatementCache(native: SqliteNative): { prepare(sql: string): Statement; close(): void } {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string): Statement {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= 2_000) statements.clear();
        statement = native.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      native.close();
    },
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
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
    // An unreachable database answers 503 within 2 s (design.md §5): a connection attempt gives up after 1.5 s, and a
    // query on a connection whose network path went silent after 5 s.
    connectionTimeoutMillis: 1_500,
    ...(options.queryTimeoutMs === 0 ? {} : { query_timeout: options.queryTimeoutMs ?? 5_000 }),
    keepAlive: true,
    // Names the connections (pg_stat_activity), so npm run restore can tell the schema is in use.
    application_name: applicationNameFor(schema),
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  // A client losing its connection emits 'error': the pool listens on idle clients only, so every client gets a
  // listener of its own, or a connection terminated while a request holds it would crash the process (issue 10).
  // The query that was running fails on its own and is answered 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const counter: StatementCounter = { statements: 0, fixes: 0, batches: 0 };
  const db = new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }), plugins: [new CamelCasePlugin()], log: () => void counter.statements++ });
  return {
    db,
    dialect: 'postgres',
    native: { dialect: 'postgres', pool },
    counter,
    ping: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
    // PostgreSQL's writers wait for each other in the server, not in this process: nothing to take a turn at.
    writeGate: new WriteGateSlot(),
  };
}
