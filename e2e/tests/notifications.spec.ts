import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { LoginResponse, Package } from '@cargo/shared';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expectNoSeriousViolations } from '../admin-fixtures.ts';
import { LIVE_ADMIN, OwnServer } from '../live-fixtures.ts';
import { expect, test } from '../test.ts';

/**
 * The Notifications tab (issue 17) against a server process of this file's own (port 4143) that sends through a real
 * SMTP server and an SMS gateway of the test's own, both on loopback: dispatch edits a template, previews it against a
 * real package and saves it; the package's message log shows what was sent and what was skipped, and why.
 */
const PORT = 4143;
/** SCREENSHOT_DIR=… keeps pictures of the message log for a person to look at; without it none are taken. */
const SHOTS = process.env.SCREENSHOT_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
let server: OwnServer;
let smtp: SMTPServer;
let gateway: Server;
const mails: ParsedMail[] = [];
const texts: Array<{ to: string; message: string }> = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      texts.push(JSON.parse(body) as { to: string; message: string });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => gateway.listen(0, '127.0.0.1', ok));
  server = new OwnServer(PORT, {
    SEED_DEMO: 'false',
    DEMO_DRIVE: 'false',
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
    NOTIFY_POLL_MS: '200',
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
  await new Promise((ok) => smtp?.close(() => ok(null)));
  await new Promise((ok) => gateway?.close(() => ok(null)));
});

