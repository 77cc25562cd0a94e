#!/usr/bin/env node
// Notifications under load (issue 17): 10,000 packages set out for delivery in one batch queue 10,000 text messages,
// sent at the pace of an SMS gateway on loopback (each answer after GATEWAY_LATENCY_MS), while the public lookup runs
// at full load. The lookup's p99 and rate while the messages go are compared with rounds before the batch and after
// the queue is empty, on the same server and data: ROUNDS rounds of each (medians; one round's p99 moves by ±30% on
// its own), the rounds "during" back to back for as long as messages are still queued. Not part of the test line (a
// few minutes).
//
//   node bench/notifications-load.mjs [--packages 10000] [--seconds 10] [--rounds 3] [--latency-ms 20] [--no-build]
//
// Prints a table and writes bench/out/notifications-load.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { adminToken, api, createDrivers, inBatches } from './lib/dataset.mjs';
import { loadRound, median } from './lib/load.mjs';
import { machineInfo, round } from './lib/proc.mjs';
import { cleanup, freePort, ROOT, startProject, tempDir } from './lib/servers.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const PACKAGES = option('packages', 10_000);
const SECONDS = option('seconds', 10);
const ROUNDS = option('rounds', 3);
const LATENCY_MS = option('latency-ms', 20);
const log = (line) => console.log(line);

if (!argv.includes('--no-build')) {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** The SMS gateway: answers each message after LATENCY_MS, as a real gateway's round trip; counts what it got. */
const received = new Map();
let firstAt = 0;
let lastAt = 0;
const gatewayPort = await freePort();
const gateway = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const { message } = JSON.parse(body);
    const number = /package (\S+) is out for delivery/.exec(message)?.[1] ?? message;
    received.set(number, (received.get(number) ?? 0) + 1);
    firstAt ||= Date.now();
    lastAt = Date.now();
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}'), LATENCY_MS);
  });
});
await new Promise((ok) => gateway.listen(gatewayPort, '127.0.0.1', ok));

