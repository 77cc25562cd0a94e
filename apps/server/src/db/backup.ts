import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { isPostgresUrl } from '../env.ts';

/**
 * Backup and restore of the whole database (docs/decisions/030): SQLite through its online backup API,
 * PostgreSQL through pg_dump / pg_restore, for the schema DATABASE_URL names (`?schema=`, or `public`).
 *
 * Restore replaces everything, so it refuses (BackupError, nothing changed) when:
 * - the database is in use: a server (or another command) has it open. There is no flag to override this: a running
 *   server would keep serving from caches and sessions that no longer match, so stop it first;
 * - the database already holds tables and --force was not given (an empty or missing database needs no flag);
 * - the file is not a backup of this kind of database (a PostgreSQL dump for SQLite, or the other way round), or a
 *   PostgreSQL dump of another schema.
 * The restore is one transaction on both databases: it completes, or the database is as it was.
 */
export class BackupError extends Error {}

/** Who holds a PostgreSQL schema open: the server and the CLI name their connections with this (pg_stat_activity). */
export function applicationNameFor(schema: string | null): string {
  // PostgreSQL keeps 63 bytes of it (schema names are ASCII here, checked when the URL is read).
  return `cargo:${schema ?? 'public'}`.slice(0, 63);
}

export interface BackupOptions {
  /** backup: overwrite an existing file; restore: replace a database that holds data. */
  force?: boolean;
}

export async function backupDatabase(databaseUrl: string, file: string, options: BackupOptions = {}): Promise<{ bytes: number }> {
  const target = resolve(file);
  if (existsSync(target) && !options.force) throw new BackupError(`${target} already exists: choose another file, or add --force to overwrite it`);
  // Written beside the target and renamed when complete: a failed backup never leaves half a file under the name.
  const partial = join(dirname(target), `.${Date.now()}.partial`);
  try {
    if (isPostgresUrl(databaseUrl)) await backupPostgres(databaseUrl, partial);
    else await backupSqlite(databaseUrl, partial);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  return { bytes: statSync(target).size };
}

export async function restoreDatabase(databaseUrl: string, file: string, options: BackupOptions = {}): Promise<void> {
  const source = resolve(file);
  if (!existsSync(source)) throw new BackupError(`No backup file at ${source}`);
  const header = readHeader(source);
  if (isPostgresUrl(databaseUrl)) {
    if (!header.startsWith('PGDMP')) throw new BackupError(`${source} is not a PostgreSQL backup (npm run backup with a postgres:// DATABASE_URL makes one)`);
    await restorePostgres(databaseUrl, source, options);
  } else {
    if (!header.startsWith('SQLite format 3')) throw new BackupError(`${source} is not a SQLite backup (npm run backup with a SQLite DATABASE_URL makes one)`);
    await restoreSqlite(databaseUrl, source, options);
  }
}

function readHeader(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    return buf.subarray(0, n).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

// SQLite

function sqliteFile(url: string): string {
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file === ':memory:') throw new BackupError('An in-memory database cannot be backed up or restored');
  return resolve(file);
}

async function backupSqlite(url: string, partial: string): Promise<void> {
  const { default: SQLite } = await import('better-sqlite3');
  const file = sqliteFile(url);
  if (!existsSync(file)) throw new BackupError(`No database at ${file}`);
  const db = new SQLite(file, { fileMustExist: true, timeout: 5_000 });
  try {
    // The online backup API: a consistent copy while the server keeps reading and writing.
    await db.backup(partial);
  } finally {
    db.close();
  }
  // One self-contained file (no -wal beside it).
  const copy = new SQLite(partial);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The backup failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
}

async function restoreSqlite(url: string, source: string, options: BackupOptions): Promise<void> {
  const { default: SQLite } = await import('better-sqlite3');
  const file = sqliteFile(url);
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    const check = backup.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${source} is damaged (integrity check: ${String(check)})`);
  } finally {
    backup.close();
  }

  mkdirSync(dirname(file), { recursive: true });
  const db = new SQLite(file, { timeout: 0 });
  try {
    // In exclusive locking mode the first read takes a lock no other connection can share: it fails while a server
    // or another command has the file open, and keeps everyone else out until this connection closes.
    db.pragma('locking_mode = EXCLUSIVE');
    let objects: { type: string; name: string }[];
    try {
      objects = db.prepare(`select type, name from sqlite_master where name not like 'sqlite_%'`).all() as { type: string; name: string }[];
    } catch (err) {
      if (err instanceof Error && /locked|busy/i.test(err.message)) {
        throw new BackupError(`The database ${file} is in use (a running server or another command has it open): stop it, then restore`);
      }
      throw err;
    }
    if (objects.some((o) => o.type === 'table') && !options.force) {
      throw new BackupError(`The database ${file} holds data that restore would replace: add --force to replace it with the backup`);
    }
    db.pragma('foreign_keys = OFF');
    db.prepare('attach database ? as backup').run(source);
    const copied = db.prepare(`select type, name, sql from backup.sqlite_master where name not like 'sqlite_%' and sql is not null`).all() as {
      type: string;
      name: string;
      sql: string;
    }[];
    const userVersion = db.pragma('backup.user_version', { simple: true }) as number;
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
    db.transaction(() => {
      for (const o of objects.filter((x) => x.type === 'view' || x.type === 'trigger')) db.exec(`drop ${o.type} if exists main.${quote(o.name)}`);
      for (const o of objects.filter((x) => x.type === 'table')) db.exec(`drop table if exists main.${quote(o.name)}`);
      // Tables first (with their rows), then indexes, triggers and views, as the backup defines them.
      for (const o of copied.filter((x) => x.type === 'table')) {
        db.exec(o.sql);
        db.exec(`insert into main.${quote(o.name)} select * from backup.${quote(o.name)}`);
      }
      for (const o of copied.filter((x) => x.type !== 'table')) db.exec(o.sql);
      db.pragma(`user_version = ${Number(userVersion) | 0}`);
    })();
    db.exec('detach database backup');
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length) throw new BackupError(`The restored database has ${broken.length} broken reference(s)`);
  } finally {
    db.close();
  }
}

// PostgreSQL

function postgresTarget(url: string): { libpqUrl: string; schema: string; named: string | null } {
  const parsed = new URL(url);
  const named = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  if (named && !/^[a-z_][a-z0-9_]*$/i.test(named)) throw new BackupError(`Invalid schema name in DATABASE_URL: ${named}`);
  return { libpqUrl: parsed.toString(), schema: named ?? 'public', named };
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', (e) =>
      fail(
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? new BackupError(`${command} was not found: install the PostgreSQL client tools (the server's major version or newer)`)
          : e,
      ),
    );
    child.on('close', (code) => (code === 0 ? ok(out) : fail(new BackupError(`${command} failed: ${err.trim() || `exit code ${code}`}`))));
  });
}