test('dispatch edits a template with a preview, saves it, and reads the message log with sent and skipped messages', async ({ page, request }) => {
  test.setTimeout(90_000);
  const base = server.baseURL;
  const token = ((await (await request.post(`${base}/api/auth/login`, { data: LIVE_ADMIN })).json()) as LoginResponse).token;
  const auth = { authorization: `Bearer ${token}` };
  // The test runs at any hour: no quiet hours.
  expect((await request.put(`${base}/api/notifications/settings`, { headers: auth, data: { quietHoursStart: '00:00', quietHoursEnd: '00:00', dailyCapPerPackage: 10 } })).ok()).toBeTruthy();
  const created = await request.post(`${base}/api/packages`, {
    headers: auth,
    data: {
      trackingNumber: `NOTE${Date.now().toString(36).toUpperCase()}`,
      pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
      deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
      customerName: 'Olivia Martin',
      customerPhone: '(414) 555-0142',
      customerEmail: 'olivia.martin@example.com',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pkg = (await created.json()) as Package;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/help-center`);
  await page.evaluate((value) => window.localStorage.setItem('admin_token', value), token);
  await page.goto(`${base}/admin?tab=notifications`);
  await expect(page.getByRole('heading', { name: 'Customer notifications' })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, 'notifications tab');

  await page.getByRole('button', { name: 'Edit: Out for delivery, email to the customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Out for delivery: email to the customer' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Subject').fill('On its way: {{ tracking_number }} for {{ customer_name }}');
  await dialog.getByLabel('Preview with the package (tracking number)').fill(pkg.trackingNumber);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(`Subject: On its way: ${pkg.trackingNumber} for Olivia Martin`);
  await expect(preview).toContainText(`Your package ${pkg.trackingNumber} is out for delivery to 700 N Art Museum Dr`);
  await expectNoSeriousViolations(page, 'template editor with its preview');
  // A template that does not parse is refused with the reason, under the field.
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello {% if %}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/Template error/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello {{ customer_name }}, {{ tracking_number }} is on its way: {{ tracking_link }}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Out for delivery · Changed Email Customer/ })).toBeVisible();

  // Out for delivery twice: the customer hears once; the second time is skipped, with the rule that skipped it.
  const status = (value: string) => request.patch(`${base}/api/packages/${pkg.id}/status`, { headers: auth, data: { status: value } });
  expect((await status('out_for_delivery')).ok()).toBeTruthy();
  await expect.poll(() => mails.find((m) => m.subject === `On its way: ${pkg.trackingNumber} for Olivia Martin`)?.text ?? '', { timeout: 15_000 }).toContain('Hello Olivia Martin');
  expect((await status('in_transit')).ok()).toBeTruthy();
  expect((await status('out_for_delivery')).ok()).toBeTruthy();

  const log = page.getByRole('region', { name: 'Message log' }).first();
  await page.getByLabel('Tracking number', { exact: true }).fill(pkg.trackingNumber);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: 'Show' }).click();
      return log.getByText('Already notified of this step').count();
    }, { timeout: 15_000 })
    .toBe(2);
  await expect(log.getByRole('row', { name: /Out for delivery Email o•••@example\.com sent/ })).toHaveCount(1);
  await expect(log.getByRole('row', { name: /Out for delivery Text message •••-•••-0142 sent/ })).toHaveCount(1);
  await expect(log.getByRole('row', { name: /Out for delivery Email o•••@example\.com skipped Already notified of this step/ })).toHaveCount(1);
  // The toasts of the saves above are the panel's shared ones (judged elsewhere); the log is judged without them.
  // Toasts show one at a time: dismiss until none is left.
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  await expect
    .poll(async () => {
      if ((await dismiss.count()) > 0) await dismiss.first().click().catch(() => undefined);
      return dismiss.count();
    }, { timeout: 15_000 })
    .toBe(0);
  await expectNoSeriousViolations(page, 'message log');
  expect(texts.filter((t) => t.message.includes(pkg.trackingNumber)).length).toBe(1);

  if (SHOTS) await log.screenshot({ path: join(SHOTS, 'message-log-1280.png') });
  // At 375 px the tab fits: the page does not scroll sideways, and the message log stacks each message as a card, its
  // status and detail in sight without a sideways swipe (issue 31).
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const messages = log.getByRole('region', { name: 'Message log' });
  const scroller = await messages.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroller.scroll, 'the message log scrolls sideways').toBeLessThanOrEqual(scroller.client);
  const skipped = log.getByRole('row', { name: /Out for delivery Email o•••@example\.com skipped Already notified of this step/ });
  await skipped.scrollIntoViewIfNeeded();
  for (const part of [skipped.getByText('skipped', { exact: true }), skipped.getByText('Already notified of this step'), skipped.getByRole('button', { name: /^Resend/ })]) {
    await expect(part).toBeInViewport();
    const box = (await part.boundingBox())!;
    expect(box.x + box.width, 'inside the screen, no swipe needed').toBeLessThanOrEqual(375);
  }
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'message-log-375.png') });
});

test("at 375 px the template preview carries the customer's live link, as the message sent does, not the tracking page", async ({ page, request }) => {
  // Issue 31, defect 6: the preview showed the tracking page (`/?track=…`) where the message carries the live link.
  const base = server.baseURL;
  const token = ((await (await request.post(`${base}/api/auth/login`, { data: LIVE_ADMIN })).json()) as LoginResponse).token;
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post(`${base}/api/packages`, {
    headers: auth,
    data: {
      trackingNumber: `PREV${Date.now().toString(36).toUpperCase()}`,
      pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
      deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
      customerName: 'Noah Kim',
      customerPhone: '(414) 555-0177',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pkg = (await created.json()) as Package;

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${base}/help-center`);
  await page.evaluate((value) => window.localStorage.setItem('admin_token', value), token);
  await page.goto(`${base}/admin?tab=notifications`);
  await page.getByRole('button', { name: 'Edit: Out for delivery, text message to the customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Out for delivery: text message to the customer' });
  await dialog.getByLabel('Preview with the package (tracking number)').fill(pkg.trackingNumber);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(`package ${pkg.trackingNumber} is out for delivery today`);
  // The live link's address with a stand-in token (no link is made by a preview, decision 090).
  await expect(preview).toContainText(`${base}/track-live/live-link-made-when-sent-`);
  await expect(preview).not.toContainText('?track=');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the editor and its preview fit at 375 px').toBeLessThanOrEqual(0);
  // No share link was made for the package by previewing it.
  const links = await request.get(`${base}/api/share-links`, { headers: auth });
  expect(links.ok()).toBe(true);
  expect(JSON.stringify(await links.json())).not.toContain(pkg.id);
});
