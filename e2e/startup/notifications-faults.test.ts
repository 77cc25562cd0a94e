import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResponse, Package } from '@cargo/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, api, freePort, pgQuery, PG_URL, postgresAvailable, samplePackage, startServer, waitFor, type ServerProcess } from './server-process.ts';

/**
 * Customer notifications under faults (issue 17), with the built server as real processes and an SMS gateway of the
 * test's own on loopback: a SIGKILL between the change and the send loses no message and sends none twice; two
 * instances on one PostgreSQL schema and one Redis send each message once.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';

interface Gateway {
  url: string;
  port: number;
  received: Array<{ to: string; message: string }>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** An SMS gateway that can be down (nothing listening on its port) and come back on the same port. */
async function gatewayOnPort(): Promise<Gateway> {
  const port = await freePort();
  let server: Server | null = null;
  const gateway: Gateway = {
    url: `http://127.0.0.1:${port}/send`,
    port,
    received: [],
    start: () =>
      new Promise((ok) => {
        server = createServer((req, res) => {
          let body = '';
          req.on('data', (c: Buffer) => (body += c));
          req.on('end', () => {
            gateway.received.push(JSON.parse(body) as { to: string; message: string });
            res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
          });
        });
        server.listen(port, '127.0.0.1', () => ok());
      }),
    stop: () => new Promise((ok) => (server ? server.close(() => ok()) : ok())),
  };
  return gateway;
}

/** Each package its own phone, so every text names its recipient. */
const packageBody = (n: number) =>
  samplePackage({ trackingNumber: `NTF${randomBytes(4).toString('hex').toUpperCase()}${n}`, status: 'in_transit', currentLocation: 'Chicago, IL', estimatedDelivery: '', customerPhone: `(414) 555-${String(1000 + n).slice(-4)}` });

/** No quiet hours: the test runs at any hour. */
async function noQuietHours(base: string, token: string) {
  const res = await api(base, 'PUT', '/api/notifications/settings', { quietHoursStart: '00:00', quietHoursEnd: '00:00', dailyCapPerPackage: 20 }, token);
  expect(res.status).toBe(200);
}

async function packagesOutForDelivery(bases: string[], token: string, count: number): Promise<Package[]> {
  const made: Package[] = [];
  for (let n = 0; n < count; n++) {
    const base = bases[n % bases.length]!;
    const created = await api<Package>(base, 'POST', '/api/packages', packageBody(n), token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const out = await api(base, 'PATCH', `/api/packages/${created.body.id}/status`, { status: 'out_for_delivery' }, token);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    made.push(created.body);
  }
  return made;
}

/** Each package's 'out for delivery' text arrived, exactly once. */
function expectEachOnce(gateway: Gateway, packages: Package[]) {
  for (const pkg of packages) {
    const texts = gateway.received.filter((t) => t.message.includes(`package ${pkg.trackingNumber} is out for delivery`));
    expect(texts.length, `${pkg.trackingNumber}: ${texts.length} texts`).toBe(1);
  }
  expect(gateway.received.length).toBe(packages.length);
}

describe.concurrent('notifications under faults', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function killBetweenChangeAndSend(databaseUrl: string) {
    const cwd = mkdtempSync(join(tmpdir(), 'cargo-notify-'));
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    const gateway = await gatewayOnPort();
    cleanups.push(() => gateway.stop());
    // The gateway is down: every attempt before the kill fails at once (connection refused) and is kept to retry.
    const env = { SMS_GATEWAY_URL: gateway.url, NOTIFY_POLL_MS: '200', NOTIFY_RETRY_BASE_MS: '500', NOTIFY_LEASE_MS: '2000' };
    let server: ServerProcess = await startServer(databaseUrl, cwd, env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const token = (await api<LoginResponse>(server.base, 'POST', '/api/auth/login', ADMIN)).body.token;
    await noQuietHours(server.base, token);
    const packages = await packagesOutForDelivery([server.base], token, 6);
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');

    await gateway.start();
    server = await startServer(databaseUrl, cwd, env);
    await waitFor(() => gateway.received.length >= packages.length, 20_000, () => `${gateway.received.length} of ${packages.length} texts`);
    // Time for a duplicate to show, were one going to.
    await new Promise((r) => setTimeout(r, 1500));
    expectEachOnce(gateway, packages);
    server.child.kill('SIGTERM');
    await server.exited;
  }

  it('SIGKILL between the change and the send: each message is sent after the restart, once (SQLite)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cargo-notify-db-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await killBetweenChangeAndSend(join(dir, 'cargo.db'));
  });

  it('SIGKILL between the change and the send: each message is sent after the restart, once (PostgreSQL)', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const schema = `notify_kill_${randomBytes(4).toString('hex')}`;
    cleanups.push(() => pgQuery(`drop schema if exists "${schema}" cascade`).then(() => undefined));
    await killBetweenChangeAndSend(`${PG_URL}?schema=${schema}`);
  });

  it('two instances on one PostgreSQL schema and one Redis send each message once', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const schema = `notify_two_${randomBytes(4).toString('hex')}`;
    cleanups.push(() => pgQuery(`drop schema if exists "${schema}" cascade`).then(() => undefined));
    const cwd = mkdtempSync(join(tmpdir(), 'cargo-notify-two-'));
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    const gateway = await gatewayOnPort();
    await gateway.start();
    cleanups.push(() => gateway.stop());
    const env = { SMS_GATEWAY_URL: gateway.url, REDIS_URL, NOTIFY_POLL_MS: '50' };
    const databaseUrl = `${PG_URL}?schema=${schema}`;
    const first = await startServer(databaseUrl, cwd, env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const second = await startServer(databaseUrl, cwd, env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const token = (await api<LoginResponse>(first.base, 'POST', '/api/auth/login', ADMIN)).body.token;
    await noQuietHours(first.base, token);
    // Changes on both instances; both workers read the one outbox and race for every message.
    const packages = await packagesOutForDelivery([first.base, second.base], token, 30);
    await waitFor(() => gateway.received.length >= packages.length, 20_000, () => `${gateway.received.length} of ${packages.length} texts`);
    await new Promise((r) => setTimeout(r, 1000));
    expectEachOnce(gateway, packages);
    const sent = await pgQuery<{ n: string }>(`select count(*) as n from notification_messages where status = 'sent'`, [], schema);
    expect(Number(sent[0]!.n)).toBe(packages.length);
    for (const server of [first, second]) server.child.kill('SIGTERM');
    await Promise.all([first.exited, second.exited]);
  });
});
