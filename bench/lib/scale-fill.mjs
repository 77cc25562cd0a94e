// The scale benchmark's data (issue 21): drivers, packages with their status history, and GPS fixes written straight
// to a database the server has created (its migrations ran), fast: SQLite through one prepared statement per kind of
// row in large transactions (journal WAL, synchronous OFF for the fill only), PostgreSQL through multi-row
// INSERT ... SELECT over generate_series / unnest with foreign-key triggers off for the session. The rows have the
// shape the server writes: fixes as the fix writer stores them (driver name, phone, vehicle, accuracy, heading,
// speed; version 7 ids that start with their arrival time), drivers with a PIN hash the server verifies.
//
// Time: the fixes span a year back from now. Packages go in groups of GROUP (the fleet's drivers on the road at once):
// every package of a group sends a fix every 5 s during its group's window, so fixes of the group's packages
// interleave as they would arrive, and the groups follow each other over the year. Packages whose window started in
// the last 3 days are in transit; the others are delivered (the retention job's work).
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';

export const DAY_MS = 86_400_000;
/** Packages on the road at once (their fixes interleave). */
export const GROUP = 200;
/** Seconds between two fixes of one package. */
const FIX_EVERY_MS = 5000;

const FIRST = ['Ava', 'Ben', 'Chloe', 'Daniel', 'Emma', 'Felix', 'Grace', 'Henry', 'Isla', 'Jack', 'Kara', 'Liam', 'Mia', 'Noah', 'Olivia', 'Paul', 'Quinn', 'Ruby', 'Sam', 'Tara', 'Uma', 'Victor', 'Wendy', 'Xavier', 'Yara', 'Zoe', 'Adam', 'Bella', 'Carlos', 'Dana'];
const LAST = ['Smith', 'Johnson', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Roberts', 'Carter', 'Phillips', 'Evans', 'Turner'];
const STREETS = ['Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Lake', 'Hill', 'Main', 'Park', 'Washington', 'Lincoln', 'Madison', 'Jefferson', 'Franklin', 'Jackson', 'Adams', 'Monroe', 'Wacker', 'State', 'Clark'];
const CITIES = ['Chicago, IL 60606', 'Milwaukee, WI 53202', 'Evanston, IL 60201', 'Naperville, IL 60540', 'Kenosha, WI 53140', 'Racine, WI 53403', 'Waukegan, IL 60085', 'Aurora, IL 60505', 'Joliet, IL 60432', 'Gary, IN 46402'];

const iso = (ms) => new Date(ms).toISOString();

/**
 * The plan of a fill: how many of each, and where each package's window lies in time.
 * @param {{ packages: number, drivers: number, fixes: number, nowMs?: number }} o sizes of the rows written here
 *   (the packages and drivers created through the API come on top)
 */
export function fillPlan(o) {
  const packages = Math.max(GROUP, Math.ceil(o.packages / GROUP) * GROUP);
  const groups = packages / GROUP;
  const perPackage = Math.max(1, Math.ceil(o.fixes / packages));
  const now = o.nowMs ?? Date.now();
  const start = now - 365 * DAY_MS;
  // The groups' windows start evenly over the year, the last one a day before now.
  const span = Math.floor((364 * DAY_MS) / groups);
  return { packages, groups, perPackage, fixes: o.fixes, drivers: o.drivers, start, span, now, windowMs: perPackage * FIX_EVERY_MS };
}

/** Package k of a plan: its row fields and its status history. */
function packageOf(plan, k, driver, id) {
  const g = Math.floor(k / GROUP);
  const windowStart = plan.start + g * plan.span;
  const inTransit = windowStart > plan.now - 3 * DAY_MS;
  const created = windowStart - 3_600_000;
  const ended = windowStart + plan.windowMs;
  const first = FIRST[k % FIRST.length];
  const last = LAST[Math.floor(k / FIRST.length) % LAST.length];
  const lat0 = 41.8789 + (k % 100) * 0.002;
  const row = {
    id,
    tracking_number: `SC${String(k).padStart(8, '0')}`,
    status: inTransit ? 'in_transit' : 'delivered',
    current_location: inTransit ? 'On the way' : CITIES[(k + 1) % CITIES.length],
    estimated_delivery: 'Monday, January 5, 2026 - Wednesday, January 7, 2026',
    delivery_address: `${100 + (k % 900)} ${STREETS[(k * 7) % STREETS.length]} St, ${CITIES[(k + 1) % CITIES.length]}`,
    pickup_address: `${200 + (k % 700)} ${STREETS[k % STREETS.length]} Ave, ${CITIES[k % CITIES.length]}`,
    customer_name: `${first} ${last}`,
    customer_phone: `(312) 555-${String(k % 10_000).padStart(4, '0')}`,
    weight: `${1 + (k % 40)} lb`,
    dimensions: '12 x 10 x 8 in',
    service_type: k % 3 === 0 ? 'Express Delivery' : 'Standard Delivery',
    driver: driver.name,
    driver_phone: driver.phone,
    driver_id: driver.id,
    pickup_lat: 41.8789,
    pickup_lng: -87.6359,
    delivery_lat: 43.0401,
    delivery_lng: -87.897,
    created_at: iso(created),
    updated_at: iso(inTransit ? windowStart : ended),
    lat0,
    lng0: -87.6359 - (k % 50) * 0.001,
  };
  const history = [
    { status: 'processing', location: row.pickup_address, description: 'Package created', ms: created },
    { status: 'in_transit', location: CITIES[k % CITIES.length], description: 'Package is on its way', ms: windowStart },
    ...(inTransit ? [] : [{ status: 'delivered', location: row.delivery_address, description: 'Package delivered', ms: ended }]),
  ].map((h) => ({ id: randomUUID(), package_id: id, status: h.status, location: h.location, description: h.description, timestamp: iso(h.ms), created_at: iso(h.ms) }));
  return { row, history };
}

/** The drivers of a plan, with one PIN hash for all (made by the server's own scheme: scrypt$N$r$p$salt$hash). */
function driversOf(plan, pinHash) {
  const created = iso(plan.start - DAY_MS);
  return Array.from({ length: plan.drivers }, (_, i) => ({
    id: randomUUID(),
    name: `Scale Driver ${i}`,
    phone: `556${String(i).padStart(7, '0')}`,
    vehicle_id: `SCALE-${i}`,
    pin_hash: pinHash,
    created_at: created,
  }));
}

const PACKAGE_COLUMNS = ['id', 'tracking_number', 'status', 'current_location', 'estimated_delivery', 'delivery_address', 'pickup_address', 'customer_name', 'customer_phone', 'weight', 'dimensions', 'service_type', 'driver', 'driver_phone', 'driver_id', 'pickup_lat', 'pickup_lng', 'delivery_lat', 'delivery_lng', 'created_at', 'updated_at'];
const HISTORY_COLUMNS = ['id', 'package_id', 'status', 'location', 'description', 'timestamp', 'created_at'];
const DRIVER_COLUMNS = ['id', 'name', 'phone', 'vehicle_id', 'pin_hash', 'created_at'];
const FIX_COLUMNS = 'id, package_id, lat, lng, type, address, driver_name, driver_phone, vehicle_id, accuracy, heading, speed, altitude, battery, is_live_tracking, source, recorded_at, created_at';

/**
 * Fills a SQLite database file (the server stopped). Answers what was written and how long each part took.
 * @param {string} file
 * @param {ReturnType<typeof fillPlan>} plan
 * @param {string} pinHash
 * @param {(line: string) => void} log
 */
export function fillSqlite(file, plan, pinHash, log) {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    db.pragma('temp_store = MEMORY');
    const t0 = performance.now();
    const drivers = driversOf(plan, pinHash);
    const insDriver = db.prepare(`insert into drivers (${DRIVER_COLUMNS.join(', ')}) values (${DRIVER_COLUMNS.map((c) => `@${c}`).join(', ')})`);
    const insPackage = db.prepare(`insert into packages (${PACKAGE_COLUMNS.join(', ')}) values (${PACKAGE_COLUMNS.map((c) => `@${c}`).join(', ')})`);
    const insHistory = db.prepare(`insert into status_history (${HISTORY_COLUMNS.join(', ')}) values (${HISTORY_COLUMNS.map((c) => `@${c}`).join(', ')})`);
    db.exec('drop table if exists temp.fill_pkgs');
    db.exec('create temp table fill_pkgs (k integer primary key, id text not null, lat0 real, lng0 real, driver_name text, driver_phone text, vehicle_id text)');
    const insFill = db.prepare('insert into temp.fill_pkgs values (?, ?, ?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const d of drivers) insDriver.run(d);
      for (let k = 0; k < plan.packages; k++) {
        const driver = drivers[k % drivers.length];
        const { row, history } = packageOf(plan, k, driver, randomUUID());
        insPackage.run(Object.fromEntries(PACKAGE_COLUMNS.map((c) => [c, row[c]])));
        for (const h of history) insHistory.run(h);
        insFill.run(k, row.id, row.lat0, row.lng0, driver.name, driver.phone, driver.vehicle_id);
      }
    })();
    const packagesS = (performance.now() - t0) / 1000;
    log(`    filled ${plan.drivers.toLocaleString('en-US')} drivers and ${plan.packages.toLocaleString('en-US')} packages with their status history in ${packagesS.toFixed(1)} s`);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const sizeBefore = statSync(file).size;

    // Fixes: one statement, run over ranges of the fix number i, each range in its own transaction.
    const insFixes = db.prepare(`
      with recursive n(i) as (select @from union all select i + 1 from n where i < @to - 1),
      u as (select i, (i / (${GROUP} * @per)) * ${GROUP} + (i % (${GROUP} * @per)) % ${GROUP} as k,
                   (i % (${GROUP} * @per)) / ${GROUP} as s,
                   @start + (i / (${GROUP} * @per)) * @span + ((i % (${GROUP} * @per)) / ${GROUP}) * ${FIX_EVERY_MS} + ((i % (${GROUP} * @per)) % ${GROUP}) * 10 as ms
            from n)
      insert into locations (${FIX_COLUMNS})
      select printf('%08x-%04x-7%03x-8%03x-%012x', (ms + 400) / 65536, (ms + 400) % 65536, i % 4096, u.k % 4096, i),
             p.id, p.lat0 + s * 0.0002, p.lng0, 'current', null, p.driver_name, p.driver_phone, p.vehicle_id, 8.0, 0.0, 12.5, null, null, 1, 'gps',
             strftime('%Y-%m-%dT%H:%M:%fZ', ms / 1000.0, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', (ms + 400) / 1000.0, 'unixepoch')
      from u join temp.fill_pkgs p on p.k = u.k`);
    const t1 = performance.now();
    const CHUNK = 500_000;
    let lastLog = t1;
    for (let from = 0; from < plan.fixes; from += CHUNK) {
      const to = Math.min(plan.fixes, from + CHUNK);
      // BigInt: better-sqlite3 binds a JS number as a real, and the divisions must be integer ones.
      db.transaction(() => insFixes.run({ from: BigInt(from), to: BigInt(to), per: BigInt(plan.perPackage), start: BigInt(plan.start), span: BigInt(plan.span) }))();
      if (performance.now() - lastLog > 15_000) {
        lastLog = performance.now();
        log(`    ${to.toLocaleString('en-US')} fixes (${Math.round(to / ((lastLog - t1) / 1000)).toLocaleString('en-US')}/s)`);
      }
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('drop table temp.fill_pkgs');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytesPerFix = (statSync(file).size - sizeBefore) / plan.fixes;
    db.exec('analyze');
    const fixesS = (performance.now() - t1) / 1000;
    log(`    filled ${plan.fixes.toLocaleString('en-US')} fixes in ${fixesS.toFixed(1)} s (${Math.round(plan.fixes / fixesS).toLocaleString('en-US')}/s), analyze included; ${bytesPerFix.toFixed(0)} bytes per fix (the file's growth)`);
    return { packagesS, fixesS, bytesPerFix, fileBytes: statSync(file).size };
  } finally {
    db.close();
  }
}

