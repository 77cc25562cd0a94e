import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResponse, Package, WebhookEndpointCreated } from '@cargo/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, api, freePort, pgQuery, PG_URL, postgresAvailable, samplePackage, startServer, waitFor, type ServerProcess } from './server-process.ts';

/**
 * Webhooks under faults (issue 19), with the built server as real processes and a receiver of the test's own on
 * loopback (allowed by WEBHOOK_ALLOWED_HOSTS): the receiver down for a while, then up (every event delivered, each
 * package's in order of sequence once sorted); a SIGKILL while deliveries are on their way (nothing lost, and what is
 * sent again carries the same webhook-id); two instances on one PostgreSQL schema and one Redis (each message sent
 * once).
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const SECRETS_KEY = randomBytes(32).toString('base64');

interface Delivery {
  id: string;
  type: string;
  packageId: string;
  sequence: number;
  verified: boolean;
}

interface Receiver {
  url: string;
  deliveries: Delivery[];
  secret: string;
  /** Holds every request without answering while set (the server is killed meanwhile). */
  hold: boolean;
  held: ServerResponse[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A receiver that can be down (nothing listening on its port) and come back on the same port. */
async function receiverOnPort(): Promise<Receiver> {
  const port = await freePort();
  let server: Server | null = null;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries: [],
    secret: '',
    hold: false,
    held: [],
    start: () =>
      new Promise((ok) => {
        server = createServer((req, res) => {
          let body = '';
          req.on('data', (c: Buffer) => (body += c));
          req.on('end', () => {
            if (receiver.hold) {
              receiver.held.push(res);
              return;
            }
            receiver.deliveries.push(parse(body, req.headers, receiver.secret));
            res.writeHead(204).end();
          });
        });
        server.listen(port, '127.0.0.1', () => ok());
      }),
    stop: () =>
      new Promise((ok) => {
        if (!server) return ok();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
  return receiver;
}

function parse(body: string, headers: IncomingHttpHeaders, secret: string): Delivery {
  const payload = JSON.parse(body) as { type: string; data: { id: string; sequence: number } };
  let verified = true;
  try {
    new Webhook(secret).verify(body, headers as Record<string, string>);
  } catch {
    verified = false;
  }
  return { id: String(headers['webhook-id']), type: payload.type, packageId: payload.data.id, sequence: payload.data.sequence, verified };
}

const packageBody = (n: number) =>
  samplePackage({ trackingNumber: `WHK${randomBytes(4).toString('hex').toUpperCase()}${n}`, currentLocation: 'Chicago, IL', estimatedDelivery: '', customerPhone: '(414) 555-0142' });

/** Each package: created, picked up, in transit, out for delivery (four events, sequence 1-4). */
async function packagesMoving(bases: string[], token: string, count: number): Promise<Package[]> {
  const made: Package[] = [];
  for (let n = 0; n < count; n++) {
    const base = bases[n % bases.length]!;
    const created = await api<Package>(base, 'POST', '/api/packages', packageBody(n), token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
      const moved = await api(bases[(n + 1) % bases.length]!, 'POST', `/api/packages/${created.body.id}/status`, { status, location: 'Depot', description: status }, token);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    made.push(created.body);
  }
  return made;
}

/** Every event of every package arrived, signed; one webhook-id per event; sorted by sequence each package reads 1-4. */
function expectAllEvents(receiver: Receiver, packages: Package[], { once }: { once: boolean }) {
  expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
  for (const pkg of packages) {
    const mine = receiver.deliveries.filter((d) => d.packageId === pkg.id);
    const byId = new Map(mine.map((d) => [d.id, d]));
    const sequences = [...byId.values()].map((d) => d.sequence).sort((a, b) => a - b);
    expect(sequences, pkg.trackingNumber).toEqual([1, 2, 3, 4]);
    expect([...byId.values()].sort((a, b) => a.sequence - b.sequence).map((d) => d.type)).toEqual(['package.created', 'package.picked_up', 'package.in_transit', 'package.out_for_delivery']);
    if (once) expect(mine.length, `${pkg.trackingNumber}: ${mine.length} requests`).toBe(4);
  }
}

async function registerEndpoint(base: string, token: string, receiver: Receiver): Promise<void> {
  const created = await api<WebhookEndpointCreated>(base, 'POST', '/api/webhooks/endpoints', { url: receiver.url, eventTypes: ['*'] }, token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  receiver.secret = created.body.secret;
}

describe.concurrent('webhooks under faults', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const env = {
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    SECRETS_KEY,
    WEBHOOK_POLL_MS: '100',
    // Short waits, and enough of them to outlast the receiver's outage.
    WEBHOOK_RETRY_SCHEDULE: '0,200,400,800,1000,1000,1000,1000,1000,1000,1000,1000,1000,1000',
    WEBHOOK_TIMEOUT_MS: '1000',
    // Short, so a sender killed mid-delivery lets its message go soon; longer than the timeout (env.ts refuses less).
    WEBHOOK_LEASE_MS: '1500',
  };

  it('the receiver down for 3 s, then up: every event is delivered, each package in order of sequence once sorted (SQLite)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cargo-webhook-down-'));
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    const receiver = await receiverOnPort();
    cleanups.push(() => receiver.stop());
    const server = await startServer(join(cwd, 'cargo.db'), cwd, env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const token = (await api<LoginResponse>(server.base, 'POST', '/api/auth/login', ADMIN)).body.token;
    await registerEndpoint(server.base, token, receiver);
    const packages = await packagesMoving([server.base], token, 5);
    await new Promise((r) => setTimeout(r, 3000));
    expect(receiver.deliveries).toHaveLength(0);
    await receiver.start();
    await waitFor(() => new Set(receiver.deliveries.map((d) => d.id)).size >= packages.length * 4, 20_000, () => `${receiver.deliveries.length} of ${packages.length * 4}`);
    await new Promise((r) => setTimeout(r, 1000));
    expectAllEvents(receiver, packages, { once: true });
    server.child.kill('SIGTERM');
    await server.exited;
  });

  async function killMidDelivery(databaseUrl: string) {
    const cwd = mkdtempSync(join(tmpdir(), 'cargo-webhook-kill-'));
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    const receiver = await receiverOnPort();
    await receiver.start();
    cleanups.push(() => receiver.stop());
    let server: ServerProcess = await startServer(databaseUrl, cwd, env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const token = (await api<LoginResponse>(server.base, 'POST', '/api/auth/login', ADMIN)).body.token;
    await registerEndpoint(server.base, token, receiver);
    // Requests arrive and are held: the server dies with them on their way.
    receiver.hold = true;
    const packages = await packagesMoving([server.base], token, 4);
    await waitFor(() => receiver.held.length >= 1, 10_000, () => 'a request on its way');
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    const heldBeforeKill = receiver.held.length;
    for (const res of receiver.held) res.destroy();
    receiver.held = [];
    receiver.hold = false;

    server = await startServer(databaseUrl, cwd, env);
    await waitFor(() => new Set(receiver.deliveries.map((d) => d.id)).size >= packages.length * 4, 30_000, () => `${new Set(receiver.deliveries.map((d) => d.id)).size} of ${packages.length * 4}`);
    await new Promise((r) => setTimeout(r, 1500));
    // Nothing lost; a request the receiver had when the server died comes again under the same webhook-id, which a
    // receiver that dedupes by it takes once.
    expect(heldBeforeKill).toBeGreaterThan(0);
    expectAllEvents(receiver, packages, { once: false });
    server.child.kill('SIGTERM');
    await server.exited;
  }

  it('SIGKILL with deliveries on their way: nothing lost, a resend keeps its webhook-id (SQLite)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cargo-webhook-db-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await killMidDelivery(join(dir, 'cargo.db'));
  });

  it('SIGKILL with deliveries on their way: nothing lost, a resend keeps its webhook-id (PostgreSQL)', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const schema = `webhook_kill_${randomBytes(4).toString('hex')}`;
    cleanups.push(() => pgQuery(`drop schema if exists "${schema}" cascade`).then(() => undefined));
    await killMidDelivery(`${PG_URL}?schema=${schema}`);
  });

  it('two instances on one PostgreSQL schema and one Redis send each message once', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const schema = `webhook_two_${randomBytes(4).toString('hex')}`;
    cleanups.push(() => pgQuery(`drop schema if exists "${schema}" cascade`).then(() => undefined));
    const cwd = mkdtempSync(join(tmpdir(), 'cargo-webhook-two-'));
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    const receiver = await receiverOnPort();
    await receiver.start();
    cleanups.push(() => receiver.stop());
    // A lease as in production (more than a send can take on a loaded machine): exactly once is the claim's doing, not
    // a sender that happens to finish before a short lease ends.
    const twoEnv = { ...env, REDIS_URL, WEBHOOK_POLL_MS: '50', WEBHOOK_LEASE_MS: '20000' };
    const databaseUrl = `${PG_URL}?schema=${schema}`;
    const first = await startServer(databaseUrl, cwd, twoEnv);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const second = await startServer(databaseUrl, cwd, twoEnv);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const token = (await api<LoginResponse>(first.base, 'POST', '/api/auth/login', ADMIN)).body.token;
    await registerEndpoint(first.base, token, receiver);
    // Changes on both instances; both workers read the one outbox and race for every message.
    const packages = await packagesMoving([first.base, second.base], token, 12);
    await waitFor(() => receiver.deliveries.length >= packages.length * 4, 20_000, () => `${receiver.deliveries.length} of ${packages.length * 4}`);
    await new Promise((r) => setTimeout(r, 1000));
    expectAllEvents(receiver, packages, { once: true });
    const attempts = await pgQuery<{ n: string }>('select count(*) as n from webhook_attempts', [], schema);
    expect(Number(attempts[0]!.n)).toBe(packages.length * 4);
    for (const server of [first, second]) server.child.kill('SIGTERM');
    await Promise.all([first.exited, second.exited]);
  });
});
