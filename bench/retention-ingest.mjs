#!/usr/bin/env node
// GPS ingest while the retention job works (issue 21, decision 075), and the bytes a stored fix takes. Not part of
// `npm test` or `npm run bench`; run it by hand on the built server:
//
//   node bench/retention-ingest.mjs --db sqlite|postgres|both --history 500000 --rounds 3 --seconds 10 [--batch 200]
//
// For each database: the built server (RETENTION_EVERY_MINUTES=0, so the job runs only when asked), 200 drivers with a
// package each in transit (the ingest load of benchmark 1), and 200 delivered packages given `--history` GPS fixes
// 200 days old, one every 5 s per package, written straight to the database. Bytes per fix: the database's growth
// (SQLite: the file after a checkpoint; PostgreSQL: pg_total_relation_size of `locations`) over those fixes. Then
// `--rounds` pairs: an ingest round without the job, and one started together with `POST /api/database/retention/run`
// (one fix a minute kept, so 11 of every 12 old fixes go); the history is written again before each pair. Prints
// the rounds, the median p99 with and without, their ratio (target ≤ 1.5) and whether every acknowledged fix was
// stored.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { adminToken, api, createDrivers, createPackages, nextFix } from './lib/dataset.mjs';
import { dropSchema, newSchemaName, PG_URL, pgUrlFor, storedFixIds } from './lib/db.mjs';
import { fmtRound, loadRound, median } from './lib/load.mjs';
import { machineInfo } from './lib/proc.mjs';
import { cleanup, ROOT, startProject, tempDir } from './lib/servers.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const which = option('db', 'both');
const history = Number(option('history', 500_000));
const rounds = Number(option('rounds', 3));
const seconds = Number(option('seconds', 10));
const drivers = Number(option('drivers', 200));
/** RETENTION_BATCH_ROWS of the server; its default when not given. */
const batch = option('batch');
const OLD_PACKAGES = 200;
const DAY = 86_400_000;

