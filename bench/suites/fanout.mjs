// Benchmark 4: fan-out. Subscribers on /ws (in separate processes, so the load generator is not the bottleneck on
// 2 cores; each process's CPU is reported) follow the data set's packages; this process posts fixes at a fixed rate
// (open loop: a slow server does not slow the sender), each with its device time set to the moment its POST is sent.
// Every subscriber of a package must receive the location_update of each accepted fix that moved the package.
import { fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { nextFix } from '../lib/dataset.mjs';
import { percentile } from '../lib/load.mjs';
import { cpuMeter, round, rssBytes, rssSampler } from '../lib/proc.mjs';
import { ROOT } from '../lib/servers.mjs';

/**
 * @param {{
 *   project: import('../lib/servers.mjs').Child,
 *   pkgs: import('../lib/dataset.mjs').Pkg[],
 *   subscribers: number, processes: number, fixesPerSecond: number, seconds: number,
 *   log: (line: string) => void,
 * }} o
 */
export async function fanoutBench(o) {
  const children = Array.from({ length: o.processes }, () => fork(join(ROOT, 'bench/lib/fanout-subscriber.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  /** @type {Map<import('node:child_process').ChildProcess, any[]>} */
  const inbox = new Map(children.map((c) => [c, []]));
  const waiting = new Map();
  for (const c of children) {
    c.on('message', (m) => {
      const w = waiting.get(c);
      if (w) {
        waiting.delete(c);
        w(m);
      } else inbox.get(c)?.push(m);
    });
  }
  /** The next message from a child (or an error if it is a failure). */
  const nextMessage = (c) =>
    new Promise((ok, fail) => {
      const queued = inbox.get(c)?.shift();
      const take = (m) => (m.type === 'failed' ? fail(new Error(m.message)) : ok(m));
      if (queued) take(queued);
      else waiting.set(c, take);
    });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  try {
    // Subscribers spread evenly: socket i follows package i mod P; the sockets split between the processes.
    const rssBefore = rssBytes(o.project.pid);
    const connectStarted = performance.now();
    const perChild = children.map(() => /** @type {string[]} */ ([]));
    for (let i = 0; i < o.subscribers; i++) perChild[i % children.length].push(o.pkgs[i % o.pkgs.length].trackingNumber);
    children.forEach((c, i) => c.send({ type: 'start', url: o.project.url, trackingNumbers: perChild[i] }));
    await Promise.all(children.map(nextMessage));
    const connectSeconds = round((performance.now() - connectStarted) / 1000, 1);
    o.log(`    ${o.subscribers} subscribers confirmed in ${connectSeconds} s over ${o.processes} processes; server RSS ${mb(rssBytes(o.project.pid))} MB`);

    // The sender: every 5 ms, as many fixes as the rate says are due, packages in turn.
    /** @type {Record<string, number>} accepted fixes that moved their package, per tracking number */
    const pushed = {};
    let acceptedTotal = 0;
    let late = 0;
    /** @type {Record<string, number>} */
    const statuses = {};
    /** @type {number[]} */
    const postLatencies = [];
    let sent = 0;
    let failed = 0;
    const inFlight = new Set();
    const post = (pkg) => {
      const sentAt = performance.timeOrigin + performance.now();
      const body = JSON.stringify(nextFix(pkg, Math.floor(sentAt)));
      const done = new Promise((resolve) => {
        const req = httpRequest(
          `${o.project.url}/api/packages/${pkg.id}/gps`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${pkg.driver.token}` } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c) => (text += c));
            res.on('end', () => {
              const status = res.statusCode ?? 0;
              statuses[status] = (statuses[status] ?? 0) + 1;
              if (status === 201) {
                acceptedTotal += 1;
                // A fix that arrives after a newer one of its package (a late fix) is stored for the trail but moves
                // nothing and is not pushed: only fixes that moved the package are expected on /ws.
                if (JSON.parse(text).movedCurrent) pushed[pkg.trackingNumber] = (pushed[pkg.trackingNumber] ?? 0) + 1;
                else late += 1;
              }
              postLatencies.push(performance.timeOrigin + performance.now() - sentAt);
              resolve(undefined);
            });
          },
        );
        req.on('error', () => {
          failed += 1;
          resolve(undefined);
        });
        req.end(body);
      });
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
    };
    const pids = { server: o.project.pid, loadGen: process.pid, ...Object.fromEntries(children.map((c, i) => [`subscribers${i}`, c.pid])) };
    const meter = cpuMeter(pids);
    const rss = rssSampler(o.project.pid);
    const started = performance.now();
    const total = Math.round(o.fixesPerSecond * o.seconds);
    await new Promise((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * o.fixesPerSecond));
        while (sent < due) post(o.pkgs[sent++ % o.pkgs.length]);
        if (sent >= total) {
          clearInterval(tick);
          resolve(undefined);
        }
      }, 5);
    });
    const sendSeconds = (performance.now() - started) / 1000;
    await Promise.all(inFlight);
    const cpu = meter.stop();
    children.forEach((c) => c.send({ type: 'finish', expected: pushed, drainMs: 10_000 }));
    const reports = await Promise.all(children.map(nextMessage));
    const rssMax = rss.stop();

    const delays = reports.flatMap((r) => r.delays).sort((a, b) => a - b);
    postLatencies.sort((a, b) => a - b);
    const non2xx = Object.entries(statuses).reduce((n, [code, c]) => (code.startsWith('2') ? n : n + c), 0);
    const result = {
      name: 'fanout',
      kind: 'fanout',
      subscribers: o.subscribers,
      packages: Math.min(o.pkgs.length, o.subscribers),
      subscriberProcesses: o.processes,
      targetFixesPerSecond: o.fixesPerSecond,
      seconds: o.seconds,
      fixesSent: sent,
      fixesAccepted: acceptedTotal,
      fixesLate: late,
      achievedAcceptedPerSecond: round(acceptedTotal / cpu.seconds),
      sendSeconds: round(sendSeconds, 2),
      statuses,
      non2xx,
      errors5xx: Object.entries(statuses).reduce((n, [code, c]) => (code.startsWith('5') ? n + c : n), 0),
      connErrors: failed,
      deliveriesExpected: reports.reduce((n, r) => n + r.expected, 0),
      deliveriesReceived: reports.reduce((n, r) => n + r.received, 0),
      lost: reports.reduce((n, r) => n + r.lost, 0),
      extra: reports.reduce((n, r) => n + r.extra, 0),
      socketErrors: reports.reduce((n, r) => n + r.errors, 0),
      deliveryP50Ms: round(percentile(delays, 50) ?? NaN, 1),
      deliveryP99Ms: round(percentile(delays, 99) ?? NaN, 1),
      deliveryMaxMs: round(delays.at(-1) ?? NaN, 1),
      postP99Ms: round(percentile(postLatencies, 99) ?? NaN, 1),
      serverRssBeforeMb: mb(rssBefore),
      serverRssMaxMb: mb(rssMax),
      connectSeconds,
      cores: cpu.coresBusy,
      machineBusyPct: cpu.machineBusyPct,
      otherCores: cpu.otherCores,
      cpuUsPerFix: cpu.micros.server != null && acceptedTotal ? round(cpu.micros.server / acceptedTotal, 1) : null,
    };
    o.log(
      `    sent ${sent} fixes in ${result.sendSeconds} s, accepted ${acceptedTotal} (${late} late, not pushed); deliveries ${result.deliveriesReceived}/${result.deliveriesExpected}, lost ${result.lost}; ` +
        `delivery p99 ${result.deliveryP99Ms} ms (max ${result.deliveryMaxMs}); server RSS max ${result.serverRssMaxMb} MB; cores: ${JSON.stringify(cpu.coresBusy)}, machine ${cpu.machineBusyPct}% busy (others ${cpu.otherCores} cores)`,
    );
    return result;
  } finally {
    agent.destroy();
    for (const c of children) {
      if (c.connected) c.send({ type: 'exit' });
      c.kill('SIGTERM');
    }
  }
}

/** @param {number | null} bytes */
function mb(bytes) {
  return bytes == null ? null : round(bytes / 1024 / 1024, 1);
}
