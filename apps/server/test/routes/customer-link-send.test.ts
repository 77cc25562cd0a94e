import type { AuditEntry, CustomerLinkSent, Package } from '@cargo/shared';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { makeDriver, makePackage } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';
import { startSmsGateway, startSmtpSink, type SmsGateway, type SmtpSink } from '../support/mail-and-sms.ts';

const PUBLIC_URL = 'http://cargo.test';
const LINK = /http:\/\/cargo\.test\/track-live\/([A-Za-z0-9_-]{32})/;

/**
 * Dispatch sends a package's customer link (issue 33, decision 112): `POST /api/packages/{id}/customer-link/send`,
 * through the HTTP SMS gateway and the SMTP server the notifications use, both the test's own on loopback.
 */
describeApi('sending the customer link', () => {
  let ctx: TestContext;
  let sms: SmsGateway;
  let smtp: SmtpSink;

  beforeAll(async () => {
    sms = await startSmsGateway();
    smtp = await startSmtpSink();
    ctx = await setupApp({ env: { SMS_GATEWAY_URL: sms.url, SMTP_URL: smtp.url, PUBLIC_URL, NOTIFY_POLL_MS: '0', COMPANY_NAME: 'Cargo Test' } });
  });
  afterAll(async () => {
    await ctx?.close();
    await sms?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    sms.received.length = 0;
    sms.answer(200);
    smtp.messages.length = 0;
  });

  const send = (pkg: Pick<Package, 'id'>, payload: Record<string, unknown>, token: string | null = ctx.adminToken) =>
    ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/customer-link/send`, token, payload });
  const copyLink = async (pkg: Package) => {
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/customer-link`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string }>().url;
  };
  const auditOf = async (pkg: Package) => {
    const res = await ctx.request({ method: 'GET', url: `/api/audit?objectType=package&objectId=${pkg.id}&action=package.customer_link_sent`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditEntry[]>();
  };

  it("texts the package's one customer link to the customer's phone, audited without the link", async () => {
    const pkg = await makePackage(ctx, { customerPhone: '(414) 555-0142' });
    const res = await send(pkg, { channel: 'sms' });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json<CustomerLinkSent>();
    expect(sent).toMatchObject({ channel: 'sms', to: '•••-•••-0142' });
    expect(res.body).not.toMatch(/track-live/);

    const [text] = await sms.waitFor(1);
    expect(text!.to).toBe('+14145550142');
    expect(text!.message).toContain(`Cargo Test: your delivery ${pkg.trackingNumber}`);
    // The same link dispatch copies and every message carries (decision 101), and it opens the customer's actions.
    const url = LINK.exec(text!.message)![0];
    expect(url).toBe(await copyLink(pkg));
    const token = LINK.exec(url)![1]!;
    expect((await ctx.request({ method: 'GET', url: `/api/customer-links/${token}` })).statusCode).toBe(200);

    const entries = await auditOf(pkg);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ objectLabel: pkg.trackingNumber, after: { channel: 'sms', to: '•••-•••-0142' } });
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it('emails it to the customer email; a package without one, or an unsubscribed address, is a 409', async () => {
    const email = `${unique('c').toLowerCase()}@example.com`;
    const pkg = await makePackage(ctx, { customerEmail: email });
    const res = await send(pkg, { channel: 'email' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CustomerLinkSent>()).toMatchObject({ channel: 'email', to: `c•••@example.com` });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe(email);
    expect(mail!.subject).toContain(pkg.trackingNumber);
    expect(LINK.exec(mail!.text ?? '')![0]).toBe(await copyLink(pkg));

    const without = await makePackage(ctx, { customerEmail: null });
    const none = await send(without, { channel: 'email' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: 'This package has no customer email' });

    const token = ctx.app.notifications.unsubscribeToken(email, pkg.id);
    expect((await ctx.request({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token}` })).statusCode).toBeLessThan(300);
    const unsubscribed = await send(pkg, { channel: 'email' });
    expect(unsubscribed.statusCode).toBe(409);
    expect(smtp.messages).toHaveLength(1);
    expect(await auditOf(without)).toEqual([]);
  });

  it('a gateway that refuses is a 502 that records nothing; bad input is a 400; the route is admin-only', async () => {
    const pkg = await makePackage(ctx);
    sms.answer(500);
    const refused = await send(pkg, { channel: 'sms' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe('The message was not accepted: try again later, or copy the link');
    expect(await auditOf(pkg)).toEqual([]);

    const bad = await send(pkg, { channel: 'pigeon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'channel', message: "Choose 'sms' or 'email'" });
    expect((await send(pkg, {})).statusCode).toBe(400);
    expect((await send({ id: 'no-such-package' }, { channel: 'sms' })).statusCode).toBe(404);

    const driver = await makeDriver(ctx);
    expect((await send(pkg, { channel: 'sms' }, null)).statusCode).toBe(401);
    expect((await send(pkg, { channel: 'sms' }, driver.token)).statusCode).toBe(403);
    expect(sms.received).toHaveLength(0);
  });

  it('without a gateway configured: 503, and nothing is sent', async () => {
    const bare = await setupApp({ env: { PUBLIC_URL } });
    try {
      const pkg = await makePackage(bare);
      const res = await bare.request({ method: 'POST', url: `/api/packages/${pkg.id}/customer-link/send`, token: bare.adminToken, payload: { channel: 'sms' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'No SMS gateway is configured' });
      const mail = await bare.request({ method: 'POST', url: `/api/packages/${pkg.id}/customer-link/send`, token: bare.adminToken, payload: { channel: 'email' } });
      expect(mail.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
