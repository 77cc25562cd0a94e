#!/usr/bin/env node
// A/B of GPS ingest on SQLite (benchmark 1's load) between two builds of the server, for a machine shared with other
// work: both servers run at once, each on its own fresh database with the same data set (200 drivers, one package
// each), and their rounds alternate A, B, A, B, … so both meet the same load from the rest of the machine.
//
//   node bench/ab-ingest-sqlite.mjs --a /path/to/other/checkout --rounds 5 --seconds 10
//
// A is the other checkout's apps/server/dist/server.js (built there), B this checkout's. Prints each round and the
// medians (req/s, p99, server CPU µs per fix), and checks stored = acknowledged on both.
import { join } from 'node:path';
import { adminToken, createDrivers, createPackages, nextFix } from './lib/dataset.mjs';
import { storedFixIds } from './lib/db.mjs';
import { fmtRound, loadRound, summarise } from './lib/load.mjs';
import { cleanup, ROOT, startProject, tempDir } from './lib/servers.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const other = option('a');
if (!other) {
  console.error('--a <checkout> is required');
  process.exit(2);
}
const rounds = Number(option('rounds', 5));
const seconds = Number(option('seconds', 10));
const drivers = Number(option('drivers', 200));

const sides = [
  { name: 'A', serverJs: join(other, 'apps/server/dist/server.js') },
  { name: 'B', serverJs: join(ROOT, 'apps/server/dist/server.js') },
];
for (const side of sides) {
  side.dir = tempDir(`ab-${side.name}`);
  side.sqliteFile = join(side.dir, 'bench.db');
  side.server = await startProject({ cwd: side.dir, databaseUrl: side.sqliteFile, serverJs: side.serverJs, name: `project-${side.name}` });
  const admin = await adminToken(side.server.url);
  const ds = await createDrivers(side.server.url, admin, drivers);
  side.pkgs = await createPackages(side.server.url, admin, drivers, ds, `AB${side.name}`);
  side.before = await storedFixIds({ sqliteFile: side.sqliteFile });
  side.acknowledged = new Set();
  side.rounds = [];
  side.cutOff = 0;
  let turn = 0;
  side.request = () => {
    const p = side.pkgs[turn++ % side.pkgs.length];
    return {
      method: 'POST',
      path: `/api/packages/${p.id}/gps`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${p.driver.token}` },
      body: JSON.stringify(nextFix(p)),
    };
  };
  side.onReply = (status, body) => {
    if (status === 201) side.acknowledged.add(JSON.parse(body).locationId);
  };
  console.log(`${side.name}: ${side.serverJs}, ${side.pkgs.length} packages`);
}
try {
  const round = (side, s) => loadRound({ targets: [side.server], seconds: s, request: side.request, onReply: side.onReply });
  for (const side of sides) await round(side, 3); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
      const res = await round(side, seconds);
      side.cutOff += res.unanswered;
      side.rounds.push(res);
      console.log(`  round ${r + 1} ${side.name}: ${fmtRound(res)}`);
    }
  }
  await new Promise((r) => setTimeout(r, 1_500));
  for (const side of sides) {
    const s = summarise(side.rounds);
    const after = await storedFixIds({ sqliteFile: side.sqliteFile });
    const missing = [...side.acknowledged].filter((id) => !after.has(id)).length;
    console.log(
      `${side.name}: median ${s.medianRps}/s (${s.minRps}–${s.maxRps}), p99 ${s.p99Ms} ms, ${s.cpuUsPerRequest} µs CPU/fix, server ${s.serverCores} cores, others ${s.otherCores} cores; ` +
        `stored = acknowledged: ${missing === 0 ? 'yes' : 'NO'} (${side.acknowledged.size} acknowledged, ${missing} missing)`,
    );
  }
} finally {
  for (const side of sides) {
    await side.server.stop();
    cleanup(side.dir);
  }
}
