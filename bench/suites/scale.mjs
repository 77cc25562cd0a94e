// The scale benchmark (issue 21, `npm run bench -- --scale`; not in the test line): on each database, first the usual
// ingest and lookup rounds on the empty database (the same-run figures the targets compare with), then the server is
// stopped, the database is filled straight (bench/lib/scale-fill.mjs: by default 100,000 packages, 2,000 drivers and
// 20 million fixes over a year, counting the ones created through the API), the server is started again on it, and it
// runs: the ingest and lookup rounds again (the same drivers and ingest packages signed in through the API; the lookup
// walks as many filled packages as the empty run's lookup walks of its own), a package's status history and its trail (one connection,
// a different filled package each request), the admin search, the packages CSV export, and a retention run over the
// oldest days of fixes. Targets (issue 21): ingest and lookup ratios within 20% of their empty-database figures, a
// package's history p99 ≤ 20 ms (the trail is held to it too), admin search ≤ 200 ms; bytes per stored fix reported.
import { scrypt, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { adminToken, api, createDrivers, createPackages } from '../lib/dataset.mjs';
import { dropSchema, newSchemaName, PG_URL, pgUrlFor, postgresPids } from '../lib/db.mjs';
import { loadRound, median } from '../lib/load.mjs';
import { machineInfo, round } from '../lib/proc.mjs';
import { fillPlan, fillPostgres, fillSqlite } from '../lib/scale-fill.mjs';
import { cleanup, ROOT, startBare, startProject, tempDir } from '../lib/servers.mjs';
import { ingestBench } from './ingest.mjs';
import { lookupBench } from './lookup.mjs';

/** The PIN every filled driver has (its hash is made once, by the server's own scheme). */
const FILLED_PIN = '246810';

/**
 * @param {{
 *   dialect: 'sqlite' | 'postgres',
 *   sizes: { packages: number, drivers: number, fixes: number, apiDrivers: number, lookupPackages: number, rounds: number, seconds: number, warmupSeconds: number, probeSeconds: number, retentionDays: number },
 *   hashPin: (pin: string) => Promise<string>,
 *   log: (line: string) => void,
 * }} o
 */
export async function scaleBench(o) {
  const { dialect, sizes, log } = o;
  const dir = tempDir(`scale-${dialect}`);
  const sqliteFile = join(dir, 'scale.db');
  const schema = dialect === 'postgres' ? newSchemaName() : null;
  const databaseUrl = schema ? pgUrlFor(schema) : sqliteFile;
  const env = { RETENTION_EVERY_MINUTES: '0' };
  const extraPids = schema ? async () => Object.fromEntries((await postgresPids(schema)).map((pid) => [`pg${pid}`, pid])) : undefined;
  const http = { rounds: sizes.rounds, seconds: sizes.seconds, warmupSeconds: sizes.warmupSeconds, log };
  /** @type {any} */
  const out = { name: `scale-${dialect}`, kind: 'scale', dialect, sizes };
  let project = await startProject({ cwd: dir, databaseUrl, env });
  const bare = await startBare({ cwd: dir });
  try {
    // 1. The empty database: the data set of a normal run, then its ingest and lookup rounds.
    const admin = await adminToken(project.url);
    const drivers = await createDrivers(project.url, admin, sizes.apiDrivers);
    const ingestPkgs = await createPackages(project.url, admin, sizes.apiDrivers, drivers, 'BI');
    const lookupPkgs = await createPackages(project.url, admin, sizes.lookupPackages, drivers, 'BL');
    const db = { ...(schema ? { pgSchema: schema } : { sqliteFile }), packageIds: ingestPkgs.map((p) => p.id) };
    log(`    empty database: ${drivers.length} drivers signed in, ${ingestPkgs.length} ingest packages, ${lookupPkgs.length} lookup packages`);
    out.empty = {
      ingest: await ingestBench({ name: `ingest-${dialect}-empty`, projects: [project], bares: [bare], pkgs: ingestPkgs, db, extraPids, ...http }),
      lookup: await lookupBench({ name: `lookup-${dialect}-empty`, project, pkgs: lookupPkgs, dir, extraPids, ...http }),
    };

    // 2. The fill, the server stopped (it holds caches of what it has read).
    await project.stop();
    const plan = fillPlan({
      packages: sizes.packages - sizes.apiDrivers - sizes.lookupPackages,
      drivers: sizes.drivers - sizes.apiDrivers,
      fixes: sizes.fixes,
    });
    log(`    fill: ${plan.drivers.toLocaleString('en-US')} drivers, ${plan.packages.toLocaleString('en-US')} packages, ${plan.fixes.toLocaleString('en-US')} fixes (${plan.perPackage} a package, over a year)`);
    const pinHash = await o.hashPin(FILLED_PIN);
    const t0 = performance.now();
    const fill = schema ? await fillPostgres(PG_URL, schema, plan, pinHash, log) : fillSqlite(sqliteFile, plan, pinHash, log);
    out.fill = { ...fill, seconds: round((performance.now() - t0) / 1000, 1), plan: { packages: plan.packages, drivers: plan.drivers, fixes: plan.fixes, perPackage: plan.perPackage } };
    out.bytesPerFix = Math.round(fill.bytesPerFix);

    // 3. The server again, on the full database; the oldest `retentionDays` days of fixes are past its full-trail period.
    const trailDays = Math.max(1, 365 - sizes.retentionDays);
    project = await startProject({ cwd: dir, databaseUrl, env: { ...env, RETENTION_TRAIL_DAYS: String(trailDays) }, timeoutMs: 300_000 });
    out.restartMs = Math.round(project.readyMs);
    log(`    server started on the full database in ${out.restartMs} ms`);
    const admin2 = await adminToken(project.url);
    // A filled driver signs in with the PIN its hash was made from: the fill's drivers are real ones.
    await api(project.url, 'POST', '/api/drivers/session', { phone: '5560000007', pin: FILLED_PIN }, undefined, 200);

    // 4. Ingest and lookup again: the same drivers and ingest packages; the lookup walks filled packages.
    // The lookup walks as many packages as on the empty database (the server holds a package's public view for 10 s,
    // so the walk's length decides how many lookups read the database): filled ones, spread over the whole table.
    const pick = spread(plan.packages, Math.min(plan.packages, sizes.lookupPackages));
    /** @type {any[]} only the tracking number is read */
    const filledRefs = pick.map((k) => ({ trackingNumber: trackingOf(k) }));
    out.lookupWalk = pick.length;
    out.full = {
      ingest: await ingestBench({ name: `ingest-${dialect}-full`, projects: [project], bares: [bare], pkgs: ingestPkgs, db, extraPids, ...http }),
      // The filled packages have their fixes already (and no signed-in driver here): none are sent before the walk.
      lookup: await lookupBench({ name: `lookup-${dialect}-full`, project, pkgs: filledRefs, dir, givenFixes: false, extraPids, ...http }),
    };

    // 5. A package's status history and its trail (the admin's full view), one request at a time, each for another package.
    const auth = { authorization: `Bearer ${admin2}` };
    const probePick = spread(plan.packages, Math.min(plan.packages, 20_000));
    let h = 0;
    const probe = (path) =>
      loadRound({ targets: [project], connections: 1, seconds: sizes.probeSeconds, extraPids, request: () => ({ method: 'GET', path: path(trackingOf(probePick[h++ % probePick.length])), headers: auth }) });
    out.history = await probe((t) => `/api/packages/${t}/history`);
    log(`    history: ${out.history.requests} requests, p50 ${out.history.p50Ms} ms, p99 ${out.history.p99Ms} ms, non-2xx ${out.history.non2xx}, others ${out.history.otherCores} cores`);
    out.trail = await probe((t) => `/api/packages/${t}/locations`);
    log(`    trail: ${out.trail.requests} requests, p50 ${out.trail.p50Ms} ms, p99 ${out.trail.p99Ms} ms, non-2xx ${out.trail.non2xx}, others ${out.trail.otherCores} cores`);
    // The same packages again from the first, their pages now cached: what a trail costs the server beside the reads.
    h = 0;
    out.trailCached = await probe((t) => `/api/packages/${t}/locations`);
    log(`    trail again (the same packages, cached): ${out.trailCached.requests} requests, p50 ${out.trailCached.p50Ms} ms, p99 ${out.trailCached.p99Ms} ms, others ${out.trailCached.otherCores} cores`);
    const trailSample = await api(project.url, 'GET', `/api/packages/${trackingOf(probePick[0])}/locations`, undefined, admin2);
    out.trail.fixesPerTrail = trailSample.length;
    if (schema) {
      // How one trail nobody has read is read: the plan and its pages (the last package of the probe's list).
      out.trail.plan = await explainTrail(schema, trackingOf(probePick[probePick.length - 1]));
      log(`    a trail's plan: ${out.trail.plan.summary}`);
    }

    // 6. The admin search: the panel's first page (25) with the total, each term three times; the median counts.
    const k0 = probePick[1];
    const terms = [trackingOf(k0), trackingOf(k0).slice(0, 6), 'olivia', 'maple st', '555-0142', 'milwaukee', 'no-such-package'];
    out.search = [];
    for (const q of terms) {
      const times = [];
      let total = null;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        const res = await fetch(`${project.url}/api/packages?q=${encodeURIComponent(q)}&limit=25`, { headers: auth });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
        times.push(performance.now() - t);
        total = Number(res.headers.get('x-total-count'));
      }
      out.search.push({ q, total, medianMs: round(median(times), 1), maxMs: round(Math.max(...times), 1) });
    }
    out.searchWorstMs = Math.max(...out.search.map((s) => s.medianMs));
    log(`    admin search: ${out.search.map((s) => `'${s.q}' ${s.total} found, ${s.medianMs} ms`).join('; ')}`);

    // 7. The packages CSV export, whole.
    {
      const t = performance.now();
      const res = await fetch(`${project.url}/api/exports/packages`, { headers: auth });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`export: ${res.status} ${text.slice(0, 200)}`);
      out.export = { seconds: round((performance.now() - t) / 1000, 2), rows: text.split('\n').filter(Boolean).length - 1, mb: round(Buffer.byteLength(text) / 1e6, 1) };
      log(`    CSV export: ${out.export.rows.toLocaleString('en-US')} rows, ${out.export.mb} MB in ${out.export.seconds} s`);
    }

    // 8. A retention run: the oldest `retentionDays` days of fixes are past the full-trail period (one a minute kept).
    {
      const t = performance.now();
      const run = await api(project.url, 'POST', '/api/database/retention/run', undefined, admin2, 200);
      const seconds = (performance.now() - t) / 1000;
      // The fixes that came in before the cut-off, by the fill's plan (each group's window, a fix every 5 s).
      const cutoff = Date.now() - trailDays * 86_400_000;
      let pastCutoff = 0;
      for (let g = 0; g < plan.groups; g++) {
        const inGroup = Math.max(0, Math.min(200 * plan.perPackage, plan.fixes - g * 200 * plan.perPackage));
        const slots = Math.max(0, Math.min(plan.perPackage, Math.ceil((cutoff - (plan.start + g * plan.span)) / 5000)));
        pastCutoff += Math.min(inGroup, slots * 200);
      }
      out.retention = { trailDays, days: sizes.retentionDays, fixesPastCutoff: pastCutoff, removed: run.fixes, statements: run.batches, seconds: round(seconds, 1), perSecond: Math.round(run.fixes / seconds) };
      // The default full-trail period (90 days) on a year of fixes: a first run would go through 3/4 of them.
      out.retention.defaultFirstRunHours = round(((plan.fixes * 274) / 364 / (pastCutoff / seconds)) / 3600, 1);
      log(`    retention: ${run.fixes.toLocaleString('en-US')} of about ${pastCutoff.toLocaleString('en-US')} fixes past ${trailDays} days removed in ${out.retention.seconds} s (${out.retention.perSecond.toLocaleString('en-US')}/s, ${run.batches} statements)`);
    }
    return out;
  } finally {
    await project.stop();
    await bare.stop();
    if (sizes.keep) log(`    kept: ${schema ? `schema ${schema}` : sqliteFile} (--scale-keep)`);
    else {
      if (schema) await dropSchema(schema);
      cleanup(dir);
    }
  }
}

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the repository's trail query (repositories/packages.ts locations()) for one package:
 * the scan, its heap fetches and the pages it hit in PostgreSQL's cache and read from outside it.
 * @param {string} schema
 * @param {string} trackingNumber
 */
