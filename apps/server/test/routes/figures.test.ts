import { randomUUID } from 'node:crypto';
import { FIGURES_MSG, type Figures } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

// Chicago (UTC-6 in January). The window 'Monday, January 5 - Wednesday, January 7, 2026' ends at 23:59:59 on
// January 7, Chicago time: 2026-01-08T05:59:59Z.
const CHICAGO = { deliveryLat: 41.8781, deliveryLng: -87.6298 };
const WINDOW = 'Monday, January 5, 2026 - Wednesday, January 7, 2026';

describeApi('figures (issue 35): each definition on hand-made cases, from the raw rows', () => {
  let ctx: TestContext;
  let first: DriverFixture;
  let second: DriverFixture;
  const ids: Record<string, string> = {};

  const place = async (overrides: Record<string, unknown> = {}, driver?: DriverFixture) => {
    const pkg = await makePackage(ctx, { estimatedDelivery: WINDOW, ...overrides }, driver);
    await ctx.app.db.updateTable('packages').set(CHICAGO).where('id', '=', pkg.id).execute();
    return pkg.id;
  };
  const outcome = (packageId: string, kind: string, deviceTime: string, driver: DriverFixture, extra: Record<string, unknown> = {}) =>
    ctx.app.db
      .insertInto('deliveryOutcomes')
      .values({
        id: randomUUID(), packageId, clientId: null, kind, driverId: driver.id, driverName: driver.name, recipientName: kind === 'delivered' ? 'R. Cipient' : null,
        leftAt: kind === 'left' ? 'Porch' : null, neighbourName: null, reason: null, note: null, photoId: null, signatureId: null,
        lat: CHICAGO.deliveryLat, lng: CHICAGO.deliveryLng, accuracy: 5, distanceM: 3, deviceTime, createdAt: deviceTime,
        reopenedAt: null, reopenedBy: null, reopenReason: null, ...extra,
      })
      .execute();
  const entry = (packageId: string, kind: string, amount: number, localDay: string, method: string | null = null) =>
    ctx.app.db
      .insertInto('paymentEntries')
      .values({ id: randomUUID(), packageId, kind, method, amount, reference: null, reason: kind === 'release' ? 'Goodwill' : null, actorType: 'admin', actorId: null, actorLabel: 'admin', driverId: null, localDay, clientId: null, createdAt: `${localDay}T18:00:00.000Z` })
      .execute();
  const rate = (packageId: string, stars: number, driver: DriverFixture) =>
    ctx.app.db.insertInto('packageFeedback').values({ packageId, stars, comment: '', tags: '[]', driverId: driver.id, createdAt: '2026-01-08T18:00:00.000Z', updatedAt: '2026-01-08T18:00:00.000Z' }).execute();
  const figures = async (query: string, token: string | null = ctx.adminToken) => ctx.request({ method: 'GET', url: `/api/figures?${query}`, token });

  beforeAll(async () => {
    ctx = await setupApp();
    first = await makeDriver(ctx);
    second = await makeDriver(ctx);
    // A: delivered at 23:30 Chicago time on the window's last day: on time.
    ids.a = await place({}, first);
    await outcome(ids.a, 'delivered', '2026-01-08T05:30:00.000Z', first);
    // B: delivered at 00:30 the next day, Chicago time: late, and on January 8.
    ids.b = await place({}, second);
    await outcome(ids.b, 'delivered', '2026-01-08T06:30:00.000Z', second);
    // C: attempted (nobody home) on January 7, delivered on January 8: not first-attempt, late.
    ids.c = await place({}, second);
    await outcome(ids.c, 'attempted', '2026-01-07T15:00:00.000Z', second, { reason: 'nobody_home', recipientName: null });
    await outcome(ids.c, 'delivered', '2026-01-08T16:00:00.000Z', second);
    // D: delivered on January 7, reopened, delivered again on January 8: counted once, on January 7.
    ids.d = await place({}, second);
    await outcome(ids.d, 'delivered', '2026-01-07T18:00:00.000Z', second, { reopenedAt: '2026-01-07T20:00:00.000Z', reopenedBy: 'admin@test.example', reopenReason: 'Wrong house' });
    await outcome(ids.d, 'delivered', '2026-01-08T18:00:00.000Z', second);
    // E: left at the door without the photo 'left' requires: proof incomplete.
    ids.e = await place({}, second);
    await outcome(ids.e, 'left', '2026-01-07T19:00:00.000Z', second);
    // F: delivered on January 6: the previous period's.
    ids.f = await place({}, second);
    await outcome(ids.f, 'delivered', '2026-01-06T18:00:00.000Z', second);
    // Money: A owes 50.00, paid 30.00 cash and 10.00 card; B owes 20.00 and is released without payment.
    await entry(ids.a, 'due', 5000, '2026-01-07');
    await entry(ids.a, 'payment', 3000, '2026-01-07', 'cash');
    await entry(ids.a, 'payment', 1000, '2026-01-08', 'card');
    await entry(ids.b, 'due', 2000, '2026-01-08');
    await entry(ids.b, 'release', 0, '2026-01-08');
    // Ratings: 5, 2 and 4 stars.
    await rate(ids.a, 5, first);
    await rate(ids.b, 2, second);
    await rate(ids.c, 4, second);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('counts delivered, on time (23:30 on the last day is on time, 00:30 the next day late), first attempt, proof and days', async () => {
    const res = await figures('from=2026-01-07&to=2026-01-08');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Figures>();
    expect(body.previousPeriod).toEqual({ from: '2026-01-05', to: '2026-01-06' });
    const f = body.figures;
    expect(f.delivered).toBe(5); // A, B, C, D once, E
    expect(f.onTime).toBe(3); // A, D, E
    expect(f.onTimeRate).toBeCloseTo(0.6);
    expect(f.firstAttempt).toBe(4); // all but C
    expect(f.firstAttemptRate).toBeCloseTo(0.8);
    expect(f.attempts).toBe(1);
    expect(f.attemptsByReason.nobody_home).toBe(1);
    expect(f.proofComplete).toBe(4); // E left without a photo
    expect(body.days).toEqual([
      { day: '2026-01-07', delivered: 3, onTime: 3, firstAttempt: 3, attempts: 1 },
      { day: '2026-01-08', delivered: 2, onTime: 0, firstAttempt: 1, attempts: 0 },
    ]);
    expect(body.previous.delivered).toBe(1);
    expect(body.definitions.onTimeRate).toMatch(/23:59 local time/);
  });

  it('the late one is late on its own: a one-day period holds only B and C', async () => {
    const f = (await figures('from=2026-01-08&to=2026-01-08')).json<Figures>().figures;
    expect(f.delivered).toBe(2);
    expect(f.onTime).toBe(0);
    expect(f.onTimeRate).toBe(0);
  });

  it('money: due, collected by method, released, still owed; ratings: count, average, distribution', async () => {
    const f = (await figures('from=2026-01-07&to=2026-01-08')).json<Figures>().figures;
    expect(f.money.due).toBe(7000);
    expect(f.money.collected).toBe(4000);
    expect(f.money.collectedByMethod).toMatchObject({ cash: 3000, card: 1000, bank_transfer: 0 });
    expect(f.money.released).toBe(1);
    expect(f.money.stillOwed).toBe(3000); // A's 10.00 and B's 20.00
    expect(f.ratings.count).toBe(3);
    expect(f.ratings.average).toBeCloseTo(3.67, 2);
    expect(f.ratings.distribution).toEqual({ 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 });
  });

  it('still owed counts on the day of the first amount due; exceptions and returns once per package and day (decision 114)', async () => {
    // A's 50.00 was set on January 7 (10.00 of it still owed after the card payment on the 8th); B's 20.00 on the 8th.
    expect((await figures('from=2026-01-08&to=2026-01-08')).json<Figures>().figures.money.stillOwed).toBe(2000);
    expect((await figures('from=2026-01-07&to=2026-01-07')).json<Figures>().figures.money.stillOwed).toBe(1000);
    // E set to 'Exception' twice on January 7 (Chicago), and again on January 8; returned on January 8.
    const status = (state: string, at: string) => ctx.app.db.insertInto('statusHistory').values({ id: randomUUID(), packageId: ids.e!, status: state, location: 'Depot', description: '', timestamp: at, createdAt: at }).execute();
    await status('exception', '2026-01-07T15:00:00.000Z');
    await status('exception', '2026-01-07T20:00:00.000Z');
    await status('exception', '2026-01-08T15:00:00.000Z');
    await status('returned', '2026-01-08T16:00:00.000Z');
    const both = (await figures('from=2026-01-07&to=2026-01-08')).json<Figures>().figures;
    expect([both.exceptions, both.returns]).toEqual([2, 1]);
    const seventh = (await figures('from=2026-01-07&to=2026-01-07')).json<Figures>().figures;
    expect([seventh.exceptions, seventh.returns]).toEqual([1, 0]);
  });

  it('filters by driver and by service type', async () => {
    const byFirst = (await figures(`from=2026-01-07&to=2026-01-08&driverId=${first.id}`)).json<Figures>();
    expect(byFirst.filters.driverId).toBe(first.id);
    expect(byFirst.figures.delivered).toBe(1);
    expect(byFirst.figures.onTime).toBe(1);
    expect(byFirst.figures.ratings.count).toBe(1);
    expect(byFirst.figures.money.due).toBe(5000);
    const express = (await figures('from=2026-01-07&to=2026-01-08&serviceType=Express%20Delivery')).json<Figures>();
    expect(express.figures.delivered).toBe(0);
    expect(express.figures.onTimeRate).toBeNull();
  });

  it('the CSV carries the same figures', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/figures/csv?from=2026-01-07&to=2026-01-08', token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    // Text cells are quoted (csvCell), numbers bare.
    expect(lines[0]).toBe('"Figure","2026-01-07 to 2026-01-08","2026-01-05 to 2026-01-06","Definition"');
    expect(lines.find((l) => l.startsWith('"Delivered",'))).toMatch(/^"Delivered",5,1,"Packages whose first/);
    expect(lines.find((l) => l.startsWith('"On-time rate",'))).toMatch(/^"On-time rate",0\.6,1,/);
    expect(lines.find((l) => l.startsWith('"Still owed (minor units)",'))).toMatch(/^"Still owed \(minor units\)",3000,0,/);
    expect(lines).toContain('"2026-01-07",3,3,3,1');
    expect(lines).toContain('"2026-01-08",2,0,1,0');
  });

  it('messages sent and failed, webhooks delivered and failed, on their local day', async () => {
    const at = '2026-01-08T18:00:00.000Z';
    const message = (status: string, packageId: string | null, createdAt = at) =>
      ctx.app.db
        .insertInto('notificationMessages')
        .values({
          id: randomUUID(), eventId: randomUUID(), eventType: 'package.delivered', packageId, pickupRequestId: null, channel: 'email', audience: 'customer',
          recipient: 'c@example.test', subject: 'Delivered', body: 'Delivered', html: null, timeZone: 'America/Chicago', status, reason: null,
          providerResponse: null, attempts: 1, nextAttemptAt: createdAt, leaseUntil: null, createdAt, updatedAt: createdAt, sentAt: status === 'sent' ? createdAt : null,
        })
        .execute();
    await message('sent', ids.a!);
    await message('sent', ids.b!);
    await message('failed', ids.b!);
    await message('pending', ids.c!);
    // 03:00 UTC on January 7 is still January 6 in Chicago: the previous period's.
    await message('sent', ids.a!, '2026-01-07T03:00:00.000Z');
    const endpointId = randomUUID();
    await ctx.app.db
      .insertInto('webhookEndpoints')
      .values({ id: endpointId, url: 'http://127.0.0.1:9/hook', description: 'test', eventTypes: '*', secretEnc: 'x', previousSecretEnc: null, previousSecretUntil: null, enabled: 0, disabledReason: 'test', failingSince: null, createdBy: 'admin', createdAt: at, updatedAt: at })
      .execute();
    for (const status of ['delivered', 'delivered', 'failed'] as const)
      await ctx.app.db
        .insertInto('webhookMessages')
        .values({ id: randomUUID(), endpointId, eventId: null, eventType: 'package.delivered', packageId: ids.a!, sequence: null, payload: '{}', status, attempts: 1, nextAttemptAt: null, leaseUntil: null, lastStatusCode: 200, lastError: null, createdAt: at, updatedAt: at, deliveredAt: status === 'delivered' ? at : null })
        .execute();
    const body = (await figures('from=2026-01-07&to=2026-01-08')).json<Figures>();
    expect(body.figures.messages).toEqual({ sent: 2, failed: 1 });
    expect(body.previous.messages).toEqual({ sent: 1, failed: 0 });
    expect(body.figures.webhooks).toEqual({ delivered: 2, failed: 1 });
    const byFirst = (await figures(`from=2026-01-07&to=2026-01-08&driverId=${first.id}`)).json<Figures>();
    expect(byFirst.figures.messages).toEqual({ sent: 1, failed: 0 }); // A's only
    expect(byFirst.figures.webhooks).toEqual({ delivered: 2, failed: 1 });
  });

  it("stops per driver-hour (first to last stop of a driver's local day) and the average time at a stop (arrival kept with the outcome)", async () => {
    // January 8 in Chicago, the second driver: B at 00:30, C at 10:00, D again at 12:00: 3 stops over 11.5 hours.
    const day = await figures(`from=2026-01-08&to=2026-01-08&driverId=${second.id}`);
    expect(day.json<Figures>().figures).toMatchObject({ stops: 3, driverHours: 11.5, stopsPerDriverHour: 0.26, timedStops: 0, averageStopSeconds: null });
    // An arrival recorded with C's outcome, 4 minutes before it (written after the day was read: the day is computed again).
    await ctx.app.db.updateTable('deliveryOutcomes').set({ arrivedAt: '2026-01-08T15:56:00.000Z' }).where('packageId', '=', ids.c!).where('kind', '=', 'delivered').execute();
    const again = (await figures(`from=2026-01-08&to=2026-01-08&driverId=${second.id}`)).json<Figures>();
    expect(again.figures).toMatchObject({ timedStops: 1, averageStopSeconds: 240 });
    // The first driver's one stop (A) adds no hours: stops but no rate.
    const first1 = (await figures(`from=2026-01-07&to=2026-01-07&driverId=${first.id}`)).json<Figures>();
    expect(first1.figures).toMatchObject({ stops: 1, driverHours: 0, stopsPerDriverHour: null });
    expect(again).toEqual(await ctx.app.figures.rawFigures({ from: '2026-01-08', to: '2026-01-08', driverId: second.id }));
  });

  it('refuses a bad period with 400 and the message, and anyone but an admin', async () => {
    const reversed = await figures('from=2026-01-08&to=2026-01-07');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain(FIGURES_MSG.periodOrder);
    const long = await figures('from=2024-01-01&to=2026-01-07');
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(FIGURES_MSG.periodTooLong);
    const bad = await figures('from=2026-02-30&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(FIGURES_MSG.dayInvalid);
    expect((await figures('from=2026-01-07&to=2026-01-08', first.token)).statusCode).toBe(403);
    expect((await figures('from=2026-01-07&to=2026-01-08', null)).statusCode).toBe(401);
  });
});
