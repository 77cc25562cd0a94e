import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationRow } from '../src/db/types.ts';
import { newId, newTimeOrderedId } from '../src/lib/crypto.ts';
import { locationRow } from '../src/repositories/packages.ts';
import { makeDriver, makePackage, type DriverFixture } from './fixtures.ts';
import { describeApi, setupApp, type TestContext } from './helper.ts';

/**
 * Retention (issue 21, decision 075): what the job keeps, what it removes, that nothing a view still shows goes, and
 * that ingest goes on while it works. Old rows are written straight to the tables, with ids and times of their age.
 */

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A GPS fix of a package that came in at `atMs` (its id and created_at of that time), recorded at `recordedMs`. */
function fix(packageId: string, atMs: number, recordedMs = atMs, lat = 41.88): LocationRow {
  return {
    ...locationRow({ packageId, lat, lng: -87.63, type: 'current', source: 'gps', isLiveTracking: 1, recordedAt: iso(recordedMs), createdAt: iso(atMs) }),
    id: newTimeOrderedId(atMs),
  };
}

async function insertFixes(ctx: TestContext, rows: LocationRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await ctx.app.db.insertInto('locations').values(rows.slice(i, i + 500)).execute();
}

/** The ids of the rows that are the first fix (by device time) of their minute among `rows`. */
function firstsOfMinute(rows: LocationRow[]): string[] {
  const first = new Map<string, LocationRow>();
  for (const r of rows) {
    const minute = r.recordedAt.slice(0, 16);
    const had = first.get(minute);
    if (!had || r.recordedAt < had.recordedAt) first.set(minute, r);
  }
  return [...first.values()].map((r) => r.id);
}

async function gpsIds(ctx: TestContext, packageId: string): Promise<string[]> {
  const rows = await ctx.app.db.selectFrom('locationsAll').select('id').where('packageId', '=', packageId).where('isLiveTracking', '=', 1).orderBy('id').execute();
  return rows.map((r) => r.id);
}

