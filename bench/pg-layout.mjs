#!/usr/bin/env node
// PostgreSQL: the GPS fixes in one plain table with a BRIN index on time, or partitioned by month (issue 21,
// decision 054). Not part of `npm test` or `npm run bench`; run by hand:
//
//   node bench/pg-layout.mjs --fixes 4000000 --packages 20000 [--layouts plain,brin,partitioned]
//
// For each layout, a fresh schema with `packages` and `locations` as the migrations make them (the same columns and
// indexes: primary key on id, (package_id, type, recorded_at)): 'plain' as it is, 'brin' with a BRIN index on
// created_at, 'partitioned' partitioned by month of created_at (the key then has to be (id, created_at)). Measured on
// each: the bulk fill (fixes a second), ingest as the fix writer does it (multi-row inserts of 50 fixes, one a
// transaction), a package's trail and newest fix (p50/p99 over 500 packages, each a different one), the retention
// job's statements on the oldest fixes (bench/lib and apps/server/src/repositories/retention.ts: a key range of 50
// ids, then the delete that keeps one fix a minute), a time-range count (what BRIN is for), dropping a month
// (partitioned only), and the bytes per fix (table, indexes and TOAST, all partitions).
import pg from 'pg';
import { PG_URL } from './lib/db.mjs';
import { median, percentile } from './lib/load.mjs';
import { machineInfo, round } from './lib/proc.mjs';
import { ROOT } from './lib/servers.mjs';
import { fillPlan, GROUP } from './lib/scale-fill.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const fixes = Number(option('fixes', 4_000_000));
const packages = Number(option('packages', 20_000));
const layouts = option('layouts', 'plain,brin,partitioned').split(',');
const prefix = process.env.BENCH_SCHEMA_PREFIX ?? 'bench_';
const DAY = 86_400_000;

const COLUMNS = `id text not null, package_id text not null, lat double precision not null, lng double precision not null, type text not null,
  address text, driver_name text, driver_phone text, vehicle_id text, accuracy double precision, heading double precision, speed double precision,
  altitude double precision, battery double precision, is_live_tracking integer not null default 0, source text not null, recorded_at text not null,
  created_at text not null`;
