import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { LIVE_STATUSES } from '@cargo/shared';
import { MERGE_EVERY, moveBufferedFixes } from '../src/repositories/fix-writer.ts';
import { LIVE } from '../src/repositories/sqlite-fix-batch.mjs';
import { locationRow } from '../src/repositories/packages.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { makeDriver, makePackage, packageBody, type DriverFixture } from './fixtures.ts';
import { describeApi, DIALECT, setupApp, unique, type TestContext } from './helper.ts';

/**
 * The ingest and lookup paths built for throughput (issue 11, decision 040): the hot state held in memory, group
 * commit of fixes, the public view held as sent; and that nothing they hold outlives a change.
 */

/** A fix `step` × 40 m north of Chicago's loop, `step` × 5 s after a start a minute ago: within every filter. */
const fixAt = (step: number, startMs: number) => ({
  lat: 41.8781 + step * 0.00036,
  lng: -87.6298,
  accuracy: 8,
  speed: 8,
  timestamp: new Date(startMs + step * 5_000).toISOString(),
});

describeApi('the ingest path under load', () => {
  let ctx: TestContext;
  const fleet: Array<{ driver: DriverFixture; packageId: string }> = [];

  beforeAll(async () => {
    ctx = await setupApp();
    for (let i = 0; i < 30; i += 1) {
      const driver = await makeDriver(ctx);
      const pkg = await makePackage(ctx, { status: 'in_transit' }, driver);
      fleet.push({ driver, packageId: pkg.id });
    }
  }, 120_000);
  afterAll(() => ctx?.close());

  it('takes at most 2 statements per fix on average, reads nothing once warm, and stores every fix it acknowledged', async () => {
    const startMs = Date.now() - 60_000;
    const post = (i: number, step: number) =>
      ctx.request({ method: 'POST', url: `/api/packages/${fleet[i]!.packageId}/gps`, token: fleet[i]!.driver.token, payload: fixAt(step, startMs) });
    // Warm: each driver's session, package, driver row and newest fix are read once.
    for (const [i] of fleet.entries()) expect((await post(i, 0)).statusCode).toBe(201);

    const before = ctx.app.database.counter.statements;
    let acknowledged = 0;
    for (let step = 1; step <= 4; step += 1) {
      const replies = await Promise.all(fleet.map((_, i) => post(i, step)));
      for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
      acknowledged += replies.length;
    }
    const perFix = (ctx.app.database.counter.statements - before) / acknowledged;
    expect(perFix).toBeLessThanOrEqual(2);

    const stored = await ctx.app.db.selectFrom('locationsAll').select((eb) => eb.fn.countAll<string | number>().as('n')).where('isLiveTracking', '=', 1).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(acknowledged + fleet.length);
    // The package and the driver moved to the newest fix.
    const pkg = await ctx.app.repos.packages.findById(fleet[0]!.packageId);
    expect(pkg?.currentLocation).toBe(`GPS: ${fixAt(4, startMs).lat.toFixed(6)}, -87.629800`);
    const driver = await ctx.app.repos.drivers.findById(fleet[0]!.driver.id);
    expect(driver?.lastLocationUpdate).toBe(fixAt(4, startMs).timestamp);
  });

  it('a late fix is stored for the trail but moves nothing, and is compared with its neighbour in time', async () => {
    const { driver, packageId } = fleet[1]!;
    const newest = await ctx.app.repos.packages.newestFix(packageId);
    const late = { lat: Number(newest!.lat) - 0.0001, lng: -87.6298, timestamp: new Date(Date.parse(newest!.recordedAt) - 7_000).toISOString() };
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${packageId}/gps`, token: driver.token, payload: late });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().movedCurrent).toBe(false);
    expect((await ctx.app.repos.packages.newestFix(packageId))?.id).toBe(newest!.id);
    // A jump 100 km away a second after that neighbour is refused, though it is far in time from the newest fix.
    const jump = { lat: late.lat + 1, lng: -87.6298, timestamp: new Date(Date.parse(late.timestamp) + 1_000).toISOString() };
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${packageId}/gps`, token: driver.token, payload: jump })).statusCode).toBe(422);
  });

  it('one fix that cannot be written (its package gone) fails alone; the others of its batch are committed', async () => {
    const now = new Date().toISOString();
    const good = locationRow({ packageId: fleet[2]!.packageId, lat: 41.9, lng: -87.6, type: 'current', source: 'gps', isLiveTracking: 1, recordedAt: now, createdAt: now });
    const orphan = locationRow({ packageId: 'no-such-package', lat: 41.9, lng: -87.6, type: 'current', source: 'gps', isLiveTracking: 1, recordedAt: now, createdAt: now });
    const [ok, failed] = await Promise.allSettled([ctx.app.fixWriter.write({ location: good }), ctx.app.fixWriter.write({ location: orphan })]);
    expect(ok.status).toBe('fulfilled');
    expect(failed.status).toBe('rejected');
    expect(await ctx.app.db.selectFrom('locationsAll').select('id').where('id', '=', good.id).executeTakeFirst()).toBeDefined();
  });

  it.skipIf(DIALECT !== 'sqlite')('on SQLite buffers fixes and moves them to locations by parts; reads see both; leftovers move at start', async () => {
    const native = ctx.app.database.native;
    if (native.dialect !== 'sqlite') return;
    const count = (table: string) => (native.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const before = count('locations_all');
    // Enough fixes for more than one move, in batches of 30 (one per package), each a second after the last.
    const t0 = Date.now() - 3_600_000;
    const rounds = Math.ceil((MERGE_EVERY * 2) / fleet.length);
    for (let r = 0; r < rounds; r += 1) {
      await Promise.all(
        fleet.map(({ packageId }) => {
          const at = new Date(t0 + r * 1_000).toISOString();
          return ctx.app.fixWriter.write({ location: locationRow({ packageId, lat: 41.9, lng: -87.6, type: 'current', source: 'gps', isLiveTracking: 1, recordedAt: at, createdAt: at }) });
        }),
      );
    }
    const written = rounds * fleet.length;
    expect(count('locations_all')).toBe(before + written);
    // Some parts moved, not all of the buffer (it holds at most about four moves' worth).
    expect(count('locations_recent')).toBeGreaterThan(0);
    expect(count('locations_recent')).toBeLessThan(written);
    // A package's trail is every fix of it, wherever each is, newest first.
    const trail = await ctx.app.repos.packages.locations(fleet[0]!.packageId);
    expect(trail.filter((l) => l.recordedAt >= new Date(t0).toISOString() && l.recordedAt < new Date(t0 + rounds * 1_000).toISOString())).toHaveLength(rounds);
    expect(trail.map((l) => l.recordedAt)).toEqual(trail.map((l) => l.recordedAt).sort().reverse());
    // What a crashed process left in the buffer moves at start (bootstrap.ts).
    const left = count('locations_recent');
    expect(moveBufferedFixes(native.sqlite)).toBe(left);
    expect(count('locations_recent')).toBe(0);
    expect(count('locations_all')).toBe(before + written);
  });

  it.skipIf(DIALECT !== 'sqlite')('on SQLite a package\'s newest fixes are read newest first from both tables, not every fix sorted', async () => {
    const native = ctx.app.database.native;
    if (native.dialect !== 'sqlite') return;
    const query = ctx.app.repos.packages.newestFixesQuery(fleet[0]!.packageId, 10).compile();
    const plan = (native.sqlite.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
    expect(plan).toContain('MERGE (UNION ALL)');
    expect(plan.join(' | ')).not.toMatch(/CO-ROUTINE|SCAN locations_all/);
    // And it answers what the two reads it replaced answer.
    const fixes = await ctx.app.repos.packages.newestFixes(fleet[0]!.packageId, 10);
    expect(fixes[0]?.recordedAt).toBe((await ctx.app.repos.packages.newestFix(fleet[0]!.packageId))?.recordedAt);
    expect(fixes.map((f) => (f.speed == null ? null : Number(f.speed))).reverse()).toEqual(await ctx.app.repos.packages.recentSpeeds(fleet[0]!.packageId, 10));
  });

  it.skipIf(DIALECT !== 'sqlite')('on SQLite the checkpoint thread copies the WAL back within moments of a batch, not at 10,000 pages', async () => {
    const native = ctx.app.database.native;
    if (native.dialect !== 'sqlite') return;
    // The WAL index (the -shm file, SQLite's file format §4.5): the frames in the WAL (mxFrame, offset 16 of its
    // header) and how many of them are copied back into the database file (nBackfill, offset 96).
    const walIndex = () => {
      const shm = readFileSync(`${native.sqlite.name}-shm`);
      return { frames: shm.readUInt32LE(16), copied: shm.readUInt32LE(96) };
    };
    const at = new Date().toISOString();
    await Promise.all(
      fleet.map(({ packageId }) => ctx.app.fixWriter.write({ location: locationRow({ packageId, lat: 41.9, lng: -87.6, type: 'current', source: 'gps', isLiveTracking: 1, recordedAt: at, createdAt: at }) })),
    );
    // A few hundred pages at most were written: far below the automatic checkpoint, which alone would leave them.
    const deadline = Date.now() + 3_000;
    let index = walIndex();
    while (index.copied < index.frames && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      index = walIndex();
    }
    expect(index.frames).toBeLessThan(10_000);
    expect(index.copied).toBe(index.frames);
  });

  it.skipIf(DIALECT !== 'sqlite')('on SQLite no write waits for the writer thread\'s lock on the event loop', async () => {
    const native = ctx.app.database.native;
    if (native.dialect !== 'sqlite') return;
    const { driver } = fleet[7]!;
    const edited = await makePackage(ctx, {});
    // A session last used 5 minutes ago (its use is written again), and a tracker: its contact is written on every report.
    const token = await ctx.app.sessions.create('driver', driver.id);
    native.sqlite.prepare('update sessions set last_seen_at = ? where token_hash = ?').run(new Date(Date.now() - 300_000).toISOString(), sha256(token));
    const device = (await ctx.request({ method: 'POST', url: '/api/devices', token: ctx.adminToken, payload: { driverId: driver.id, name: 'Van tracker' } })).json();
    // The writer thread holds the write lock for a while, as during a long batch or a move of the buffer: a write
    // statement takes the lock when it starts, and this one then counts a million rows.
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }, 5);
    const started = performance.now();
    const held = ctx.app.fixWriter
      .offloadWrite(
        `update settings set value = value where (select count(*) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000000) select i from n)) < 0`,
        [],
      )!
      .then(() => performance.now() - started);
    try {
      await new Promise((r) => setTimeout(r, 20));
      // Meanwhile: a request whose session's use is written, a tracker's report, and an admin's edit (a transaction on
      // the server's own connection). On that connection, SQLite's busy handler would sleep with the event loop held.
      const [me, report, edit] = await Promise.all([
        ctx.request({ method: 'GET', url: '/api/drivers/me', token }),
        ctx.request({ method: 'GET', url: `/api/osmand?id=${device.identifier}&batt=64&timestamp=${Math.floor(Date.now() / 1000)}` }),
        ctx.request({ method: 'PUT', url: `/api/packages/${edited.id}`, token: ctx.adminToken, payload: packageBody({ trackingNumber: edited.trackingNumber, customerName: 'Held Lock' }) }),
      ]);
      expect(me.statusCode, me.body).toBe(200);
      expect(report.statusCode, report.body).toBe(200);
      expect(edit.statusCode, edit.body).toBe(200);
    } finally {
      clearInterval(ticker);
    }
    const heldMs = await held;
    expect(heldMs).toBeGreaterThan(100);
    expect(longestGap).toBeLessThan(Math.max(50, heldMs / 3));
    const session = native.sqlite.prepare('select last_seen_at as at from sessions where token_hash = ?').get(sha256(token)) as { at: string };
    expect(Date.now() - Date.parse(session.at)).toBeLessThan(60_000);
    const row = native.sqlite.prepare('select last_seen_at as at, last_battery as battery from devices where id = ?').get(device.id) as { at: string; battery: number };
    expect(row.battery).toBe(64);
    expect(Date.now() - Date.parse(row.at)).toBeLessThan(60_000);
    expect((native.sqlite.prepare('select customer_name as name from packages where id = ?').get(edited.id) as { name: string }).name).toBe('Held Lock');
  });

  it.skipIf(DIALECT !== 'sqlite')('on SQLite a transaction that waits for the writer thread fails on the busy timeout, not never', async () => {
    const { packageId } = fleet[8]!;
    const fix = () => {
      const at = new Date().toISOString();
      return locationRow({ packageId, lat: 41.9, lng: -87.6, type: 'current', source: 'gps', isLiveTracking: 1, recordedAt: at, createdAt: at });
    };
    const started = Date.now();
    // The transaction holds the write lock and its turn; the batch it waits for can only fail, on the busy timeout.
    const outcome = await ctx.app.repos.transaction(() =>
      ctx.app.fixWriter.write({ location: fix() }).then(
        () => 'written',
        (err: { code?: string }) => `failed: ${err.code}`,
      ),
    );
    expect(outcome).toBe('failed: SQLITE_BUSY');
    expect(Date.now() - started).toBeLessThan(5_000);
    // The turn ended with the transaction: the next fix is written at once.
    const next = Date.now();
    await ctx.app.fixWriter.write({ location: fix() });
    expect(Date.now() - next).toBeLessThan(500);
  });

  it('a session ends at once on logout, on deactivation and on a PIN reset', async () => {
    const startMs = Date.now() - 30_000;
    const post = (d: { driver: DriverFixture; packageId: string }, token: string, step: number) =>
      ctx.request({ method: 'POST', url: `/api/packages/${d.packageId}/gps`, token, payload: fixAt(step, startMs) });

    const [a, b, c] = [fleet[3]!, fleet[4]!, fleet[5]!];
    for (const d of [a, b, c]) expect((await post(d, d.driver.token, 1)).statusCode).toBe(201);

    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', token: a.driver.token })).statusCode).toBeLessThan(300);
    expect((await post(a, a.driver.token, 2)).statusCode).toBe(401);

    expect((await ctx.request({ method: 'PUT', url: `/api/drivers/${b.driver.id}`, token: ctx.adminToken, payload: { isActive: false } })).statusCode).toBe(200);
    expect((await post(b, b.driver.token, 2)).statusCode).toBe(401);

    expect((await ctx.request({ method: 'POST', url: `/api/drivers/${c.driver.id}/pin`, token: ctx.adminToken })).statusCode).toBeLessThan(300);
    expect((await post(c, c.driver.token, 2)).statusCode).toBe(401);
  });

  it('a package given to another driver refuses its first driver at once, though everything about them was held', async () => {
    const startMs = Date.now() - 30_000;
    const [a, b] = [fleet[6]!, fleet[7]!];
    const post = (token: string, step: number) => ctx.request({ method: 'POST', url: `/api/packages/${a.packageId}/gps`, token, payload: fixAt(step, startMs) });
    // Held: a's session, a's driver row and the package (the fast path of the role check).
    expect((await post(a.driver.token, 1)).statusCode).toBe(201);
    expect((await post(a.driver.token, 2)).statusCode).toBe(201);
    expect((await post(b.driver.token, 3)).statusCode).toBe(403);

    const { trackingNumber } = (await ctx.app.repos.packages.findById(a.packageId))!;
    const moved = await ctx.request({
      method: 'PUT',
      url: `/api/packages/${a.packageId}`,
      token: ctx.adminToken,
      payload: packageBody({ trackingNumber, status: 'in_transit', driverId: b.driver.id, driver: b.driver.name, driverPhone: b.driver.phone }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await post(a.driver.token, 3)).statusCode).toBe(403);
    expect((await post(b.driver.token, 3)).statusCode).toBe(201);
  });
});