async function explainTrail(schema, trackingNumber) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    const { rows } = await client.query('select id from packages where tracking_number = $1', [trackingNumber]);
    const plan = await client.query(
      'explain (analyze, buffers) select * from locations_all where package_id = $1 order by recorded_at desc, created_at desc',
      [rows[0].id],
    );
    const lines = plan.rows.map((r) => r['QUERY PLAN']);
    const scan = lines.find((l) => /Scan .*on locations /.test(l))?.trim().replace(/\s+\(cost=.*$/, '') ?? '?';
    const heapFetches = lines.find((l) => l.includes('Heap Fetches'))?.trim() ?? 'Heap Fetches: –';
    const buffers = lines.find((l) => l.includes('Buffers:'))?.trim() ?? '';
    const execution = lines.find((l) => l.startsWith('Execution Time'))?.trim() ?? '';
    return { lines, summary: `${scan}; ${heapFetches}; ${buffers}; ${execution}` };
  } finally {
    await client.end();
  }
}

/** The tracking number the fill gives package k. */
const trackingOf = (k) => `SC${String(k).padStart(8, '0')}`;

/** `count` package numbers out of `total`, spread over all of them, in an order that jumps about (no two neighbours). */
function spread(total, count) {
  const step = total / count;
  const picks = Array.from({ length: count }, (_, i) => Math.floor(i * step));
  // A fixed shuffle (the same in every run): a multiplicative walk over the indexes.
  const out = [];
  const prime = 7919;
  for (let i = 0; i < count; i++) out.push(picks[(i * prime) % count]);
  return count % prime === 0 ? picks : out;
}

