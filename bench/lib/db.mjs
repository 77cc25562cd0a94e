// The databases the benchmarks run on, and what they hold afterwards: fresh PostgreSQL schemas, and the GPS fixes
// stored, read straight from the database (not through the server) to compare with the fixes acknowledged.
import { createConnection } from 'node:net';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';

export const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers on the host and port of a URL. */
export function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A new schema name (the server creates the schema on start); BENCH_SCHEMA_PREFIX keeps engineers' schemas apart. */
export function newSchemaName() {
  return `${process.env.BENCH_SCHEMA_PREFIX ?? 'bench_'}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** @param {string} schema */
export function pgUrlFor(schema) {
  return `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}`;
}

/** @param {string} schema */
export async function dropSchema(schema) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/**
 * The ids of every GPS fix stored (locations with source 'gps'); with `packageIds`, only those of these packages
 * (the scale benchmark's database holds millions of others).
 * @param {{ sqliteFile?: string, pgSchema?: string, packageIds?: string[] }} db
 * @returns {Promise<Set<string>>}
 */
export async function storedFixIds(db) {
  if (db.sqliteFile) {
    const conn = new Database(db.sqliteFile, { readonly: true, fileMustExist: true });
    try {
      // locations_all (migration 003) is both tables of fixes; a database from before it has only locations.
      const view = conn.prepare("select 1 from sqlite_master where name = 'locations_all'").get() ? 'locations_all' : 'locations';
      if (db.packageIds) {
        const only = conn.prepare(`select id from ${view} where source = 'gps' and package_id = ?`).pluck();
        return new Set(db.packageIds.flatMap((id) => only.all(id).map(String)));
      }
      return new Set(conn.prepare(`select id from ${view} where source = 'gps'`).pluck().all().map(String));
    } finally {
      conn.close();
    }
  }
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const view = (await client.query(`select to_regclass('"${db.pgSchema}".locations_all') as v`)).rows[0].v ? 'locations_all' : 'locations';
    const { rows } = db.packageIds
      ? await client.query(`select id from "${db.pgSchema}".${view} where source = 'gps' and package_id = any($1::text[])`, [db.packageIds])
      : await client.query(`select id from "${db.pgSchema}".${view} where source = 'gps'`);
    return new Set(rows.map((r) => String(r.id)));
  } finally {
    await client.end();
  }
}

/**
 * The process ids of the PostgreSQL backends serving the project's connections to `schema` (the server names its
 * connections 'cargo:<schema>'), to read their CPU time; they are only readable when PostgreSQL runs on this machine.
 * @param {string} schema
 */
export async function postgresPids(schema) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select pid from pg_stat_activity where application_name = $1', [`cargo:${schema}`.slice(0, 63)]);
    return rows.map((r) => Number(r.pid));
  } catch {
    return [];
  } finally {
    await client.end();
  }
}

/**
 * The Redis server's process id (to read its CPU time when it runs on this machine), or undefined.
 * @param {string} url
 */
export async function redisPid(url) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const info = await redis.info('server');
    const m = /process_id:(\d+)/.exec(info);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}
