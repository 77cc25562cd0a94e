#!/usr/bin/env node
// npm run bench (issue 11): builds the production server, starts it on fresh databases with a data set created
// through its API, and runs each benchmark beside a bare node:http baseline (rounds alternating bare, project, ...,
// 50 keep-alive connections, medians of 3 rounds). Prints a table and writes bench/results.json.
//
//   npm run bench                       the full run (about 10 minutes)
//   node bench/run.mjs --smoke          tiny sizes, one short round each (the test line runs it with --no-build)
//   node bench/run.mjs --only ingest,startup --no-build
//   sizes can be overridden: --seconds 10 --rounds 3 --warmup-seconds 3 --drivers 200 --lookup-packages 10000
//   --subscribers 10000 --subscriber-processes 2 --fixes-per-second 1000 --fanout-seconds 30 --startups 3
//   (only a full run without --only replaces bench/results.json; the others write under bench/out/)
//   npm run bench -- --scale          the scale benchmark (issue 21; not in the test line, under 30 minutes): on SQLite
//   and PostgreSQL, 100,000 packages, 2,000 drivers and 20 million fixes written straight to the database, then the
//   ingest and lookup rounds (compared with the same run's empty-database rounds), a package's history and trail, the
//   admin search, the CSV export and a retention run; its table goes into bench/RESULTS.md (bench/suites/scale.mjs).
//   Smaller: --scale-fixes 1000000 --scale-packages 10000 --scale-drivers 500 --scale-db sqlite|postgres|both
//   (--scale-write writes bench/RESULTS.md at other sizes too; --scale-keep keeps the database; --retention-days, --probe-seconds)
//
// Benchmarks: ingest-sqlite, ingest-postgres, lookup-sqlite, lookup-postgres, fanout, instances, pages, startup
// (--only takes names or parts of them: 'ingest', 'postgres'). PostgreSQL at TEST_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/test)
// and Redis at TEST_REDIS_URL (redis://127.0.0.1:6379): their benchmarks are skipped when unreachable, or fail when
// REQUIRE_POSTGRES is set. BENCH_PORT_BASE picks ports from a base; BENCH_TMP the temp folder; BENCH_SCHEMA_PREFIX
// the PostgreSQL schema names. Exits 1 when a benchmark fails, any request got a 5xx, an acknowledged fix was not
// stored, or a subscriber missed a fix.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { adminToken, createDrivers, createPackages } from './lib/dataset.mjs';
import { median } from './lib/load.mjs';
import { dropSchema, newSchemaName, PG_URL, pgUrlFor, postgresPids, reachable, REDIS_URL, redisPid } from './lib/db.mjs';
import { machineInfo, round } from './lib/proc.mjs';
import { cleanup, RAISED_LIMITS, ROOT, startBare, startProject, tempDir } from './lib/servers.mjs';
import { fanoutBench } from './suites/fanout.mjs';
import { ingestBench } from './suites/ingest.mjs';
import { lookupBench } from './suites/lookup.mjs';
import { startupBench } from './suites/startup.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const smoke = flag('smoke');
const only = option('only')?.split(',').map((s) => s.trim()).filter(Boolean);
const ALL = ['ingest-sqlite', 'ingest-postgres', 'lookup-sqlite', 'lookup-postgres', 'fanout', 'instances', 'pages', 'startup'];
const selected = new Set(only ? ALL.filter((name) => only.some((o) => name.includes(o))) : ALL);
if (only && selected.size === 0) {
  console.error(`--only ${only.join(',')} matches none of ${ALL.join(', ')}`);
  process.exit(2);
}

/** Sizes: the issue's for a full run; tiny ones for the smoke run. */
const SIZE = smoke
  ? { drivers: 5, lookupPackages: 10, rounds: 1, seconds: 1, warmupSeconds: 0.5, subscribers: 50, subscriberProcesses: 1, fixesPerSecond: 25, fanoutSeconds: 2, startups: 1, idleMs: 500 }
  : { drivers: 200, lookupPackages: 10_000, rounds: 3, seconds: 10, warmupSeconds: 3, subscribers: 10_000, subscriberProcesses: 2, fixesPerSecond: 1000, fanoutSeconds: 30, startups: 3, idleMs: 2000 };
