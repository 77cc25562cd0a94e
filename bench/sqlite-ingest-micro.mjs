#!/usr/bin/env node
// Micro-benchmark of the SQLite side of GPS ingest (issue 11, decision 041): the fix writer's batch (BEGIN, one
// multi-row insert of locations over json_each, one UPDATE … FROM of packages and one of drivers, COMMIT) run straight
// on better-sqlite3, without the server, on several layouts of the locations table and several WAL settings, and with
// the buffer the fix writer now uses (`rolling`). 200 packages with one driver each; the fixes go to the packages in
// turn (as bench/suites/ingest.mjs sends them), so a batch of 50 holds 50 different packages. Each variant runs in a
// child process of its own on a fresh file; variants alternate. Figures in bench/RESULTS.md.
//
//   node bench/sqlite-ingest-micro.mjs                          every variant, 2 repeats
//   node bench/sqlite-ingest-micro.mjs --variants base,wal10k --repeat 3 --batch 50 --prefill 100000 --fixes 100000
//
// Prints, per variant, CPU µs per fix (user + system of the process while the timed batches ran), wall µs per fix,
// the bytes and write calls per fix (/proc/self/io: WAL frames and checkpoint copies) and the time of the queries the
// server runs on locations, on the filled table (µs, median of 200). --tmp picks the folder for the files;
// MICRO_DBSTAT=1 also prints each b-tree's pages and fill (dbstat) to stderr.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const LOCATION_COLUMNS = ['id', 'package_id', 'lat', 'lng', 'type', 'address', 'driver_name', 'driver_phone', 'vehicle_id', 'accuracy', 'heading', 'speed', 'altitude', 'battery', 'is_live_tracking', 'source', 'recorded_at', 'created_at'];

const DRIVERS = `create table "drivers" ("id" text primary key, "name" text not null, "phone" text not null unique, "email" text, "vehicle_id" text not null, "pin_hash" text, "current_lat" real, "current_lng" real, "real_location_link" text, "last_location_update" text, "is_active" integer default 1 not null, "is_online" integer default 0 not null, "created_at" text not null)`;
const PACKAGES = `create table "packages" ("id" text primary key, "tracking_number" text not null, "status" text not null, "current_location" text not null, "estimated_delivery" text not null, "delivery_address" text not null, "pickup_address" text not null, "customer_name" text not null, "customer_phone" text not null, "weight" text not null, "dimensions" text not null, "item_description" text, "service_type" text not null, "driver" text, "driver_phone" text, "driver_id" text references "drivers" ("id") on delete set null, "real_location_link" text, "pickup_lat" real, "pickup_lng" real, "delivery_lat" real, "delivery_lng" real, "proximity_state" text, "created_at" text not null, "updated_at" text not null)`;
const LOCATION_DEFS = `"package_id" text not null references "packages" ("id") on delete cascade, "lat" real not null, "lng" real not null, "type" text not null, "address" text, "driver_name" text, "driver_phone" text, "vehicle_id" text, "accuracy" real, "heading" real, "speed" real, "altitude" real, "battery" real, "is_live_tracking" integer default 0 not null, "source" text not null, "recorded_at" text not null, "created_at" text not null`;

/**
 * Each variant: the locations DDL, the pragmas, and what the queries look like. `base` is the schema of migrations 001
 * and 002 with the connection settings of apps/server/src/db/index.ts.
 */
