// Performance figures at a year of data (issue 35, decision 108): 1,000,000 packages and their events written
// straight to the database in bulk SQL (a year of local days in four time zones: outcomes with attempts before some
// deliveries and arrivals, ratings, ledger entries, messages and webhook messages), the daily aggregate rebuilt from
// them (what `npm run admin -- figures-rebuild` does), then GET /api/figures for the last 90 days through the real app
// in-process: the server time of each request (inject to answer) and the process's CPU time over it, p50/p95 of 30
// after 3 warm-up requests, unfiltered, for one driver and for one service type. Not part of the test line.
//
// Run: npx tsx bench/figures.ts [DATABASE_URL] [--packages N]
//   (default: a temporary SQLite file; a PostgreSQL URL with ?schema=bench_… or hfig_… has that schema dropped at the end)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { addDays, formatDeliveryRange } from '../packages/shared/src/index.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { prepareDatabase } from '../apps/server/src/bootstrap.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import type { Database } from '../apps/server/src/db/types.ts';
import { loadEnv } from '../apps/server/src/env.ts';

const args = process.argv.slice(2);
const packagesArg = args.indexOf('--packages');
const PACKAGES = packagesArg >= 0 ? Number(args[packagesArg + 1]) : 1_000_000;
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--packages');
const dir = mkdtempSync(join(tmpdir(), 'cargo-bench-figures-'));
const databaseUrl = positional[0] ?? join(dir, 'bench.db');
const postgres = databaseUrl.startsWith('postgres');
const DAYS = 365;
const DRIVERS = 60;
const LAST_DAY = '2026-11-27';
const FIRST_DAY = addDays(LAST_DAY, -(DAYS - 1));
const FIRST_MS = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const log = (what: string, extra: Record<string, unknown> = {}) => console.log(JSON.stringify({ what, ...extra, loadAverage: loadavg()[0]!.toFixed(2) }));

/** An ISO instant from seconds since FIRST_DAY (an SQL expression). */
function iso(seconds: string) {
  return postgres
    ? `to_char(to_timestamp(${FIRST_MS / 1000} + (${seconds})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%S.000Z', ${FIRST_MS / 1000} + (${seconds}), 'unixepoch')`;
}
/** The numbers 1..n as a row source `seq(n)`. */
function seq(n: number) {
  return postgres ? `generate_series(1, ${n}) as seq(n)` : `(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${n}) select n from s) as seq`;
}
// A package's deterministic pseudo-random numbers from its number: (n * prime) % m.
const r = (prime: number, m: number) => (postgres ? `((seq.n::bigint * ${prime}) % ${m})` : `((seq.n * ${prime}) % ${m})`);
// Its day (0..364) and moment in seconds from FIRST_DAY (7:00 to 19:00 UTC, on whole minutes: ties).
const DAY = r(7919, DAYS);
const MOMENT = `(${DAY} * 86400 + 25200 + ${r(104729, 720)} * 60)`;

async function run(db: Kysely<Database>, statement: string) {
  const started = performance.now();
  await sql.raw(statement).execute(db);
  return Math.round(performance.now() - started);
}