async function fixIds(ctx: TestContext, packageId: string): Promise<string[]> {
  const rows = await ctx.app.db.selectFrom('locationsAll').select('id').where('packageId', '=', packageId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** What the admin, the public and the live page show of a package. */
async function views(ctx: TestContext, ref: string) {
  const admin = await ctx.request({ method: 'GET', url: `/api/packages/${ref}`, token: ctx.adminToken });
  const publicView = await ctx.request({ method: 'GET', url: `/api/packages/${ref}` });
  const publicLocations = await ctx.request({ method: 'GET', url: `/api/packages/${ref}/locations` });
  expect(admin.statusCode).toBe(200);
  return { admin: admin.json(), public: publicView.json(), publicLocations: publicLocations.json() };
}

describe.each([['minute'], ['final']] as const)('retention of GPS fixes, %s after the full trail', (afterTrail) => {
  describeApi('on this database', () => {
    let ctx: TestContext;
    let driver: DriverFixture;
    const now = Date.now();
    const old = now - 100 * DAY;
    /** Four fixes a minute for five minutes, 100 days ago, then a fix 10 days ago. */
    const trail = (packageId: string) => {
      const rows: LocationRow[] = [];
      for (let m = 0; m < 5; m += 1) for (let s = 0; s < 4; s += 1) rows.push(fix(packageId, old + m * 60_000 + s * 15_000 + 7_000, undefined, 41.88 + m * 0.001 + s * 0.0002));
      return rows;
    };

    beforeAll(async () => {
      ctx = await setupApp({ env: { RETENTION_AFTER_TRAIL: afterTrail, RETENTION_BATCH_ROWS: '100' } });
      driver = await makeDriver(ctx);
    });
    afterAll(() => ctx?.close());

    it('thins the trail of a delivered package and keeps its final position, a live package whole, hand-set locations and recent fixes', async () => {
      const delivered = await makePackage(ctx, { status: 'in_transit' }, driver);
      const live = await makePackage(ctx, { status: 'in_transit' }, driver);
      const onlyOld = await makePackage(ctx, { status: 'in_transit' }, driver);
      const deliveredTrail = trail(delivered.id);
      const recent = fix(delivered.id, now - 10 * DAY);
      // A late fix that came in recently but was recorded 100 days ago: it came in within the period, so it stays.
      const late = fix(delivered.id, now - DAY, old + 30_000);
      const trails = new Map([[onlyOld.id, trail(onlyOld.id)]]);
      await insertFixes(ctx, [...deliveredTrail, recent, late, ...trail(live.id), ...trails.get(onlyOld.id)!]);
      // A hand-set location, 100 days old.
      const handSet = { ...locationRow({ packageId: delivered.id, lat: 41.9, lng: -87.7, type: 'current', source: 'admin', isLiveTracking: 0, recordedAt: iso(old), createdAt: iso(old) }), id: newTimeOrderedId(old) };
      await ctx.app.db.insertInto('locations').values(handSet).execute();
      for (const pkg of [delivered, onlyOld]) {
        const res = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status: 'delivered' } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const storedBefore = await fixIds(ctx, delivered.id);
      const before = { delivered: await views(ctx, delivered.trackingNumber), live: await views(ctx, live.trackingNumber), onlyOld: await views(ctx, onlyOld.trackingNumber) };
      const newestOfOnlyOld = (await ctx.app.repos.packages.newestFix(onlyOld.id))!;
      const liveIds = await fixIds(ctx, live.id);

      const run = await ctx.app.retention.run();

      // Minute: the first fix of each of the five minutes; final: none of the old trail.
      const firstOfMinute = firstsOfMinute([...deliveredTrail, recent, late]);
      const keptOld = afterTrail === 'minute' ? firstOfMinute : [];
      const removed = new Set(deliveredTrail.map((r) => r.id).filter((id) => !keptOld.includes(id)));
      expect(await fixIds(ctx, delivered.id)).toEqual(storedBefore.filter((id) => !removed.has(id)));
      expect(await fixIds(ctx, delivered.id)).toEqual(expect.arrayContaining([handSet.id, recent.id, late.id]));
      // The live package keeps its whole trail.
      expect(await fixIds(ctx, live.id)).toEqual(liveIds);
      // A package with only old fixes keeps its final position (and in 'minute', the first of each minute).
      const onlyOldIds = await fixIds(ctx, onlyOld.id);
      expect(onlyOldIds).toContain(newestOfOnlyOld.id);
      const oldLeft = onlyOldIds.filter((id) => id < newTimeOrderedId(now - 50 * DAY));
      const onlyOldTrail = trails.get(onlyOld.id)!;
      const newest = onlyOldTrail[onlyOldTrail.length - 1]!.id;
      expect(oldLeft).toEqual(afterTrail === 'minute' ? [...new Set([...firstsOfMinute(onlyOldTrail), newest])].sort() : [newest]);
      expect(run.fixes).toBe(removed.size + onlyOldTrail.length - oldLeft.length);
      // Every view shows what it showed before.
      expect(await views(ctx, delivered.trackingNumber)).toEqual(before.delivered);
      expect(await views(ctx, live.trackingNumber)).toEqual(before.live);
      expect(await views(ctx, onlyOld.trackingNumber)).toEqual(before.onlyOld);
      expect((await ctx.app.repos.packages.newestFix(onlyOld.id))?.id).toBe(newestOfOnlyOld.id);

      // A second run finds nothing more to remove.
      expect((await ctx.app.retention.run()).fixes).toBe(0);
    });

    it('works through more rows than one batch, a key range per statement', async () => {
      const pkg = await makePackage(ctx, { status: 'in_transit' }, driver);
      // 1,000 fixes, one every 6 s (10 a minute), 120 days ago.
      const start = now - 120 * DAY;
      const rows = Array.from({ length: 1000 }, (_, i) => fix(pkg.id, start + i * 6_000));
      await insertFixes(ctx, rows);
      await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status: 'cancelled' } });
      const run = await ctx.app.retention.run();
      // 1,000 rows at 100 a batch: at least 10 key ranges, each read and deleted.
      expect(run.batches).toBeGreaterThanOrEqual(20);
      const kept = (await fixIds(ctx, pkg.id)).filter((id) => id < newTimeOrderedId(now - 50 * DAY));
      const firsts = firstsOfMinute(rows);
      const newest = rows[rows.length - 1]!.id;
      expect(kept).toEqual(afterTrail === 'minute' ? [...new Set([...firsts, newest])].sort() : [newest]);
    });
  });
});

