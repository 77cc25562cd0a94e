#!/usr/bin/env node
// Webhooks under load (issue 19): status changes at a steady RATE per second for SECONDS, each an event that one
// endpoint (a receiver on loopback, answering 204 after LATENCY_MS) wants. Measures the time from the event (its
// `timestamp`, the server's clock) to the first attempt's arrival at the receiver, whether delivery kept up (nothing
// left behind at the end), and the server's CPU per event. Not part of the test line.
//
//   node bench/webhooks-load.mjs [--rate 200] [--seconds 20] [--latency-ms 10] [--postgres] [--no-build]
//
// Prints its figures and writes bench/out/webhooks-load.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { adminToken, api, createDrivers, createPackages } from './lib/dataset.mjs';
import { dropSchema, newSchemaName, pgUrlFor } from './lib/db.mjs';
import { percentile } from './lib/load.mjs';
import { cpuMeter, machineInfo, round } from './lib/proc.mjs';
import { cleanup, freePort, ROOT, startProject, tempDir } from './lib/servers.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const RATE = option('rate', 200);
const SECONDS = option('seconds', 20);
const LATENCY_MS = option('latency-ms', 10);
const POSTGRES = argv.includes('--postgres');
const log = (line) => console.log(line);

if (!argv.includes('--no-build')) {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** The receiver: one entry per webhook-id, with the delay from the event's timestamp to its first arrival. */
const firstArrival = new Map();
let requests = 0;
const receiverPort = await freePort();
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    requests += 1;
    const id = String(req.headers['webhook-id']);
    if (!firstArrival.has(id)) {
      const { type, timestamp } = JSON.parse(body);
      firstArrival.set(id, { type, delayMs: Date.now() - Date.parse(timestamp) });
    }
    setTimeout(() => res.writeHead(204).end(), LATENCY_MS);
  });
});
await new Promise((ok) => receiver.listen(receiverPort, '127.0.0.1', ok));

const dir = tempDir('webhooks');
const schema = POSTGRES ? newSchemaName() : null;
const machine = machineInfo(ROOT);
log(`=== webhooks load on ${machine.cpuModel}, ${machine.cores} cores, commit ${machine.commit?.slice(0, 7)}; ${RATE} events/s for ${SECONDS} s, receiver latency ${LATENCY_MS} ms, ${POSTGRES ? 'PostgreSQL' : 'SQLite'}`);
const project = await startProject({
  cwd: dir,
  databaseUrl: schema ? pgUrlFor(schema) : join(dir, 'bench.db'),
  env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', NOTIFY_POLL_MS: '0' },
});
try {
  const base = project.url;
  const admin = await adminToken(base);
  const drivers = await createDrivers(base, admin, 4, '7');
  const count = RATE * SECONDS;
  // Packages made before the endpoint exists: their 'created' events are not part of the measurement. Half of them
  // are driven first with no endpoint (the same status changes, the reader marking events and sending nothing), the
  // baseline that the endpoint's CPU is measured against.
  const packages = await createPackages(base, admin, 2 * Math.ceil(count / 3), drivers, 'WH');
  const half = packages.length / 2;
  await new Promise((r) => setTimeout(r, 1500));

  /** Drives `count` status changes of these packages at RATE per second; answers the server's CPU and the time taken. */
  const drive = async (pkgs) => {
    const steps = ['picked_up', 'in_transit', 'out_for_delivery'];
    const changes = [];
    for (const step of steps) for (const pkg of pkgs) changes.push([pkg, step]);
    changes.length = count;
    const meter = cpuMeter({ server: project.pid });
    const started = performance.now();
    let sent = 0;
    let failed = 0;
    const inFlight = new Set();
    for (let i = 0; i < changes.length; i += 1) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const [pkg, status] = changes[i];
      const p = api(base, 'POST', `/api/packages/${pkg.id}/status`, { status, location: 'Depot', description: status }, admin)
        .then(() => (sent += 1), () => (failed += 1))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1000;
    return { meter, sent, failed, seconds };
  };

  const bare = await drive(packages.slice(0, half));
  await new Promise((r) => setTimeout(r, 1000));
  const bareCpu = bare.meter.stop();
  await api(base, 'POST', '/api/webhooks/endpoints', { url: `http://127.0.0.1:${receiverPort}/hooks`, eventTypes: ['*'] }, admin, 201);
  const run = await drive(packages.slice(half));
  const { sent, failed } = run;
  const driveSeconds = run.seconds;
  const deadline = Date.now() + 60_000;
  while (firstArrival.size < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 1000));
  const cpu = run.meter.stop();
  const delays = [...firstArrival.values()].map((a) => a.delayMs).sort((a, b) => a - b);
  const result = {
    machine,
    database: POSTGRES ? 'postgres' : 'sqlite',
    rate: RATE,
    seconds: SECONDS,
    achievedRate: round(sent / driveSeconds),
    events: count,
    statusChangesFailed: failed,
    delivered: firstArrival.size,
    requests,
    firstAttemptMs: { p50: percentile(delays, 50), p99: percentile(delays, 99), max: delays.at(-1) ?? null },
    serverCpuUsPerEvent: round((cpu.micros.server ?? 0) / count),
    serverCpuUsPerEventWithoutEndpoint: round((bareCpu.micros.server ?? 0) / count),
    webhookCpuUsPerEvent: round(((cpu.micros.server ?? 0) - (bareCpu.micros.server ?? 0)) / count),
    serverCores: cpu.coresBusy.server,
    otherCores: cpu.otherCores,
  };
  log(`    status changes: ${sent} at ${result.achievedRate}/s (${failed} failed); webhooks delivered ${firstArrival.size} of ${count} (${requests} requests)`);
  log(`    event → first attempt: p50 ${result.firstAttemptMs.p50} ms, p99 ${result.firstAttemptMs.p99} ms, max ${result.firstAttemptMs.max} ms (target p99 < 1000)`);
  log(`    server CPU per event: ${result.serverCpuUsPerEvent} µs with the endpoint, ${result.serverCpuUsPerEventWithoutEndpoint} µs without (the status change's request included): the webhook's share ${result.webhookCpuUsPerEvent} µs; server ${result.serverCores} cores; other load ${result.otherCores} cores`);
  mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
  writeFileSync(join(ROOT, `bench/out/webhooks-load-${result.database}.json`), JSON.stringify(result, null, 2));
  if (firstArrival.size !== count || failed > 0) process.exitCode = 1;
} finally {
  await project.stop();
  receiver.close();
  if (schema) await dropSchema(schema);
  cleanup(dir);
}
