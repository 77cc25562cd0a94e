// Child processes under test: the built project server on a fresh database, and the bare baseline.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const SERVER_JS = join(ROOT, 'apps/server/dist/server.js');
const BARE_JS = join(ROOT, 'bench/lib/bare-server.mjs');

export const ADMIN = { email: 'bench@example.com', password: 'bench-admin-password' };

/**
 * Limits of the server that the benchmarks raise, and why. Each is printed with the results; nothing else is
 * changed, and no proxy headers are sent.
 */
export const RAISED_LIMITS = {
  PUBLIC_LOOKUPS_PER_MINUTE: { value: '1000000000', default: '60', why: 'every lookup comes from 127.0.0.1 (limit per IP)' },
  WS_CONNECTIONS_PER_IP: { value: '100000', default: '50', why: 'every /ws subscriber comes from 127.0.0.1 (limit per IP)' },
  INGEST_PER_MINUTE: { value: '1000000000', default: '600', why: 'per driver: 200 drivers at full speed send more than 10 fixes/s each' },
  PASSWORD_HASH_LOG_N: { value: '14', default: '17', why: 'cheaper PIN and password hashes make creating 200 drivers quick; no measured path hashes (the start-up bench keeps 17)' },
};

let nextPort = Number(process.env.BENCH_PORT_BASE) || 0;

/** A free TCP port on 127.0.0.1: from BENCH_PORT_BASE upwards when set, otherwise one the system picks. */
export async function freePort() {
  for (;;) {
    const wanted = nextPort ? nextPort++ : 0;
    const port = await new Promise((ok) => {
      const s = createServer();
      s.once('error', () => ok(null));
      s.listen(wanted, '127.0.0.1', () => {
        const p = /** @type {import('node:net').AddressInfo} */ (s.address()).port;
        s.close(() => ok(p));
      });
    });
    if (port) return port;
    if (!wanted) throw new Error('no free port');
  }
}

/** A fresh folder for one run's data (under BENCH_TMP or the system's temp folder), removed by `cleanup`. */
export function tempDir(name) {
  return mkdtempSync(join(process.env.BENCH_TMP ?? tmpdir(), `cargo-bench-${name}-`));
}

/**
 * @typedef {object} Child
 * @property {string} url
 * @property {number} pid
 * @property {number} port
 * @property {number} readyMs time from spawn to the first 200 of the ready path
 * @property {import('node:child_process').ChildProcess} child
 * @property {string} logFile
 * @property {() => Promise<void>} stop
 */

/**
 * Spawns a process that serves HTTP and waits for the first 200 of `readyPath`.
 * @param {string[]} args node arguments
 * @param {{ env?: Record<string, string>, cwd: string, port: number, readyPath: string, name: string, timeoutMs?: number, pollMs?: number }} o
 * @returns {Promise<Child>}
 */
async function spawnServer(args, o) {
  const logFile = join(o.cwd, `${o.name}.log`);
  const log = createWriteStream(logFile);
  await new Promise((ok) => log.once('open', ok));
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: o.cwd, env: { PATH: process.env.PATH ?? '', ...o.env }, stdio: ['ignore', log, log] });
  const exited = new Promise((ok) => child.once('exit', ok));
  const url = `http://127.0.0.1:${o.port}`;
  const deadline = Date.now() + (o.timeoutMs ?? 60_000);
  let readyMs = -1;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${o.name} exited early (${child.exitCode}):\n${readFileSync(logFile, 'utf8')}`);
    try {
      const res = await fetch(url + o.readyPath);
      await res.arrayBuffer();
      if (res.status === 200) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, o.pollMs ?? 5));
  }
  if (readyMs < 0) {
    child.kill('SIGKILL');
    throw new Error(`${o.name} did not answer ${o.readyPath} within ${(o.timeoutMs ?? 60_000) / 1000} s:\n${readFileSync(logFile, 'utf8')}`);
  }
  return {
    url,
    pid: /** @type {number} */ (child.pid),
    port: o.port,
    readyMs,
    child,
    logFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      log.end();
    },
  };
}

/**
 * The built production server (apps/server/dist/server.js, or `serverJs`: another checkout's build, for an A/B run) on
 * the database `databaseUrl`, with the benchmark's env.
 * @param {{ databaseUrl: string, cwd: string, env?: Record<string, string>, name?: string, readyPath?: string, pollMs?: number, raise?: boolean, serverJs?: string, nodeArgs?: string[], timeoutMs?: number }} o
 */
export async function startProject(o) {
  const port = await freePort();
  const raised = o.raise === false ? {} : Object.fromEntries(Object.entries(RAISED_LIMITS).map(([k, v]) => [k, v.value]));
  return spawnServer([...(o.nodeArgs ?? []), o.serverJs ?? SERVER_JS], {
    cwd: o.cwd,
    port,
    name: o.name ?? 'project',
    readyPath: o.readyPath ?? '/api/ready',
    pollMs: o.pollMs,
    timeoutMs: o.timeoutMs,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: o.databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      DEMO_DRIVE: 'false',
      LOG_LEVEL: 'warn',
      // A CPU profile of the server under a benchmark: BENCH_SERVER_NODE_OPTIONS='--import /path/to/profiler.mjs'.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...raised,
      ...o.env,
    },
  });
}

/**
 * The bare node:http baseline; `replyFile` holds the JSON a GET answers (a real lookup reply).
 * @param {{ cwd: string, replyFile?: string, name?: string, readyPath?: string, pollMs?: number }} o
 */
export async function startBare(o) {
  const port = await freePort();
  return spawnServer([BARE_JS, String(port), ...(o.replyFile ? [o.replyFile] : [])], {
    cwd: o.cwd,
    port,
    name: o.name ?? 'bare',
    readyPath: o.readyPath ?? '/api/health',
    pollMs: o.pollMs,
  });
}

/** Removes a temp folder made by tempDir. */
export function cleanup(dir) {
  rmSync(dir, { recursive: true, force: true });
}
