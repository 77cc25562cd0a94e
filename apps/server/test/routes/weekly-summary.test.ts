import { randomUUID } from 'node:crypto';
import { PERFORMANCE_VIEW_PATH, WEEKLY_SUMMARY_MSG } from '@cargo/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/index.ts';
import { makeDriver, makePackage } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';
import { startSmtpSink, type SmtpSink } from '../support/mail-and-sms.ts';

// Monday, November 23, 2026, 08:00 in Chicago (UTC-6): the summary's moment; the week is November 16 to 22.
const DUE = Date.parse('2026-11-23T14:00:00.000Z');

describeApi('the weekly summary by email (issue 35): settings, and sent once with two instances on one database', () => {
  let ctx: TestContext;
  let sink: SmtpSink;
  let second: FastifyInstance;
  let secondHandle: DatabaseHandle;
  let trackingNumber: string;
  let driverName: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await setupApp({ env: { SMTP_URL: sink.url, COORDINATOR_EMAIL: 'coordinator@test.example', PUBLIC_URL: 'https://cargo.test.example' } });
    // A second instance of the app on the same database, as a second server would be.
    secondHandle = await openDatabase(ctx.env.DATABASE_URL);
    second = await buildApp({ env: ctx.env, database: secondHandle, logger: false, namespace: unique('ns'), webDist: null });
    await second.ready();

    // In the week: a delivery rated 1 star, and two failed attempts by one driver.
    const driver = await makeDriver(ctx);
    driverName = driver.name;
    const pkg = await makePackage(ctx, { estimatedDelivery: 'Monday, November 16, 2026 - Friday, November 20, 2026', deliveryLat: 41.8781, deliveryLng: -87.6298 }, driver);
    trackingNumber = pkg.trackingNumber;
    const outcome = (kind: string, at: string) =>
      ctx.app.db
        .insertInto('deliveryOutcomes')
        .values({ id: randomUUID(), packageId: pkg.id, clientId: null, kind, driverId: driver.id, driverName: driver.name, recipientName: null, leftAt: null, neighbourName: null, reason: kind === 'attempted' ? 'nobody_home' : null, note: null, photoId: null, signatureId: null, lat: null, lng: null, accuracy: null, distanceM: null, deviceTime: at, createdAt: at, reopenedAt: null, reopenedBy: null, reopenReason: null })
        .execute();
    await outcome('attempted', '2026-11-17T16:00:00.000Z');
    await outcome('attempted', '2026-11-18T16:00:00.000Z');
    await outcome('delivered', '2026-11-19T16:00:00.000Z');
    await ctx.app.db.insertInto('packageFeedback').values({ packageId: pkg.id, stars: 1, comment: 'Left in the rain', tags: '[]', driverId: driver.id, createdAt: '2026-11-19T20:00:00.000Z', updatedAt: '2026-11-19T20:00:00.000Z' }).execute();
  });

  afterAll(async () => {
    await second?.close();
    await secondHandle?.close();
    await ctx?.close();
    await sink?.close();
  });

  it('keeps its settings: the coordinator by default, then what dispatch sets; refuses bad ones with the messages', async () => {
    const initial = await ctx.request({ method: 'GET', url: '/api/figures/weekly-summary', token: ctx.adminToken });
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toMatchObject({ enabled: true, recipients: ['coordinator@test.example'], dayOfWeek: 1, hour: 8 });
    const bad = await ctx.request({ method: 'PUT', url: '/api/figures/weekly-summary', token: ctx.adminToken, payload: { enabled: true, recipients: ['not-an-email'], dayOfWeek: 9, hour: 8, timeZone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(400);
    for (const message of [WEEKLY_SUMMARY_MSG.recipients, WEEKLY_SUMMARY_MSG.dayOfWeek, WEEKLY_SUMMARY_MSG.timeZone]) expect(bad.body).toContain(message);
    const saved = await ctx.request({ method: 'PUT', url: '/api/figures/weekly-summary', token: ctx.adminToken, payload: { enabled: true, recipients: ['Owner@Test.Example'], dayOfWeek: 1, hour: 8, timeZone: 'America/Chicago' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await second.inject({ method: 'GET', url: '/api/figures/weekly-summary', headers: { authorization: `Bearer ${ctx.adminToken}` } })).json()).toEqual({ enabled: true, recipients: ['owner@test.example'], dayOfWeek: 1, hour: 8, timeZone: 'America/Chicago' });
    const driver = await makeDriver(ctx);
    expect((await ctx.request({ method: 'GET', url: '/api/figures/weekly-summary', token: driver.token })).statusCode).toBe(403);
  });

  it('two instances at the due time write it once, the email channel sends it once, and a later look (a restart) sends nothing', async () => {
    // Not yet due a minute before.
    expect(await ctx.app.weeklySummary.runDue(DUE - 60_000)).toBe(0);
    const written = await Promise.all([ctx.app.weeklySummary.runDue(DUE + 1_000), second.weeklySummary.runDue(DUE + 1_000)]);
    expect(written.reduce((a, b) => a + b, 0)).toBe(1);
    // Both instances' senders try to send what is due.
    await Promise.all([ctx.app.notifications.sendDue(), second.notifications.sendDue()]);
    const [mail] = await sink.waitFor(1);
    // Later the same week, on either instance (as after a restart): nothing more.
    expect(await second.weeklySummary.runDue(DUE + 3 * 3_600_000)).toBe(0);
    await Promise.all([ctx.app.notifications.sendDue(), second.notifications.sendDue()]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(sink.messages).toHaveLength(1);

    expect(mail!.to).toMatchObject({ text: 'owner@test.example' });
    expect(mail!.subject).toContain('weekly summary, 2026-11-16 to 2026-11-22');
    const text = mail!.text ?? '';
    expect(text).toContain('- Delivered: 1, previous week 0 (+1)');
    expect(text).toContain('- First attempt: 0 (0 %)');
    expect(text).toContain(`${trackingNumber}: 1 star, ${driverName}: "Left in the rain"`);
    expect(text).toContain(`${driverName}: 2`);
    expect(text).toContain(`https://cargo.test.example${PERFORMANCE_VIEW_PATH}`);
    // In the message log, sent, once.
    const log = await ctx.app.db.selectFrom('notificationMessages').select(['status', 'recipient']).where('eventType', '=', 'figures.weekly_summary').execute();
    expect(log).toEqual([{ status: 'sent', recipient: 'owner@test.example' }]);
  });
});
