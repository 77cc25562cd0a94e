// HTTP load with autocannon's programmatic API: one round against one server, with the server's CPU read from /proc
// before and after; and the alternation of bare and project rounds that every throughput benchmark uses.
import autocannon from 'autocannon';
import { cpuMeter, round } from './proc.mjs';

/**
 * @typedef {object} RoundResult
 * @property {number} seconds
 * @property {number} requests responses received
 * @property {number} rps responses per second
 * @property {number | null} p50Ms
 * @property {number | null} p99Ms
 * @property {number | null} cpuUsPerRequest the server's CPU time (user + system) per response
 * @property {number | null} serverCores the server's CPU use in cores (1 = one core busy)
 * @property {number | null} loadGenCores this process's (the load generator's) CPU use in cores
 * @property {number} machineBusyPct the whole machine's CPU use, of all cores
 * @property {number} otherCores CPU use of every process not measured here (other people's work on the machine)
 * @property {Record<string, number>} statuses responses by status code
 * @property {number} non2xx
 * @property {number} errors5xx
 * @property {number} connErrors connection errors and timeouts
 * @property {number} unanswered requests sent but not answered when the round ended (cut off)
 * @property {Record<string, number | null>} [extraCores] CPU use of other processes measured alongside
 */

/**
 * Runs one round of load against one or more targets at once (several: the connections are split between them).
 * @param {{
 *   targets: { url: string, pid: number }[],
 *   connections?: number,
 *   seconds: number,
 *   request: (target: number, connection: Record<string, any>) => { method: string, path: string, headers?: Record<string, string>, body?: string },
 *   onReply?: (status: number, body: string) => void,
 *   extraPids?: () => Promise<Record<string, number | undefined>>,
 * }} o
 * @returns {Promise<RoundResult>}
 */
export async function loadRound(o) {
  const connections = o.connections ?? 50;
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  let sent = 0;
  let answered = 0;
  let connErrors = 0;
  const pids = Object.fromEntries(o.targets.map((t, i) => [`server${i}`, t.pid]));
  // Processes measured beside the servers (PostgreSQL's backends, Redis), asked for again at the end: a backend that
  // connected during the round (a pool reopening its connections) used all its CPU time within the round.
  const extraAtStart = (await o.extraPids?.()) ?? {};
  const meter = cpuMeter({ ...pids, loadGen: process.pid, ...extraAtStart });
  const share = (i) => Math.floor(connections / o.targets.length) + (i < connections % o.targets.length ? 1 : 0);
  const runs = o.targets.map((t, i) => {
    const instance = autocannon({
      url: t.url,
      connections: share(i),
      duration: o.seconds,
      timeout: 30,
      requests: [
        {
          // autocannon's context is one object per connection, kept across its requests.
          setupRequest: (req, context) => {
            sent += 1;
            return { ...req, ...o.request(i, context) };
          },
          ...(o.onReply ? { onResponse: (status, body) => o.onReply?.(status, body) } : {}),
        },
      ],
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      answered += 1;
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      latencies.push(responseTime);
    });
    instance.on('reqError', () => (connErrors += 1));
    return instance;
  });
  await Promise.all(runs);
  const extraAtEnd = (await o.extraPids?.()) ?? {};
  const cpu = meter.stop(Object.fromEntries(Object.entries(extraAtEnd).filter(([name]) => !(name in extraAtStart))));
  const serverMicros = Object.keys(pids).reduce((sum, k) => (sum == null || cpu.micros[k] == null ? null : sum + cpu.micros[k]), /** @type {number | null} */ (0));
  const serverCores = Object.keys(pids).reduce((sum, k) => (sum == null || cpu.coresBusy[k] == null ? null : sum + cpu.coresBusy[k]), /** @type {number | null} */ (0));
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(statuses).reduce((n, [code, c]) => (code.startsWith('2') ? n : n + c), 0);
  const errors5xx = Object.entries(statuses).reduce((n, [code, c]) => (code.startsWith('5') ? n + c : n), 0);
  /** @type {Record<string, number | null>} */
  const extraCores = {};
  for (const k of new Set([...Object.keys(extraAtStart), ...Object.keys(extraAtEnd)])) extraCores[k] = cpu.coresBusy[k];
  return {
    seconds: round(cpu.seconds, 2),
    requests: answered,
    rps: round(answered / cpu.seconds),
    p50Ms: roundOrNull(percentile(latencies, 50), 1),
    p99Ms: roundOrNull(percentile(latencies, 99), 1),
    cpuUsPerRequest: serverMicros != null && answered ? round(serverMicros / answered, 1) : null,
    serverCores: serverCores != null ? round(serverCores, 2) : null,
    loadGenCores: cpu.coresBusy.loadGen,
    machineBusyPct: cpu.machineBusyPct,
    otherCores: cpu.otherCores,
    statuses,
    non2xx,
    errors5xx,
    connErrors,
    unanswered: Math.max(0, sent - answered - connErrors),
    ...(o.extraPids ? { extraCores } : {}),
  };
}