/**
 * The targets of one database's run: met or missed.
 * @param {any} r a scaleBench result
 */
export function scaleTargets(r) {
  const within = (full, empty) => (empty ? round(full / empty, 2) : null);
  const ingestRel = within(r.full.ingest.ratio, r.empty.ingest.ratio);
  const lookupRel = within(r.full.lookup.ratio, r.empty.lookup.ratio);
  return [
    { target: 'ingest ratio within 20% of the empty database', value: `${r.full.ingest.ratio} × bare full, ${r.empty.ingest.ratio} × empty (${ingestRel} of it)`, met: ingestRel != null && ingestRel >= 0.8 },
    { target: 'lookup ratio within 20% of the empty database', value: `${r.full.lookup.ratio} × bare full, ${r.empty.lookup.ratio} × empty (${lookupRel} of it)`, met: lookupRel != null && lookupRel >= 0.8 },
    { target: "a package's status history p99 ≤ 20 ms", value: `${r.history.p99Ms} ms (p50 ${r.history.p50Ms} ms)`, met: r.history.p99Ms != null && r.history.p99Ms <= 20 && r.history.non2xx === 0 },
    { target: "a package's trail p99 ≤ 20 ms", value: `${r.trail.p99Ms} ms (p50 ${r.trail.p50Ms} ms, ${r.trail.fixesPerTrail} fixes a trail)`, met: r.trail.p99Ms != null && r.trail.p99Ms <= 20 && r.trail.non2xx === 0 },
    { target: 'admin search ≤ 200 ms', value: `slowest term ${r.searchWorstMs} ms`, met: r.searchWorstMs <= 200 },
  ];
}