describeApi('retention of device points, sessions and the notification log', () => {
  let ctx: TestContext;
  const now = Date.now();

  beforeAll(async () => {
    ctx = await setupApp({ env: { RETENTION_DEVICE_POINTS_DAYS: '30', RETENTION_SESSIONS_DAYS: '7', RETENTION_NOTIFICATIONS_DAYS: '90' } });
  });
  afterAll(() => ctx?.close());

  it('removes old device points but keeps each device newest one, and the recent ones', async () => {
    const driver = await makeDriver(ctx);
    const device = { id: newId(), driverId: driver.id, name: 'Tracker', identifierHash: newId(), lastSeenAt: null, lastBattery: null, createdAt: iso(now - 200 * DAY) };
    const quiet = { ...device, id: newId(), identifierHash: newId(), name: 'Quiet tracker' };
    await ctx.app.db.insertInto('devices').values([device, quiet]).execute();
    const point = (deviceId: string, ageDays: number) => ({
      id: newId(),
      deviceId,
      lat: null,
      lng: null,
      accuracy: null,
      battery: 50,
      reason: 'heartbeat',
      recordedAt: iso(now - ageDays * DAY),
      createdAt: iso(now - ageDays * DAY),
    });
    const points = [point(device.id, 60), point(device.id, 45), point(device.id, 5), point(device.id, 1)];
    const quietPoints = [point(quiet.id, 100), point(quiet.id, 50)];
    await ctx.app.db.insertInto('devicePoints').values([...points, ...quietPoints]).execute();

    const run = await ctx.app.retention.run();
    expect(run.devicePoints).toBe(3);
    const left = async (deviceId: string) => (await ctx.app.repos.devices.listPoints(deviceId, 100)).map((p) => p.id);
    expect(await left(device.id)).toEqual([points[3]!.id, points[2]!.id]);
    // A device heard from only long ago keeps its newest point: the Devices tab shows it.
    expect(await left(quiet.id)).toEqual([quietPoints[1]!.id]);
  });

  it('removes sessions that ended more than the setting ago; a session in use keeps working', async () => {
    const session = (expiresDaysAgo: number) => ({
      tokenHash: newId(),
      role: 'admin',
      subjectId: newId(),
      createdAt: iso(now - expiresDaysAgo * DAY - 12 * 3_600_000),
      lastSeenAt: iso(now - expiresDaysAgo * DAY - 3_600_000),
      expiresAt: iso(now - expiresDaysAgo * DAY),
    });
    const ended = session(8);
    const endedRecently = session(2);
    await ctx.app.db.insertInto('sessions').values([ended, endedRecently]).execute();
    const run = await ctx.app.retention.run();
    expect(run.sessions).toBe(1);
    const hashes = (await ctx.app.db.selectFrom('sessions').select('tokenHash').execute()).map((r) => r.tokenHash);
    expect(hashes).toContain(endedRecently.tokenHash);
    expect(hashes).not.toContain(ended.tokenHash);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token: ctx.adminToken })).statusCode).toBe(200);
  });

  it('removes old sent, failed and skipped messages from the log and never one still queued', async () => {
    const message = (status: string, ageDays: number) => ({
      id: newId(),
      eventId: newId(),
      eventType: 'package.delivered',
      packageId: null,
      pickupRequestId: null,
      channel: 'email' as const,
      audience: 'customer' as const,
      recipient: 'someone@example.com',
      subject: 'Delivered',
      body: 'Your package was delivered.',
      html: null,
      timeZone: null,
      status,
      reason: null,
      providerResponse: null,
      attempts: 1,
      nextAttemptAt: iso(now - ageDays * DAY),
      leaseUntil: null,
      createdAt: iso(now - ageDays * DAY),
      updatedAt: iso(now - ageDays * DAY),
      sentAt: status === 'sent' ? iso(now - ageDays * DAY) : null,
    });
    const gone = [message('sent', 100), message('failed', 120), message('skipped', 95)];
    const kept = [message('queued', 100), message('sending', 100), message('sent', 30)];
    await ctx.app.db.insertInto('notificationMessages').values([...gone, ...kept]).execute();
    const run = await ctx.app.retention.run();
    expect(run.notificationMessages).toBe(3);
    const ids = (await ctx.app.db.selectFrom('notificationMessages').select('id').execute()).map((r) => r.id);
    expect(ids.sort()).toEqual(kept.map((m) => m.id).sort());
  });

  it('shows the settings in force and the last run to an admin, runs on request, and refuses anyone else', async () => {
    const driver = await makeDriver(ctx);
    for (const [token, status] of [[null, 401], [driver.token, 403]] as const) {
      expect((await ctx.request({ method: 'GET', url: '/api/database/retention', token })).statusCode).toBe(status);
      expect((await ctx.request({ method: 'POST', url: '/api/database/retention/run', token })).statusCode).toBe(status);
    }
    const ran = await ctx.request({ method: 'POST', url: '/api/database/retention/run', token: ctx.adminToken });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json()).toMatchObject({ fixes: 0, stopped: false });
    const shown = await ctx.request({ method: 'GET', url: '/api/database/retention', token: ctx.adminToken });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().settings).toEqual({ trailDays: 90, afterTrail: 'minute', devicePointsDays: 30, sessionsDays: 7, notificationsDays: 90, batchRows: 50, everyMinutes: 0 });
    expect(shown.json().lastRun).toMatchObject({ ...ran.json(), finishedAt: expect.any(String) });
  });

  it('runs the pruning steps other features register (the audit log), with the batch size', async () => {
    const seen: number[] = [];
    ctx.app.retention.register('test-step', async ({ batchRows, pause }) => {
      seen.push(batchRows);
      expect(await pause()).toBe(true);
      return 7;
    });
    const run = await ctx.app.retention.run();
    expect(run.other['test-step']).toBe(7);
    expect(seen).toEqual([ctx.env.RETENTION_BATCH_ROWS]);
  });
});