const dir = tempDir('notify');
const machine = machineInfo(ROOT);
log(`=== notifications load on ${machine.cpuModel}, ${machine.cores} cores, commit ${machine.commit?.slice(0, 7)}; ${PACKAGES} packages, gateway latency ${LATENCY_MS} ms`);
const project = await startProject({ cwd: dir, databaseUrl: join(dir, 'bench.db'), env: { SMS_GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/send` } });
try {
  const base = project.url;
  const admin = await adminToken(base);
  await api(base, 'PUT', '/api/notifications/settings', { quietHoursStart: '00:00', quietHoursEnd: '00:00', dailyCapPerPackage: 5 }, admin);
  const [driver] = await createDrivers(base, admin, 1, '9');
  const t0 = Date.now();
  const pkgs = await inBatches(Array.from({ length: PACKAGES }, (_, i) => i), 8, (i) =>
    api(base, 'POST', '/api/packages', {
      trackingNumber: `NL${String(i).padStart(7, '0')}`,
      status: 'in_transit',
      pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
      deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
      pickupLat: 41.8789,
      pickupLng: -87.6359,
      deliveryLat: 43.0401,
      deliveryLng: -87.897,
      customerName: 'Bench Customer',
      customerPhone: `(312) 555-${String(i % 10_000).padStart(4, '0')}`,
      driverId: driver.id,
    }, admin),
  );
  log(`    ${pkgs.length} packages in ${round((Date.now() - t0) / 1000, 1)} s`);

  let n = 0;
  const lookup = () => ({ method: 'GET', path: `/api/packages/${pkgs[n++ % pkgs.length].trackingNumber}` });
  const lookupRound = async (label) => {
    const r = await loadRound({ targets: [project], seconds: SECONDS, request: lookup });
    log(`    lookup ${label}: ${r.rps}/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.cpuUsPerRequest} µs CPU/request, 5xx ${r.errors5xx}, other load ${r.otherCores} cores`);
    return r;
  };

  await lookupRound('warm-up');
  if (process.env.BENCH_SERVER_NODE_OPTIONS) process.kill(project.pid, 'SIGUSR2');
  const before = [];
  for (let r = 0; r < ROUNDS; r++) before.push(await lookupRound(`before the batch (${r + 1})`));
  if (process.env.BENCH_SERVER_NODE_OPTIONS) process.kill(project.pid, 'SIGUSR2');

  // The batch: every package out for delivery, 16 at a time.
  const batchStart = Date.now();
  await inBatches(pkgs, 16, (pkg) => api(base, 'PATCH', `/api/packages/${pkg.id}/status`, { status: 'out_for_delivery' }, admin));
  const batchSeconds = (Date.now() - batchStart) / 1000;
  log(`    batch: ${pkgs.length} packages out for delivery in ${round(batchSeconds, 1)} s; ${received.size} texts sent by then`);
  // Rounds while messages are still queued: at least one, at most twice ROUNDS; a round counts if the queue was not
  // empty when it ended (texts were going all through it).
  const during = [];
  const sentBeforeRounds = received.size;
  if (process.env.BENCH_SERVER_NODE_OPTIONS) process.kill(project.pid, 'SIGUSR2');
  for (let r = 0; r < 2 * ROUNDS && received.size < pkgs.length; r++) {
    const sentBefore = received.size;
    const result = await lookupRound(`while messages are sent (${r + 1})`);
    // Profiling (BENCH_SERVER_NODE_OPTIONS with a profiler that writes on SIGUSR2): one profile per round.
    if (process.env.BENCH_SERVER_NODE_OPTIONS && r < 2 * ROUNDS - 1) process.kill(project.pid, 'SIGUSR2');
    const sent = received.size - sentBefore;
    log(`      ${sent} texts sent during that round${received.size < pkgs.length ? '' : ' (the queue emptied during it: not counted)'}`);
    if (received.size < pkgs.length || during.length === 0) during.push({ ...result, textsSent: sent });
  }
  if (process.env.BENCH_SERVER_NODE_OPTIONS) process.kill(project.pid, 'SIGUSR2');
  const sentDuringRound = received.size - sentBeforeRounds;
  log(`    ${sentDuringRound} texts sent during ${during.length} rounds`);

  const deadline = Date.now() + 20 * 60_000;
  while (received.size < pkgs.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const drainSeconds = (lastAt - firstAt) / 1000;
  const duplicates = [...received.values()].filter((c) => c > 1).length;
  log(`    texts: ${received.size} of ${pkgs.length} received, ${duplicates} twice; ${round(drainSeconds, 1)} s from first to last (${round(received.size / drainSeconds)}/s)`);
  const after = [];
  for (let r = 0; r < ROUNDS; r++) after.push(await lookupRound(`after the queue is empty (${r + 1})`));

  const without = [...before, ...after];
  const withoutP99 = median(without.map((r) => r.p99Ms));
  const duringP99 = median(during.map((r) => r.p99Ms));
  const result = {
    machine,
    packages: pkgs.length,
    gatewayLatencyMs: LATENCY_MS,
    batchSeconds: round(batchSeconds, 1),
    textsReceived: received.size,
    textsTwice: duplicates,
    sendSeconds: round(drainSeconds, 1),
    textsPerSecond: round(received.size / drainSeconds),
    sentDuringRound,
    lookup: { before, during, after },
    p99MsWithout: withoutP99,
    p99MsDuring: duringP99,
    p99RatioDuring: round(duringP99 / withoutP99, 2),
    rpsRatioDuring: round(median(during.map((r) => r.rps)) / median(without.map((r) => r.rps)), 2),
    cpuUsPerLookup: { without: median(without.map((r) => r.cpuUsPerRequest)), during: median(during.map((r) => r.cpuUsPerRequest)) },
  };
  log(`    lookup p99 (median of rounds) while sending ${duringP99} ms / without ${withoutP99} ms: ${result.p99RatioDuring} (target ≤ 1.2); rate ${result.rpsRatioDuring} of its figure without`);
  mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/out/notifications-load.json'), JSON.stringify(result, null, 2));
  if (received.size !== pkgs.length || duplicates > 0) process.exitCode = 1;
} finally {
  await project.stop();
  gateway.close();
  cleanup(dir);
}
