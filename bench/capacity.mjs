#!/usr/bin/env node
// The fan-out capacity run (issue 21, part 5; decision 057): how many /ws subscribers one instance holds and serves,
// and what several instances on PostgreSQL + Redis do together. Not in the test line: it opens tens of thousands of
// sockets. Uses the built server (npm run build first) and the fan-out benchmark of `npm run bench`
// (bench/suites/fanout.mjs): subscribers in separate processes, fixes posted at a fixed rate, every delivery counted.
//
//   node bench/capacity.mjs --subscribers 19000 --subscriber-processes 4 --fixes-per-second 200 --seconds 20
//   node bench/capacity.mjs --instances 3 --subscribers 50000 --subscriber-processes 5 --fixes-per-second 200
//
// --instances N (default 1): N > 1 runs N servers on one PostgreSQL schema bridged through Redis, the sockets
// spread over them and the fixes posted to them in turn; --db sqlite|postgres picks the database of one instance
// (default sqlite); --post-to first sends every fix to the first instance instead of to each in turn;
// --connect-concurrency (default 200) handshakes at once per subscriber process. --packages (default 1000) packages
// over --drivers (default 50). Prints the result and writes it
// under bench/out/. Ports from BENCH_PORT_BASE, temp files under BENCH_TMP, schemas named from BENCH_SCHEMA_PREFIX.
// Exits 1 when a subscriber missed an update, a fix got a 5xx, or the run failed.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { adminToken, createDrivers, createPackages } from './lib/dataset.mjs';
import { dropSchema, newSchemaName, PG_URL, pgUrlFor, postgresPids, reachable, REDIS_URL, redisPid } from './lib/db.mjs';
import { machineInfo, openFilesLimit } from './lib/proc.mjs';
import { cleanup, ROOT, startProject, tempDir } from './lib/servers.mjs';
import { fanoutBench } from './suites/fanout.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const o = {
  instances: Number(option('instances', '1')),
  db: option('db', 'sqlite'),
  subscribers: Number(option('subscribers', '10000')),
  processes: Number(option('subscriber-processes', '4')),
  fixesPerSecond: Number(option('fixes-per-second', '200')),
  seconds: Number(option('seconds', '20')),
  packages: Number(option('packages', '1000')),
  drivers: Number(option('drivers', '50')),
  /** Handshakes under way at once in each subscriber process. */
  connectConcurrency: Number(option('connect-concurrency', '200')),
  /** With several instances, the fixes go to every instance in turn (a balancer), or with --post-to first to one. */
  postToFirst: option('post-to', 'all') === 'first',
};
const cpuProf = option('cpu-prof', null);
const log = (line) => console.log(line);
const machine = machineInfo(ROOT);
const usePostgres = o.instances > 1 || o.db === 'postgres';
log(
  `=== capacity: ${o.subscribers} subscribers on ${o.instances} instance(s) (${usePostgres ? `PostgreSQL${o.instances > 1 ? ' + Redis' : ''}` : 'SQLite'}), ` +
    `${o.fixesPerSecond} fixes/s for ${o.seconds} s over ${o.packages} packages; commit ${machine.commit?.slice(0, 7)}${machine.dirty ? ' (with uncommitted changes)' : ''}; open-files limit ${openFilesLimit()}`,
);
if (usePostgres && !(await reachable(PG_URL))) throw new Error(`PostgreSQL (${PG_URL}) is unreachable`);
if (o.instances > 1 && !(await reachable(REDIS_URL))) throw new Error(`Redis (${REDIS_URL}) is unreachable`);

const dir = tempDir('capacity');
const schema = usePostgres ? newSchemaName() : null;
/** @type {import('./lib/servers.mjs').Child[]} */
const servers = [];
let result = null;
let failure = null;
try {
  for (let i = 0; i < o.instances; i++) {
    servers.push(
      await startProject({
        cwd: dir,
        databaseUrl: schema ? pgUrlFor(schema) : join(dir, 'capacity.db'),
        env: {
          ...(o.instances > 1 ? { REDIS_URL } : {}),
        },
        // --cpu-prof DIR: each server writes a CPU profile there when it stops.
        nodeArgs: cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [],
        name: `project-${i}`,
      }),
    );
  }
  const base = servers[0].url;
  const admin = await adminToken(base);
  const drivers = await createDrivers(base, admin, o.drivers);
  const pkgs = await createPackages(base, admin, o.packages, drivers, 'CP');
  log(`    data set: ${drivers.length} drivers, ${pkgs.length} packages`);
  const redis = o.instances > 1 ? await redisPid(REDIS_URL) : undefined;
  const extraPids = async () => ({
    ...(schema ? Object.fromEntries((await postgresPids(schema)).map((pid) => [`pg${pid}`, pid])) : {}),
    ...(redis ? { redis } : {}),
  });
  result = await fanoutBench({ projects: servers, pkgs, subscribers: o.subscribers, processes: o.processes, fixesPerSecond: o.fixesPerSecond, seconds: o.seconds, extraPids, connectConcurrency: o.connectConcurrency, postToFirst: o.postToFirst, log });
} catch (err) {
  failure = err instanceof Error ? err.stack : String(err);
  log(`FAILED: ${failure}`);
} finally {
  for (const s of servers) await s.stop();
  if (schema) await dropSchema(schema).catch(() => undefined);
  // The servers' logs are kept when something went wrong (a 5xx, a lost update): bench/out/capacity-logs-*/.
  if (failure || result?.lost || result?.non2xx) {
    const keep = join(ROOT, `bench/out/capacity-logs-${Date.now()}`);
    mkdirSync(keep, { recursive: true });
    for (const s of servers) copyFileSync(s.logFile, join(keep, basename(s.logFile)));
    log(`    server logs kept in ${keep.slice(ROOT.length + 1)}`);
  }
  cleanup(dir);
}

const problems = [];
if (failure) problems.push(failure);
if (result?.lost) problems.push(`${result.lost} location updates lost`);
if (result?.errors5xx) problems.push(`${result.errors5xx} fixes answered with a 5xx`);
if (result?.connErrors) problems.push(`${result.connErrors} fixes failed to send`);
const out = { machine, options: o, result, problems };
mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
const file = join(ROOT, `bench/out/capacity-${o.instances}x${o.subscribers}-${Date.now()}.json`);
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
log(`written to ${file.slice(ROOT.length + 1)}`);
if (problems.length) {
  log(`PROBLEMS:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
process.exit(0);
