import type { CustomerActionsView, Package } from '@cargo/shared';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { offeredDays } from '../../src/services/customer-actions/delivery-days.ts';
import { wallClock, zoneOfPlace } from '../../src/lib/time-zone.ts';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';
import { multipart } from '../multipart.ts';
import { startSmtpSink, type SmtpSink } from '../support/mail-and-sms.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const PUBLIC_URL = 'http://cargo.test';
const DAY = 86_400_000;

/**
 * Customer actions through the customer link (issue 33, design.md §13), on the real database, with a real SMTP server,
 * a webhook receiver on loopback and the server's own log lines captured.
 */
describeApi('customer actions', () => {
  let ctx: TestContext;
  let smtp: SmtpSink;
  let receiver: WebhookReceiver;
  let driver: DriverFixture;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    receiver = await startWebhookReceiver('127.0.0.1');
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    ctx = await setupApp({
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        NOTIFY_POLL_MS: '0',
        COMPANY_NAME: 'Cargo Test',
        COORDINATOR_EMAIL: 'coordinator@cargo.test',
        COORDINATOR_PHONE: '+1 (555) 010-0199',
        CUSTOMER_ACTIONS_PER_HOUR: '8',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_MS: '40',
      },
      // Every log line at the most verbose level, to search for the access code in them.
      build: { logger: { level: 'trace', stream } },
    });
    driver = await makeDriver(ctx);
    await ctx.request({ method: 'PUT', url: '/api/notifications/settings', token: ctx.adminToken, payload: { quietHoursStart: '00:00', quietHoursEnd: '00:00', dailyCapPerPackage: 50 } });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    await ctx.app.notifications.processEvents(Date.now() + 3_600_000);
    smtp.messages.length = 0;
    await setSettings({});
  });

  const setSettings = async (changes: Record<string, unknown>) => {
    const res = await ctx.request({
      method: 'PUT',
      url: '/api/customer-actions/settings',
      token: ctx.adminToken,
      payload: { workingDays: [1, 2, 3, 4, 5], nextDayCutoff: '17:00', daysAhead: 7, closedDates: [], windows: [], rescheduleLimit: 2, linkDaysAfterDelivery: 14, ...changes },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const customerPackage = (overrides: Record<string, unknown> = {}) =>
    makePackage(ctx, { customerEmail: `${unique('c').toLowerCase()}@example.com`, status: 'in_transit', ...overrides }, driver);
  const linkOf = async (pkg: Package): Promise<string> => {
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/customer-link`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return /\/track-live\/([A-Za-z0-9_-]+)$/.exec(res.json().url)![1]!;
  };
  const view = (token: string) => ctx.request({ method: 'GET', url: `/api/customer-links/${encodeURIComponent(token)}` });
  const instruct = (token: string, payload: Record<string, unknown>) => ctx.request({ method: 'PUT', url: `/api/customer-links/${encodeURIComponent(token)}/instructions`, payload });
  const reschedule = (token: string, payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: `/api/customer-links/${encodeURIComponent(token)}/reschedule`, payload });
  const rate = (token: string, payload: Record<string, unknown>) => ctx.request({ method: 'PUT', url: `/api/customer-links/${encodeURIComponent(token)}/feedback`, payload });
  const setStatus = async (pkg: Package, status: string) => {
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status, location: 'Depot', description: `Now ${status}` } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const attempt = async (pkg: Package) => {
    const body = multipart({ kind: 'attempted', reason: 'business_closed', deviceTime: new Date().toISOString() });
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/outcomes`, token: driver.token, payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
  };
  const work = async () => {
    await ctx.app.notifications.processEvents();
    while ((await ctx.app.notifications.sendDue()) > 0);
  };
  const eventsOf = async (pkg: Package) => (await ctx.app.repos.events.forSubject('package', pkg.id)).map((e) => e.type);
  const daysNow = (pkg: Package, settings: Parameters<typeof offeredDays>[0]) => {
    const clock = wallClock(zoneOfPlace(pkg.deliveryLat, pkg.deliveryLng), Date.now());
    return offeredDays(settings, clock.day, clock.minutes);
  };

  it("every message carries the package's one customer link from 'package created' on; dispatch copies the same link", async () => {
    for (const channel of ['email']) {
      const res = await ctx.request({ method: 'PUT', url: `/api/notifications/templates/package.created/${channel}/customer`, token: ctx.adminToken, payload: { enabled: true, subject: 'Registered {{ tracking_number }}', body: 'Registered: {{ tracking_link }}' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const pkg = await customerPackage({ status: 'processing' });
    await work();
    await setStatus(pkg, 'out_for_delivery');
    await work();
    const mails = await smtp.waitFor(2);
    const links = mails.map((m) => /\/track-live\/([A-Za-z0-9_-]+)/.exec(m.text ?? '')?.[1]);
    expect(links[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(links[1]).toBe(links[0]);
    expect(await linkOf(pkg)).toBe(links[0]);
    // One link row for the package, its token only hashed and sealed.
    const rows = await ctx.app.db.selectFrom('shareLinks').selectAll().where('packageId', '=', pkg.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(links[0]!);
    // Revoked, the link is dead, and the next message carries a new one.
    const revoke = await ctx.request({ method: 'POST', url: `/api/share-links/${rows[0]!.id}/revoke`, token: ctx.adminToken });
    expect(revoke.statusCode).toBe(204);
    expect((await view(links[0]!)).statusCode).toBe(404);
    const fresh = await linkOf(pkg);
    expect(fresh).not.toBe(links[0]);
    expect((await view(fresh)).statusCode).toBe(200);
    await ctx.request({ method: 'DELETE', url: '/api/notifications/templates/package.created/email/customer', token: ctx.adminToken });
  });

  it('the tracking number alone, a driver link, an unknown, revoked or expired link act on nothing', async () => {
    const pkg = await customerPackage();
    const token = await linkOf(pkg);
    const driverLink = await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkg.id, hours: 2, kind: 'driver' } });
    const refs = [pkg.trackingNumber, pkg.id, driverLink.json().token as string, 'x'.repeat(32)];
    for (const ref of refs) {
      expect((await view(ref)).statusCode).toBe(404);
      expect((await instruct(ref, { instructions: 'Ring twice', safePlace: 'porch' })).statusCode).toBe(404);
      expect((await reschedule(ref, { day: '2030-01-01' })).statusCode).toBe(404);
      expect((await rate(ref, { stars: 5 })).statusCode).toBe(404);
    }
    // The customer token is no key to anything else: not a Bearer token for the admin or driver routes.
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/customer-actions`, token })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/packages', token })).statusCode).toBe(401);
    expect(await ctx.app.repos.customerActions.instructionsOf(pkg.id)).toBeUndefined();
    // Expired at its own time.
    await ctx.app.db.updateTable('shareLinks').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('packageId', '=', pkg.id).execute();
    expect((await view(token)).statusCode).toBe(404);
    expect((await instruct(token, { instructions: 'Too late' })).statusCode).toBe(404);
  });

  it('a link works for the set time after delivery, then not', async () => {
    const pkg = await customerPackage();
    const token = await linkOf(pkg);
    await setStatus(pkg, 'delivered');
    expect((await view(token)).statusCode).toBe(200);
    await setSettings({ linkDaysAfterDelivery: 3 });
    await ctx.app.db.updateTable('statusHistory').set({ timestamp: new Date(Date.now() - 4 * DAY).toISOString() }).where('packageId', '=', pkg.id).where('status', 'in', ['delivered', 'Delivered']).execute();
    expect((await view(token)).statusCode).toBe(404);
    await setSettings({ linkDaysAfterDelivery: 5 });
    expect((await view(token)).statusCode).toBe(200);
  });

  it("one package's link changes only that package", async () => {
    const a = await customerPackage();
    const b = await customerPackage();
    const tokenA = await linkOf(a);
    const res = await instruct(tokenA, { instructions: 'Leave it with the porter', safePlace: 'mailroom' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.app.repos.customerActions.instructionsOf(a.id))?.safePlace).toBe('mailroom');
    expect(await ctx.app.repos.customerActions.instructionsOf(b.id)).toBeUndefined();
    expect((await view(tokenA)).json().trackingNumber).toBe(a.trackingNumber);
  });

  it('instructions, safe place, waiver and access code: checked, recorded as the customer, an event without the code; closed once the driver has arrived', async () => {
    const pkg = await customerPackage();
    const token = await linkOf(pkg);
    const tooLong = await instruct(token, { instructions: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues[0]).toEqual({ path: 'instructions', message: 'Instructions can be at most 500 characters' });
    const noNeighbour = await instruct(token, { safePlace: 'neighbour' });
    expect(noNeighbour.statusCode).toBe(400);
    expect(noNeighbour.json().issues[0].message).toBe("Neighbour's name is required");
    expect((await instruct(token, { safePlace: 'garage' })).statusCode).toBe(400);

    const ok = await instruct(token, { instructions: 'Behind the blue pot', safePlace: 'porch', signatureWaived: true, accessCode: 'GATE-4711' });
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json<CustomerActionsView>();
    expect(body.instructions).toMatchObject({ open: true, instructions: 'Behind the blue pot', safePlace: 'porch', signatureWaived: true, signatureWaivable: true, accessCodeGiven: true });
    expect(ok.body).not.toContain('GATE-4711');
    // Left out, the access code stays; null clears it.
    expect((await instruct(token, { instructions: 'Behind the blue pot', safePlace: 'porch' })).json().instructions.accessCodeGiven).toBe(true);
    expect((await ctx.app.repos.customerActions.instructionsOf(pkg.id))?.accessCode).toBe('GATE-4711');

    const audit = await ctx.request({ method: 'GET', url: `/api/audit?objectType=package&objectId=${pkg.id}`, token: ctx.adminToken });
    const entry = audit.json().find((e: { action: string }) => e.action === 'package.instructions_updated');
    expect(entry).toMatchObject({ actorType: 'customer', actorLabel: `Customer of ${pkg.trackingNumber}` });
    expect(audit.body).not.toContain('GATE-4711');
    expect(await eventsOf(pkg)).toContain('package.instructions_updated');

    // Dispatch sees the code.
    const admin = await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/customer-actions`, token: ctx.adminToken });
    expect(admin.json().instructions).toMatchObject({ safePlace: 'porch', accessCode: 'GATE-4711', instructions: 'Behind the blue pot' });

    // A signature-required service type cannot be waived.
    const express = await customerPackage({ serviceType: 'Express Delivery' });
    const expressToken = await linkOf(express);
    expect((await view(expressToken)).json().instructions.signatureWaivable).toBe(false);
    const waived = await instruct(expressToken, { safePlace: 'porch', signatureWaived: true });
    expect(waived.statusCode).toBe(400);
    expect(waived.json().message).toBe('This service needs a signature: it cannot be waived');

    // Within 200 m on the way out, the driver has arrived: no more changes.
    await setStatus(pkg, 'out_for_delivery');
    await ctx.app.db.updateTable('packages').set({ proximityState: JSON.stringify({ fired: ['approaching', 'arriving', 'very_near'] }) }).where('id', '=', pkg.id).execute();
    const late = await instruct(token, { instructions: 'Changed my mind' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The driver has already arrived: instructions can no longer be changed');
    expect((await view(token)).json().instructions.open).toBe(false);
  });

  it('the access code appears in no public view, customer page, webhook, export or log line', async () => {
    const code = `AC${unique()}`;
    const endpoint = await ctx.request({ method: 'POST', url: '/api/webhooks/endpoints', token: ctx.adminToken, payload: { url: `${receiver.url}/all`, eventTypes: ['*'] } });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const pkg = await customerPackage();
    const token = await linkOf(pkg);
    expect((await instruct(token, { instructions: 'Code at the gate', safePlace: 'front_door', accessCode: code })).statusCode).toBe(200);
    await setStatus(pkg, 'out_for_delivery');
    // The webhook of the instructions event arrives (and says a code was given), without the code.
    const deadline = Date.now() + 8000;
    while (!receiver.received.some((r) => r.body.includes('package.instructions_updated') && r.body.includes(pkg.trackingNumber)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const hook = receiver.received.find((r) => r.body.includes('package.instructions_updated') && r.body.includes(pkg.trackingNumber));
    expect(hook?.body).toContain('"accessCodeGiven":true');
    const seen: string[] = receiver.received.map((r) => r.body);
    for (const url of [`/api/packages/${pkg.trackingNumber}`, `/api/packages/${pkg.trackingNumber}/history`, `/api/packages/${pkg.trackingNumber}/locations`, `/api/tracking/live/${token}`, `/api/tracking/live/${pkg.trackingNumber}`, `/api/customer-links/${token}`]) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      seen.push(res.body);
    }
    // The customer's page as the server sends it to a browser.
    seen.push((await ctx.request({ method: 'GET', url: `/track-live/${token}` })).body);
    // Another driver sees nothing of it; exports neither.
    const other = await makeDriver(ctx);
    seen.push((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}`, token: other.token })).body);
    for (const url of [`/api/exports/packages?q=${pkg.trackingNumber}`, `/api/exports/packages?q=${pkg.trackingNumber}&format=json`]) {
      const res = await ctx.request({ method: 'GET', url, token: ctx.adminToken });
      seen.push(res.body);
    }
    seen.push(...(await ctx.app.db.selectFrom('events').select('data').where('subjectId', '=', pkg.id).execute()).map((e) => e.data));
    seen.push(...(await ctx.app.db.selectFrom('auditLog').selectAll().where('objectId', '=', pkg.id).execute()).map((e) => JSON.stringify(e)));
    await work();
    seen.push(...(await ctx.app.db.selectFrom('notificationMessages').selectAll().where('packageId', '=', pkg.id).execute()).map((m) => JSON.stringify(m)));
    expect(logLines.length).toBeGreaterThan(10);
    seen.push(...logLines);
    const leaks = seen.filter((text) => text.includes(code));
    expect(leaks).toEqual([]);
    // It is there, for dispatch.
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/customer-actions`, token: ctx.adminToken })).body).toContain(code);
  });

  it('a new day: the days offered follow the settings; the choice becomes the delivery window and is listed to re-plan; the limit holds', async () => {
    const settings = { workingDays: [1, 2, 3, 4, 5, 6], nextDayCutoff: '23:59', daysAhead: 10, closedDates: [] as string[], windows: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }] };
    const pkg = await customerPackage();
    const all = daysNow(pkg, settings);
    settings.closedDates = [all[1]!];
    await setSettings(settings);
    const token = await linkOf(pkg);
    const page = (await view(token)).json<CustomerActionsView>();
    expect(page.reschedule.days.map((d) => d.day)).toEqual(daysNow(pkg, settings));
    expect(page.reschedule.days.map((d) => d.day)).not.toContain(all[1]);
    expect(page.reschedule).toMatchObject({ open: true, used: 0, limit: 2, windows: settings.windows });

    const closed = await reschedule(token, { day: all[1], window: settings.windows[0] });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().issues[0]).toEqual({ path: 'day', message: 'Choose one of the days offered' });
    expect((await reschedule(token, { day: all[0], window: null })).json().issues[0].path).toBe('window');
    expect((await reschedule(token, { day: all[0], window: { start: '08:00', end: '09:00' } })).statusCode).toBe(400);

    const ok = await reschedule(token, { day: all[0], window: settings.windows[0] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().reschedule).toMatchObject({ used: 1, chosen: { day: all[0], window: settings.windows[0] } });
    const after = await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}`, token: ctx.adminToken });
    const [y, m, d] = all[0]!.split('-').map(Number);
    expect(after.json().estimatedDelivery).toContain(`${new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' })} ${d}, ${y}`);
    const list = await ctx.request({ method: 'GET', url: '/api/customer-actions/to-replan', token: ctx.adminToken });
    const item = list.json().find((i: { packageId: string }) => i.packageId === pkg.id);
    expect(item).toMatchObject({ day: all[0], window: settings.windows[0], trackingNumber: pkg.trackingNumber });
    expect(item.label).toMatch(/, 9:00-12:00$/);
    expect(await eventsOf(pkg)).toContain('package.rescheduled');
    // The customer is told in words what will happen.
    await work();
    const mail = (await smtp.waitFor(1)).find((m) => m.subject?.includes(pkg.trackingNumber));
    expect(mail?.text).toContain(`We will deliver your package ${pkg.trackingNumber} on ${item.label}.`);

    expect((await reschedule(token, { day: all[2], window: settings.windows[1] })).statusCode).toBe(200);
    const third = await reschedule(token, { day: all[3], window: settings.windows[1] });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('This delivery has been moved as often as it can be: please call us');
    const limited = (await view(token)).json<CustomerActionsView>();
    expect(limited.reschedule).toMatchObject({ open: false, used: 2, limit: 2 });
    expect(limited.coordinatorPhone).toBe('+1 (555) 010-0199');
    // A higher limit in the settings opens it again.
    await setSettings({ ...settings, rescheduleLimit: 3 });
    expect((await view(token)).json().reschedule.open).toBe(true);
  });

  it('out for delivery, a package cannot be moved; after an attempt it can, and the attempts list shows the choice', async () => {
    await setSettings({ workingDays: [0, 1, 2, 3, 4, 5, 6], nextDayCutoff: '23:59' });
    const pkg = await customerPackage();
    const token = await linkOf(pkg);
    await setStatus(pkg, 'out_for_delivery');
    const day = (await view(token)).json<CustomerActionsView>().reschedule;
    expect(day.open).toBe(false);
    expect(day.days).toEqual([]);
    const moving = await reschedule(token, { day: daysNow(pkg, { workingDays: [0, 1, 2, 3, 4, 5, 6], nextDayCutoff: '23:59', daysAhead: 7, closedDates: [] })[0] });
    expect(moving.statusCode).toBe(409);
    await attempt(pkg);
    const open = (await view(token)).json<CustomerActionsView>().reschedule;
    expect(open.open).toBe(true);
    expect((await reschedule(token, { day: open.days[0]!.day })).statusCode).toBe(200);
    const attempts = await ctx.request({ method: 'GET', url: '/api/delivery-attempts', token: ctx.adminToken });
    const listed = attempts.json().find((a: { packageId: string }) => a.packageId === pkg.id);
    expect(listed.customerChoice).toMatchObject({ day: open.days[0]!.day, label: open.days[0]!.label });
  });

  it('a rating after delivery: once per package, changeable for 7 days; 2 stars or fewer alert the coordinator; dispatch sees it per driver', async () => {
    const pkg = await customerPackage();
    const token = await linkOf(pkg);
    const early = await rate(token, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('You can rate a delivery once it has been delivered');
    await setStatus(pkg, 'delivered');
    expect((await rate(token, { stars: 6 })).json().issues[0].message).toBe('Choose 1 to 5 stars');
    expect((await rate(token, { stars: 4, comment: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await rate(token, { stars: 4, tags: ['rude'] })).statusCode).toBe(400);

    const first = await rate(token, { stars: 4, comment: 'Fine', tags: ['on_time', 'careful'] });
    expect(first.statusCode, first.body).toBe(200);
    const given = first.json<CustomerActionsView>().feedback.given!;
    expect(given).toMatchObject({ stars: 4, comment: 'Fine', tags: ['on_time', 'careful'] });
    await work();
    smtp.messages.length = 0;

    const changed = await rate(token, { stars: 2, comment: 'Box was crushed', tags: ['damaged'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().feedback.given.editableUntil).toBe(given.editableUntil);
    const rows = await ctx.app.db.selectFrom('packageFeedback').selectAll().where('packageId', '=', pkg.id).execute();
    expect(rows).toHaveLength(1);
    expect(await eventsOf(pkg)).toEqual(expect.arrayContaining(['feedback.received', 'feedback.low_rating']));
    await work();
    const alert = (await smtp.waitFor(1)).find((m) => m.subject === `Low rating (2 stars) for package ${pkg.trackingNumber}`);
    expect(alert, smtp.messages.map((m) => m.subject).join(' | ')).toBeDefined();
    expect(alert!.to && 'text' in alert!.to ? alert!.to.text : '').toContain('coordinator@cargo.test');
    expect(alert!.text).toContain('Tags: Damaged');

    const perDriver = await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/feedback`, token: ctx.adminToken });
    expect(perDriver.statusCode).toBe(200);
    expect(perDriver.json().recent.find((r: { trackingNumber: string }) => r.trackingNumber === pkg.trackingNumber)).toMatchObject({ stars: 2, tags: ['damaged'] });
    const onPackage = await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/customer-actions`, token: ctx.adminToken });
    expect(onPackage.json().feedback).toMatchObject({ stars: 2, comment: 'Box was crushed', driverId: driver.id });

    // Seven days after it was first given, it can no longer change.
    await ctx.app.db.updateTable('packageFeedback').set({ createdAt: new Date(Date.now() - 7 * DAY - 1000).toISOString() }).where('packageId', '=', pkg.id).execute();
    const locked = await rate(token, { stars: 5 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('A rating can be changed for 7 days only');
  });

  it('the assigned driver sees the instructions and safe place, and the access code only on the day; another driver nothing', async () => {
    const pkg = await customerPackage();
    const token = await linkOf(pkg);
    expect((await instruct(token, { instructions: 'Ring the top bell', safePlace: 'neighbour', neighbourName: 'Mrs Lee, no. 12', accessCode: 'DOOR-99' })).statusCode).toBe(200);
    const stops = (as: string) => ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/customer-instructions`, token: as });
    const before = (await stops(driver.token)).json().find((r: { packageId: string }) => r.packageId === pkg.id);
    expect(before).toMatchObject({ instructions: 'Ring the top bell', safePlace: 'neighbour', neighbourName: 'Mrs Lee, no. 12', accessCode: null, accessCodeLater: true });
    await setStatus(pkg, 'out_for_delivery');
    const onTheDay = (await stops(driver.token)).json().find((r: { packageId: string }) => r.packageId === pkg.id);
    expect(onTheDay).toMatchObject({ accessCode: 'DOOR-99', accessCodeLater: false });
    const other = await makeDriver(ctx);
    expect((await stops(other.token)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/drivers/${other.id}/customer-instructions`, token: other.token })).body).not.toContain('DOOR-99');
  });

  it('changes are limited per link (429)', async () => {
    const pkg = await customerPackage();
    const token = await linkOf(pkg);
    const codes: number[] = [];
    for (let i = 0; i < 9; i += 1) codes.push((await instruct(token, { instructions: `Try ${i}` })).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 200)).toBe(true);
    expect(codes[8]).toBe(429);
    // Another package's link is counted apart.
    expect((await instruct(await linkOf(await customerPackage()), { instructions: 'Mine' })).statusCode).toBe(200);
  });
});