describeApi('the public lookup', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(() => ctx?.close());

  it('a lookup that changes nothing reads nothing; a change shows at once', async () => {
    const pkg = await makePackage(ctx);
    const lookup = () => ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber.toLowerCase()}` });
    const first = await lookup();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const before = ctx.app.database.counter.statements;
    const again = await lookup();
    expect(again.body).toBe(first.body);
    expect(ctx.app.database.counter.statements).toBe(before);
    // The public view: the phone masked, no driver id.
    expect(first.json().customerPhone).not.toContain('555-0142');
    expect(first.json()).not.toHaveProperty('driverId');

    expect((await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status: 'in_transit' } })).statusCode).toBe(200);
    expect((await lookup()).json().status).toBe('in_transit');
    expect((await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.id}`, token: ctx.adminToken })).statusCode).toBeLessThan(300);
    expect((await lookup()).statusCode).toBe(404);
  });

  /** A package out for delivery with its driver's first fix stored; `fix(step)` posts the next ones. */
  async function outForDeliveryWithAFix() {
    const driver = await makeDriver(ctx);
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driver);
    const startMs = Date.now() - 60_000;
    const fix = (step: number) => ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token: driver.token, payload: fixAt(step, startMs) });
    expect((await fix(0)).statusCode).toBe(201);
    return { driver, pkg, startMs, fix };
  }

  it('a read that began before a fix was committed does not keep the older row (the position it names is current)', async () => {
    const { pkg, startMs, fix } = await outForDeliveryWithAFix();
    // Nothing held: the next lookup reads the row. Its read is made to finish only after the next fix's commit, as a
    // read on a loaded machine (or another instance's) can.
    ctx.app.hotState.forgetPackage(pkg.id);
    const findByRef = ctx.app.repos.packages.findByRef;
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    let reads = 0;
    ctx.app.repos.packages.findByRef = async (ref: string) => {
      const row = await findByRef.call(ctx.app.repos.packages, ref);
      reads += 1;
      if (reads === 1) await gate;
      return row;
    };
    try {
      const slow = ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` });
      while (reads === 0) await new Promise((r) => setTimeout(r, 2));
      expect((await fix(1)).statusCode).toBe(201);
      release();
      expect((await slow).statusCode).toBe(200);
    } finally {
      ctx.app.repos.packages.findByRef = findByRef;
    }
    const now = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` })).json();
    expect(now.currentLocation).toContain(fixAt(1, startMs).lat.toFixed(6));
    // And the next fix is compared with the newest one, not the one before it.
    expect((await fix(2)).statusCode).toBe(201);
    const after = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` })).json();
    expect(after.currentLocation).toContain(fixAt(2, startMs).lat.toFixed(6));
  });

  it('a fix read just before its package was delivered, committed just after, puts no position back in its public text', async () => {
    const { driver, pkg, startMs, fix } = await outForDeliveryWithAFix();
    // The next fix is read and checked while the package is out for delivery; its commit waits until it is delivered.
    const writer = ctx.app.fixWriter;
    const write = writer.write;
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    let waiting = false;
    writer.write = async (w) => {
      waiting = true;
      await gate;
      return write.call(writer, w);
    };
    try {
      const late = fix(1);
      while (!waiting) await new Promise((r) => setTimeout(r, 2));
      const delivered = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driver.token, payload: { status: 'Delivered' } });
      expect(delivered.statusCode, delivered.body).toBe(200);
      release();
      // Stored for the trail (the driver's own record), as any fix accepted before the delivery.
      expect((await late).statusCode).toBe(201);
    } finally {
      writer.write = write;
    }
    const positions = [fixAt(0, startMs), fixAt(1, startMs)].map((f) => f.lat.toFixed(6));
    const view = await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` });
    expect(view.json().status).toBe('delivered');
    for (const text of positions) expect(view.body).not.toContain(text);
    const stored = await ctx.app.db.selectFrom('packages').select('currentLocation').where('id', '=', pkg.id).executeTakeFirstOrThrow();
    for (const text of positions) expect(stored.currentLocation).not.toContain(text);
    // The writer's own list of the statuses on the way (its thread cannot import the shared one) is the shared one.
    expect([...LIVE]).toEqual(LIVE_STATUSES);
  });

  it('sends the same security headers on every reply, built once', async () => {
    const one = await ctx.request({ method: 'GET', url: '/api/health' });
    const two = await ctx.request({ method: 'GET', url: '/api/nothing-here' });
    for (const res of [one, two]) {
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    expect(two.headers['content-security-policy']).toBe(one.headers['content-security-policy']);
  });
});

