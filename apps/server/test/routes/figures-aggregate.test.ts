import { randomUUID } from 'node:crypto';
import { addDays, formatDeliveryRange, SERVICE_TYPES, type Figures } from '@cargo/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/db/types.ts';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

/**
 * The daily aggregate (issue 35, decision 108) against the recomputation from the raw rows, on 50,000 generated
 * packages seeded in bulk: ties, four time zones (Chicago, London, Tokyo, Auckland), outcomes recorded days after
 * they happened, attempts then deliveries, packages delivered twice, ratings, ledger entries, messages and webhooks.
 * Then writes after the aggregate was read (a late attempt, a driver changed, a window changed, a backfill, a
 * retention-like delete) and a rebuild: the figures still equal the recomputation.
 */
const PACKAGES = 50_000;
const PLACES = [
  { deliveryLat: 41.8781, deliveryLng: -87.6298 },
  { deliveryLat: 51.5074, deliveryLng: -0.1278 },
  { deliveryLat: 35.6762, deliveryLng: 139.6503 },
  { deliveryLat: -36.8485, deliveryLng: 174.7633 },
];
const FIRST_DAY = '2026-01-01';
const DAYS = 70;

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeApi('figures: the daily aggregate equals the recomputation from the raw rows (50,000 packages)', () => {
  let ctx: TestContext;
  const drivers: DriverFixture[] = [];
  const delivered: string[] = [];

  /** Rows in bulk: PostgreSQL takes 5,000 at a time as one JSON parameter; SQLite as many as its 999 parameters allow. */
  async function bulk<T extends keyof Database>(table: T, rows: Record<string, unknown>[]): Promise<void> {
    if (!rows.length) return;
    if (ctx.dialect === 'postgres') {
      const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      const name = snake(table);
      for (let i = 0; i < rows.length; i += 5000) {
        const json = JSON.stringify(rows.slice(i, i + 5000).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [snake(k), v]))));
        const columns = Object.keys(rows[0]!).map(snake).join(', ');
        await sql`insert into ${sql.raw(name)} (${sql.raw(columns)}) select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(name)}, ${json}::json)`.execute(ctx.app.db);
      }
      return;
    }
    const columns = Object.keys(rows[0]!).length;
    const per = Math.max(1, Math.floor((ctx.dialect === 'sqlite' ? 999 : 30_000) / columns));
    for (let i = 0; i < rows.length; i += per) await ctx.app.db.insertInto(table).values(rows.slice(i, i + per) as never).execute();
  }

  const both = async (query: Record<string, string>) => {
    const q = { from: query.from!, to: query.to!, ...(query.driverId ? { driverId: query.driverId } : {}), ...(query.serviceType ? { serviceType: query.serviceType } : {}) };
    const fast = await ctx.app.figures.figures(q);
    const raw = await ctx.app.figures.rawFigures(q);
    return { fast, raw };
  };
  const expectEqual = async (query: Record<string, string>) => {
    const { fast, raw } = await both(query);
    expect(fast).toEqual(raw);
    return fast;
  };

  beforeAll(async () => {
    ctx = await setupApp();
    for (let i = 0; i < 6; i++) drivers.push(await makeDriver(ctx));
    const template = await ctx.app.db.selectFrom('packages').selectAll().where('id', '=', (await makePackage(ctx)).id).executeTakeFirstOrThrow();
    // Two proof files the outcomes point at (the figures read only whether an outcome has them).
    const photoId = randomUUID();
    const signatureId = randomUUID();
    for (const [id, kind] of [[photoId, 'photo'], [signatureId, 'signature']] as const)
      await ctx.app.db.insertInto('proofFiles').values({ id, packageId: template.id, kind, storageKey: `${id}.jpg`, thumbKey: null, contentType: 'image/jpeg', bytes: 1, width: 1, height: 1, createdAt: new Date().toISOString() }).execute();
    const rnd = random(35);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const iso = (ms: number) => new Date(ms).toISOString();
    const dayStart = Date.parse(`${FIRST_DAY}T00:00:00Z`);
    const packages: Record<string, unknown>[] = [];
    const outcomes: Record<string, unknown>[] = [];
    const feedback: Record<string, unknown>[] = [];
    const ledger: Record<string, unknown>[] = [];
    const messages: Record<string, unknown>[] = [];
    const hooks: Record<string, unknown>[] = [];
    const history: Record<string, unknown>[] = [];
    const endpointId = randomUUID();
    const outcome = (packageId: string, kind: string, at: number, driver: DriverFixture | null, extra: Record<string, unknown> = {}) => ({
      id: randomUUID(), packageId, clientId: null, kind, driverId: driver?.id ?? null, driverName: driver?.name ?? null,
      recipientName: kind === 'delivered' ? 'R' : null, leftAt: kind === 'left' ? 'porch' : null, neighbourName: null,
      reason: kind === 'attempted' ? pick(['nobody_home', 'access_refused', 'address_not_found', 'other'] as const) : null, note: null,
      photoId: rnd() < 0.7 ? photoId : null, signatureId: kind === 'delivered' && rnd() < 0.6 ? signatureId : null,
      lat: null, lng: null, accuracy: null, distanceM: null, deviceTime: iso(at),
      // Outcomes recorded up to three days after they happened (a phone offline), most at once.
      createdAt: iso(at + (rnd() < 0.1 ? Math.floor(rnd() * 3 * 86_400_000) : 0)),
      reopenedAt: null, reopenedBy: null, reopenReason: null,
      arrivedAt: rnd() < 0.6 ? iso(at - Math.floor(rnd() * 900_000)) : null, ...extra,
    });
    for (let i = 0; i < PACKAGES; i++) {
      const id = randomUUID();
      const place = PLACES[i % PLACES.length]!;
      const driver = rnd() < 0.95 ? drivers[i % drivers.length]! : null;
      const windowStart = addDays(FIRST_DAY, Math.floor(rnd() * DAYS));
      packages.push({
        ...template, id, trackingNumber: `AGG${i}X${Math.floor(rnd() * 1e6)}`, ...place,
        serviceType: pick(SERVICE_TYPES), driverId: driver?.id ?? null,
        estimatedDelivery: rnd() < 0.05 ? '' : formatDeliveryRange(windowStart, addDays(windowStart, Math.floor(rnd() * 3))),
      });
      // Moments cluster on whole hours and half hours (ties between packages and between one package's outcomes).
      const base = dayStart + Math.floor(rnd() * DAYS) * 86_400_000 + Math.floor(rnd() * 48) * 1_800_000;
      const r = rnd();
      if (r < 0.7) {
        let at = base;
        if (rnd() < 0.2) {
          outcomes.push(outcome(id, 'attempted', at, driver));
          // Some deliveries tie with the attempt's moment; most come a day later.
          at += rnd() < 0.1 ? 0 : 86_400_000;
        }
        const kind = rnd() < 0.8 ? 'delivered' : 'left';
        if (rnd() < 0.03) {
          // Delivered, reopened, delivered again (by another driver): counted once, on the first.
          outcomes.push(outcome(id, kind, at, driver, { reopenedAt: iso(at + 3_600_000), reopenedBy: 'admin@test.example', reopenReason: 'Wrong house' }));
          outcomes.push(outcome(id, 'delivered', at + 86_400_000, pick(drivers)));
        } else outcomes.push(outcome(id, kind, at, driver));
        delivered.push(id);
        if (rnd() < 0.25) feedback.push({ packageId: id, stars: 1 + Math.floor(rnd() * 5), comment: '', tags: '[]', driverId: rnd() < 0.8 ? driver?.id ?? null : null, createdAt: iso(at + 7_200_000), updatedAt: iso(at + 7_200_000) });
      } else if (r < 0.8) outcomes.push(outcome(id, 'attempted', base, driver));
      if (rnd() < 0.1) {
        const localDay = new Date(base).toISOString().slice(0, 10);
        const entry = (kind: string, amount: number, method: string | null, day = localDay) => ({ id: randomUUID(), packageId: id, kind, method, amount, reference: null, reason: kind === 'release' ? 'Goodwill' : null, actorType: 'admin', actorId: null, actorLabel: 'admin', driverId: null, localDay: day, clientId: null, createdAt: iso(base) });
        ledger.push(entry('due', 2500, null));
        // Some pay on a later day (still owed counts on the day of the first amount due), some get a second amount.
        if (rnd() < 0.6) ledger.push(entry('payment', rnd() < 0.5 ? 2500 : 1000, pick(['cash', 'card', 'online'] as const), rnd() < 0.3 ? addDays(localDay, 2) : localDay));
        else if (rnd() < 0.3) ledger.push(entry('release', 0, null));
        if (rnd() < 0.1) ledger.push(entry('due', 500, null, addDays(localDay, 1)));
      }
      if (rnd() < 0.4) {
        const status = pick(['sent', 'sent', 'sent', 'failed', 'pending'] as const);
        messages.push({
          id: randomUUID(), eventId: randomUUID(), eventType: 'package.delivered', packageId: rnd() < 0.9 ? id : null, pickupRequestId: null, channel: 'email', audience: 'customer',
          recipient: 'c@example.test', subject: 's', body: 'b', html: null, timeZone: rnd() < 0.5 ? 'America/Chicago' : null, status, reason: null,
          providerResponse: null, attempts: 1, nextAttemptAt: iso(base), leaseUntil: null, createdAt: iso(base + 600_000), updatedAt: iso(base + 600_000), sentAt: status === 'sent' ? iso(base) : null,
        });
      }
      if (rnd() < 0.2) {
        const status = pick(['delivered', 'delivered', 'failed', 'pending'] as const);
        hooks.push({ id: randomUUID(), endpointId, eventId: null, eventType: 'package.delivered', packageId: id, sequence: null, payload: '{}', status, attempts: 1, nextAttemptAt: null, leaseUntil: null, lastStatusCode: 200, lastError: null, createdAt: iso(base + 60_000), updatedAt: iso(base + 60_000), deliveredAt: null });
      }
      if (rnd() < 0.04) {
        const status = rnd() < 0.6 ? 'exception' : 'returned';
        // Set twice the same day (counted once), and some again days later (counted on each day).
        const times = [base + 3_600_000, ...(rnd() < 0.3 ? [base + 5_400_000] : []), ...(rnd() < 0.3 ? [base + 3 * 86_400_000] : [])];
        for (const t of times) history.push({ id: randomUUID(), packageId: id, status, location: 'Depot', description: '', timestamp: iso(t), createdAt: iso(t) });
      }
    }
    // This throwaway schema's package search indexes (trigram, PostgreSQL) cost more than the rest of the seeding and
    // no figure reads them.
    if (ctx.dialect === 'postgres') for (const column of ['tracking_number', 'customer_name', 'customer_phone', 'pickup_address', 'delivery_address', 'driver']) await sql`drop index if exists ${sql.raw(`packages_search_${column}`)}`.execute(ctx.app.db);
    await bulk('packages', packages);
    await bulk('deliveryOutcomes', outcomes);
    await bulk('packageFeedback', feedback);
    await bulk('paymentEntries', ledger);
    await bulk('notificationMessages', messages);
    const at = iso(dayStart);
    await ctx.app.db
      .insertInto('webhookEndpoints')
      .values({ id: endpointId, url: 'http://127.0.0.1:9/hook', description: 'test', eventTypes: '*', secretEnc: 'x', previousSecretEnc: null, previousSecretUntil: null, enabled: 0, disabledReason: 'test', failingSince: null, createdBy: 'admin', createdAt: at, updatedAt: at })
      .execute();
    await bulk('webhookMessages', hooks);
    await bulk('statusHistory', history);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('equals the recomputation for whole periods, one driver, one service type and one day', async () => {
    const month = await expectEqual({ from: '2026-02-01', to: '2026-02-28' });
    // The generated data reach every figure (a comparison of zeros would prove nothing).
    expect(month.figures.delivered).toBeGreaterThan(10_000);
    expect(month.figures.onTime).toBeGreaterThan(0);
    expect(month.figures.onTime).toBeLessThan(month.figures.delivered);
    expect(month.figures.firstAttempt).toBeLessThan(month.figures.delivered);
    expect(month.figures.attempts).toBeGreaterThan(0);
    expect(month.figures.ratings.count).toBeGreaterThan(0);
    expect(month.figures.money.collected).toBeGreaterThan(0);
    expect(month.figures.money.stillOwed).toBeGreaterThan(0);
    expect(month.figures.messages.failed).toBeGreaterThan(0);
    expect(month.figures.webhooks.delivered).toBeGreaterThan(0);
    expect(month.figures.exceptions).toBeGreaterThan(0);
    expect(month.figures.stopsPerDriverHour).toBeGreaterThan(0);
    expect(month.figures.averageStopSeconds).toBeGreaterThan(0);
    await expectEqual({ from: '2026-02-01', to: '2026-02-21', driverId: drivers[2]!.id });
    await expectEqual({ from: '2026-02-08', to: '2026-02-20', serviceType: 'express delivery' });
    await expectEqual({ from: '2026-02-10', to: '2026-02-10', driverId: drivers[0]!.id, serviceType: SERVICE_TYPES[0] });
  }, 120_000);

  it('stays equal after writes to days already computed: a late attempt, a new driver, a new window, a backfill, a delete', async () => {
    await ctx.app.figures.figures({ from: '2026-01-20', to: '2026-02-18' });
    // An attempt synced late, before a delivery: that delivery is no longer first-attempt (on its own day).
    const first = await ctx.app.db
      .selectFrom('deliveryOutcomes')
      .select(['packageId', 'deviceTime', 'driverId'])
      .where('kind', '=', 'delivered')
      .where('deviceTime', '>=', '2026-02-10T12:00:00.000Z')
      .where('packageId', 'in', delivered.slice(0, 2000))
      .orderBy('deviceTime')
      .limit(1)
      .executeTakeFirstOrThrow();
    const target = first.packageId;
    await ctx.app.db
      .insertInto('deliveryOutcomes')
      .values({ id: randomUUID(), packageId: target, clientId: null, kind: 'attempted', driverId: first.driverId, driverName: 'x', recipientName: null, leftAt: null, neighbourName: null, reason: 'nobody_home', note: null, photoId: null, signatureId: null, lat: null, lng: null, accuracy: null, distanceM: null, deviceTime: new Date(Date.parse(first.deviceTime) - 2 * 86_400_000).toISOString(), createdAt: new Date().toISOString(), reopenedAt: null, reopenedBy: null, reopenReason: null })
      .execute();
    // Another driver and another window for some delivered packages.
    await ctx.app.db.updateTable('packages').set({ driverId: drivers[5]!.id }).where('id', 'in', delivered.slice(100, 140)).execute();
    await ctx.app.db.updateTable('packages').set({ estimatedDelivery: formatDeliveryRange('2026-03-30', '2026-03-31') }).where('id', 'in', delivered.slice(200, 260)).execute();
    // A payment days after the amount was set (what is still owed on the day of the amount changes), a release, and an
    // exception set on a day already computed.
    const owing = await ctx.app.db
      .selectFrom('paymentEntries')
      .select(['packageId', 'localDay'])
      .where('kind', '=', 'due')
      .where('localDay', '>=', '2026-02-01')
      .where('localDay', '<=', '2026-02-10')
      .where('packageId', 'not in', (eb) => eb.selectFrom('paymentEntries').select('packageId').where('kind', '!=', 'due'))
      .orderBy('localDay')
      .limit(3)
      .execute();
    expect(owing).toHaveLength(3);
    const ledgerEntry = (packageId: string, kind: string, amount: number, localDay: string) => ({ id: randomUUID(), packageId, kind, method: kind === 'payment' ? 'cash' : null, amount, reference: null, reason: kind === 'release' ? 'Account customer' : null, actorType: 'admin', actorId: null, actorLabel: 'admin', driverId: null, localDay, clientId: null, createdAt: new Date().toISOString() });
    await ctx.app.db.insertInto('paymentEntries').values([ledgerEntry(owing[0]!.packageId, 'payment', 2500, '2026-02-15'), ledgerEntry(owing[1]!.packageId, 'payment', 1000, '2026-02-16'), ledgerEntry(owing[2]!.packageId, 'release', 0, '2026-02-12')]).execute();
    await ctx.app.db.insertInto('statusHistory').values({ id: randomUUID(), packageId: delivered[400]!, status: 'exception', location: 'Depot', description: '', timestamp: '2026-02-05T15:00:00.000Z', createdAt: '2026-02-05T15:00:00.000Z' }).execute();
    // A backfill in SQL, and a delete such as a retention run's.
    await ctx.app.db.updateTable('notificationMessages').set({ status: 'failed' }).where('status', '=', 'pending').execute();
    await ctx.app.db.deleteFrom('webhookMessages').where('status', '=', 'failed').execute();
    await ctx.app.db.deleteFrom('packages').where('id', 'in', delivered.slice(300, 320)).execute();
    await expectEqual({ from: '2026-01-20', to: '2026-02-18' });
    await expectEqual({ from: '2026-02-01', to: '2026-02-18', driverId: drivers[5]!.id });
  }, 120_000);

  it('the rebuild from the raw rows gives the same figures', async () => {
    const before = await ctx.app.figures.figures({ from: '2026-02-01', to: '2026-02-28' });
    const result = await ctx.app.figures.days!.rebuild();
    expect(result.days).toBeGreaterThanOrEqual(DAYS);
    expect(await ctx.app.db.selectFrom('figureChanges').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()).toMatchObject({ n: expect.anything() });
    const after: Figures = await expectEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(after).toEqual(before);
  }, 120_000);
});
