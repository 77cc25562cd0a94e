#!/usr/bin/env node
// The API's latency while a day is being planned (issue 34 part 6): the built server on a fresh SQLite database with
// 25 drivers' shifts and 500 packages due on one day; public lookups at a steady rate, their p99 measured without a
// plan running, then while POST /api/planning/{date}/plan searches (the planner's worker thread), then without again.
// Not part of the test line: about a minute and a half.
//
//   npm run build && node bench/planning-load.mjs [--rate 200] [--seconds 15] [--windows 5] [--client-cpu N] [--limit-ms 20000]
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { adminToken, api, createDrivers, inBatches } from './lib/dataset.mjs';
import { cpuMeter } from './lib/proc.mjs';
import { startProject, tempDir } from './lib/servers.mjs';

const { values } = parseArgs({ options: { rate: { type: 'string', default: '200' }, seconds: { type: 'string', default: '15' }, windows: { type: 'string', default: '5' }, 'client-cpu': { type: 'string' }, 'limit-ms': { type: 'string', default: '20000' } } });
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
// Each round is measured in windows of SECONDS / WINDOWS: its p99 is the median of the windows' p99s, so one pause of
// the virtual machine in one window does not decide the round (a pooled p99 of 3,000-5,000 requests moved by a few
// milliseconds between identical rounds).
const WINDOWS = Number(values.windows);
// --client-cpu N: this process (the load generator) keeps to core N once the server has started (Linux's taskset), as
// a client on another machine would not share the server's cores; the server, its planner and the control's busy
// loop stay free to run anywhere.
const CLIENT_CPU = values['client-cpu'];
const LIMIT_MS = Number(values['limit-ms']);
const DATE = '2051-06-13';
const DUE = 'Tuesday, June 13, 2051 - Tuesday, June 13, 2051';
const DEPOT = { lat: 41.8789, lng: -87.6359 };

/** One steady window of public lookups: every request's latency, answered or not. */
async function window(base, trackingNumbers, seconds) {
  const result = await autocannon({
    url: base,
    connections: 10,
    overallRate: RATE,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/packages/${trackingNumbers[Math.floor(Math.random() * trackingNumbers.length)]}` }) }],
  });
  return { requests: result.requests.total, non2xx: result.non2xx, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One round of SECONDS in WINDOWS windows: requests summed, p50 and p99 the windows' medians, the worst p99 and max. */
async function lookups(base, trackingNumbers) {
  const windows = [];
  for (let i = 0; i < WINDOWS; i++) windows.push(await window(base, trackingNumbers, SECONDS / WINDOWS));
  return {
    requests: windows.reduce((n, w) => n + w.requests, 0),
    non2xx: windows.reduce((n, w) => n + w.non2xx, 0),
    p50: median(windows.map((w) => w.p50)),
    p99: median(windows.map((w) => w.p99)),
    worstP99: Math.max(...windows.map((w) => w.p99)),
    max: Math.max(...windows.map((w) => w.max)),
  };
}

const cwd = tempDir('planning-load');
const server = await startProject({
  cwd,
  databaseUrl: `${cwd}/bench.db`,
  env: { DEPOT_ADDRESS: '233 S Wacker Dr, Chicago, IL 60606', PLANNING_TIME_LIMIT_MS: String(LIMIT_MS) },
});
const ALL_CPUS = `0-${availableParallelism() - 1}`;
if (CLIENT_CPU !== undefined) execFileSync('taskset', ['-cp', CLIENT_CPU, String(process.pid)], { stdio: 'ignore' });
try {
  const admin = await adminToken(server.url);
  const drivers = await createDrivers(server.url, admin, 25, '7');
  await api(server.url, 'PUT', `/api/planning/${DATE}/shifts`, { shifts: drivers.map((d) => ({ driverId: d.id, startTime: '08:00', endTime: '18:00', capacityPackages: 30 })) }, admin);
  // 500 stops within about 15 km of the depot (a city of 30 × 30 km), seeded so every run plans the same day.
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const packages = await inBatches(Array.from({ length: 500 }, (_, i) => i), 8, async (i) =>
    api(server.url, 'POST', '/api/packages', {
      trackingNumber: `PLANLOAD${String(i).padStart(4, '0')}`,
      status: 'processing',
      currentLocation: 'Depot',
      estimatedDelivery: DUE,
      pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
      deliveryAddress: `${100 + i} Bench St, Chicago, IL`,
      customerName: 'Bench Customer',
      customerPhone: '(312) 555-0142',
      weight: '2 kg',
      dimensions: '1 x 1 x 1 in',
      serviceType: 'Standard Delivery',
      deliveryLat: DEPOT.lat + (random() - 0.5) * 0.27,
      deliveryLng: DEPOT.lng + (random() - 0.5) * 0.36,
    }, admin, 201),
  );
  const trackingNumbers = packages.map((p) => p.trackingNumber);
  // Warm: the lookup path and the planner's thread (a first plan of 1 s).
  await lookups(server.url, trackingNumbers);

  const rounds = [];
  const before = await lookups(server.url, trackingNumbers);
  rounds.push({ round: 'without a plan', ...before });

  const meter = cpuMeter({ server: server.pid });
  const started = performance.now();
  const planning = api(server.url, 'POST', `/api/planning/${DATE}/plan`, undefined, admin).then((plan) => ({ plan, ms: performance.now() - started }));
  // The round starts once the planner is searching (the instance is built first) and ends before the search does.
  await new Promise((r) => setTimeout(r, 1000));
  const during = await lookups(server.url, trackingNumbers);
  const { plan, ms } = await planning;
  const used = meter.stop();
  rounds.push({ round: 'while planning', ...during });

  const after = await lookups(server.url, trackingNumbers);
  rounds.push({ round: 'without a plan, again', ...after });

  // A control: another process keeps one core busy (a bare loop, no allocation) for the same round. If the lookups slow
  // down as much as while planning, the cause is the machine's cores, not the planner's thread inside the server.
  const burner = CLIENT_CPU === undefined ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : spawn('taskset', ['-c', ALL_CPUS, process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    const burning = await lookups(server.url, trackingNumbers);
    rounds.push({ round: 'while another process busies a core', ...burning });
  } finally {
    burner.kill();
  }

  const served = plan.totals.stops;
  console.log(`plan: ${served} of 500 stops served by ${plan.routes.filter((r) => r.stops.length > 0).length} drivers, ${plan.unplanned.length} left out, ${Math.round(ms)} ms (limit ${LIMIT_MS} ms), engine ${plan.engine}; server ${used.coresBusy.server ?? '?'} cores over the plan, machine ${used.machineBusyPct}% busy`);
  console.log(`| round | requests | non-2xx | p50 ms (median of ${WINDOWS}) | p99 ms (median of ${WINDOWS}) | worst window's p99 ms | max ms |`);
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rounds) console.log(`| ${r.round} | ${r.requests} | ${r.non2xx} | ${r.p50} | ${r.p99} | ${r.worstP99} | ${r.max} |`);
  const baseline = Math.max(before.p99, after.p99);
  console.log(`p99 while another process busies a core / the worse round without: ${(rounds[3].p99 / baseline).toFixed(2)}`);
  console.log(`p99 while planning / the worse round without: ${(during.p99 / baseline).toFixed(2)} (target ≤ 1.20)`);
} finally {
  await server.stop();
  rmSync(cwd, { recursive: true, force: true });
}