/**
 * The p-th percentile of sorted values (nearest rank), or null when there are none.
 * @param {number[]} sorted
 * @param {number} p
 */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** @param {number | null} v @param {number} digits */
const roundOrNull = (v, digits) => (v == null ? null : round(v, digits));

/** @param {number[]} values */
export function median(values) {
  const s = values.filter((v) => v != null).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Alternates rounds: bare, project, bare, project, ... `rounds` times each, after one unmeasured warm-up round of
 * each (so both are measured with their code compiled by the JIT); then sums them up.
 * @param {{ rounds: number, warmupSeconds: number, bare: (seconds: number) => Promise<RoundResult>, project: (seconds: number) => Promise<RoundResult>, seconds: number, log: (line: string) => void }} o
 */
export async function alternate(o) {
  if (o.warmupSeconds > 0) {
    await o.bare(o.warmupSeconds);
    await o.project(o.warmupSeconds);
  }
  /** @type {RoundResult[]} */
  const bare = [];
  /** @type {RoundResult[]} */
  const project = [];
  for (let r = 0; r < o.rounds; r++) {
    bare.push(await o.bare(o.seconds));
    o.log(`    round ${r + 1}: bare ${fmtRound(bare.at(-1))}`);
    project.push(await o.project(o.seconds));
    o.log(`    round ${r + 1}: project ${fmtRound(project.at(-1))}`);
  }
  const b = summarise(bare);
  const p = summarise(project);
  return { bare: b, project: p, ratio: b.medianRps ? round(p.medianRps / b.medianRps, 3) : null };
}

/** @param {RoundResult[]} rounds */
export function summarise(rounds) {
  const rps = rounds.map((r) => r.rps);
  return {
    medianRps: round(median(rps) ?? 0),
    minRps: Math.min(...rps),
    maxRps: Math.max(...rps),
    p99Ms: roundOrNull(median(rounds.map((r) => r.p99Ms)), 1),
    cpuUsPerRequest: roundOrNull(median(rounds.map((r) => r.cpuUsPerRequest)), 1),
    serverCores: roundOrNull(median(rounds.map((r) => r.serverCores)), 2),
    loadGenCores: roundOrNull(median(rounds.map((r) => r.loadGenCores)), 2),
    machineBusyPct: roundOrNull(median(rounds.map((r) => r.machineBusyPct)), 1),
    otherCores: roundOrNull(median(rounds.map((r) => r.otherCores)), 2),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors5xx: rounds.reduce((n, r) => n + r.errors5xx, 0),
    connErrors: rounds.reduce((n, r) => n + r.connErrors, 0),
    statuses: rounds.reduce((all, r) => {
      for (const [k, v] of Object.entries(r.statuses)) all[k] = (all[k] ?? 0) + v;
      return all;
    }, /** @type {Record<string, number>} */ ({})),
    rounds,
  };
}

/** @param {RoundResult | undefined} r */
export function fmtRound(r) {
  if (!r) return '';
  return `${r.rps}/s, p99 ${r.p99Ms} ms, ${r.cpuUsPerRequest} µs CPU/req, server ${r.serverCores} cores, load generator ${r.loadGenCores} cores, machine ${r.machineBusyPct}% busy (others ${r.otherCores} cores), non-2xx ${r.non2xx}`;
}