try {
  const env = loadEnv({ DATABASE_URL: databaseUrl, ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password', SEED_DEMO: 'false', DEMO_DRIVE: 'false', LOG_LEVEL: 'silent', PASSWORD_HASH_LOG_N: '14', NOTIFY_POLL_MS: '0', WEEKLY_SUMMARY_CHECK_SECONDS: '0', RETENTION_EVERY_MINUTES: '0' });
  // Bulk statements over a million rows run for minutes: no per-query limit (the app's pool gives up after 5 s).
  const handle = await openDatabase(env.DATABASE_URL, { queryTimeoutMs: 0 });
  await prepareDatabase(handle, env, { info() {}, warn() {}, error() {} } as never);
  const app = await buildApp({ env, database: handle, logger: false, webDist: null });
  await app.ready();
  const db = app.db;
  const generated = performance.now();

  // Drivers, the windows table (a window per day), then the rows.
  const now = new Date().toISOString();
  for (let i = 0; i < DRIVERS; i++)
    await db.insertInto('drivers').values({ id: `bd${i}`, name: `Bench Driver ${i}`, phone: `+1555010${String(i).padStart(4, '0')}`, pinHash: 'x', vehicleId: `BV${i}`, isActive: 1, isOnline: 0, email: null, realLocationLink: null, currentLat: null, currentLng: null, lastLocationUpdate: null, createdAt: now }).execute();
  await sql.raw('create table bench_windows (d integer primary key, w text not null)').execute(db);
  for (let d = 0; d < DAYS; d += 100)
    await db.insertInto('bench_windows' as never).values(Array.from({ length: Math.min(100, DAYS - d) }, (_, k) => ({ d: d + k, w: formatDeliveryRange(addDays(FIRST_DAY, d + k - 1), addDays(FIRST_DAY, d + k)) })) as never).execute();
  // PostgreSQL's package search indexes are built once after the bulk insert (faster than row by row).
  const searchColumns = ['tracking_number', 'customer_name', 'customer_phone', 'pickup_address', 'delivery_address', 'driver'];
  const trgm = postgres ? (await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)).rows[0]?.schema : undefined;
  if (postgres) for (const c of searchColumns) await sql.raw(`drop index if exists packages_search_${c}`).execute(db);

  const place = (axis: 'lat' | 'lng') => {
    const v = axis === 'lat' ? [41.8781, 51.5074, 35.6762, -36.8485] : [-87.6298, -0.1278, 139.6503, 174.7633];
    return `case seq.n % 4 when 0 then ${v[0]} when 1 then ${v[1]} when 2 then ${v[2]} else ${v[3]} end`;
  };
  const driver = `'bd' || ${r(31, DRIVERS)}`;
  const times: Record<string, number> = {};
  times.packages = await run(db, `insert into packages (id, tracking_number, status, current_location, estimated_delivery, delivery_address, pickup_address, customer_name, customer_phone, weight, dimensions, service_type, driver_id, pickup_lat, pickup_lng, delivery_lat, delivery_lng, created_at, updated_at)
    select 'bp' || seq.n, 'BN' || seq.n, case when seq.n % 10 < 8 then 'delivered' else 'in_transit' end, 'Depot', bw.w, '1 Main St', '2 Depot Rd', 'Bench Customer', '+1555' || (1000000 + seq.n % 9000000), '1 kg', '10x10x10',
      case seq.n % 3 when 0 then 'Standard Delivery' when 1 then 'Express Delivery' else 'Same Day Delivery' end, ${driver},
      ${place('lat')} + 0.1, ${place('lng')} + 0.1, ${place('lat')}, ${place('lng')}, ${iso(`${MOMENT} - 172800`)}, ${iso(`${MOMENT} - 172800`)}
    from ${seq(PACKAGES)} join bench_windows bw on bw.d = ${r(7919, DAYS)}`);
  const outcome = (id: string, kind: string, moment: string, where: string, extra: { reason?: string; arrived?: boolean } = {}) =>
    `insert into delivery_outcomes (id, package_id, client_id, kind, driver_id, driver_name, recipient_name, left_at, neighbour_name, reason, note, photo_id, signature_id, lat, lng, accuracy, distance_m, device_time, created_at, arrived_at)
     select '${id}' || seq.n, 'bp' || seq.n, null, '${kind}', ${driver}, 'Bench Driver', null, null, null, ${extra.reason ?? 'null'}, null, null, null, null, null, null, null, ${iso(moment)}, ${iso(moment)}, ${extra.arrived ? `case when seq.n % 5 < 3 then ${iso(`${moment} - 60 - ${r(13, 600)}`)} end` : 'null'}
     from ${seq(PACKAGES)} where ${where}`;
  // 15 % attempted the day before (nobody home, …), 80 % delivered (a tenth of them left at the door), 5 % attempted only.
  times.attempts = await run(db, outcome('ba', 'attempted', `${MOMENT} - 86400`, `seq.n % 20 < 3`, { reason: `case seq.n % 4 when 0 then 'nobody_home' when 1 then 'access_refused' when 2 then 'address_not_found' else 'other' end`, arrived: true }));
  times.deliveries = await run(db, outcome('bo', 'delivered', MOMENT, `seq.n % 10 < 8`, { arrived: true }));
  times.lastAttempts = await run(db, outcome('bl', 'attempted', MOMENT, `seq.n % 20 = 19`, { reason: `'nobody_home'`, arrived: true }));
  times.ratings = await run(db, `insert into package_feedback (package_id, stars, comment, tags, driver_id, created_at, updated_at)
    select 'bp' || seq.n, 1 + ${r(17, 5)}, '', '[]', ${driver}, ${iso(`${MOMENT} + 3600`)}, ${iso(`${MOMENT} + 3600`)} from ${seq(PACKAGES)} where seq.n % 10 < 2`);
  times.ledger = await run(db, `insert into payment_entries (id, package_id, kind, method, amount, reference, reason, actor_type, actor_id, actor_label, driver_id, local_day, client_id, created_at)
    select 'bl' || seq.n || k.k, 'bp' || seq.n, case k.k when 0 then 'due' else 'payment' end, case k.k when 0 then null else 'cash' end, 2500, null, null, 'admin', null, 'bench', null, substr(${iso(MOMENT)}, 1, 10), null, ${iso(MOMENT)}
    from ${seq(PACKAGES)} cross join (select 0 as k union all select 1) k where seq.n % 10 = 0`);
  times.messages = await run(db, `insert into notification_messages (id, event_id, event_type, package_id, pickup_request_id, channel, audience, recipient, subject, body, html, time_zone, status, reason, provider_response, attempts, next_attempt_at, lease_until, created_at, updated_at, sent_at)
    select 'bm' || seq.n, 'be' || seq.n, 'package.delivered', 'bp' || seq.n, null, 'email', 'customer', 'c@example.test', 's', 'b', null, null, case when seq.n % 50 = 0 then 'failed' else 'sent' end, null, null, 1, ${iso(MOMENT)}, null, ${iso(`${MOMENT} + 60`)}, ${iso(`${MOMENT} + 60`)}, null
    from ${seq(PACKAGES)} where seq.n % 10 < 8`);
  await db.insertInto('webhookEndpoints').values({ id: 'bw', url: 'http://127.0.0.1:9/hook', description: 'bench', eventTypes: '*', secretEnc: 'x', previousSecretEnc: null, previousSecretUntil: null, enabled: 0, disabledReason: 'bench', failingSince: null, createdBy: 'bench', createdAt: now, updatedAt: now }).execute();
  times.webhooks = await run(db, `insert into webhook_messages (id, endpoint_id, event_id, event_type, package_id, sequence, payload, status, attempts, next_attempt_at, lease_until, last_status_code, last_error, created_at, updated_at, delivered_at)
    select 'bh' || seq.n, 'bw', null, 'package.delivered', 'bp' || seq.n, null, '{}', case when seq.n % 40 = 0 then 'failed' else 'delivered' end, 1, null, null, 200, null, ${iso(`${MOMENT} + 30`)}, ${iso(`${MOMENT} + 30`)}, null
    from ${seq(PACKAGES)} where seq.n % 4 = 0`);
  times.statusHistory = await run(db, `insert into status_history (id, package_id, status, location, description, timestamp, created_at)
    select 'bs' || seq.n, 'bp' || seq.n, case when seq.n % 2 = 0 then 'exception' else 'returned' end, 'Depot', '', ${iso(`${MOMENT} + 7200`)}, ${iso(`${MOMENT} + 7200`)} from ${seq(PACKAGES)} where seq.n % 50 = 7`);
  if (postgres && trgm) {
    const started = performance.now();
    for (const c of searchColumns) await sql.raw(`create index packages_search_${c} on packages using gin (lower(${c}) "${trgm}".gin_trgm_ops)`).execute(db);
    times.searchIndexes = Math.round(performance.now() - started);
  }
  if (postgres) await sql.raw('analyze').execute(db);
  const counts = Object.fromEntries(
    await Promise.all(
      (['packages', 'deliveryOutcomes', 'packageFeedback', 'paymentEntries', 'notificationMessages', 'webhookMessages', 'figureChanges'] as const).map(async (t) => [t, Number((await db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)]),
    ),
  );
  log('generated', { database: postgres ? 'postgres' : 'sqlite', seconds: Math.round((performance.now() - generated) / 1000), counts, msPerStatement: times });

  // The aggregate from the raw rows (npm run admin -- figures-rebuild).
  const rebuildStarted = performance.now();
  const rebuilt = await app.figures.days!.rebuild();
  log('rebuilt', { days: rebuilt.days, seconds: Math.round((performance.now() - rebuildStarted) / 1000) });

  const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } })).json().token as string;
  const headers = { authorization: `Bearer ${token}` };
  const from = addDays(LAST_DAY, -89);
  for (const [label, query] of [['90 days', `from=${from}&to=${LAST_DAY}`], ['90 days, one driver', `from=${from}&to=${LAST_DAY}&driverId=bd7`], ['90 days, one service type', `from=${from}&to=${LAST_DAY}&serviceType=Express%20Delivery`]] as const) {
    const ms: number[] = [];
    const cpu: number[] = [];
    let body = '';
    for (let i = 0; i < 33; i++) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const res = await app.inject({ method: 'GET', url: `/api/figures?${query}`, headers });
      const took = performance.now() - started;
      const used = process.cpuUsage(cpuBefore);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      if (i >= 3) {
        ms.push(took);
        // This process's CPU over the request (SQLite runs in it; PostgreSQL's own work is in its server process).
        cpu.push((used.user + used.system) / 1000);
      }
      body = res.body;
    }
    const q = (list: number[], p: number) => {
      const sorted = [...list].sort((a, b) => a - b);
      return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 10) / 10;
    };
    const f = JSON.parse(body).figures;
    log('GET /api/figures', { label, requests: ms.length, p50Ms: q(ms, 0.5), p95Ms: q(ms, 0.95), maxMs: q(ms, 1), cpuP50Ms: q(cpu, 0.5), cpuP95Ms: q(cpu, 0.95), delivered: f.delivered, onTimeRate: f.onTimeRate, stopsPerDriverHour: f.stopsPerDriverHour });
  }

  const schema = postgres ? new URL(databaseUrl).searchParams.get('schema') : null;
  if (schema?.startsWith('bench_') || schema?.startsWith('hfig_')) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
  await app.close();
  await handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
