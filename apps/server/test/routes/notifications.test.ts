import type { NotificationMessage, NotificationPreview, NotificationTemplate, Package } from '@cargo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeDriver, makePackage } from '../fixtures.ts';
import { PREVIEW_SHARE_TOKEN } from '../../src/services/share-links.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';
import { startSmsGateway, startSmtpSink, type SmsGateway, type SmtpSink } from '../support/mail-and-sms.ts';

const PUBLIC_URL = 'http://cargo.test';
const MIN = 60_000;

/** Customer notifications (issue 17) against a real SMTP server and an HTTP SMS gateway on loopback. */
describeApi('notifications', () => {
  let ctx: TestContext;
  let smtp: SmtpSink;
  let sms: SmsGateway;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    sms = await startSmsGateway();
    // The background worker is off: each test drives the reader and the sender itself, at the times it chooses.
    ctx = await setupApp({ env: { SMTP_URL: smtp.url, SMS_GATEWAY_URL: sms.url, PUBLIC_URL, NOTIFY_POLL_MS: '0', NOTIFY_RETRY_BASE_MS: '50', COMPANY_NAME: 'Cargo Test' } });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
    await sms?.close();
  });
  beforeEach(async () => {
    // What an earlier test left unread is read (and, being old by then, skipped) before this one starts.
    await ctx.app.notifications.processEvents(Date.now() + 60 * MIN);
    smtp.messages.length = 0;
    smtp.refuseWith(null);
    sms.received.length = 0;
    sms.answer(200);
    // No quiet hours and a high cap unless a test sets them: the suite runs at any hour.
    await setSettings({ quietHoursStart: '00:00', quietHoursEnd: '00:00', dailyCapPerPackage: 20 });
  });

  const setSettings = async (value: Record<string, unknown>) => {
    const res = await ctx.request({ method: 'PUT', url: '/api/notifications/settings', token: ctx.adminToken, payload: value });
    expect(res.statusCode, res.body).toBe(200);
  };
  const work = async (nowMs = Date.now()) => {
    await ctx.app.notifications.processEvents(nowMs);
    // Retries and quiet hours aside, one pass sends every due message.
    while ((await ctx.app.notifications.sendDue(nowMs)) > 0);
  };
  const setStatus = async (pkg: Package, status: string) => {
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status, location: 'Depot', description: `Now ${status}` } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const log = async (pkg: Package): Promise<NotificationMessage[]> => {
    const res = await ctx.request({ method: 'GET', url: `/api/notifications/messages?trackingNumber=${pkg.trackingNumber}`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const customer = (overrides: Record<string, unknown> = {}) => makePackage(ctx, { customerEmail: `${unique('c').toLowerCase()}@example.com`, customerPhone: '(414) 555-0142', ...overrides });

  it('writes each change as an event in its transaction, numbered per package; a refused change writes none', async () => {
    const pkg = await customer();
    await setStatus(pkg, 'picked_up');
    await setStatus(pkg, 'out_for_delivery');
    const events = await ctx.app.repos.events.forSubject('package', pkg.id);
    expect(events.map((e) => [e.sequence, e.type])).toEqual([
      [1, 'package.created'],
      [2, 'package.picked_up'],
      [3, 'package.out_for_delivery'],
    ]);
    // A tracking number that is taken: 409, and no event for a package that was never written.
    const before = (await ctx.app.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    const taken = await ctx.request({ method: 'POST', url: '/api/packages', token: ctx.adminToken, payload: { ...pkg, id: undefined, createdAt: undefined, updatedAt: undefined } });
    expect(taken.statusCode).toBe(409);
    // A transaction that fails after writing its event leaves neither.
    await expect(
      ctx.app.repos.transaction(async (trx) => {
        await trx.events.append({ type: 'package.exception', subjectType: 'package', subjectId: pkg.id, data: {}, occurredAt: new Date().toISOString() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = (await ctx.app.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(after)).toBe(Number(before));
    expect((await ctx.app.repos.events.forSubject('package', pkg.id)).length).toBe(3);
  });

  it('out for delivery: an email (HTML and text, live link, company contacts, List-Unsubscribe) and a text message', async () => {
    const pkg = await customer({ customerName: 'Ana <b>Ruiz</b>' });
    await setStatus(pkg, 'out_for_delivery');
    await work();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe(`Your package ${pkg.trackingNumber} is out for delivery`);
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe(pkg.customerEmail);
    expect(mail!.from?.text).toContain('Cargo Test');
    expect(mail!.text).toContain('Hello Ana <b>Ruiz</b>');
    expect(mail!.text).toMatch(new RegExp(`${PUBLIC_URL}/track-live/[A-Za-z0-9_-]{32}`));
    expect(mail!.text).toContain('support@example.com');
    // HTML: merge values escaped, the link clickable.
    expect(mail!.html).toContain('Ana &lt;b&gt;Ruiz&lt;/b&gt;');
    expect(mail!.html).toMatch(/<a href="http:\/\/cargo\.test\/track-live\/[A-Za-z0-9_-]+">/);
    const header = (key: string) => (mail!.headerLines.find((h) => h.key === key)?.line ?? '').replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toMatch(new RegExp(`^List-Unsubscribe: <${PUBLIC_URL}/api/notifications/unsubscribe\\?token=[\\w.-]+>$`));
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The live link opens the customer's live page.
    const token = /track-live\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? '')![1]!;
    const live = await ctx.request({ method: 'GET', url: `/api/tracking/live/${token}` });
    expect(live.statusCode, live.body).toBe(200);

    const texts = await sms.waitFor(1);
    expect(texts[0]).toEqual({ to: '+14145550142', message: expect.stringContaining(`package ${pkg.trackingNumber} is out for delivery today`) });
    expect(texts[0]!.message).toContain(`${PUBLIC_URL}/track-live/`);

    const entries = await log(pkg);
    expect(entries.map((e) => [e.eventType, e.channel, e.status])).toEqual(
      expect.arrayContaining([
        ['package.out_for_delivery', 'email', 'sent'],
        ['package.out_for_delivery', 'sms', 'sent'],
      ]),
    );
    // The log masks the recipient; the customer's address never leaves in full.
    const email = entries.find((e) => e.channel === 'email')!;
    expect(email.recipient).toMatch(/^c•••@example\.com$/);
    expect(entries.find((e) => e.channel === 'sms')!.recipient).toBe('•••-•••-0142');
    expect(email.providerResponse).toMatch(/^250/);
    expect(email.attempts).toBe(1);
  });

  it('tells each status once: a package set out for delivery a second time sends nothing more', async () => {
    const pkg = await customer();
    await setStatus(pkg, 'out_for_delivery');
    await work();
    await setStatus(pkg, 'in_transit');
    await setStatus(pkg, 'out_for_delivery');
    await work();
    const entries = (await log(pkg)).filter((e) => e.eventType === 'package.out_for_delivery');
    expect(entries.map((e) => e.status).sort()).toEqual(['sent', 'sent', 'skipped', 'skipped']);
    expect(entries.filter((e) => e.status === 'skipped').every((e) => e.reason === 'Already notified of this step')).toBe(true);
    expect(smtp.messages.length).toBe(1);
    expect(sms.received.length).toBe(1);
  });

  it('sends nothing for an event older than 15 minutes when it is read, nor for a package created already delivered', async () => {
    const pkg = await customer();
    await setStatus(pkg, 'exception');
    await work(Date.now() + 16 * MIN);
    const entries = await log(pkg);
    expect(entries.filter((e) => e.eventType === 'package.exception').map((e) => [e.status, e.reason])).toEqual([
      ['skipped', 'Event older than 15 minutes when processed'],
      ['skipped', 'Event older than 15 minutes when processed'],
    ]);
    // 'Package created' is off by default: turned on, it still says nothing of a package created delivered.
    for (const channel of ['email', 'sms']) {
      const res = await ctx.request({ method: 'PUT', url: `/api/notifications/templates/package.created/${channel}/customer`, token: ctx.adminToken, payload: { enabled: true, subject: channel === 'email' ? 'Registered {{ tracking_number }}' : null, body: 'Registered {{ tracking_number }}' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const delivered = await customer({ status: 'delivered' });
    const fresh = await customer();
    await work();
    expect((await log(delivered)).map((e) => e.reason)).toEqual(['Package created already delivered', 'Package created already delivered']);
    expect((await log(fresh)).map((e) => e.status)).toEqual(['sent', 'sent']);
    for (const channel of ['email', 'sms']) await ctx.request({ method: 'DELETE', url: `/api/notifications/templates/package.created/${channel}/customer`, token: ctx.adminToken });
    expect(smtp.messages.map((m) => m.subject)).toEqual([`Registered ${fresh.trackingNumber}`]);
  });

  it("holds a message in quiet hours on the recipient's clock (Tokyo) and drops an 'arriving' one that would be out of date", async () => {
    await setSettings({ quietHoursStart: '21:00', quietHoursEnd: '08:00', dailyCapPerPackage: 20 });
    // Delivered to Tokyo (UTC+9): 14:00 UTC is 23:00 there.
    const pkg = await customer({ deliveryLat: 35.6812, deliveryLng: 139.7671 });
    await setStatus(pkg, 'exception');
    // The next 14:00 UTC from now (a message queued now is due from now on, so the night must not be before it).
    const today = new Date();
    let night = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 14, 0);
    if (night < Date.now()) night += 24 * 60 * MIN;
    const morning = new Date(night + 9 * 60 * MIN).toISOString();
    await ctx.app.notifications.processEvents(Date.now());
    await ctx.app.notifications.sendDue(night);
    let entries = await log(pkg);
    expect(entries.map((e) => [e.status, e.reason, e.nextAttemptAt])).toEqual([
      ['queued', 'Held for quiet hours until 08:00', morning],
      ['queued', 'Held for quiet hours until 08:00', morning],
    ]);
    expect(smtp.messages.length + sms.received.length).toBe(0);
    // At 08:00 Tokyo they go.
    await ctx.app.notifications.sendDue(Date.parse(morning));
    entries = await log(pkg);
    expect(entries.map((e) => e.status)).toEqual(['sent', 'sent']);

    // 'Arriving' during quiet hours is dropped, not sent at 08:00.
    const arriving = await customer({ deliveryLat: 35.6812, deliveryLng: 139.7671 });
    await ctx.app.repos.transaction((trx) => trx.events.append({ type: 'package.arriving', subjectType: 'package', subjectId: arriving.id, data: { etaMinutes: 3 }, occurredAt: new Date().toISOString() }));
    await ctx.app.notifications.processEvents(Date.now());
    await ctx.app.notifications.sendDue(night);
    expect((await log(arriving)).map((e) => [e.status, e.reason])).toEqual([
      ['skipped', 'Quiet hours: dropped, it would be out of date when they end'],
      ['skipped', 'Quiet hours: dropped, it would be out of date when they end'],
    ]);
  });

  it('stops at the daily cap per package', async () => {
    await setSettings({ quietHoursStart: '00:00', quietHoursEnd: '00:00', dailyCapPerPackage: 3 });
    const pkg = await customer();
    await setStatus(pkg, 'out_for_delivery');
    await work();
    await setStatus(pkg, 'exception');
    await work();
    const entries = await log(pkg);
    expect(entries.filter((e) => e.status === 'sent').length).toBe(3);
    expect(entries.filter((e) => e.status === 'skipped').map((e) => e.reason)).toEqual(['Daily cap of 3 messages for this package reached']);
  });

  it('unsubscribes in one click (RFC 8058), for one package or for the address, with no sign-in', async () => {
    const email = `${unique('u').toLowerCase()}@example.com`;
    const pkg = await customer({ customerEmail: email });
    const other = await customer({ customerEmail: email });
    await setStatus(pkg, 'out_for_delivery');
    await work();
    const [mail] = await smtp.waitFor(1);
    // The link in the email opens a page that asks; its button POSTs the choice.
    const url = new URL(/<a href="([^"]+unsubscribe[^"]+)">/.exec(mail!.html as string)![1]!.replace(/&amp;/g, '&'));
    expect(url.pathname).toBe('/unsubscribe');
    const page = await ctx.request({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`Stop emails about package ${pkg.trackingNumber}`);
    // The mail client's own button POSTs 'List-Unsubscribe=One-Click' to the header's URL (RFC 8058).
    const header = (mail!.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '').replace(/\r\n\s+/g, ' ');
    const oneClickUrl = new URL(/<([^>]+)>/.exec(header)![1]!);
    expect(oneClickUrl.pathname).toBe('/api/notifications/unsubscribe');
    const oneClick = await ctx.request({ method: 'POST', url: `${oneClickUrl.pathname}${oneClickUrl.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ unsubscribed: true, scope: 'package', trackingNumber: pkg.trackingNumber });

    await setStatus(pkg, 'exception');
    await setStatus(other, 'exception');
    await work();
    const skipped = (await log(pkg)).find((e) => e.eventType === 'package.exception' && e.channel === 'email');
    expect([skipped?.status, skipped?.reason]).toEqual(['skipped', 'Unsubscribed']);
    // Text messages still go, and the other package still emails.
    expect((await log(pkg)).find((e) => e.eventType === 'package.exception' && e.channel === 'sms')?.status).toBe('sent');
    expect((await log(other)).find((e) => e.eventType === 'package.exception' && e.channel === 'email')?.status).toBe('sent');

    // 'Every email to this address', the page's second button, covers the other package too.
    const all = await ctx.request({ method: 'POST', url: `${url.pathname}${url.search}&scope=all`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('no more emails from Cargo Test to this address');
    await setStatus(other, 'out_for_delivery');
    await work();
    expect((await log(other)).find((e) => e.eventType === 'package.out_for_delivery' && e.channel === 'email')?.reason).toBe('Unsubscribed');

    // A token that is not ours: 404, and nothing changes.
    const forged = await ctx.request({ method: 'POST', url: `/api/notifications/unsubscribe?token=${Buffer.from(JSON.stringify({ e: 'x@example.com', p: null })).toString('base64url')}.AAAA` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ message: 'This unsubscribe link is not valid' });
    expect((await ctx.request({ method: 'GET', url: '/unsubscribe?token=nope.nope' })).statusCode).toBe(404);
  });

  it('sends the advance notice: a package out for delivery before its delivery window texts the registered phone', async () => {
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 24 * 3_600_000);
      return d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'America/Chicago' });
    };
    const window = `${day(3)} - ${day(5)}`;
    const pkg = await customer({ estimatedDelivery: window });
    await setStatus(pkg, 'out_for_delivery');
    const events = await ctx.app.repos.events.forSubject('package', pkg.id);
    expect(events.map((e) => e.type)).toEqual(['package.created', 'package.out_for_delivery', 'package.eta_changed']);
    await work();
    const early = sms.received.find((t) => t.message.includes('arrives early'));
    expect(early?.to).toBe('+14145550142');
    expect(early?.message).toContain(`before its delivery window (${window})`);
    // Within its window, no such notice.
    // The tracking page tells of it only because this server has an SMS gateway.
    expect((await ctx.request({ method: 'GET', url: '/api/config/site' })).json()).toMatchObject({ advanceNotice: true });
    const onTime = await customer({ estimatedDelivery: `${day(-1)} - ${day(1)}` });
    await setStatus(onTime, 'out_for_delivery');
    expect((await ctx.app.repos.events.forSubject('package', onTime.id)).map((e) => e.type)).not.toContain('package.eta_changed');
  });

  it('retries a temporary failure (SMTP 421, gateway 503) until it is accepted, once; a permanent one (550, 400) is not retried', async () => {
    const pkg = await customer();
    smtp.refuseWith(421);
    sms.answer((n) => (n <= 2 ? 503 : 200));
    const received = sms.received.length;
    await setStatus(pkg, 'out_for_delivery');
    await ctx.app.notifications.processEvents();
    await ctx.app.notifications.sendDue();
    let entries = await log(pkg);
    expect(entries.map((e) => e.status)).toEqual(['queued', 'queued']);
    expect(entries.find((e) => e.channel === 'email')?.providerResponse).toMatch(/421/);
    smtp.refuseWith(null);
    // The retries fall due after ~50 ms, then ~100 ms.
    for (let i = 0; i < 40 && (await log(pkg)).some((e) => e.status !== 'sent'); i++) {
      await new Promise((r) => setTimeout(r, 60));
      await ctx.app.notifications.sendDue();
    }
    entries = await log(pkg);
    expect(entries.map((e) => e.status)).toEqual(['sent', 'sent']);
    expect(smtp.messages.filter((m) => m.subject?.includes(pkg.trackingNumber)).length).toBe(1);
    expect(sms.received.length - received).toBe(1);
    expect(entries.find((e) => e.channel === 'sms')?.attempts).toBe(3);

    const refused = await customer();
    smtp.refuseWith(550);
    sms.answer(400);
    await setStatus(refused, 'exception');
    await work();
    await new Promise((r) => setTimeout(r, 200));
    await work();
    entries = await log(refused);
    expect(entries.map((e) => [e.status, e.reason, e.attempts])).toEqual([
      ['failed', 'Refused by the provider', 1],
      ['failed', 'Refused by the provider', 1],
    ]);

    // The admin's resend puts it back in the queue; sent once accepted.
    smtp.refuseWith(null);
    sms.answer(200);
    const failedEmail = entries.find((e) => e.channel === 'email')!;
    const resend = await ctx.request({ method: 'POST', url: `/api/notifications/messages/${failedEmail.id}/resend`, token: ctx.adminToken });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json<NotificationMessage>().status).toBe('queued');
    await work();
    expect((await log(refused)).find((e) => e.id === failedEmail.id)?.status).toBe('sent');
  });

  it('a pickup request tells the customer it was received and alerts the coordinator', async () => {
    const email = `${unique('p').toLowerCase()}@example.com`;
    const res = await ctx.request({
      method: 'POST',
      url: '/api/schedule-pickup',
      remoteAddress: '10.77.0.1',
      payload: { customerName: 'Grace Kim', phone: '(312) 555-0190', email, originAddress: '233 S Wacker Dr, Chicago, IL 60606', destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202', itemDescription: 'Two boxes of books' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await work();
    const toCustomer = smtp.messages.find((m) => m.subject === 'We received your pickup request');
    expect(toCustomer?.text).toContain("We'll contact you within 2 hours");
    const toCoordinator = smtp.messages.find((m) => m.subject === 'New pickup request from Grace Kim');
    expect(toCoordinator?.text).toContain('(312) 555-0190');
    expect(sms.received.map((t) => t.to)).toEqual(expect.arrayContaining(['+13125550190', '+15550100100']));
    // Confirming it writes its event.
    const confirmed = await ctx.request({ method: 'PATCH', url: `/api/pickup-requests/${res.json().id}/status`, token: ctx.adminToken, payload: { status: 'confirmed' } });
    expect(confirmed.statusCode).toBe(200);
    expect((await ctx.app.repos.events.forSubject('pickup_request', res.json().id)).map((e) => [e.sequence, e.type])).toEqual([
      [1, 'pickup_request.created'],
      [2, 'pickup_request.confirmed'],
    ]);
  });

  describe('templates', () => {
    it('previews exactly what is sent: same package, same template, same subject, text and HTML; the live token is a stand-in and no link is made', async () => {
      const pkg = await customer({ customerEmail: `${unique('Mixed').slice(0, 12)}@Example.com` });
      await setStatus(pkg, 'out_for_delivery');
      await work();
      const sent = await ctx.app.db.selectFrom('notificationMessages').selectAll().where('packageId', '=', pkg.id).where('eventType', '=', 'package.out_for_delivery').execute();
      const templates = (await ctx.request({ method: 'GET', url: '/api/notifications/templates', token: ctx.adminToken })).json<NotificationTemplate[]>();
      const linksBefore = await ctx.app.db.selectFrom('shareLinks').select('id').where('packageId', '=', pkg.id).execute();
      for (const channel of ['email', 'sms'] as const) {
        const message = sent.find((m) => m.channel === channel && m.audience === 'customer')!;
        expect(message.status, channel).toBe('sent');
        const template = templates.find((t) => t.eventType === 'package.out_for_delivery' && t.channel === channel && t.audience === 'customer')!;
        const res = await ctx.request({ method: 'POST', url: '/api/notifications/preview', token: ctx.adminToken, payload: { eventType: 'package.out_for_delivery', channel, trackingNumber: pkg.trackingNumber, subject: template.subject, body: template.body } });
        expect(res.statusCode, res.body).toBe(200);
        const preview = res.json<NotificationPreview>();
        // The sent message's live link, with its token where the preview has its stand-in.
        const token = new RegExp(`${PUBLIC_URL}/track-live/([A-Za-z0-9_-]{32})`).exec(message.body)![1]!;
        const asSent = (text: string | null) => text?.replaceAll(PREVIEW_SHARE_TOKEN, token) ?? null;
        expect(preview.text).toContain(`${PUBLIC_URL}/track-live/${PREVIEW_SHARE_TOKEN}`);
        expect(asSent(preview.text), channel).toBe(message.body);
        expect(preview.subject, channel).toBe(message.subject);
        // The HTML too, with the same unsubscribe link (the recipient's address as the message has it).
        expect(asSent(preview.html), channel).toBe(message.html);
      }
      // The preview made no share link: a link opens the package's live position to whoever holds it.
      expect(await ctx.app.db.selectFrom('shareLinks').select('id').where('packageId', '=', pkg.id).execute()).toEqual(linksBefore);
    });

    it('lists every event by channel with sensible defaults; an edited template is previewed against a real package, saved and used', async () => {
      const list = await ctx.request({ method: 'GET', url: '/api/notifications/templates', token: ctx.adminToken });
      expect(list.statusCode).toBe(200);
      const templates = list.json<NotificationTemplate[]>();
      const on = templates.filter((t) => t.enabled && t.audience === 'customer').map((t) => t.eventType);
      expect(new Set(on)).toEqual(new Set(['package.out_for_delivery', 'package.arriving', 'package.delivered', 'package.attempted', 'package.exception', 'package.eta_changed', 'package.rescheduled', 'pickup_request.created']));
      expect(templates.every((t) => t.channelConfigured)).toBe(true);

      const pkg = await customer({ customerName: 'Zoë <script>alert(1)</script>' });
      const body = 'Hi {{ customer_name }}, {{ tracking_number }} is {{ status | downcase }}. {{ tracking_link }}';
      const preview = await ctx.request({ method: 'POST', url: '/api/notifications/preview', token: ctx.adminToken, payload: { eventType: 'package.delivered', channel: 'email', trackingNumber: pkg.trackingNumber, subject: 'Done: {{ tracking_number }}', body } });
      expect(preview.statusCode, preview.body).toBe(200);
      const shown = preview.json<NotificationPreview>();
      expect(shown.subject).toBe(`Done: ${pkg.trackingNumber}`);
      expect(shown.text).toContain(`Hi Zoë <script>alert(1)</script>, ${pkg.trackingNumber} is processing. ${PUBLIC_URL}/track-live/${PREVIEW_SHARE_TOKEN}`);
      expect(shown.html).toContain('Zoë &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(shown.html).not.toContain('<script>');

      const bad = await ctx.request({ method: 'PUT', url: '/api/notifications/templates/package.delivered/email/customer', token: ctx.adminToken, payload: { enabled: true, subject: 'x', body: 'Hello {% if %}' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe('body');
      const noSubject = await ctx.request({ method: 'PUT', url: '/api/notifications/templates/package.delivered/email/customer', token: ctx.adminToken, payload: { enabled: true, body: 'Hello' } });
      expect(noSubject.statusCode).toBe(400);
      const unknown = await ctx.request({ method: 'PUT', url: '/api/notifications/templates/package.teleported/email/customer', token: ctx.adminToken, payload: { enabled: true, subject: 'x', body: 'y' } });
      expect(unknown.statusCode).toBe(400);

      const saved = await ctx.request({ method: 'PUT', url: '/api/notifications/templates/package.delivered/email/customer', token: ctx.adminToken, payload: { enabled: true, subject: 'Done: {{ tracking_number }}', body } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<NotificationTemplate>().isDefault).toBe(false);
      const off = await ctx.request({ method: 'PUT', url: '/api/notifications/templates/package.delivered/sms/customer', token: ctx.adminToken, payload: { enabled: false, body: 'Delivered {{ tracking_number }}' } });
      expect(off.statusCode, off.body).toBe(200);

      await setStatus(pkg, 'delivered');
      await work();
      const mail = smtp.messages.find((m) => m.subject === `Done: ${pkg.trackingNumber}`);
      expect(mail?.text).toContain('is delivered.');
      expect(sms.received.some((t) => t.message.includes(pkg.trackingNumber))).toBe(false);

      const reset = await ctx.request({ method: 'DELETE', url: '/api/notifications/templates/package.delivered/email/customer', token: ctx.adminToken });
      expect(reset.json<NotificationTemplate>()).toMatchObject({ isDefault: true, subject: 'Delivered: package {{ tracking_number }}' });
      await ctx.request({ method: 'DELETE', url: '/api/notifications/templates/package.delivered/sms/customer', token: ctx.adminToken });
    });

    it('is for admins only', async () => {
      const driver = await makeDriver(ctx);
      for (const [method, url] of [
        ['GET', '/api/notifications/templates'],
        ['GET', '/api/notifications/messages'],
        ['GET', '/api/notifications/settings'],
      ] as const) {
        expect((await ctx.request({ method, url })).statusCode).toBe(401);
        expect((await ctx.request({ method, url, token: driver.token })).statusCode).toBe(403);
      }
    });
  });

  it("an 'approaching' or 'arriving' alert of the fix pipeline is an event of the same commit", async () => {
    const driver = await makeDriver(ctx);
    const pkg = await customer({ driverId: driver.id, driver: driver.name, driverPhone: driver.phone, deliveryLat: 43.0389, deliveryLng: -87.9065 });
    await setStatus(pkg, 'out_for_delivery');
    const fix = (lat: number, secondsAgo: number) =>
      ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token: driver.token, payload: { lat, lng: -87.9065, accuracy: 8, speed: 10, timestamp: new Date(Date.now() - secondsAgo * 1000).toISOString() } });
    // 4 km north, then 800 m north: 'approaching', then 'arriving'.
    expect((await fix(43.0389 + 0.036, 120)).statusCode).toBe(201);
    expect((await fix(43.0389 + 0.0072, 10)).statusCode).toBe(201);
    const events = await ctx.app.repos.events.forSubject('package', pkg.id);
    expect(events.map((e) => [e.sequence, e.type])).toEqual([
      [1, 'package.created'],
      [2, 'package.out_for_delivery'],
      [3, 'package.approaching'],
      [4, 'package.arriving'],
    ]);
    expect(JSON.parse(events[3]!.data)).toMatchObject({ trackingNumber: pkg.trackingNumber, distanceMeters: expect.any(Number), etaMinutes: expect.any(Number) });
    await work();
    const arriving = sms.received.find((t) => t.message.includes('less than 1 km away'));
    expect(arriving?.message).toContain(pkg.trackingNumber);
  });
});