async function backupPostgres(url: string, partial: string): Promise<void> {
  const { libpqUrl, schema } = postgresTarget(url);
  // Custom format: compressed, and pg_restore can list and check it. One transaction snapshot: consistent while the
  // server keeps writing.
  await run('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${partial}`, `--dbname=${libpqUrl}`]);
}

async function restorePostgres(url: string, source: string, options: BackupOptions): Promise<void> {
  const { libpqUrl, schema, named } = postgresTarget(url);
  const listing = await run('pg_restore', ['--list', source]);
  const schemas = [...listing.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1]);
  if (schemas.length !== 1) throw new BackupError(`${source} does not hold exactly one schema (found ${schemas.length}): not a backup made by npm run backup`);
  if (schemas[0] !== schema) {
    throw new BackupError(`${source} is a backup of schema "${schemas[0]}", but DATABASE_URL names schema "${schema}": set ?schema=${schemas[0]} to restore it`);
  }

  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: libpqUrl, application_name: 'cargo:restore' });
  await client.connect();
  try {
    const inUse = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
      [applicationNameFor(named)],
    );
    if (Number(inUse.rows[0]!.n) > 0) {
      throw new BackupError(`The database schema "${schema}" is in use (${inUse.rows[0]!.n} connection(s) of a running server or another command): stop it, then restore`);
    }
    const tables = await client.query<{ n: string }>(`select count(*) as n from information_schema.tables where table_schema = $1`, [schema]);
    if (Number(tables.rows[0]!.n) > 0 && !options.force) {
      throw new BackupError(`The database schema "${schema}" holds data that restore would replace: add --force to replace it with the backup`);
    }
  } finally {
    await client.end();
  }

  // pg_restore writes the SQL; psql runs it after dropping the schema, all in one transaction (-1): the restore
  // completes or changes nothing.
  const work = mkdtempSync(join(tmpdir(), 'cargo-restore-'));
  try {
    const script = join(work, 'restore.sql');
    await run('pg_restore', [`--file=${script}`, source]);
    // The search's trigram indexes (migration 012) need pg_trgm, which lives outside the schema and so outside the
    // backup: a database that lacks it gets it first (it is there already when the backup comes from this database).
    const trigrams = /^\d+; \d+ \d+ INDEX \S+ packages_search_/m.test(listing) ? ['-c', 'create extension if not exists pg_trgm with schema public'] : [];
    await run('psql', ['-X', '-q', '-1', '-v', 'ON_ERROR_STOP=1', ...trigrams, '-c', `drop schema if exists "${schema}" cascade`, '-f', script, `--dbname=${libpqUrl}`]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