/**
 * Fills a PostgreSQL schema (the server stopped). Answers what was written and how long each part took.
 * @param {string} url
 * @param {string} schema
 * @param {ReturnType<typeof fillPlan>} plan
 * @param {string} pinHash
 * @param {(line: string) => void} log
 */
export async function fillPostgres(url, schema, plan, pinHash, log) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    // Foreign keys are not checked for the fill's rows (they hold by construction): a trigger per row otherwise.
    await client.query('set session_replication_role = replica');
    await client.query('set synchronous_commit = off');
    const t0 = performance.now();
    const drivers = driversOf(plan, pinHash);
    /** Inserts rows by columns as arrays (unnest), in slices. */
    const insertRows = async (table, columns, rows, types) => {
      for (let i = 0; i < rows.length; i += 10_000) {
        const slice = rows.slice(i, i + 10_000);
        const arrays = columns.map((c) => slice.map((r) => r[c] ?? null));
        await client.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${columns.map((c, j) => `$${j + 1}::${types[c] ?? 'text'}[]`).join(', ')})`, arrays);
      }
    };
    await insertRows('drivers', DRIVER_COLUMNS, drivers, {});
    const pkgs = [];
    const history = [];
    const fill = [];
    for (let k = 0; k < plan.packages; k++) {
      const driver = drivers[k % drivers.length];
      const p = packageOf(plan, k, driver, randomUUID());
      pkgs.push(p.row);
      history.push(...p.history);
      fill.push({ k, id: p.row.id, lat0: p.row.lat0, lng0: p.row.lng0, driver_name: driver.name, driver_phone: driver.phone, vehicle_id: driver.vehicle_id });
    }
    const dbl = { pickup_lat: 'float8', pickup_lng: 'float8', delivery_lat: 'float8', delivery_lng: 'float8', lat0: 'float8', lng0: 'float8', k: 'int8' };
    await insertRows('packages', PACKAGE_COLUMNS, pkgs, dbl);
    await insertRows('status_history', HISTORY_COLUMNS, history, {});
    await client.query('drop table if exists scale_fill_pkgs');
    await client.query('create table scale_fill_pkgs (k bigint primary key, id text not null, lat0 float8, lng0 float8, driver_name text, driver_phone text, vehicle_id text)');
    await insertRows('scale_fill_pkgs', ['k', 'id', 'lat0', 'lng0', 'driver_name', 'driver_phone', 'vehicle_id'], fill, dbl);
    await client.query('analyze scale_fill_pkgs');
    const packagesS = (performance.now() - t0) / 1000;
    log(`    filled ${plan.drivers.toLocaleString('en-US')} drivers and ${plan.packages.toLocaleString('en-US')} packages with their status history in ${packagesS.toFixed(1)} s`);

    const relSize = async () => Number((await client.query(`select pg_total_relation_size('locations') as n`)).rows[0].n);
    const sizeBefore = await relSize();
    const t1 = performance.now();
    const CHUNK = 1_000_000;
    const G = GROUP;
    let lastLog = t1;
    for (let from = 0; from < plan.fixes; from += CHUNK) {
      const to = Math.min(plan.fixes, from + CHUNK);
      await client.query(
        `insert into locations (${FIX_COLUMNS})
         select lpad(to_hex((ms + 400) / 65536), 8, '0') || '-' || lpad(to_hex((ms + 400) % 65536), 4, '0') || '-7' || lpad(to_hex(i % 4096), 3, '0')
                  || '-8' || lpad(to_hex(u.k % 4096), 3, '0') || '-' || lpad(to_hex(i), 12, '0'),
                p.id, p.lat0 + s * 0.0002, p.lng0, 'current', null, p.driver_name, p.driver_phone, p.vehicle_id, 8.0, 0.0, 12.5, null, null, 1, 'gps',
                to_char(to_timestamp(ms / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                to_char(to_timestamp((ms + 400) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         from (select i, (i / (${G} * $3::bigint)) * ${G} + (i % (${G} * $3::bigint)) % ${G} as k,
                      (i % (${G} * $3::bigint)) / ${G} as s,
                      $4::bigint + (i / (${G} * $3::bigint)) * $5::bigint + ((i % (${G} * $3::bigint)) / ${G}) * ${FIX_EVERY_MS} + ((i % (${G} * $3::bigint)) % ${G}) * 10 as ms
               from generate_series($1::bigint, $2::bigint - 1) as i) u
         join scale_fill_pkgs p on p.k = u.k
         order by i`,
        [from, to, plan.perPackage, plan.start, plan.span],
      );
      if (performance.now() - lastLog > 15_000) {
        lastLog = performance.now();
        log(`    ${to.toLocaleString('en-US')} fixes (${Math.round(to / ((lastLog - t1) / 1000)).toLocaleString('en-US')}/s)`);
      }
    }
    await client.query('drop table scale_fill_pkgs');
    const insertS = (performance.now() - t1) / 1000;
    // Vacuum now (visibility map, hint bits) rather than have autovacuum read the table during the rounds.
    await client.query('vacuum analyze locations');
    await client.query('vacuum analyze packages');
    await client.query('vacuum analyze status_history');
    await client.query('vacuum analyze drivers');
    // Write the fill's dirty pages out now, not during the rounds that follow (a checkpoint needs a superuser or
    // pg_checkpoint; without it the rounds may meet the checkpointer at work).
    await client.query('checkpoint').catch((err) => log(`    no checkpoint after the fill: ${err.message}`));
    const fixesS = (performance.now() - t1) / 1000;
    const tableBytes = await relSize();
    const bytesPerFix = (tableBytes - sizeBefore) / plan.fixes;
    log(`    filled ${plan.fixes.toLocaleString('en-US')} fixes in ${insertS.toFixed(1)} s (${Math.round(plan.fixes / insertS).toLocaleString('en-US')}/s), then vacuum analyze: ${fixesS.toFixed(1)} s in all; ${bytesPerFix.toFixed(0)} bytes per fix (pg_total_relation_size of locations)`);
    return { packagesS, fixesS, bytesPerFix, tableBytes };
  } finally {
    await client.end();
  }
}
