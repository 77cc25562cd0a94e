import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const root = resolve(import.meta.dirname, '../..');
const serverJs = join(root, 'apps/server/dist/server.js');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

/** Starts the built server as a real process on a fresh data folder, as `npm start` does. */
describe('start-up: the built server as a real process', () => {
  let child: ChildProcess;
  let dataDir: string;
  let base: string;
  let log = '';
  let exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cargo-start-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [serverJs], {
      cwd: dataDir,
      env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    exit = new Promise((ok) => child.on('exit', (code, signal) => ok({ code, signal })));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
      if (/Server listening/.test(log)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start within 30 s:\n${log}`);
  }, 40_000);

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the generated first admin password and the demo drivers once', () => {
    expect(log).toMatch(/First admin created: sign in at \/admin with email admin@example\.com and password \S{20}/);
    expect(log).toMatch(/Demo data seeded: try tracking number \S+\. Driver sign-in \(phone \/ PIN\): .*\/ \d{6}/);
  });

  it('prints a plain block with the admin sign-in and the demo data, apart from the JSON log', async () => {
    const deadline = Date.now() + 5000;
    while (!/Demo drivers, sign in at/.test(log) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const block = log.slice(log.indexOf('Cargo tracking is running at'));
    expect(block).toMatch(new RegExp(`^Cargo tracking is running at http://127\\.0\\.0\\.1:\\d+\\n`));
    expect(block).toMatch(/\n +email +admin@example\.com\n +password +\S{20} /);
    expect(block).toMatch(/\n Demo data: track \S+ at /);
    expect(block).toMatch(/\n {3}.+ {2}\(\d{3}\) \d{3}-\d{4} \/ \d{6}\n/);
    // Plain text, not JSON log lines.
    expect(block.split('\n').slice(0, 3).every((line) => !line.startsWith('{'))).toBe(true);
  });

  it('serves the web app at /', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(await res.text()).toMatch(/<div id="root">/);
    // Clients that accept no compression (curl, health checkers) get the plain file; a client route gets the app.
    for (const path of ['/', '/track-live/ABC123', '/admin']) {
      const plain = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.status, path).toBe(200);
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      expect(await plain.text()).toMatch(/<div id="root">/);
    }
    const missing = await fetch(`${base}/api/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });
  });

  it('serves a demo package and its history', async () => {
    const tracking = /try tracking number (\S+)\./.exec(log)![1]!;
    const res = await fetch(`${base}/api/packages/${tracking.toLowerCase()}`);
    expect(res.status).toBe(200);
    const pkg = await res.json();
    expect(pkg.trackingNumber).toBe(tracking);
    expect(pkg.status).toBe('out_for_delivery');
    const history = await fetch(`${base}/api/packages/${tracking}/history`);
    expect((await history.json()).length).toBeGreaterThan(0);
  });

  it('accepts a WebSocket on /ws and confirms a subscription', async () => {
    const tracking = /try tracking number (\S+)\./.exec(log)![1]!;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    const message = await new Promise<{ type: string; trackingId?: string }>((ok, fail) => {
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', trackingId: tracking })));
      ws.on('message', (data) => ok(JSON.parse(String(data))));
      ws.on('error', fail);
      setTimeout(() => fail(new Error('no WebSocket message within 5 s')), 5_000);
    });
    expect(message).toMatchObject({ type: 'subscription_confirmed', trackingId: tracking });
    ws.close();
  });

  it('stops cleanly on SIGTERM', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    await new Promise((ok) => ws.on('open', ok));
    const closed = new Promise((ok) => ws.on('close', ok));
    child.kill('SIGTERM');
    const { code } = await exit;
    expect(code).toBe(0);
    await closed;
    expect(log).toMatch(/shutdown complete/);
  }, 20_000);
});