for (const key of Object.keys(SIZE)) {
  const v = option(key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
  if (v !== undefined) SIZE[key] = Number(v);
}

const log = (line) => console.log(line);
const started = Date.now();

if (!flag('no-build')) {
  log('=== npm run build');
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!existsSync(join(ROOT, 'apps/server/dist/server.js'))) {
  console.error('apps/server/dist/server.js is missing: run without --no-build (or npm run build) first');
  process.exit(1);
}

const machine = machineInfo(ROOT);
log(`=== bench ${smoke ? '(smoke) ' : ''}on ${machine.cpuModel}, ${machine.cores} cores, ${machine.ramGiB} GiB, node ${machine.node}, commit ${machine.commit?.slice(0, 7)}${machine.dirty ? ' (with uncommitted changes)' : ''}`);
log(`    limits raised on the project server (no proxy headers are sent): ${Object.entries(RAISED_LIMITS).map(([k, v]) => `${k}=${v.value} (default ${v.default}: ${v.why})`).join('; ')}`);

// The scale benchmark (issue 21): its own run, on both databases, instead of the benchmarks above.
if (flag('scale')) {
  const { runScale } = await import('./suites/scale.mjs');
  const sizes = { packages: 100_000, drivers: 2_000, fixes: 20_000_000, apiDrivers: 200, lookupPackages: 1000, rounds: 3, seconds: 6, warmupSeconds: 2, probeSeconds: 5, retentionDays: 2 };
  const full = { ...sizes };
  for (const [key, name] of Object.entries({ packages: 'scale-packages', drivers: 'scale-drivers', fixes: 'scale-fixes', apiDrivers: 'drivers', lookupPackages: 'lookup-packages', rounds: 'rounds', seconds: 'seconds', warmupSeconds: 'warmup-seconds', probeSeconds: 'probe-seconds', retentionDays: 'retention-days' })) {
    const v = option(name);
    if (v !== undefined) sizes[key] = Number(v);
  }
  const atFullSize = sizes.packages === full.packages && sizes.drivers === full.drivers && sizes.fixes === full.fixes;
  const which = option('scale-db') ?? 'both';
  const dialects = which === 'both' ? ['sqlite', 'postgres'] : [which];
  const pgUpScale = dialects.includes('postgres') && (await reachable(PG_URL));
  if (dialects.includes('postgres') && !pgUpScale && process.env.REQUIRE_POSTGRES) throw new Error(`REQUIRE_POSTGRES is set but PostgreSQL (${PG_URL}) is unreachable`);
  const command = `npm run bench -- ${argv.join(' ')}`;
  const { problems } = await runScale({ sizes: { ...sizes, write: atFullSize || flag('scale-write'), keep: flag('scale-keep') }, dialects, pgUp: pgUpScale, log, command });
  if (problems.length) {
    log(`PROBLEMS:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  process.exit(0);
}

/** @type {any[]} */
const results = [];
/** Runs one benchmark: its result is kept, and a failure is recorded rather than stopping the others. */
async function bench(name, fn) {
  if (!selected.has(name)) return;
  log(`--- ${name}`);
  const t0 = Date.now();
  try {
    const r = await fn();
    if (r) results.push({ ...r, elapsedSeconds: round((Date.now() - t0) / 1000, 1) });
  } catch (err) {
    log(`    FAILED: ${err instanceof Error ? err.stack : String(err)}`);
    results.push({ name, kind: 'error', error: err instanceof Error ? err.message : String(err) });
  }
}
function skip(name, why) {
  if (!selected.has(name)) return;
  log(`--- ${name}: skipped (${why})`);
  results.push({ name, kind: 'skipped', reason: why });
}

/** A data set on one project server: drivers, one ingest package each, and the lookup packages spread over them. */
async function dataset(base, lookupPackages = SIZE.lookupPackages) {
  const t0 = Date.now();
  const admin = await adminToken(base);
  const drivers = await createDrivers(base, admin, SIZE.drivers);
  const ingestPkgs = await createPackages(base, admin, SIZE.drivers, drivers, 'BI');
  const lookupPkgs = await createPackages(base, admin, lookupPackages, drivers, 'BL');
  log(`    data set: ${drivers.length} drivers signed in, ${ingestPkgs.length} ingest packages, ${lookupPkgs.length} lookup packages (${round((Date.now() - t0) / 1000, 1)} s)`);
  return { admin, drivers, ingestPkgs, lookupPkgs };
}

const pgNeeded = ['ingest-postgres', 'lookup-postgres', 'instances'].some((n) => selected.has(n));
const pgUp = pgNeeded && (await reachable(PG_URL));
const redisUp = selected.has('instances') && (await reachable(REDIS_URL));
const unavailable = (what) => {
  if (process.env.REQUIRE_POSTGRES) throw new Error(`REQUIRE_POSTGRES is set but ${what} is unreachable`);
  return `${what} is unreachable`;
};
const pagesModule = join(ROOT, 'bench/suites/pages.mjs');

try {
  // SQLite: benchmarks 1, 3 (SQLite), 4 and 6 on one server and one fresh database file.
  if (['ingest-sqlite', 'lookup-sqlite', 'fanout', 'pages'].some((n) => selected.has(n))) {
    const dir = tempDir('sqlite');
    const sqliteFile = join(dir, 'bench.db');
    log(`=== project on SQLite (${sqliteFile})`);
    const project = await startProject({ cwd: dir, databaseUrl: sqliteFile });
    const bare = await startBare({ cwd: dir });
    try {
      const data = await dataset(project.url);
      const http = { rounds: SIZE.rounds, seconds: SIZE.seconds, warmupSeconds: SIZE.warmupSeconds, log };
      await bench('ingest-sqlite', () => ingestBench({ name: 'ingest-sqlite', projects: [project], bares: [bare], pkgs: data.ingestPkgs, db: { sqliteFile }, ...http }));
      await bench('lookup-sqlite', () => lookupBench({ name: 'lookup-sqlite', project, pkgs: data.lookupPkgs, dir, ...http }));
      await bench('fanout', () =>
        fanoutBench({ project, pkgs: data.lookupPkgs.slice(0, 1000), subscribers: SIZE.subscribers, processes: SIZE.subscriberProcesses, fixesPerSecond: SIZE.fixesPerSecond, seconds: SIZE.fanoutSeconds, log }),
      );
      if (existsSync(pagesModule)) {
        await bench('pages', async () => {
          const { run } = await import(pathToFileURL(pagesModule).href);
          // The project's admin signs in for the signed-in admin and driver pages.
          const { ADMIN } = await import('./lib/servers.mjs');
          const rows = await run({ baseUrl: project.url, smoke, chromium: '/usr/bin/chromium', trackingNumber: data.lookupPkgs[0].trackingNumber, admin: ADMIN, log });
          for (const row of rows) log(`    ${row.name}: ${Object.entries(row.metrics ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}`);
          return { name: 'pages', kind: 'pages', rows };
        });
      } else skip('pages', 'bench/suites/pages.mjs is not there yet');
    } finally {
      await project.stop();
      await bare.stop();
      cleanup(dir);
    }
  }

  // PostgreSQL: benchmarks 2 and 3 (PostgreSQL) on one server and one fresh schema.
  if (['ingest-postgres', 'lookup-postgres'].some((n) => selected.has(n))) {
    if (!pgUp) {
      const why = unavailable(`PostgreSQL (${PG_URL})`);
      skip('ingest-postgres', why);
      skip('lookup-postgres', why);
    } else {
      const dir = tempDir('pg');
      const schema = newSchemaName();
      log(`=== project on PostgreSQL (schema ${schema})`);
      const project = await startProject({ cwd: dir, databaseUrl: pgUrlFor(schema) });
      const bare = await startBare({ cwd: dir });
      try {
        const data = await dataset(project.url);
        const http = { rounds: SIZE.rounds, seconds: SIZE.seconds, warmupSeconds: SIZE.warmupSeconds, log };
        const extraPids = async () => pidMap('pg', await postgresPids(schema));
        await bench('ingest-postgres', () => ingestBench({ name: 'ingest-postgres', projects: [project], bares: [bare], pkgs: data.ingestPkgs, db: { pgSchema: schema }, extraPids, ...http }));
        await bench('lookup-postgres', () => lookupBench({ name: 'lookup-postgres', project, pkgs: data.lookupPkgs, dir, extraPids, ...http }));
      } finally {
        await project.stop();
        await bare.stop();
        await dropSchema(schema);
        cleanup(dir);
      }
    }
  }

  // Benchmark 5: two instances on one PostgreSQL schema and Redis, the connections split between them.
  if (selected.has('instances')) {
    if (!pgUp || !redisUp) skip('instances', unavailable(`PostgreSQL (${PG_URL}) or Redis (${REDIS_URL})`));
    else {
      const dir = tempDir('instances');
      const schema = newSchemaName();
      log(`=== two project instances on PostgreSQL (schema ${schema}) and Redis (${REDIS_URL})`);
      const env = { REDIS_URL };
      /** @type {import('./lib/servers.mjs').Child[]} */
      const servers = [];
      try {
        servers.push(await startProject({ cwd: dir, databaseUrl: pgUrlFor(schema), env, name: 'project-a' }));
        servers.push(await startProject({ cwd: dir, databaseUrl: pgUrlFor(schema), env, name: 'project-b' }));
        const bares = [await startBare({ cwd: dir, name: 'bare-a' }), await startBare({ cwd: dir, name: 'bare-b' })];
        servers.push(...bares);
        const data = await dataset(servers[0].url, 0);
        const redis = await redisPid(REDIS_URL);
        const extraPids = async () => ({ ...pidMap('pg', await postgresPids(schema)), redis });
        await bench('instances', async () => {
          const r = await ingestBench({
            name: 'instances',
            projects: servers.slice(0, 2),
            bares,
            pkgs: data.ingestPkgs,
            db: { pgSchema: schema },
            extraPids,
            rounds: SIZE.rounds,
            seconds: SIZE.seconds,
            warmupSeconds: SIZE.warmupSeconds,
            log,
          });
          return { ...r, limitedBy: limitedBy(r.project.rounds) };
        });
      } finally {
        for (const s of servers) await s.stop();
        await dropSchema(schema);
        cleanup(dir);
      }
    }
  }

  await bench('startup', () => startupBench({ times: SIZE.startups, idleMs: SIZE.idleMs, log }));
} catch (err) {
  log(`FAILED: ${err instanceof Error ? err.stack : String(err)}`);
  results.push({ name: 'run', kind: 'error', error: err instanceof Error ? err.message : String(err) });
}

/** @param {string} prefix @param {number[]} pids */
function pidMap(prefix, pids) {
  return Object.fromEntries(pids.map((pid) => [`${prefix}${pid}`, pid]));
}

/** Sums the CPU of the processes measured beside the servers into PostgreSQL and Redis figures, in cores. */
function sideCores(roundResult) {
  const extra = roundResult.extraCores ?? {};
  const pgCores = Object.entries(extra).filter(([k, v]) => k.startsWith('pg') && v != null);
  // Null when PostgreSQL's processes could not be read (it runs elsewhere).
  const pg = pgCores.length ? round(pgCores.reduce((n, [, v]) => n + (v ?? 0), 0), 2) : null;
  return { postgres: pg, redis: extra.redis ?? null };
}

/** PostgreSQL's and Redis's CPU in cores, the median over rounds. */
function sideMedian(rounds) {
  const sides = rounds.map(sideCores);
  const m = (values) => (median(values) == null ? null : round(median(values), 2));
  return { postgres: m(sides.map((s) => s.postgres)), redis: m(sides.map((s) => s.redis)) };
}

/** What bounds a multi-process benchmark: the CPU each part used (medians over rounds), and whether the cores were all busy. */
function limitedBy(rounds) {
  const side = sideMedian(rounds);
  const at = (key) => median(rounds.map((r) => r[key]));
  const parts = { servers: at('serverCores'), postgres: side.postgres, redis: side.redis, loadGenerator: at('loadGenCores'), otherProcesses: at('otherCores') };
  const busy = at('machineBusyPct');
  return {
    cores: parts,
    machineBusyPct: busy,
    text: `${busy >= 90 ? `CPU: the machine's ${machine.cores} cores were ${busy}% busy` : `not CPU (machine ${busy}% busy)`}; cores used: servers ${parts.servers}, PostgreSQL ${parts.postgres ?? 'n/a'}, Redis ${parts.redis ?? 'n/a'}, load generator ${parts.loadGenerator}, other processes ${parts.otherProcesses}`,
  };
}

// The table.
const fmt = (n) => (n == null || Number.isNaN(n) ? '–' : typeof n === 'number' ? n.toLocaleString('en-US') : String(n));
const lines = [];
lines.push(`| benchmark | bare req/s median (min–max) | project req/s median (min–max) | ratio | p99 ms bare / project | CPU µs/req bare / project | non-2xx bare / project | notes |`);
lines.push('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  if (r.kind === 'http') {
    const notes = [];
    if (r.durability) notes.push(`stored = acknowledged: ${r.durability.ok ? 'yes' : 'NO'} (${fmt(r.durability.acknowledged)} acknowledged, ${fmt(r.durability.stored)} stored, ${r.durability.acknowledgedMissing} missing)`);
    if (r.replyBytes) notes.push(`reply ${fmt(r.replyBytes)} B`);
    if (r.project.statuses && r.project.non2xx) notes.push(`project statuses ${JSON.stringify(r.project.statuses)}`);
    const side = r.project.rounds[0]?.extraCores ? sideMedian(r.project.rounds) : null;
    if (side) notes.push(`PostgreSQL ${side.postgres ?? 'n/a'} cores${side.redis != null ? `, Redis ${side.redis}` : ''}`);
    if (r.limitedBy) notes.push(`limited by ${r.limitedBy.text}`);
    notes.push(`load generator ${r.project.loadGenCores} cores (bare ${r.bare.loadGenCores})`);
    notes.push(`other processes on the machine ${r.project.otherCores} cores (bare rounds ${r.bare.otherCores})`);
    lines.push(
      `| ${r.name} | ${fmt(r.bare.medianRps)} (${fmt(r.bare.minRps)}–${fmt(r.bare.maxRps)}) | ${fmt(r.project.medianRps)} (${fmt(r.project.minRps)}–${fmt(r.project.maxRps)}) | ${r.ratio} | ${fmt(r.bare.p99Ms)} / ${fmt(r.project.p99Ms)} | ${fmt(r.bare.cpuUsPerRequest)} / ${fmt(r.project.cpuUsPerRequest)} | ${r.bare.non2xx} / ${r.project.non2xx} | ${notes.join('; ')} |`,
    );
  } else if (r.kind === 'fanout') {
    lines.push(
      `| fanout | – | ${fmt(r.achievedAcceptedPerSecond)} fixes/s accepted (target ${fmt(r.targetFixesPerSecond)}) | – | – / delivery ${fmt(r.deliveryP99Ms)} (POST ${fmt(r.postP99Ms)}) | – / ${fmt(r.cpuUsPerFix)} per fix | – / ${r.non2xx} | ${fmt(r.subscribers)} subscribers over ${fmt(r.packages)} packages (${r.subscriberProcesses} processes), ${r.seconds} s; lost ${fmt(r.lost)} of ${fmt(r.deliveriesExpected)}; server RSS max ${r.serverRssMaxMb} MB; cores ${JSON.stringify(r.cores)}; machine ${r.machineBusyPct}% busy, other processes ${r.otherCores} cores |`,
    );
  } else if (r.kind === 'startup') {
    lines.push(
      `| startup | first answer ${fmt(r.bare.firstAnswerMs)} ms | first answer ${fmt(r.project.firstAnswerMs)} ms (${fmt(r.project.minMs)}–${fmt(r.project.maxMs)}) | ${round(r.project.firstAnswerMs / r.bare.firstAnswerMs, 1)}× slower | – | – | – | idle RSS ${r.project.idleRssMb} MB (bare ${r.bare.idleRssMb} MB), median of ${r.times} starts on a fresh SQLite database (migrations and the admin's password hash at the default cost); a restart on it ${fmt(r.project.restartFirstAnswerMs)} ms |`,
    );
  } else if (r.kind === 'pages') {
    for (const row of r.rows) lines.push(`| pages: ${row.name} | – | – | – | – | – | – | ${Object.entries(row.metrics ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')} |`);
  } else {
    lines.push(`| ${r.name} | – | – | – | – | – | – | ${r.kind === 'skipped' ? `skipped: ${r.reason}` : `FAILED: ${r.error}`} |`);
  }
}
log('');
log(lines.join('\n'));

// Failures: a benchmark that errored, any 5xx, an acknowledged fix not stored, a subscriber missing a fix.
const problems = [];
for (const r of results) {
  if (r.kind === 'error') problems.push(`${r.name} failed: ${r.error}`);
  if (r.kind === 'http') {
    const e5 = r.bare.errors5xx + r.project.errors5xx;
    if (e5) problems.push(`${r.name}: ${e5} responses with a 5xx`);
    if (r.bare.connErrors + r.project.connErrors) problems.push(`${r.name}: ${r.bare.connErrors + r.project.connErrors} connection errors or timeouts`);
    if (r.durability && !r.durability.ok) problems.push(`${r.name}: stored ≠ acknowledged (${JSON.stringify(r.durability)})`);
  }
  if (r.kind === 'fanout') {
    if (r.errors5xx) problems.push(`fanout: ${r.errors5xx} fixes answered with a 5xx`);
    if (r.connErrors) problems.push(`fanout: ${r.connErrors} fixes failed to send`);
    if (r.lost) problems.push(`fanout: ${r.lost} location updates lost`);
  }
}

const output = {
  machine,
  smoke,
  sizes: SIZE,
  connections: 50,
  raisedLimits: RAISED_LIMITS,
  elapsedSeconds: round((Date.now() - started) / 1000, 1),
  benchmarks: results,
  problems,
};
// Only a full run replaces bench/results.json; a smoke or partial run writes under bench/out/.
const outFile = smoke ? join(ROOT, 'bench/out/results.smoke.json') : only ? join(ROOT, 'bench/out/results.partial.json') : join(ROOT, 'bench/results.json');
mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(output, null, 2)}\n`);
log(`\nwritten to ${outFile.slice(ROOT.length + 1)} in ${output.elapsedSeconds} s`);
if (problems.length) {
  log(`PROBLEMS:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
process.exit(0);
