// Benchmark 4: fan-out. Subscribers on /ws (in separate processes, so the load generator is not the bottleneck on
// 2 cores; each process's CPU is reported) follow the data set's packages; this process posts fixes at a fixed rate
// (open loop: a slow server does not slow the sender), each with its device time set to the moment its POST is sent.
// Every subscriber of a package must receive the location_update of each accepted fix that moved the package.
// With several instances (`projects`, bridged through Redis) the sockets are spread over them and the fixes posted to
// them in turn, as behind a load balancer: most subscribers get a fix from another instance than the one it reached.
// Sockets come from the loopback addresses 127.0.0.10, .11, ... (SOCKETS_PER_ADDRESS each): one source address has
// about 28,000 ephemeral ports, fewer than 50,000 sockets need.
import { fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { nextFix } from '../lib/dataset.mjs';
import { percentile } from '../lib/load.mjs';
import { cpuMeter, openFilesLimit, round, rssBytes, rssSampler } from '../lib/proc.mjs';
import { ROOT } from '../lib/servers.mjs';

/**
 * @param {{
 *   project?: import('../lib/servers.mjs').Child,
 *   projects?: import('../lib/servers.mjs').Child[],
 *   pkgs: import('../lib/dataset.mjs').Pkg[],
 *   subscribers: number, processes: number, fixesPerSecond: number, seconds: number,
 *   extraPids?: () => Promise<Record<string, number | undefined>>,
 *   connectConcurrency?: number, postToFirst?: boolean,
 *   log: (line: string) => void,
 * }} o
 */
export async function fanoutBench(o) {
  const projects = o.projects ?? (o.project ? [o.project] : []);
  if (projects.length === 0) throw new Error('fanoutBench: no server to subscribe to');
  // Every socket is a file descriptor in a subscriber process and in a server: check the limit before opening them.
  const fdLimit = openFilesLimit();
  const perChildSockets = Math.ceil(o.subscribers / o.processes);
  const perServerSockets = Math.ceil(o.subscribers / projects.length);
  // A server takes at most its open-files limit less a reserve (apps/server/src/lib/open-files.ts, decision 057).
  const serverCap = fdLimit == null ? Infinity : fdLimit - Math.min(1000, Math.floor(fdLimit / 4));
  if (fdLimit != null && (perChildSockets > fdLimit - 100 || perServerSockets > serverCap)) {
    throw new Error(
      `${o.subscribers} subscribers need ${perServerSockets} sockets per server (a server takes ${serverCap} with the open-files limit of ${fdLimit}) and ${perChildSockets} ` +
        'per subscriber process: use more instances, more --subscriber-processes, or raise ulimit -n',
    );
  }
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
    // Subscribers spread evenly: socket i follows package i mod P, on server i mod S, from loopback address
    // 127.0.0.(10 + i / SOCKETS_PER_ADDRESS); the sockets split between the processes.
    const rssBefore = projects.map((p) => rssBytes(p.pid));
    const connectStarted = performance.now();
    const urls = projects.map((p) => p.url);
    const perChild = children.map(() => /** @type {[number, string, string][]} */ ([]));
    for (let i = 0; i < o.subscribers; i++) {
      perChild[i % children.length].push([i % projects.length, o.pkgs[i % o.pkgs.length].trackingNumber, `127.0.0.${10 + Math.floor(i / SOCKETS_PER_ADDRESS)}`]);
    }
    children.forEach((c, i) => c.send({ type: 'start', urls, sockets: perChild[i], concurrency: o.connectConcurrency }));
    await Promise.all(children.map(nextMessage));
    const connectSeconds = round((performance.now() - connectStarted) / 1000, 1);
    const rssConnected = projects.map((p) => rssBytes(p.pid));
    o.log(
      `    ${o.subscribers} subscribers confirmed in ${connectSeconds} s over ${o.processes} processes and ${projects.length} server(s); server RSS ${rssConnected.map(mb).join(' + ')} MB (before ${rssBefore.map(mb).join(' + ')})`,
    );

    // The sender: every 5 ms, as many fixes as the rate says are due, packages in turn.
    /** @type {Record<string, number>} accepted fixes that moved their package, per tracking number */
    const pushed = {};
    let acceptedTotal = 0;
    let late = 0;
    /** @type {Record<string, number>} */
    const statuses = {};
    /** @type {number[]} */
    const postLatencies = [];
    /** When the POST of each fix ('trackingNumber deviceTimeMs') was answered: the fan-out's own share is after it. */
    const answered = new Map();
    let sent = 0;
    let failed = 0;
    const inFlight = new Set();
    const post = (pkg, serverIndex) => {
      const sentAt = performance.timeOrigin + performance.now();
      const body = JSON.stringify(nextFix(pkg, Math.floor(sentAt)));
      const fixKey = `${pkg.trackingNumber} ${pkg.lastMs}`;
      const done = new Promise((resolve) => {
        const req = httpRequest(
          `${projects[serverIndex].url}/api/packages/${pkg.id}/gps`,
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
              const answeredAt = performance.timeOrigin + performance.now();
              answered.set(fixKey, answeredAt);
              postLatencies.push(answeredAt - sentAt);
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
    const serverPids = Object.fromEntries(projects.map((p, i) => [projects.length === 1 ? 'server' : `server${i}`, p.pid]));
    const pids = { ...serverPids, ...(o.extraPids ? await o.extraPids() : {}), loadGen: process.pid, ...Object.fromEntries(children.map((c, i) => [`subscribers${i}`, c.pid])) };
    const meter = cpuMeter(pids);
    const rss = projects.map((p) => rssSampler(p.pid));
    const started = performance.now();
    const total = Math.round(o.fixesPerSecond * o.seconds);
    await new Promise((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * o.fixesPerSecond));
        while (sent < due) {
          post(o.pkgs[sent % o.pkgs.length], o.postToFirst ? 0 : sent % projects.length);
          sent += 1;
        }
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
    const rssMax = rss.map((r) => r.stop());
    const serverMicros = Object.keys(serverPids).reduce((n, k) => n + (cpu.micros[k] ?? 0), 0);

    // The delivery delays second by second of the run (p99 and max of those that arrived in it): a slow second
    // shows when the time went (the 30-s heartbeat, a garbage collection, the machine's other load).
    /** @type {Map<number, number[]>} */
    const bySecond = new Map();
    const startMs = performance.timeOrigin + started;
    for (const r of reports) {
      r.arrivals.forEach((at, i) => {
        const s = Math.floor((at - startMs) / 1000);
        let list = bySecond.get(s);
        if (!list) bySecond.set(s, (list = []));
        list.push(r.delays[i]);
      });
    }
    const perSecond = [...bySecond.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([second, list]) => {
        list.sort((a, b) => a - b);
        return { second, count: list.length, p99Ms: round(percentile(list, 99) ?? NaN, 1), maxMs: round(list.at(-1) ?? NaN, 1) };
      });
    const delays = reports.flatMap((r) => r.delays).sort((a, b) => a - b);
    // Arrival less the moment the sender had the POST's answer: the fan-out's share of the delay, about (the server
    // publishes just before it answers, so an update may arrive first: counted as 0).
    const afterAnswer = reports
      .flatMap((r) =>
        r.arrivals.map((at, i) => {
          const a = answered.get(r.fixes[i]);
          return a === undefined ? null : Math.max(0, at - a);
        }),
      )
      .filter((v) => v !== null)
      .sort((a, b) => a - b);
    postLatencies.sort((a, b) => a - b);
    const non2xx = Object.entries(statuses).reduce((n, [code, c]) => (code.startsWith('2') ? n : n + c), 0);
    const result = {
      name: 'fanout',
      kind: 'fanout',
      subscribers: o.subscribers,
      packages: Math.min(o.pkgs.length, o.subscribers),
      subscriberProcesses: o.processes,
      instances: projects.length,
      postedTo: o.postToFirst ? 'first instance' : 'every instance in turn',
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
      // The last position of each package replayed on subscription (decision 065), from before the run: not counted.
      replayedOnSubscribe: reports.reduce((n, r) => n + (r.replayed ?? 0), 0),
      socketErrors: reports.reduce((n, r) => n + r.errors, 0),
      deliveryP50Ms: round(percentile(delays, 50) ?? NaN, 1),
      deliveryP99Ms: round(percentile(delays, 99) ?? NaN, 1),
      deliveryMaxMs: round(delays.at(-1) ?? NaN, 1),
      afterAnswerMatched: afterAnswer.length,
      afterAnswerP50Ms: round(percentile(afterAnswer, 50) ?? NaN, 1),
      afterAnswerP99Ms: round(percentile(afterAnswer, 99) ?? NaN, 1),
      postP99Ms: round(percentile(postLatencies, 99) ?? NaN, 1),
      serverRssBeforeMb: mb(Math.max(...rssBefore.map((v) => v ?? 0))),
      serverRssMaxMb: mb(Math.max(...rssMax)),
      servers: projects.map((p, i) => ({
        rssBeforeMb: mb(rssBefore[i]),
        rssConnectedMb: mb(rssConnected[i]),
        rssMaxMb: mb(rssMax[i]),
        cores: cpu.coresBusy[Object.keys(serverPids)[i]],
      })),
      serverCores: round(serverMicros / 1e6 / cpu.seconds, 2),
      deliveriesPerSecond: round(reports.reduce((n, r) => n + r.received, 0) / sendSeconds),
      openFilesLimit: fdLimit,
      perSecond,
      connectSeconds,
      cores: cpu.coresBusy,
      coresGrouped: groupCores(cpu.coresBusy),
      machineBusyPct: cpu.machineBusyPct,
      otherCores: cpu.otherCores,
      cpuUsPerFix: acceptedTotal ? round(serverMicros / acceptedTotal, 1) : null,
    };
    o.log(
      `    sent ${sent} fixes in ${result.sendSeconds} s, accepted ${acceptedTotal} (${late} late, not pushed); deliveries ${result.deliveriesReceived}/${result.deliveriesExpected}, lost ${result.lost} (${result.replayedOnSubscribe} replays of earlier fixes not counted); ` +
        `delivery p50 ${result.deliveryP50Ms} ms, p99 ${result.deliveryP99Ms} ms (max ${result.deliveryMaxMs}), POST p99 ${result.postP99Ms} ms, after the POST's answer p50 ${result.afterAnswerP50Ms} ms, p99 ${result.afterAnswerP99Ms} ms (${result.afterAnswerMatched} matched); server RSS max ${rssMax.map(mb).join(' + ')} MB; cores: ${JSON.stringify(result.coresGrouped)}, machine ${cpu.machineBusyPct}% busy (others ${cpu.otherCores} cores)`,
    );
    const slow = perSecond.filter((p) => p.p99Ms > 100);
    if (slow.length) o.log(`    seconds with a delivery p99 over 100 ms: ${slow.map((p) => `${p.second} s: ${p.p99Ms} ms (${p.count})`).join(', ')}`);
    return result;
  } finally {
    agent.destroy();
    for (const c of children) {
      if (c.connected) c.send({ type: 'exit' });
      c.kill('SIGTERM');
    }
  }
}

/** The cores each kind of process used: servers, PostgreSQL backends, Redis, the sender, the subscriber processes. */
function groupCores(/** @type {Record<string, number | null>} */ cores) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const [name, v] of Object.entries(cores)) {
    const kind = name.startsWith('pg') ? 'postgres' : name.startsWith('subscribers') ? 'subscribers' : name;
    out[kind] = round((out[kind] ?? 0) + (v ?? 0), 2);
  }
  return out;
}

/** Subscriber sockets per loopback source address. */
const SOCKETS_PER_ADDRESS = 10_000;

/** @param {number | null} bytes */
function mb(bytes) {
  return bytes == null ? null : round(bytes / 1024 / 1024, 1);
}