const VARIANTS = {
  // (a) as today
  base: { ddl: [`create table "locations" ("id" text primary key, ${LOCATION_DEFS})`, `create index "locations_package_type_time" on "locations" ("package_id", "type", "recorded_at")`] },
  // (b) WAL settings
  wal10k: { pragmas: ['wal_autocheckpoint = 10000'] },
  syncoff: { pragmas: ['synchronous = OFF'] },
  // smaller pages: a dirtied page costs less to write to the WAL
  page2k: { pageSize: 2048 },
  page1k: { pageSize: 1024 },
  // (c) smaller index entries: an integer key for the package (packages.seq), and the device time as integer ms
  intkey: {
    intKey: true,
    ddl: [
      `create table "locations" ("id" text primary key, ${LOCATION_DEFS}, "package_seq" integer not null)`,
      `create index "locations_package_type_time" on "locations" ("package_seq", "type", "recorded_at")`,
    ],
  },
  // (c') and the device time as integer milliseconds (the text column stays for what the API answers)
  intkeyMs: {
    intKey: true,
    ms: true,
    ddl: [
      `create table "locations" ("id" text primary key, ${LOCATION_DEFS}, "package_seq" integer not null, "recorded_ms" integer not null)`,
      `create index "locations_package_type_time" on "locations" ("package_seq", "type", "recorded_ms")`,
    ],
  },
  intkeyMsWal10k: { intKey: true, ms: true, pragmas: ['wal_autocheckpoint = 10000'] },
  // the floor: no index on the package at all (the queries then scan the table)
  noIndex: { ddl: [`create table "locations" ("id" text primary key, ${LOCATION_DEFS})`] },
  // (f) checkpoints off the main thread: the writing connection never checkpoints (wal_autocheckpoint 0, or a large
  // one as a backstop), a worker thread with its own connection runs a PASSIVE checkpoint every 200 ms
  ckptWorker: { pragmas: ['wal_autocheckpoint = 0'], checkpointWorker: 200 },
  ckptWorkerIntkeyMs: { intKey: true, ms: true, pragmas: ['wal_autocheckpoint = 0'], checkpointWorker: 200 },
  // (g) a buffer: fixes go to locations_recent (no index), and every `merge` rows the whole buffer moves to locations
  // in one statement, ordered by the index's key, so each package's index page is written once per merge rather than
  // once per fix. The queries read both tables.
  buffer500: { buffer: 500 },
  buffer1000: { buffer: 1000 },
  buffer2000: { buffer: 2000 },
  buffer1000Wal10k: { buffer: 1000, pragmas: ['wal_autocheckpoint = 10000'] },
  // (g') as repositories/fix-writer.ts does it (decision 041): every 500 fixes, the buffered fixes of one quarter of
  // the packages (by id) move, in the batch's own transaction
  rolling: { buffer: 500, parts: 4 },
  // the same with 8 parts (each fix waits for up to 8 moves), and with a larger WAL between checkpoints
  rolling8: { buffer: 500, parts: 8 },
  rollingWal10k: { buffer: 500, parts: 4, pragmas: ['wal_autocheckpoint = 10000'] },
  rolling8Wal10k: { buffer: 500, parts: 8, pragmas: ['wal_autocheckpoint = 10000'] },
  // (d) clustered: the rows themselves ordered by package, type and device time; the id kept unique by an index
  clustered: {
    ddl: [
      `create table "locations" ("id" text not null, ${LOCATION_DEFS}, primary key ("package_id", "type", "recorded_at", "id")) without rowid`,
      `create unique index "locations_id" on "locations" ("id")`,
    ],
  },
  // (d') clustered, no index on id (the id's uniqueness rests on its generator)
  clusteredNoId: {
    ddl: [`create table "locations" ("id" text not null, ${LOCATION_DEFS}, primary key ("package_id", "type", "recorded_at", "id")) without rowid`],
  },
  // (e) no unique index on id: a rowid table, the only index the package's
  noIdIndex: { ddl: [`create table "locations" ("id" text not null, ${LOCATION_DEFS})`, `create index "locations_package_type_time" on "locations" ("package_id", "type", "recorded_at")`] },
  // (e') the index without "type" (the queries filter on it; an origin or destination is then found by a scan of
  // the package's fixes)
  noType: { ddl: [`create table "locations" ("id" text primary key, ${LOCATION_DEFS})`, `create index "locations_package_time" on "locations" ("package_id", "recorded_at")`] },
};

VARIANTS.intkeyMsWal10k.ddl = VARIANTS.intkeyMs.ddl;
VARIANTS.ckptWorkerIntkeyMs.ddl = VARIANTS.intkeyMs.ddl;

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};

if (argv[0] === '--child') {
  await child(JSON.parse(argv[1]));
} else {
  await parent();
}

