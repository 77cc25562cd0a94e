import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    skipPostgres: boolean;
    pgRunSchema: string;
  }
}

export const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * For the PostgreSQL project: checks the server answers; without it the half is skipped with one line, unless
 * REQUIRE_POSTGRES is set, when the run fails. Each run gets fresh schemas, dropped afterwards.
 */
export default async function setup(project: TestProject) {
  const dialect = project.config.env?.TEST_DIALECT;
  const runSchema = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  project.provide('pgRunSchema', runSchema);
  if (dialect !== 'postgres') {
    project.provide('skipPostgres', true);
    return;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    await client.end().catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    if (process.env.REQUIRE_POSTGRES) throw new Error(`REQUIRE_POSTGRES is set but PostgreSQL at ${PG_URL} is unreachable: ${reason}`, { cause: err });
    console.log(`PostgreSQL half skipped: no server reachable at ${PG_URL} (${reason}); set REQUIRE_POSTGRES=1 to make this an error.`);
    project.provide('skipPostgres', true);
    return;
  }
  project.provide('skipPostgres', false);
  return async () => {
    const { rows } = await client.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like $1`, [`${runSchema}%`]);
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
    await client.end();
  };
}