describeApi('the hot state across two instances through Redis', () => {
  let a: TestContext;
  let b: FastifyInstance;
  let bHandle: DatabaseHandle;

  beforeAll(async () => {
    a = await setupApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
    bHandle = await openDatabase(a.env.DATABASE_URL);
    b = await buildApp({ env: a.env, database: bHandle, logger: false, namespace: unique('ns'), webDist: null });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bHandle?.close();
    await a?.close();
  });

  /** Well inside the hot state's 10 s: the change came by Redis, not by expiry. */
  const soon = { timeout: 2_000, interval: 20 };

  it('a change made on one instance shows at once in the lookups of the other', async () => {
    const driver = await makeDriver(a);
    const pkg = await makePackage(a, { status: 'in_transit' }, driver);
    const onB = async () => (await b.inject({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}` })).json();
    expect((await onB()).status).toBe('in_transit');

    const fix = fixAt(1, Date.now() - 10_000);
    expect((await a.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token: driver.token, payload: fix })).statusCode).toBe(201);
    await expect.poll(async () => (await onB()).currentLocation, soon).toBe(`GPS: ${fix.lat.toFixed(6)}, -87.629800`);

    expect((await a.request({ method: 'PUT', url: `/api/packages/${pkg.id}`, token: a.adminToken, payload: packageBody({ trackingNumber: pkg.trackingNumber, status: 'in_transit', customerName: 'Renamed Customer', driverId: driver.id }) })).statusCode).toBeLessThan(300);
    await expect.poll(async () => (await onB()).customerName, soon).toBe('Renamed Customer');
  });

  it('a session ended on one instance is refused by the other at once', async () => {
    const driver = await makeDriver(a);
    const pkg = await makePackage(a, { status: 'in_transit' }, driver);
    const startMs = Date.now() - 30_000;
    const postOnB = (step: number) =>
      b.inject({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, headers: { authorization: `Bearer ${driver.token}` }, payload: fixAt(step, startMs) });
    expect((await postOnB(1)).statusCode).toBe(201);
    expect((await a.request({ method: 'POST', url: '/api/auth/logout', token: driver.token })).statusCode).toBeLessThan(300);
    let step = 2;
    await expect.poll(async () => (await postOnB(step++)).statusCode, soon).toBe(401);
  });
});