/** A PIN hash in the server's scheme (apps/server/src/lib/crypto.ts: scrypt$N$r$p$salt$hash, base64url), at N = 2^14. */
export function hashPin(pin) {
  const salt = randomBytes(16);
  const N = 2 ** 14;
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, 32, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')))),
  );
}

/** The markers of the section a run rewrites: one for a run on both databases, one per database for a run on one. */
const markers = (dialects) => {
  const name = dialects.length === 1 ? `scale-${dialects[0]}` : 'scale';
  return { BEGIN: `<!-- ${name}:begin -->`, END: `<!-- ${name}:end -->` };
};
const fmt = (n) => (n == null || Number.isNaN(n) ? '–' : typeof n === 'number' ? n.toLocaleString('en-US') : String(n));

/**
 * The whole scale run: each database in turn, then the table, printed, written to bench/out/scale.json and, for a run
 * at the issue's sizes, into bench/RESULTS.md between the scale markers (with the sizes in the heading otherwise too).
 * @param {{ sizes: any, dialects: ('sqlite' | 'postgres')[], pgUp: boolean, log: (line: string) => void, command: string }} o
 * @returns {Promise<{ problems: string[] }>}
 */
export async function runScale(o) {
  const started = Date.now();
  const machine = machineInfo(ROOT);
  /** @type {any[]} */
  const results = [];
  for (const dialect of o.dialects) {
    o.log(`--- scale-${dialect}`);
    if (dialect === 'postgres' && !o.pgUp) {
      results.push({ name: `scale-${dialect}`, kind: 'skipped', reason: `PostgreSQL (${PG_URL}) is unreachable` });
      continue;
    }
    const t0 = Date.now();
    try {
      const r = await scaleBench({ dialect, sizes: o.sizes, hashPin, log: o.log });
      results.push({ ...r, elapsedSeconds: round((Date.now() - t0) / 1000, 1) });
    } catch (err) {
      o.log(`    FAILED: ${err instanceof Error ? err.stack : String(err)}`);
      results.push({ name: `scale-${dialect}`, kind: 'error', error: err instanceof Error ? err.message : String(err) });
    }
  }
  const elapsedSeconds = round((Date.now() - started) / 1000, 1);

  const lines = [];
  lines.push('| database | target or figure | measured | met? | other load (cores of 2) |');
  lines.push('| --- | --- | --- | --- | --- |');
  const problems = [];
  for (const r of results) {
    const db = r.dialect === 'postgres' ? 'PostgreSQL' : r.dialect === 'sqlite' ? 'SQLite' : r.name;
    if (r.kind !== 'scale') {
      lines.push(`| ${db} | – | ${r.kind === 'skipped' ? `skipped: ${r.reason}` : `FAILED: ${r.error}`} | – | – |`);
      if (r.kind === 'error') problems.push(`${r.name} failed: ${r.error}`);
      continue;
    }
    const others = (x) => fmt(x?.otherCores ?? x?.project?.otherCores);
    const httpFig = (b) => `${fmt(b.project.medianRps)}/s against bare ${fmt(b.bare.medianRps)}/s: ${b.ratio} ×; p99 ${b.project.p99Ms} ms; ${b.project.cpuUsPerRequest} µs CPU/req`;
    lines.push(`| ${db} | fill (straight to the database) | ${fmt(r.fill.plan.drivers)} drivers and ${fmt(r.fill.plan.packages)} packages in ${round(r.fill.packagesS, 1)} s; ${fmt(r.fill.plan.fixes)} fixes in ${round(r.fill.fixesS, 1)} s (${fmt(Math.round(r.fill.plan.fixes / r.fill.fixesS))}/s); server ready on it in ${fmt(r.restartMs)} ms | – | – |`);
    lines.push(`| ${db} | bytes per stored fix | ${fmt(r.bytesPerFix)} B (${r.dialect === 'sqlite' ? `the file's growth; file ${fmt(round(r.fill.fileBytes / 1e9, 2))} GB` : `pg_total_relation_size of locations: ${fmt(round(r.fill.tableBytes / 1e9, 2))} GB`}) | reported | – |`);
    lines.push(`| ${db} | ingest, empty database | ${httpFig(r.empty.ingest)}; stored = acknowledged: ${r.empty.ingest.durability.ok ? 'yes' : 'NO'} | – | ${others(r.empty.ingest)} |`);
    lines.push(`| ${db} | lookup, empty database (${fmt(o.sizes.lookupPackages)} packages) | ${httpFig(r.empty.lookup)} | – | ${others(r.empty.lookup)} |`);
    const targets = scaleTargets(r);
    const fullRows = [
      [`ingest, full database`, `${httpFig(r.full.ingest)}; stored = acknowledged: ${r.full.ingest.durability.ok ? 'yes' : 'NO'}`, others(r.full.ingest)],
      [`lookup, full database (walking ${fmt(r.lookupWalk)} filled packages)`, httpFig(r.full.lookup), others(r.full.lookup)],
    ];
    for (const [i, [label, value, load]] of fullRows.entries()) {
      lines.push(`| ${db} | ${label} | ${value} | – | ${load} |`);
      lines.push(`| ${db} | **${targets[i].target}** | ${targets[i].value} | ${targets[i].met ? 'met' : '**missed**'} | ${load} |`);
    }
    lines.push(`| ${db} | **${targets[2].target}** | ${targets[2].value}, ${fmt(r.history.requests)} requests one at a time | ${targets[2].met ? 'met' : '**missed**'} | ${others(r.history)} |`);
    lines.push(`| ${db} | **${targets[3].target}** | ${targets[3].value}, ${fmt(r.trail.requests)} requests one at a time | ${targets[3].met ? 'met' : '**missed**'} | ${others(r.trail)} |`);
    if (r.trailCached) lines.push(`| ${db} | the same trails again, from the first (cached) | p50 ${r.trailCached.p50Ms} ms, p99 ${r.trailCached.p99Ms} ms, ${fmt(r.trailCached.requests)} requests one at a time | reported | ${others(r.trailCached)} |`);
    if (r.trail.plan) lines.push(`| ${db} | one trail nobody had read, \`EXPLAIN (ANALYZE, BUFFERS)\` | ${r.trail.plan.summary} | reported | – |`);
    lines.push(`| ${db} | **${targets[4].target}** | ${targets[4].value}: ${r.search.map((s) => `'${s.q}' ${s.medianMs} ms (${fmt(s.total)} found)`).join(', ')} | ${targets[4].met ? 'met' : '**missed**'} | – |`);
    lines.push(`| ${db} | packages CSV export | ${fmt(r.export.rows)} rows, ${r.export.mb} MB in ${r.export.seconds} s | reported | – |`);
    lines.push(
      `| ${db} | retention run (one fix a minute kept) | ${fmt(r.retention.removed)} of about ${fmt(r.retention.fixesPastCutoff)} fixes past ${r.retention.trailDays} days removed in ${r.retention.seconds} s (${fmt(r.retention.perSecond)}/s, ${fmt(r.retention.statements)} statements); extrapolated at that rate, a first run with the default 90 days on this year of fixes would take about ${r.retention.defaultFirstRunHours} h | reported | – |`,
    );
    for (const b of [r.empty.ingest, r.full.ingest, r.empty.lookup, r.full.lookup]) {
      if (b.bare.errors5xx + b.project.errors5xx) problems.push(`${r.name} ${b.name}: responses with a 5xx`);
      if (b.durability && !b.durability.ok) problems.push(`${r.name} ${b.name}: stored ≠ acknowledged`);
    }
    if (r.history.errors5xx || r.trail.errors5xx) problems.push(`${r.name}: history or trail answered a 5xx`);
  }
  o.log('');
  o.log(lines.join('\n'));

  mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/out/scale.json'), `${JSON.stringify({ machine, sizes: o.sizes, elapsedSeconds, results, problems }, null, 2)}\n`);

  const sizesText = `${fmt(o.sizes.packages)} packages, ${fmt(o.sizes.drivers)} drivers, ${fmt(o.sizes.fixes)} fixes`;
  const { BEGIN, END } = markers(o.dialects);
  const only = o.dialects.length === 1 ? `, ${o.dialects[0] === 'postgres' ? 'PostgreSQL' : 'SQLite'} only` : '';
  const section = [
    BEGIN,
    `## At scale: ${sizesText} (issue 21${only}), ${machine.date.slice(0, 10)}`,
    '',
    `\`${o.command}\` on the built server (commit \`${machine.commit?.slice(0, 7)}\`${machine.dirty ? ', with uncommitted changes' : ''}), ${elapsedSeconds} s in all (${(elapsedSeconds / 60).toFixed(1)} min).`,
    `Each database: the usual ingest (${fmt(o.sizes.apiDrivers)} drivers) and lookup rounds on the empty database, then ${sizesText} over a year written`,
    `straight to it (bench/lib/scale-fill.mjs; the drivers and packages made through the API count), the server restarted on it, the same`,
    `rounds again (ingest by the same signed-in drivers; the lookup walking as many filled packages as the empty run's, spread over the table), then`,
    `a package's status history and trail (admin, one request at a time, a different filled package each, ${o.sizes.probeSeconds} s each), the admin search`,
    `(the panel's first page of 25 with its total; median of 3 per term), the packages CSV export and a retention run over the oldest`,
    `${o.sizes.retentionDays} days of fixes. Rounds: ${o.sizes.rounds} × ${o.sizes.seconds} s, bare and project alternating, 50 connections. **The machine is shared**`,
    `with three other engineers' work: "other load" is the CPU of every process but the server, PostgreSQL's backends and the load generator.`,
    '',
    ...lines,
    ...(problems.length ? ['', `Problems: ${problems.join('; ')}`] : []),
    END,
  ].join('\n');
  const file = join(ROOT, 'bench/RESULTS.md');
  if (existsSync(file) && o.sizes.write) {
    const text = readFileSync(file, 'utf8');
    const a = text.indexOf(BEGIN);
    const b = text.indexOf(END);
    let next;
    if (a >= 0 && b > a) next = text.slice(0, a) + section + text.slice(b + END.length);
    else {
      // A new section right after the intro paragraph (before the first '## ').
      const at = text.indexOf('\n## ');
      next = at >= 0 ? `${text.slice(0, at + 1)}${section}\n\n${text.slice(at + 1)}` : `${text}\n${section}\n`;
    }
    writeFileSync(file, next);
    o.log(`\nwritten to bench/RESULTS.md (between ${BEGIN} and ${END}) and bench/out/scale.json in ${elapsedSeconds} s`);
  } else o.log(`\nwritten to bench/out/scale.json in ${elapsedSeconds} s (bench/RESULTS.md only for a run at the full sizes, or with --scale-write)`);
  return { problems };
}