/** SQL that writes `count` old fixes for the packages whose tracking number starts with OLD, shaped as ingest writes them. */
function sqliteSeed(conn, count) {
  conn.exec('drop table if exists temp.old_packages');
  conn.exec("create temp table old_packages as select row_number() over (order by id) - 1 as k, id from packages where tracking_number like 'OLD%'");
  const base = Date.now() - 200 * DAY;
  conn
    .prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < @count - 1),
       t(i, ms) as (select i, @base + (i / ${OLD_PACKAGES}) * 5000 + (i % ${OLD_PACKAGES}) * 10 from n)
       insert into locations (id, package_id, lat, lng, type, address, driver_name, driver_phone, vehicle_id, accuracy, heading, speed, altitude, battery,
                              is_live_tracking, source, recorded_at, created_at)
       select printf('%08x-%04x-7%03x-8000-%012x', ms / 65536, ms % 65536, i % 4096, i + @salt),
              (select id from old_packages where k = i % ${OLD_PACKAGES}),
              42.0 + (i % 1000) * 0.000123, -87.9 + (i % 777) * 0.000321, 'current', null, 'Bench Driver 0-' || (i % ${OLD_PACKAGES}), '5550000' || (i % ${OLD_PACKAGES}),
              'BENCH-0-' || (i % ${OLD_PACKAGES}), 8.0, 0.0, 12.5, null, null, 1, 'gps',
              strftime('%Y-%m-%dT%H:%M:%fZ', ms / 1000.0, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', ms / 1000.0, 'unixepoch')
       from t`,
    )
    .run({ count, base, salt: Math.floor(Math.random() * 1e9) * 1e3 });
}

async function pgSeed(client, schema, count) {
  const base = Date.now() - 200 * DAY;
  const salt = Math.floor(Math.random() * 1e9) * 1e3;
  await client.query(
    `with ids as (select array_agg(id order by id) as a from "${schema}".packages where tracking_number like 'OLD%'),
          t as (select i, ${base}::bigint + (i / ${OLD_PACKAGES}) * 5000 + (i % ${OLD_PACKAGES}) * 10 as ms from generate_series(0, $1::bigint - 1) as i)
     insert into "${schema}".locations (id, package_id, lat, lng, type, address, driver_name, driver_phone, vehicle_id, accuracy, heading, speed, altitude, battery,
                                        is_live_tracking, source, recorded_at, created_at)
     select lpad(to_hex(ms / 65536), 8, '0') || '-' || lpad(to_hex(ms % 65536), 4, '0') || '-7' || lpad(to_hex(i % 4096), 3, '0') || '-8000-' || lpad(to_hex(i + ${salt}), 12, '0'),
            ids.a[(i % ${OLD_PACKAGES}) + 1],
            42.0 + (i % 1000) * 0.000123, -87.9 + (i % 777) * 0.000321, 'current', null, 'Bench Driver 0-' || (i % ${OLD_PACKAGES}), '5550000' || (i % ${OLD_PACKAGES}),
            'BENCH-0-' || (i % ${OLD_PACKAGES}), 8.0, 0.0, 12.5, null, null, 1, 'gps',
            to_char(to_timestamp(ms / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(to_timestamp(ms / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
     from t, ids`,
    [count],
  );
  await client.query(`analyze "${schema}".locations`);
}

async function runOn(dialect) {
  const dir = tempDir(`retention-${dialect}`);
  const sqliteFile = join(dir, 'bench.db');
  const schema = dialect === 'postgres' ? newSchemaName() : null;
  const server = await startProject({ cwd: dir, databaseUrl: schema ? pgUrlFor(schema) : sqliteFile, env: { RETENTION_EVERY_MINUTES: '0', ...(batch ? { RETENTION_BATCH_ROWS: batch } : {}) } });
  let sqlite = null;
  let client = null;
  try {
    const admin = await adminToken(server.url);
    const ds = await createDrivers(server.url, admin, drivers);
    const pkgs = await createPackages(server.url, admin, drivers, ds, 'RET');
    await createPackages(server.url, admin, OLD_PACKAGES, ds, 'OLD');
    if (dialect === 'sqlite') {
      sqlite = new Database(sqliteFile);
      sqlite.pragma('busy_timeout = 10000');
      sqlite.exec("update packages set status = 'delivered' where tracking_number like 'OLD%'");
    } else {
      client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`update "${schema}".packages set status = 'delivered' where tracking_number like 'OLD%'`);
    }
    const size = async () => {
      if (sqlite) {
        sqlite.pragma('wal_checkpoint(TRUNCATE)');
        return statSync(sqliteFile).size;
      }
      return Number((await client.query(`select pg_total_relation_size('"${schema}".locations') as n`)).rows[0].n);
    };
    const seed = async () => (sqlite ? sqliteSeed(sqlite, history) : pgSeed(client, schema, history));

    const sizeBefore = await size();
    let t0 = performance.now();
    await seed();
    const seedS = (performance.now() - t0) / 1000;
    const bytesPerFix = ((await size()) - sizeBefore) / history;
    console.log(`${dialect}: ${history.toLocaleString('en-US')} old fixes written in ${seedS.toFixed(1)} s; ${bytesPerFix.toFixed(0)} bytes per stored fix (table and its indexes)`);

    const acknowledged = new Set();
    let turn = 0;
    const request = () => {
      const p = pkgs[turn++ % pkgs.length];
      return { method: 'POST', path: `/api/packages/${p.id}/gps`, headers: { 'content-type': 'application/json', authorization: `Bearer ${p.driver.token}` }, body: JSON.stringify(nextFix(p)) };
    };
    const onReply = (status, body) => {
      if (status === 201) acknowledged.add(JSON.parse(body).locationId);
    };
    const round = () => loadRound({ targets: [server], seconds, request, onReply });
    await loadRound({ targets: [server], seconds: 3, request, onReply }); // warm-up

    const without = [];
    const during = [];
    for (let r = 0; r < rounds; r++) {
      if (r > 0) await seed();
      const plain = await round();
      without.push(plain);
      console.log(`  round ${r + 1} without the job: ${fmtRound(plain)}`);
      t0 = performance.now();
      let runMs = null;
      const job = api(server.url, 'POST', '/api/database/retention/run', undefined, admin, 200).then((run) => {
        runMs = performance.now() - t0;
        return run;
      });
      const busy = await round();
      const stillRunning = runMs === null;
      const run = await job;
      during.push({ ...busy, stillRunning });
      console.log(
        `  round ${r + 1} during the job:  ${fmtRound(busy)}; job removed ${run.fixes.toLocaleString('en-US')} fixes in ${run.batches} statements, ` +
          `${(run.ms / 1000).toFixed(1)} s${stillRunning ? ' (still running when the round ended)' : ' (ENDED BEFORE THE ROUND: the round was partly without it)'}`,
      );
    }
    await new Promise((r) => setTimeout(r, 1_500));
    const stored = await storedFixIds(sqlite ? { sqliteFile } : { pgSchema: schema });
    const missing = [...acknowledged].filter((id) => !stored.has(id)).length;
    const p99Without = median(without.map((r) => r.p99Ms));
    const p99During = median(during.map((r) => r.p99Ms));
    const summary = {
      dialect,
      bytesPerFix: Math.round(bytesPerFix),
      rpsWithout: median(without.map((r) => r.rps)),
      rpsDuring: median(during.map((r) => r.rps)),
      p99Without,
      p99During,
      ratio: Number((p99During / p99Without).toFixed(2)),
      otherCores: median([...without, ...during].map((r) => r.otherCores ?? 0)),
      acknowledged: acknowledged.size,
      missing,
    };
    console.log(
      `${dialect}: ingest p99 ${p99Without} ms without the job, ${p99During} ms during it: ${summary.ratio} × (target ≤ 1.5: ${summary.ratio <= 1.5 ? 'met' : 'missed'}); ` +
        `${summary.rpsWithout}/s and ${summary.rpsDuring}/s; other load ${summary.otherCores} cores; stored = acknowledged: ${missing === 0 ? 'yes' : 'NO'} (${acknowledged.size} acknowledged, ${missing} missing)`,
    );
    return summary;
  } finally {
    sqlite?.close();
    await client?.end();
    await server.stop();
    if (schema) await dropSchema(schema);
    cleanup(dir);
  }
}

console.log(JSON.stringify(machineInfo(ROOT)));
const results = [];
for (const dialect of which === 'both' ? ['sqlite', 'postgres'] : [which]) results.push(await runOn(dialect));
console.log(JSON.stringify(results));