async function parent() {
  const names = option('variants', Object.keys(VARIANTS).join(',')).split(',');
  const repeat = Number(option('repeat', 2));
  const params = { batch: Number(option('batch', 50)), prefill: Number(option('prefill', 100_000)), fixes: Number(option('fixes', 100_000)), packages: Number(option('packages', 200)) };
  console.log(`batch ${params.batch}, ${params.packages} packages, prefill ${params.prefill}, timed ${params.fixes} fixes; node ${process.version}`);
  const results = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < repeat; r++) {
    for (const name of names) {
      const dir = mkdtempSync(join(option('tmp', tmpdir()), 'sqlite-micro-'));
      const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', JSON.stringify({ ...params, name, dir })], { encoding: 'utf8' });
      rmSync(dir, { recursive: true, force: true });
      if (out.status !== 0) throw new Error(`${name}: ${out.stderr}`);
      const res = JSON.parse(out.stdout.trim().split('\n').pop());
      results[name].push(res);
      console.log(`  run ${r + 1} ${name.padEnd(14)} cpu ${res.cpuUs.toFixed(1)} µs/fix (main thread ${res.mainUs.toFixed(1)}, user ${res.userUs.toFixed(1)}, sys ${res.sysUs.toFixed(1)}), wall ${res.wallUs.toFixed(1)}, written ${Math.round(res.bytesPerFix)} B/fix in ${res.writesPerFix.toFixed(2)} writes, file ${res.fileMB} MB;${res.mergeMs ? ` merges ${JSON.stringify(res.mergeMs)} ms;` : ''} pages/fix ${JSON.stringify(res.pagesPerFix)}; queries µs: ${Object.entries(res.queries).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
  }
  console.log('median over repeats:');
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const name of names) {
    const rs = results[name];
    console.log(`  ${name.padEnd(14)} cpu ${med(rs.map((x) => x.cpuUs)).toFixed(1)} µs/fix (main thread ${med(rs.map((x) => x.mainUs)).toFixed(1)}, user ${med(rs.map((x) => x.userUs)).toFixed(1)}, sys ${med(rs.map((x) => x.sysUs)).toFixed(1)}), wall ${med(rs.map((x) => x.wallUs)).toFixed(1)}, written ${Math.round(med(rs.map((x) => x.bytesPerFix)))} B/fix, ${med(rs.map((x) => x.writesPerFix)).toFixed(2)} writes/fix`);
  }
}

async function child({ name, dir, batch, prefill, fixes, packages }) {
  const { default: Database } = await import('better-sqlite3');
  const v = { ...VARIANTS.base, ...VARIANTS[name] };
  const file = join(dir, 'micro.db');
  const db = new Database(file);
  if (v.pageSize) db.pragma(`page_size = ${v.pageSize}`);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 1500');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  for (const p of v.pragmas ?? []) db.pragma(p);
  db.exec(DRIVERS);
  db.exec(PACKAGES + (v.intKey ? '' : ''));
  if (v.intKey) db.exec('alter table packages add column seq integer');
  for (const s of v.ddl) db.exec(s);
  if (v.buffer) db.exec(`create table "locations_recent" ("id" text not null, ${LOCATION_DEFS})`);

  // 200 drivers, one package each
  const now = new Date().toISOString();
  const pkgs = [];
  const insDriver = db.prepare(`insert into drivers (id, name, phone, vehicle_id, created_at) values (?, ?, ?, ?, ?)`);
  const insPkg = db.prepare(
    `insert into packages (id, tracking_number, status, current_location, estimated_delivery, delivery_address, pickup_address, customer_name, customer_phone, weight, dimensions, service_type, driver, driver_phone, driver_id, created_at, updated_at${v.intKey ? ', seq' : ''}) values (?, ?, 'in_transit', 'Warehouse', ?, '1 Main St', '2 High St', 'Customer', '+15550000000', '2 kg', '10x10x10', 'standard', ?, ?, ?, ?, ?${v.intKey ? ', ?' : ''})`,
  );
  db.transaction(() => {
    for (let i = 0; i < packages; i++) {
      const driverId = randomUUID();
      const phone = `+1555${String(i).padStart(7, '0')}`;
      insDriver.run(driverId, `Driver ${i}`, phone, `VAN-${i}`, now);
      const id = randomUUID();
      const args = [id, `PKG${100000000 + i}`, now, `Driver ${i}`, phone, driverId, now, now];
      if (v.intKey) args.push(i + 1);
      insPkg.run(...args);
      pkgs.push({ id, seq: i + 1, driverId, name: `Driver ${i}`, phone, vehicle: `VAN-${i}`, lat: 40 + i / 1000, lng: -74, t: Date.now() - 86_400_000 });
    }
  })();

  const columns = [...LOCATION_COLUMNS, ...(v.intKey ? ['package_seq'] : []), ...(v.ms ? ['recorded_ms'] : [])];
  const picks = columns.map((_, i) => `value ->> ${i}`).join(', ');
  const st = {
    insert: db.prepare(`insert into ${v.buffer ? 'locations_recent' : 'locations'} (${columns.join(', ')}) select ${picks} from json_each(?)`),
    ...(v.buffer
      ? {
          move: db.prepare(`insert into locations select * from locations_recent where package_id >= @from and (@to is null or package_id < @to) order by package_id, type, recorded_at`),
          clear: db.prepare('delete from locations_recent where package_id >= @from and (@to is null or package_id < @to)'),
        }
      : {}),
    pkg: db.prepare(`update packages set current_location = j.loc, updated_at = j.at from (select value ->> 0 as id, value ->> 1 as loc, value ->> 2 as at from json_each(?)) as j where packages.id = j.id`),
    drv: db.prepare(
      `update drivers set current_lat = j.lat, current_lng = j.lng, last_location_update = j.at, is_online = 1 from (select value ->> 0 as id, value ->> 1 as lat, value ->> 2 as lng, value ->> 3 as at from json_each(?)) as j where drivers.id = j.id and (drivers.last_location_update is null or drivers.last_location_update <= j.at)`,
    ),
    begin: db.prepare('begin'),
    commit: db.prepare('commit'),
  };
  let turn = 0;
  let idMs = Date.now();
  const idOf = () => {
    const time = (idMs++).toString(16).padStart(12, '0');
    return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
  };
  const writeBatch = () => {
    const locs = [];
    const texts = [];
    const drivers = [];
    const at = new Date().toISOString();
    for (let k = 0; k < batch; k++) {
      const p = pkgs[turn++ % pkgs.length];
      p.lat += 0.00001;
      p.t += 1000;
      const recordedAt = new Date(p.t).toISOString();
      const row = [idOf(), p.id, p.lat, p.lng, 'current', null, p.name, p.phone, p.vehicle, 8, 0, 12.5, null, null, 1, 'gps', recordedAt, at];
      if (v.intKey) row.push(p.seq);
      if (v.ms) row.push(p.t);
      locs.push(row);
      texts.push([p.id, `GPS: ${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`, at]);
      drivers.push([p.driverId, p.lat, p.lng, recordedAt]);
    }
    st.begin.run();
    st.insert.run(JSON.stringify(locs));
    if (v.parts && (buffered += batch) >= v.buffer) {
      const m0 = process.hrtime.bigint();
      const parts = v.parts === 8 ? PARTS8 : PARTS;
      const [from, to] = parts[part++ % parts.length];
      st.move.run({ from, to });
      st.clear.run({ from, to });
      buffered = 0;
      merges.push(Number(process.hrtime.bigint() - m0) / 1e6);
    }
    st.pkg.run(JSON.stringify(texts));
    st.drv.run(JSON.stringify(drivers));
    st.commit.run();
    if (v.buffer && !v.parts && (buffered += batch) >= v.buffer) {
      const m0 = process.hrtime.bigint();
      st.begin.run();
      st.move.run({ from: '', to: null });
      st.clear.run({ from: '', to: null });
      st.commit.run();
      buffered = 0;
      const ms = Number(process.hrtime.bigint() - m0) / 1e6;
      merges.push(ms);
    }
  };
  let buffered = 0;
  let part = 0;
  const PARTS = [['', '4'], ['4', '8'], ['8', 'c'], ['c', null]];
  const PARTS8 = [['', '2'], ['2', '4'], ['4', '6'], ['6', '8'], ['8', 'a'], ['a', 'c'], ['c', 'e'], ['e', null]];
  const merges = [];

  for (let n = 0; n < prefill; n += batch) writeBatch();
  db.pragma('wal_checkpoint(TRUNCATE)');
  const { readFileSync, statSync } = await import('node:fs');
  // Bytes handed to write()/pwrite() (the WAL frames and the checkpoints' copies into the file) and how many calls.
  const io = () => Object.fromEntries(readFileSync('/proc/self/io', 'utf8').trim().split('\n').map((l) => l.split(': ')).map(([k, n]) => [k, Number(n)]));
  let worker = null;
  if (v.checkpointWorker) {
    const { Worker } = await import('node:worker_threads');
    const { createRequire } = await import('node:module');
    worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const db = new (require(workerData.module))(workerData.file);
       db.pragma('busy_timeout = 1500');
       db.pragma('synchronous = NORMAL');
       const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.every);
       parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });`,
      { eval: true, workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), file, every: v.checkpointWorker } },
    );
    await new Promise((r) => worker.once('online', r));
  }
  // The main thread's own CPU (the process's includes the worker's): /proc/self/task/<pid>/stat, in clock ticks.
  const mainTicks = () => {
    const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  };
  const main0 = mainTicks();
  const io0 = io();
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let n = 0; n < fixes; n += batch) writeBatch();
  const wallNs = Number(process.hrtime.bigint() - t0);
  const cpu = process.cpuUsage(cpu0);
  const io1 = io();
  const mainUs = ((mainTicks() - main0) * 10_000) / fixes;
  if (worker) {
    worker.postMessage('stop');
    await new Promise((r) => worker.once('exit', r));
  }
  const pageSize = db.pragma('page_size', { simple: true });
  const walFile = `${file}-wal`;

  // The queries of repositories/packages.ts on the filled table, for one package (µs, median of 200).
  const p = pkgs[7];
  const time = (stmt, args) => {
    const xs = [];
    for (let i = 0; i < 200; i++) {
      const s = process.hrtime.bigint();
      stmt.all(...args);
      xs.push(Number(process.hrtime.bigint() - s) / 1000);
    }
    return Math.round(xs.sort((a, b) => a - b)[100]);
  };
  const midMs = p.t - 300_000;
  const mid = new Date(midMs).toISOString();
  // How the package and the time are named in the queries: by the integer key when the index has it.
  const pkgTerm = v.intKey ? 'package_seq = (select seq from packages where id = ?)' : 'package_id = ?';
  const timeCol = v.ms ? 'recorded_ms' : 'recorded_at';
  const queries = {
    trail: time(db.prepare(`select * from locations where ${pkgTerm} order by ${timeCol} desc, created_at desc`), [p.id]),
    newestFix: time(db.prepare(`select * from locations where ${pkgTerm} and type = 'current' and is_live_tracking = 1 order by ${timeCol} desc, created_at desc limit 1`), [p.id]),
    atOrBefore: time(db.prepare(`select * from locations where ${pkgTerm} and type = 'current' and is_live_tracking = 1 and ${timeCol} <= ? order by ${timeCol} desc, created_at desc limit 1`), [p.id, v.ms ? midMs : mid]),
    speeds: time(db.prepare(`select speed from locations where ${pkgTerm} and type = 'current' and is_live_tracking = 1 order by ${timeCol} desc limit 10`), [p.id]),
    newestOrigin: time(db.prepare(`select * from locations where ${pkgTerm} and type = 'origin' order by ${timeCol} desc, created_at desc limit 1`), [p.id]),
  };
  // Which b-trees the pages of one commit belong to: 20 more batches with the log checkpointed before and no
  // automatic checkpoint, then each frame's page number (the first 4 bytes of its 24-byte header) mapped through
  // dbstat. Answers pages per fix, by table or index.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('wal_autocheckpoint = 0');
  const diagBatches = 20;
  for (let b = 0; b < diagBatches; b++) writeBatch();
  const wal = readFileSync(walFile);
  const owner = new Map(db.prepare('select pageno, name, pagetype from dbstat').all().map((r) => [r.pageno, r.pagetype === 'leaf' ? r.name : `${r.name} (${r.pagetype})`]));
  const pagesPerFix = {};
  for (let off = 32; off + 24 + pageSize <= wal.length; off += 24 + pageSize) {
    const name = owner.get(wal.readUInt32BE(off)) ?? 'other';
    pagesPerFix[name] = (pagesPerFix[name] ?? 0) + 1;
  }
  for (const k of Object.keys(pagesPerFix)) pagesPerFix[k] = Math.round((pagesPerFix[k] / (diagBatches * batch)) * 100) / 100;
  const fileMB = Math.round(statSync(file).size / 1e5) / 10;
  if (process.env.MICRO_DBSTAT) console.error(JSON.stringify(db.prepare("select name, count(*) pages, sum(pagetype = 'leaf') leaves, round(avg(ncell),1) cells, round(avg(unused),0) unused, max(path) from dbstat group by name").all()));
  db.close();
  console.log(
    JSON.stringify({
      name,
      cpuUs: (cpu.user + cpu.system) / fixes,
      mainUs,
      mergeMs: merges.length ? { n: merges.length, median: Math.round(merges.sort((a, b) => a - b)[merges.length >> 1] * 10) / 10, max: Math.round(merges[merges.length - 1] * 10) / 10 } : undefined,
      userUs: cpu.user / fixes,
      sysUs: cpu.system / fixes,
      wallUs: wallNs / 1000 / fixes,
      bytesPerFix: (io1.wchar - io0.wchar) / fixes,
      writesPerFix: (io1.syscw - io0.syscw) / fixes,
      fileMB,
      queries,
      pagesPerFix,
    }),
  );
}