describeApi('retention while fixes come in', () => {
  let ctx: TestContext;
  let driver: DriverFixture;

  beforeAll(async () => {
    ctx = await setupApp({ env: { RETENTION_BATCH_ROWS: '1000', INGEST_PER_MINUTE: '100000' } });
    driver = await makeDriver(ctx);
  });
  afterAll(() => ctx?.close());

  it('stores every fix it acknowledged during a run over 30,000 old fixes, and answers each within a bound', async () => {
    const now = Date.now();
    // 30 delivered packages with 1,000 fixes each, 4 a minute, 100 days ago.
    const ended = [];
    for (let p = 0; p < 30; p += 1) ended.push(await makePackage(ctx, { status: 'in_transit' }, driver));
    const start = now - 100 * DAY;
    let removable = 0;
    for (const pkg of ended) {
      const rows = Array.from({ length: 1000 }, (_, i) => fix(pkg.id, start + i * 15_000));
      await insertFixes(ctx, rows);
      // All but the first of each minute and the newest.
      const minutes = new Set(rows.map((r) => r.recordedAt.slice(0, 16))).size;
      const newestIsFirst = rows[rows.length - 1]!.recordedAt.slice(0, 16) !== rows[rows.length - 2]!.recordedAt.slice(0, 16);
      removable += rows.length - minutes - (newestIsFirst ? 0 : 1);
    }
    for (const pkg of ended) await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status: 'delivered' } });
    const live = await makePackage(ctx, { status: 'in_transit' }, driver);

    let running = true;
    const latencies: number[] = [];
    const acknowledged: string[] = [];
    const refused: string[] = [];
    const ingest = (async () => {
      let lastMs = 0;
      for (let step = 0; running || step < 20; step += 1) {
        lastMs = Math.max(Date.now(), lastMs + 1);
        const sent = performance.now();
        const res = await ctx.request({
          method: 'POST',
          url: `/api/packages/${live.id}/gps`,
          token: driver.token,
          payload: { lat: 41.8781 + step * 0.000005, lng: -87.6298, accuracy: 8, speed: 2, timestamp: new Date(lastMs).toISOString() },
        });
        latencies.push(performance.now() - sent);
        if (res.statusCode === 201) acknowledged.push(res.json().locationId as string);
        else refused.push(`${res.statusCode} ${res.body}`);
      }
    })();
    const run = await ctx.app.retention.run();
    running = false;
    await ingest;

    expect(refused).toEqual([]);
    expect(run.fixes).toBe(removable);
    // Fixes went on while the job worked: at least as many as the job had statements.
    expect(acknowledged.length).toBeGreaterThanOrEqual(run.batches / 2);
    expect(await gpsIds(ctx, live.id)).toEqual([...acknowledged].sort());
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)]!;
    // Bounded: the pause after every statement lets each fix through within a few statements (2 cores, shared).
    expect(p99).toBeLessThan(1_000);
  }, 120_000);
});
