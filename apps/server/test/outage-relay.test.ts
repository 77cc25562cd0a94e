import { createServer, connect, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from './fixtures.ts';
import { DIALECT, describeApi, setupApp, unique, type TestContext } from './helper.ts';
import { PG_URL } from './global-setup.ts';

/**
 * A database outage while requests run (issue 10, design.md §5 and §7): the process never dies of it, every API call
 * answers 503 {message} within 2 s while the database is unreachable, /api/ready is 503 and /api/health 200, service
 * returns within 5 s of the database's return without a restart, and no acknowledged write is lost.
 *
 * PostgreSQL: the server reaches the database through a TCP relay that the test cuts (every connection reset, new
 * ones refused) and restores. SQLite: another connection holds the database's write lock, as a backup or a second
 * process could.
 */

/** A TCP relay to PostgreSQL that can be cut and restored. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(port = 0): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((ok) => this.server!.listen(port, '127.0.0.1', ok));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Resets every connection and refuses new ones. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
    this.server = null;
  }

  restore(): Promise<void> {
    return this.open(this.port);
  }
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

describeApi('database outage while requests run', () => {
  let ctx: TestContext;
  let relay: Relay | null = null;
  let holder: { close(): void; exec(sql: string): void } | null = null;
  let dir: string | null = null;
  let driver: DriverFixture;
  let pkg: Awaited<ReturnType<typeof makePackage>>;

  beforeAll(async () => {
    if (DIALECT === 'postgres') {
      const target = new URL(PG_URL);
      relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
      await relay.open();
      const viaRelay = new URL(PG_URL);
      viaRelay.port = String(relay.port);
      // Under the run's prefix, so the run drops it afterwards (global-setup.ts).
      viaRelay.searchParams.set('schema', `${inject('pgRunSchema')}_outage_${unique().toLowerCase()}`);
      ctx = await setupApp({ env: { DATABASE_URL: viaRelay.toString() } });
    } else {
      dir = mkdtempSync(join(tmpdir(), 'cargo-outage-'));
      ctx = await setupApp({ env: { DATABASE_URL: join(dir, 'outage.db') } });
    }
    driver = await makeDriver(ctx);
    pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
  }, 60_000);

  afterAll(async () => {
    holder?.close();
    await ctx?.close().catch(() => {});
    await relay?.cut();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Fixes the server acknowledged (2xx), by their device time. */
  const acknowledged: string[] = [];
  let step = 0;
  async function postFix() {
    step += 1;
    const timestamp = new Date(Date.now() - 600_000 + step * 1000).toISOString();
    const reply = await ctx.request({
      method: 'POST',
      url: `/api/packages/${pkg.id}/gps`,
      token: driver.token,
      payload: { lat: (pkg.deliveryLat as number) + 0.05 + step * 0.0001, lng: pkg.deliveryLng, accuracy: 10, timestamp },
    });
    if (reply.statusCode < 300) acknowledged.push(timestamp);
    return reply;
  }

  function cutDatabase(): Promise<void> {
    if (relay) return relay.cut();
    // SQLite: another connection takes the write lock and keeps it.
    return import('better-sqlite3').then(({ default: SQLite }) => {
      const conn = new SQLite(join(dir!, 'outage.db'));
      conn.exec('BEGIN EXCLUSIVE');
      holder = { close: () => conn.close(), exec: (sql) => conn.exec(sql) };
    });
  }

  async function restoreDatabase(): Promise<void> {
    if (relay) return relay.restore();
    holder!.exec('ROLLBACK');
    holder!.close();
    holder = null;
  }

  it('answers 503 within 2 s while the database is away, stays up, and serves again within 5 s of its return', async () => {
    for (let i = 0; i < 5; i += 1) expect((await postFix()).statusCode).toBe(201);

    // Requests in flight while the database goes away.
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? postFix() : ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` }),
    );
    await cutDatabase();
    const during = await Promise.all(inFlight);
    for (const reply of during) expect([200, 201, 503]).toContain(reply.statusCode);

    // While it is away: every call that needs it is a 503 {message} within 2 s.
    const writes = await Promise.all(Array.from({ length: 5 }, () => timed(() => postFix())));
    for (const { value, ms } of writes) {
      expect(value.statusCode, value.body).toBe(503);
      expect(value.json()).toEqual({ message: 'Database unavailable' });
      expect(ms).toBeLessThan(2000);
    }
    if (relay) {
      const lookup = await timed(() => ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` }));
      expect(lookup.value.statusCode).toBe(503);
      expect(lookup.ms).toBeLessThan(2000);
      const ready = await timed(() => ctx.request({ method: 'GET', url: '/api/ready' }));
      expect(ready.value.statusCode).toBe(503);
      expect(ready.ms).toBeLessThan(2000);
    }
    expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Back: service returns by itself within 5 s.
    await restoreDatabase();
    const recovered = await waitUntil(async () => {
      const r = await postFix();
      if (process.env.DEBUG_OUTAGE) console.log(r.statusCode, r.body);
      return r.statusCode === 201;
    }, 5000);
    expect(recovered).toBeLessThan(5000);
    expect((await ctx.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` })).statusCode).toBe(200);

    // Nothing acknowledged was lost.
    const stored = await ctx.app.db.selectFrom('locationsAll').select('recordedAt').where('packageId', '=', pkg.id).where('type', '=', 'current').execute();
    const times = new Set(stored.map((row) => new Date(row.recordedAt).toISOString()));
    expect(acknowledged.filter((t) => !times.has(t))).toEqual([]);
  }, 60_000);
});

describeApi('Redis outage while requests run', () => {
  let ctx: TestContext;
  let relay: Relay;

  beforeAll(async () => {
    relay = new Relay({ host: '127.0.0.1', port: 6379 });
    await relay.open();
    ctx = await setupApp({ env: { REDIS_URL: `redis://127.0.0.1:${relay.port}` } });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close().catch(() => {});
    await relay?.cut();
  });

  it('keeps serving with limits counted in memory, says so on /api/ready, and uses Redis again when it is back', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' });
    const lookup = () => timed(() => ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}`, remoteAddress: '10.80.0.1' }));
    expect((await lookup()).value.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ redis: true });

    await relay.cut();
    for (let i = 0; i < 5; i += 1) {
      const { value, ms } = await lookup();
      expect(value.statusCode, value.body).toBe(200);
      expect(ms).toBeLessThan(2000);
    }
    const login = await timed(() => ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password' } }));
    expect(login.value.statusCode).toBe(401);
    expect(login.ms).toBeLessThan(2000);
    const ready = await ctx.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ database: true, redis: false });

    await relay.restore();
    await waitUntil(async () => (await ctx.request({ method: 'GET', url: '/api/ready' })).statusCode === 200, 10_000);
    expect(ctx.app.redis?.status).toBe('ready');
    expect((await lookup()).value.statusCode).toBe(200);
  }, 60_000);
});
