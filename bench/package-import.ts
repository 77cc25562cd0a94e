// CSV import of packages (issue 20): 10,000 rows (37 of them bad) through the real app in-process, on the bundled
// geocoder: the POST (the rows as the panel sends them after parsing and mapping), then polling the import's progress
// as the panel does until it is done. Timed from the POST to 'done'; then the same file again, skipping and updating.
// Run: npx tsx bench/package-import.ts [DATABASE_URL]   (default: a temporary SQLite file; a PostgreSQL URL with
// ?schema=bench_… has that schema dropped at the end)
import { mkdtempSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { prepareDatabase } from '../apps/server/src/bootstrap.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { importFile } from '../apps/server/test/support/import-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'cargo-bench-import-'));
const databaseUrl = process.argv[2] ?? join(dir, 'bench.db');
try {
  const env = loadEnv({ DATABASE_URL: databaseUrl, ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password', SEED_DEMO: 'false', DEMO_DRIVE: 'false', LOG_LEVEL: 'silent', PASSWORD_HASH_LOG_N: '14', NOTIFY_POLL_MS: '0' });
  const handle = await openDatabase(env.DATABASE_URL);
  await prepareDatabase(handle, env, { info() {}, warn() {}, error() {} } as never);
  const app = await buildApp({ env, database: handle, logger: false, webDist: null });
  await app.ready();
  const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } })).json().token as string;
  const headers = { authorization: `Bearer ${token}` };
  const file = importFile(`BENCH${Date.now().toString(36).toUpperCase()}`);
  const bodyBytes = Buffer.byteLength(JSON.stringify({ rows: file.rows }));

  for (const [run, mode] of [['first import', 'skip'], ['same file again, skip', 'skip'], ['same file again, update', 'update']] as const) {
    const load = loadavg()[0]!.toFixed(2);
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/package-imports', headers, payload: { fileName: 'bench.csv', mode, rows: file.rows } });
    if (res.statusCode !== 202) throw new Error(`${res.statusCode} ${res.body}`);
    const answeredMs = performance.now() - started;
    let job = res.json();
    while (job.status !== 'done' && job.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = (await app.inject({ method: 'GET', url: `/api/package-imports/${job.id}`, headers })).json();
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      JSON.stringify({ run, database: databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite', rows: job.total, bodyBytes, answered202Ms: Math.round(answeredMs), seconds: Number(seconds.toFixed(1)), rowsPerSecond: Math.round(job.total / seconds), created: job.created, updated: job.updated, skipped: job.skipped, failed: job.failed, status: job.status, loadAverageAtStart: load, loadAverageAtEnd: loadavg()[0]!.toFixed(2) }),
    );
  }
  // A PostgreSQL schema named for the run is dropped with what the run wrote.
  const schema = databaseUrl.startsWith('postgres') ? new URL(databaseUrl).searchParams.get('schema') : null;
  if (schema?.startsWith('bench_')) await sql`drop schema ${sql.id(schema)} cascade`.execute(app.db);
  await app.close();
  await handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