const FIX_COLUMNS = 'id, package_id, lat, lng, type, address, driver_name, driver_phone, vehicle_id, accuracy, heading, speed, altitude, battery, is_live_tracking, source, recorded_at, created_at';
/** The smallest fix id of a time (apps/server/src/services/retention.ts firstIdAt). */
const idAt = (ms) => {
  const hex = Math.floor(ms).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
};
const isoSql = (ms) => `to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function runLayout(client, layout) {
  const schema = `${prefix}layout_${layout}_${Date.now().toString(36)}`;
  const q = (text, values) => client.query(text, values);
  await q(`create schema "${schema}"`);
  await q(`set search_path to "${schema}"`);
  const out = { layout, schema };
  try {
    await q('create table packages (id text primary key, status text not null)');
    const plan = fillPlan({ packages, drivers: 1, fixes });
    await q(`insert into packages select 'p' || lpad(k::text, 8, '0'), 'delivered' from generate_series(0, $1::int - 1) k`, [plan.packages]);
    if (layout === 'plain' || layout === 'brin') {
      await q(`create table locations (${COLUMNS}, primary key (id), foreign key (package_id) references packages (id) on delete cascade)`);
      if (layout === 'brin') await q('create index locations_created_brin on locations using brin (created_at)');
    } else {
      await q(`create table locations (${COLUMNS}, primary key (id, created_at), foreign key (package_id) references packages (id) on delete cascade) partition by range (created_at)`);
      // A partition per month from the fill's first month to two months ahead of now.
      const first = new Date(plan.start);
      for (let m = 0; ; m++) {
        const from = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m, 1));
        const to = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m + 1, 1));
        if (from.getTime() > plan.now + 60 * DAY) break;
        await q(`create table locations_${from.toISOString().slice(0, 7).replace('-', '_')} partition of locations for values from ('${from.toISOString()}') to ('${to.toISOString()}')`);
      }
    }
    await q('create index locations_package_type_time on locations (package_id, type, recorded_at)');
    await q('set synchronous_commit = on');

    // Bulk fill: the scale benchmark's shape (groups of 200 packages, a fix every 5 s, a year).
    let t0 = performance.now();
    const CHUNK = 500_000;
    for (let from = 0; from < fixes; from += CHUNK) {
      await q(
        `insert into locations (${FIX_COLUMNS})
         select lpad(to_hex((ms + 400) / 65536), 8, '0') || '-' || lpad(to_hex((ms + 400) % 65536), 4, '0') || '-7' || lpad(to_hex(i % 4096), 3, '0') || '-8000-' || lpad(to_hex(i), 12, '0'),
                'p' || lpad(k::text, 8, '0'), 42.0 + s * 0.0002, -87.9, 'current', null, 'Scale Driver 1', '5560000001', 'SCALE-1', 8.0, 0.0, 12.5, null, null, 1, 'gps',
                ${isoSql('ms')}, ${isoSql('ms + 400')}
         from (select i, (i / (${GROUP} * $3::bigint)) * ${GROUP} + (i % (${GROUP} * $3::bigint)) % ${GROUP} as k, (i % (${GROUP} * $3::bigint)) / ${GROUP} as s,
                      $4::bigint + (i / (${GROUP} * $3::bigint)) * $5::bigint + ((i % (${GROUP} * $3::bigint)) / ${GROUP}) * 5000 + ((i % (${GROUP} * $3::bigint)) % ${GROUP}) * 10 as ms
               from generate_series($1::bigint, $2::bigint - 1) i) u order by i`,
        [from, Math.min(fixes, from + CHUNK), plan.perPackage, plan.start, plan.span],
      );
    }
    out.fillPerSecond = Math.round(fixes / ((performance.now() - t0) / 1000));
    await q('vacuum analyze locations');
    await q('vacuum analyze packages');
    const size = async () =>
      Number((await q(`select coalesce(sum(pg_total_relation_size(relid)), 0) as n from pg_partition_tree('locations')`)).rows[0].n) ||
      Number((await q(`select pg_total_relation_size('locations') as n`)).rows[0].n);
    out.bytesPerFix = Math.round((await size()) / fixes);

    // Ingest as the fix writer does it: 50 fixes a statement (one a package, the packages in turn), each committed.
    const batches = 400;
    const lat = [];
    t0 = performance.now();
    for (let b = 0; b < batches; b++) {
      const t = performance.now();
      await q(
        `insert into locations (${FIX_COLUMNS})
         select lpad(to_hex(ms / 65536), 8, '0') || '-' || lpad(to_hex(ms % 65536), 4, '0') || '-7' || lpad(to_hex(j), 3, '0') || '-9000-' || lpad(to_hex($1::bigint * 50 + j), 12, '0'),
                'p' || lpad(((($1::bigint * 50 + j) * 7) % $2::bigint)::text, 8, '0'), 42.1, -87.9, 'current', null, 'Scale Driver 1', '5560000001', 'SCALE-1', 8.0, 0.0, 12.5, null, null, 1, 'gps',
                ${isoSql('ms')}, ${isoSql('ms')}
         from (select j, (extract(epoch from clock_timestamp()) * 1000)::bigint as ms from generate_series(0, 49) j) v`,
        [b, plan.packages],
      );
      lat.push(performance.now() - t);
    }
    out.ingestFixesPerSecond = Math.round((batches * 50) / ((performance.now() - t0) / 1000));
    lat.sort((a, b) => a - b);
    out.ingestBatchP99Ms = round(percentile(lat, 99), 2);

    // A package's trail (every fix, newest first) and its newest fix, a different package each time.
    const timed = async (sqlText, n) => {
      const ms = [];
      for (let i = 0; i < n; i++) {
        const k = (i * 7919) % plan.packages;
        const t = performance.now();
        await q(sqlText, [`p${String(k).padStart(8, '0')}`]);
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      return { p50: round(median(ms), 2), p99: round(percentile(ms, 99), 2) };
    };
    out.trail = await timed('select * from locations where package_id = $1 order by recorded_at desc, created_at desc', 500);
    out.newest = await timed("select * from locations where package_id = $1 and type = 'current' order by recorded_at desc, created_at desc limit 1", 500);
    out.trailPlan = (await q(`explain select * from locations where package_id = 'p00000001' order by recorded_at desc, created_at desc`)).rows.map((r) => r['QUERY PLAN']).join(' / ').slice(0, 300);

    // A time range: the fixes of ten days (what a BRIN index on time serves; partitions prune to one or two months;
    // the plain table has its primary key, whose ids start with the time, as the retention job uses it).
    const fromMs = plan.start + 100 * DAY;
    const toMs = fromMs + 10 * DAY;
    let t = performance.now();
    out.rangeCount =
      layout === 'plain'
        ? Number((await q('select count(*) as n from locations where id >= $1 and id < $2', [idAt(fromMs), idAt(toMs)])).rows[0].n)
        : Number((await q('select count(*) as n from locations where created_at >= $1 and created_at < $2', [new Date(fromMs).toISOString(), new Date(toMs).toISOString()])).rows[0].n);
    out.rangeCountMs = round(performance.now() - t, 1);

    // The retention job's statements over the oldest fixes (their packages delivered): one fix a minute kept.
    const cutoffMs = plan.start + 30 * DAY;
    const before = idAt(cutoffMs);
    const createdBefore = new Date(cutoffMs).toISOString();
    let removed = 0;
    let statements = 0;
    const stmt = [];
    t0 = performance.now();
    for (let after = ''; performance.now() - t0 < 20_000; ) {
      const ts = performance.now();
      const ids = (await q('select id from locations where id > $1 and id < $2 order by id limit 50', [after, before])).rows.map((r) => r.id);
      if (ids.length === 0) break;
      const res = await q(
        `delete from locations where id >= $1 and id <= $2 and type = 'current' and is_live_tracking = 1 and created_at < $3
          and exists (select 1 from packages p where p.id = locations.package_id and p.status in ('delivered', 'cancelled', 'returned'))
          and exists (select 1 from locations n where n.package_id = locations.package_id and n.type = 'current' and n.is_live_tracking = 1
                and (n.recorded_at > locations.recorded_at or (n.recorded_at = locations.recorded_at and n.id > locations.id)))
          and exists (select 1 from locations e where e.package_id = locations.package_id and e.type = 'current' and e.is_live_tracking = 1
                and e.recorded_at >= substr(locations.recorded_at, 1, 16)
                and (e.recorded_at < locations.recorded_at or (e.recorded_at = locations.recorded_at and e.id < locations.id)))`,
        [ids[0], ids[ids.length - 1], createdBefore],
      );
      stmt.push(performance.now() - ts);
      removed += res.rowCount ?? 0;
      statements += 2;
      after = ids[ids.length - 1];
    }
    const retentionS = (performance.now() - t0) / 1000;
    stmt.sort((a, b) => a - b);
    out.retention = { removed, statements, seconds: round(retentionS, 1), perSecond: Math.round(removed / retentionS), pairP99Ms: round(percentile(stmt, 99), 1) };

    if (layout === 'partitioned') {
      // The oldest month whole (what partitioning makes cheap, for a policy that keeps nothing of it).
      const { rows } = await q(`select relid::text as name from pg_partition_tree('locations') where isleaf order by relid::text limit 1`);
      const n = Number((await q(`select count(*) as n from ${rows[0].name}`)).rows[0].n);
      t = performance.now();
      await q(`drop table ${rows[0].name}`);
      out.dropMonth = { fixes: n, ms: round(performance.now() - t, 1) };
    }
    return out;
  } finally {
    await q('set search_path to public');
    await q(`drop schema "${schema}" cascade`);
  }
}

const client = new pg.Client({ connectionString: PG_URL });
await client.connect();
console.log(JSON.stringify({ ...machineInfo(ROOT), fixes, packages }));
try {
  for (const layout of layouts) {
    const r = await runLayout(client, layout);
    console.log(JSON.stringify(r));
  }
} finally {
  await client.end();
}
