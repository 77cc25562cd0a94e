import { driverStopsSchema, liveTrackingSchema, type NotificationTemplate, type Package } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { windowWords } from '../../src/services/arrival-window/window-words.ts';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';
import { startSmsGateway, startSmtpSink, type SmsGateway, type SmtpSink } from '../support/mail-and-sms.ts';

const MIN = 60_000;
const CHICAGO = 'America/Chicago';
/** Delivery points along a street in Chicago, 1.7 km apart, west to east. */
const STOPS = [0, 1, 2, 3].map((k) => ({ lat: 41.88, lng: -87.7 + k * 0.02 }));

/**
 * The one-hour arrival window on the day (issue 33 part 4, decision 111): built from the ETA at the stop in the
 * driver's accepted order, carried by the out-for-delivery message, never moved earlier, moved later (and told once)
 * past 15 minutes, narrowed near the door. Messages go to a real SMTP server and an SMS gateway on loopback.
 */
describeApi('arrival window on the day', () => {
  let ctx: TestContext;
  let smtp: SmtpSink;
  let sms: SmsGateway;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    sms = await startSmsGateway();
    // Neither background worker runs: the test drives the sweep and the notifications at the times it chooses.
    ctx = await setupApp({ env: { SMTP_URL: smtp.url, SMS_GATEWAY_URL: sms.url, PUBLIC_URL: 'http://cargo.test', NOTIFY_POLL_MS: '0', ARRIVAL_WINDOW_SWEEP_SECONDS: '0' } });
    // No quiet hours (the suite runs at any hour) and a cap that lets every message of a test through.
    const settings = await ctx.request({ method: 'PUT', url: '/api/notifications/settings', token: ctx.adminToken, payload: { quietHoursStart: '00:00', quietHoursEnd: '00:00', dailyCapPerPackage: 20 } });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
    await sms?.close();
  });

  const work = async () => {
    await ctx.app.notifications.processEvents();
    while ((await ctx.app.notifications.sendDue()) > 0);
  };
  const moveDriver = async (driver: DriverFixture, lng: number) => {
    const res = await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/location`, token: driver.token, payload: { lat: 41.88, lng } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const setOut = async (pkg: Package) => {
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status: 'out_for_delivery', location: 'Depot', description: 'Out for delivery' } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const live = async (pkg: Package) => {
    const res = await ctx.request({ method: 'GET', url: `/api/tracking/live/${pkg.trackingNumber}` });
    expect(res.statusCode, res.body).toBe(200);
    return liveTrackingSchema.parse(res.json());
  };
  const eventsOf = async (pkg: Package, type: string) =>
    (await ctx.app.repos.events.forSubject('package', pkg.id)).filter((e) => e.type === type).map((e) => JSON.parse(e.data) as Record<string, unknown>);
  /** The message log's rows with the text each message carried (the admin's log shows the same rows). */
  const messagesOf = async (pkg: Package, eventType: string) => (await ctx.app.notifications.log({ trackingNumber: pkg.trackingNumber, limit: 50 })).filter((m) => m.eventType === eventType);
  /** A driver with four packages in transit along the street, the order accepted west to east. */
  const route = async (driverLng: number) => {
    const driver = await makeDriver(ctx);
    await moveDriver(driver, driverLng);
    const packages: Package[] = [];
    for (const [k, p] of STOPS.entries()) {
      packages.push(
        await makePackage(
          ctx,
          { trackingNumber: unique(`WIN${k}-`), deliveryLat: p.lat, deliveryLng: p.lng, status: 'in_transit', customerEmail: `${unique('w').toLowerCase()}@example.com`, customerPhone: '(312) 555-0142' },
          driver,
        ),
      );
    }
    const accepted = await ctx.request({ method: 'PUT', url: `/api/drivers/${driver.id}/route/order`, token: ctx.adminToken, payload: { order: packages.map((p) => p.id) } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { driver, packages };
  };

  it('the out-for-delivery message carries the window built from the ETA at the stop; never earlier; later past 15 minutes, told once; narrowed near the door', async () => {
    // The driver starts 12 km west of the first stop.
    const { driver, packages } = await route(-87.84);
    for (const pkg of packages) await setOut(pkg);
    const last = packages[3]!;

    // The window is the hour around the ETA the driver's stop list shows (30 minutes in, on a 5-minute mark).
    const stops = driverStopsSchema.parse((await ctx.request({ method: 'GET', url: `/api/drivers/${driver.id}/stops`, token: driver.token })).json());
    expect(stops.stops.map((s) => s.packageId)).toEqual(packages.map((p) => p.id));
    const [out] = await eventsOf(last, 'package.out_for_delivery');
    const start = Date.parse(out!.arrivalWindowStart as string);
    const end = Date.parse(out!.arrivalWindowEnd as string);
    expect(end - start).toBe(60 * MIN);
    expect(start % (5 * MIN)).toBe(0);
    const eta = Date.parse(stops.stops[3]!.eta);
    expect(Math.abs(start + 30 * MIN - eta)).toBeLessThanOrEqual(3.5 * MIN);
    const label = windowWords(out!.arrivalWindowStart, out!.arrivalWindowEnd, CHICAGO);
    expect(label).toMatch(/^between \d\d:\d\d and \d\d:\d\d$/);

    // The message says it, in Chicago's time, by email and by text.
    await work();
    const [email] = await messagesOf(last, 'package.out_for_delivery').then((ms) => ms.filter((m) => m.channel === 'email'));
    expect(email!.status).toBe('sent');
    expect(email!.subject).toBe(`Your package ${last.trackingNumber} is out for delivery: ${label}`);
    expect(email!.body).toContain(`The driver expects to arrive today ${label}. If that changes by more than a quarter of an hour, we will tell you.`);
    const received = smtp.messages.find((m) => m.subject?.includes(last.trackingNumber));
    expect(received?.text).toContain(`arrive today ${label}`);
    const [text] = (await messagesOf(last, 'package.out_for_delivery')).filter((m) => m.channel === 'sms');
    expect(text!.body).toContain(`is out for delivery today, arriving ${label}.`);
    expect(sms.received.some((r) => JSON.stringify(r).includes(`arriving ${label}`))).toBe(true);

    // The template editor's preview of that package renders the same window (decision 090: the preview is what is sent).
    const templates = (await ctx.request({ method: 'GET', url: '/api/notifications/templates', token: ctx.adminToken })).json<NotificationTemplate[]>();
    const template = templates.find((t) => t.eventType === 'package.out_for_delivery' && t.channel === 'email' && t.audience === 'customer')!;
    expect(template.body).toContain('{{ arrival_window }}');
    const preview = await ctx.request({ method: 'POST', url: '/api/notifications/preview', token: ctx.adminToken, payload: { eventType: 'package.out_for_delivery', channel: 'email', trackingNumber: last.trackingNumber, subject: template.subject, body: template.body } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().subject).toBe(email!.subject);
    expect(preview.json().text).toContain(`arrive today ${label}`);

    // The live page (by tracking number, as by the customer link) shows the same window.
    const view = await live(last);
    expect(view.arrivalWindow).toEqual({ start: out!.arrivalWindowStart, end: out!.arrivalWindowEnd, label, arrivingInMinutes: null });

    // The driver gains 10 km: every ETA is earlier, no window moves earlier, nobody is told.
    await moveDriver(driver, -87.72);
    expect(await ctx.app.arrivalWindows.sweep()).toBe(0);
    expect((await live(last)).arrivalWindow?.start).toBe(out!.arrivalWindowStart);
    expect(await eventsOf(last, 'package.eta_changed')).toEqual([]);

    // The first stop is now 3 minutes away: its page narrows to 'about 5 minutes' inside the window it was sent.
    const first = await live(packages[0]!);
    expect(first.arrivalWindow?.arrivingInMinutes).toBe(5);
    expect(first.arrivalWindow?.start).toBe((await eventsOf(packages[0]!, 'package.out_for_delivery'))[0]!.arrivalWindowStart);

    // Sent back 45 km west: every ETA is over an hour later. Each window moves later once, even with sweeps racing.
    await moveDriver(driver, -88.3);
    const moved = await Promise.all([ctx.app.arrivalWindows.sweep(), ctx.app.arrivalWindows.sweep()]);
    expect(moved[0]! + moved[1]!).toBe(4);
    expect(await ctx.app.arrivalWindows.sweep()).toBe(0);
    for (const pkg of packages) expect(await eventsOf(pkg, 'package.eta_changed')).toHaveLength(1);
    const [change] = await eventsOf(last, 'package.eta_changed');
    expect(change).toMatchObject({ reason: 'window_later', previousArrivalWindowStart: out!.arrivalWindowStart, previousArrivalWindowEnd: out!.arrivalWindowEnd });
    expect(Date.parse(change!.arrivalWindowStart as string) - start).toBeGreaterThan(15 * MIN);
    const newLabel = windowWords(change!.arrivalWindowStart, change!.arrivalWindowEnd, CHICAGO);
    expect((await live(last)).arrivalWindow?.label).toBe(newLabel);

    // Told once per channel, with the new window and the one it replaces; reading again sends nothing more.
    await work();
    await work();
    const told = await messagesOf(last, 'package.eta_changed');
    expect(told.map((m) => [m.channel, m.status]).sort()).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
    const toldEmail = told.find((m) => m.channel === 'email')!;
    expect(toldEmail.subject).toBe(`New arrival time for package ${last.trackingNumber}: ${newLabel}`);
    expect(toldEmail.body).toContain(`Your driver is running late: package ${last.trackingNumber} will now arrive today ${newLabel} instead of ${label}.`);
    expect(told.find((m) => m.channel === 'sms')!.body).toContain(`now arrives today ${newLabel} (not ${label})`);

    // Delivered: the window leaves the page.
    const done = await ctx.request({ method: 'POST', url: `/api/packages/${last.id}/status`, token: ctx.adminToken, payload: { status: 'delivered', location: 'Door', description: 'Delivered' } });
    expect(done.statusCode, done.body).toBe(200);
    expect((await live(last)).arrivalWindow).toBeNull();
  });

  it('without an accepted order or a fresh position there is no window: the message says only that it is out for delivery', async () => {
    const driver = await makeDriver(ctx);
    await moveDriver(driver, -87.84);
    const loose = await makePackage(ctx, { trackingNumber: unique('NOORDER-'), deliveryLat: 41.88, deliveryLng: -87.7, status: 'in_transit', customerEmail: `${unique('n').toLowerCase()}@example.com` }, driver);
    await setOut(loose);
    const [out] = await eventsOf(loose, 'package.out_for_delivery');
    expect(out!.arrivalWindowStart).toBeUndefined();
    await work();
    const [email] = (await messagesOf(loose, 'package.out_for_delivery')).filter((m) => m.channel === 'email');
    expect(email!.subject).toBe(`Your package ${loose.trackingNumber} is out for delivery`);
    expect(email!.body).not.toContain('between');
    expect(await ctx.app.arrivalWindows.sweep()).toBe(0);
    expect((await live(loose)).arrivalWindow).toBeNull();

    // The order accepted now: the next sweep gives the page its first window (no message: the day's has gone).
    const accepted = await ctx.request({ method: 'PUT', url: `/api/drivers/${driver.id}/route/order`, token: ctx.adminToken, payload: { order: [loose.id] } });
    expect(accepted.statusCode).toBe(200);
    await ctx.app.arrivalWindows.sweep();
    expect((await live(loose)).arrivalWindow?.label).toMatch(/^between \d\d:\d\d and \d\d:\d\d$/);
    expect(await eventsOf(loose, 'package.eta_changed')).toEqual([]);

    // A position older than 10 minutes moves no window, however late it would make the ETA.
    const before = (await live(loose)).arrivalWindow;
    expect(await ctx.app.arrivalWindows.sweep(Date.now() + 11 * MIN)).toBe(0);
    expect((await live(loose)).arrivalWindow?.start).toBe(before?.start);
  });
});
