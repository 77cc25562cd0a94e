import type { AddressInfo } from 'node:net';
import type { Driver, driverSessionResponseSchema, NotificationTemplate, Package } from '@cargo/shared';
import type { z } from 'zod';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { APIRequestContext } from '@playwright/test';
import { chooseDeliveryWindow, expectNoSeriousViolations } from '../admin-fixtures.ts';
import { expectNoHorizontalOverflow, ownAdminToken, OwnServer } from '../live-fixtures.ts';
import { expect, test } from '../test.ts';

/**
 * Customer actions (issue 33) from the link in a real email, read from an SMTP server on loopback, at 375 px: the
 * customer chooses a safe place and writes an instruction; after an attempt picks a Thursday, which dispatch's list
 * shows; after delivery gives 2 stars, and the coordinator's alert arrives. A server process of this file's own.
 */
const PORT = 4751;
let server: OwnServer;
let smtp: SMTPServer;
const mails: ParsedMail[] = [];

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
  server = new OwnServer(PORT, {
    SEED_DEMO: 'false',
    DEMO_DRIVE: 'false',
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    COORDINATOR_EMAIL: 'coordinator@cargo.test',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    NOTIFY_POLL_MS: '200',
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
  await new Promise((ok) => smtp?.close(() => ok(null)));
});

async function setup(request: APIRequestContext) {
  const base = server.baseURL;
  const token = await ownAdminToken(request, server);
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.put(`${base}/api/notifications/settings`, { headers: auth, data: { quietHoursStart: '00:00', quietHoursEnd: '00:00', dailyCapPerPackage: 20 } })).ok()).toBeTruthy();
  // 'Package created' tells the customer too, with their link.
  const created = await request.put(`${base}/api/notifications/templates/package.created/email/customer`, {
    headers: auth,
    data: { enabled: true, subject: 'We have your package {{ tracking_number }}', body: 'Tell the driver where to leave it: {{ tracking_link }}' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  // Thursdays only, with two windows.
  const settings = await request.put(`${base}/api/customer-actions/settings`, {
    headers: auth,
    data: { workingDays: [4], nextDayCutoff: '23:59', daysAhead: 14, closedDates: [], windows: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }], rescheduleLimit: 2, linkDaysAfterDelivery: 14 },
  });
  expect(settings.ok(), await settings.text()).toBeTruthy();
  const pin = '246810';
  const phone = `555${Date.now().toString().slice(-7)}`;
  const driverReply = await request.post(`${base}/api/drivers`, { headers: auth, data: { name: 'Dana Driver', phone, vehicleId: 'VAN-33', pin } });
  expect(driverReply.status(), await driverReply.text()).toBe(201);
  const driver = (await driverReply.json()) as Driver;
  const session = await request.post(`${base}/api/drivers/session`, { data: { phone, pin } });
  expect(session.ok(), await session.text()).toBeTruthy();
  const driverToken = ((await session.json()) as z.infer<typeof driverSessionResponseSchema>).token;
  return { base, token, auth, driver, driverToken };
}

async function newPackage(request: APIRequestContext, ctx: Awaited<ReturnType<typeof setup>>, email: string): Promise<Package> {
  const reply = await request.post(`${ctx.base}/api/packages`, {
    headers: ctx.auth,
    data: {
      trackingNumber: `CUST${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`,
      status: 'in_transit',
      pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
      deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
      customerName: 'Olivia Martin',
      customerPhone: '(414) 555-0142',
      customerEmail: email,
      serviceType: 'Standard Delivery',
      driverId: ctx.driver.id,
      driver: ctx.driver.name,
      driverPhone: ctx.driver.phone,
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as Package;
}

/** The link in the newest email to `to` whose subject matches. */
async function linkFrom(to: string, subject: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = [...mails].reverse().find((m) => m.subject && subject.test(m.subject) && JSON.stringify(m.to).includes(to));
        link = /(http:\/\/127\.0\.0\.1:\d+\/track-live\/[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .toMatch(/track-live/);
  return link;
}

test('from the email: a safe place and an instruction for the driver', async ({ page, request }) => {
  test.setTimeout(90_000);
  const ctx = await setup(request);
  const email = `porch.${Date.now()}@example.com`;
  const pkg = await newPackage(request, ctx, email);
  const link = await linkFrom(email, /^We have your package/);

  await page.setViewportSize({ width: 375, height: 800 });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(link);
  const card = page.getByRole('region', { name: 'Your delivery' });
  await expect(card.getByRole('button', { name: 'Delivery instructions' })).toBeVisible({ timeout: 20_000 });
  // The forms are a chunk of their own, fetched only when the customer opens one.
  expect(scripts.filter((u) => u.includes('customer-action-forms'))).toEqual([]);
  await card.getByRole('button', { name: 'Delivery instructions' }).click();
  await expect.poll(() => scripts.filter((u) => u.includes('customer-action-forms')).length).toBe(1);
  const form = card.getByRole('form', { name: 'Delivery instructions' });
  await expect(form.getByText('The driver will see this at your door (up to 500 characters).')).toBeVisible();
  await form.getByRole('radio', { name: 'Porch' }).check();
  await form.getByLabel('Instructions for the driver').fill('Behind the blue flower pot, please');
  await form.getByLabel('Access code (gate, building)').fill('GATE-2468');
  await form.getByRole('button', { name: 'Save for the driver' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved. The driver will see this at the stop.');
  await expectNoHorizontalOverflow(page, 'instructions form at 375 px');
  await expectNoSeriousViolations(page, 'customer instructions form');
  await page.screenshot({ path: '/tmp/ca/instructions-375.png', fullPage: true });
  // The page shows no access code, now or after a reload.
  expect(await page.content()).not.toContain('GATE-2468');
  await page.reload();
  await expect(page.getByText('Safe place: Porch. The driver will see your instructions at the stop.')).toBeVisible();
  expect(await page.content()).not.toContain('GATE-2468');

  const saved = await request.get(`${ctx.base}/api/packages/${pkg.id}/customer-actions`, { headers: ctx.auth });
  expect((await saved.json()).instructions).toMatchObject({ safePlace: 'porch', instructions: 'Behind the blue flower pot, please', accessCode: 'GATE-2468' });

  // The driver, on the day, 18 km south of the address with the stop order accepted: the package goes out for
  // delivery with a one-hour arrival window, which the customer's page shows (decision 111).
  const at = await request.post(`${ctx.base}/api/drivers/${ctx.driver.id}/location`, { headers: { authorization: `Bearer ${ctx.driverToken}` }, data: { lat: 42.88, lng: -87.9 } });
  expect(at.ok(), await at.text()).toBeTruthy();
  expect((await request.put(`${ctx.base}/api/drivers/${ctx.driver.id}/route/order`, { headers: ctx.auth, data: { order: [pkg.id] } })).ok()).toBeTruthy();
  expect((await request.patch(`${ctx.base}/api/packages/${pkg.id}/status`, { headers: ctx.auth, data: { status: 'out_for_delivery' } })).ok()).toBeTruthy();
  await page.reload();
  await expect(page.getByText(/^Today, between \d\d:\d\d and \d\d:\d\d$/)).toBeVisible({ timeout: 20_000 });
  // The package itself sends no GPS here: no 'Not available' estimate contradicts the window.
  await expect(page.getByText('Not available', { exact: true })).toHaveCount(0);
  await expectNoHorizontalOverflow(page, 'arrival window at 375 px');
  await page.screenshot({ path: '/tmp/ca/arrival-window-375.png', fullPage: true });
  // The stop shows the safe place, the instruction and the code; the close-stop sheet opens with 'porch' as where it
  // was left.
  const driverPage = await page.context().newPage();
  await driverPage.setViewportSize({ width: 375, height: 812 });
  const profile = await (await request.get(`${ctx.base}/api/drivers/me`, { headers: { authorization: `Bearer ${ctx.driverToken}` } })).json();
  await driverPage.addInitScript(
    ([t, p]) => {
      window.localStorage.setItem('driver_token', t);
      window.localStorage.setItem('driver_profile', p);
    },
    [ctx.driverToken, JSON.stringify(profile)] as const,
  );
  await driverPage.goto(`${ctx.base}/driver-dashboard`);
  const stop = driverPage.getByRole('article').filter({ hasText: pkg.trackingNumber });
  const notes = stop.getByRole('region', { name: "Customer's instructions" });
  await expect(notes).toContainText('Safe place: Porch', { timeout: 30_000 });
  await expect(notes).toContainText('Instructions: Behind the blue flower pot, please');
  await expect(notes).toContainText('Access code: GATE-2468');
  await stop.getByRole('button', { name: `Close stop ${pkg.trackingNumber}` }).click();
  const sheet = driverPage.getByRole('dialog', { name: `Close stop: ${pkg.trackingNumber}` });
  await expect(sheet.getByRole('region', { name: "Customer's instructions" })).toContainText('Safe place: Porch');
  await expect(sheet.getByRole('region', { name: "Customer's instructions" })).toContainText('Behind the blue flower pot, please');
  await sheet.getByRole('button', { name: 'Left without a person' }).click();
  await expect(sheet.getByLabel('Where was it left?')).toHaveValue('porch');
  await driverPage.screenshot({ path: '/tmp/ca/driver-sheet-375.png' });
  await driverPage.close();
});

test('after an attempt: the customer picks a Thursday from the email, and dispatch sees it in the list to re-plan', async ({ page, request }) => {
  test.setTimeout(90_000);
  const ctx = await setup(request);
  const email = `thursday.${Date.now()}@example.com`;
  const pkg = await newPackage(request, ctx, email);
  expect((await request.patch(`${ctx.base}/api/packages/${pkg.id}/status`, { headers: ctx.auth, data: { status: 'out_for_delivery' } })).ok()).toBeTruthy();
  const attempt = await request.post(`${ctx.base}/api/packages/${pkg.id}/outcomes`, {
    headers: { authorization: `Bearer ${ctx.driverToken}` },
    multipart: { data: JSON.stringify({ kind: 'attempted', reason: 'business_closed', deviceTime: new Date().toISOString() }) },
  });
  expect(attempt.status(), await attempt.text()).toBe(201);
  const link = await linkFrom(email, /^We could not deliver package/);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(link);
  const card = page.getByRole('region', { name: 'Your delivery' });
  await card.getByRole('button', { name: 'Choose another day' }).click();
  const form = card.getByRole('form', { name: 'Choose another day' });
  const thursday = form.getByRole('radio', { name: /^Thursday, / }).first();
  const dayLabel = (await thursday.locator('xpath=ancestor::label').innerText()).trim();
  await thursday.check();
  await form.getByRole('radio', { name: '9:00-12:00' }).check();
  await expect(form.getByRole('button', { name: `Deliver on ${dayLabel}, 9:00-12:00` })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'reschedule form at 375 px');
  await page.screenshot({ path: '/tmp/ca/reschedule-375.png', fullPage: true });
  await form.getByRole('button', { name: `Deliver on ${dayLabel}, 9:00-12:00` }).click();
  await expect(card.getByText(`We will deliver on ${dayLabel}, 9:00-12:00.`)).toBeVisible();

  // Dispatch's list to re-plan shows the choice.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate((value) => window.localStorage.setItem('admin_token', value), ctx.token);
  await page.goto(`${ctx.base}/admin?tab=proof`);
  const row = page.getByRole('row', { name: new RegExp(pkg.trackingNumber) });
  await expect(row).toContainText(`${dayLabel}, 9:00-12:00`, { timeout: 20_000 });
});

test('after delivery: 2 stars from the email, and the coordinator is alerted', async ({ page, request }) => {
  test.setTimeout(90_000);
  const ctx = await setup(request);
  const email = `stars.${Date.now()}@example.com`;
  const pkg = await newPackage(request, ctx, email);
  expect((await request.patch(`${ctx.base}/api/packages/${pkg.id}/status`, { headers: ctx.auth, data: { status: 'delivered' } })).ok()).toBeTruthy();
  const link = await linkFrom(email, /^Delivered: package/);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(link);
  const card = page.getByRole('region', { name: 'How did we do?' });
  await card.getByRole('button', { name: 'Rate the delivery' }).click();
  const form = card.getByRole('form', { name: 'Rate the delivery' });
  await form.getByRole('radio', { name: '2 stars' }).check();
  await form.getByRole('checkbox', { name: 'Late' }).check();
  await form.getByLabel('Comment (optional)').fill('Left in the rain');
  await form.getByRole('button', { name: 'Send rating' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you. You can change your rating until');
  await expectNoHorizontalOverflow(page, 'rating form at 375 px');
  await page.screenshot({ path: '/tmp/ca/rating-375.png', fullPage: true });

  await expect
    .poll(() => mails.find((m) => m.subject === `Low rating (2 stars) for package ${pkg.trackingNumber}`)?.to, { timeout: 20_000 })
    .toBeTruthy();
  const alert = mails.find((m) => m.subject === `Low rating (2 stars) for package ${pkg.trackingNumber}`)!;
  expect(JSON.stringify(alert.to)).toContain('coordinator@cargo.test');
  expect(alert.text).toContain('Tags: Late');
});

test("a pickup request becomes a package in one click, and the customer's confirmation email names its tracking number", async ({ page, request }) => {
  test.setTimeout(90_000);
  const ctx = await setup(request);
  // The confirmation exists as a template that dispatch turns on; its words are the product's default.
  const templates = (await (await request.get(`${ctx.base}/api/notifications/templates`, { headers: ctx.auth })).json()) as NotificationTemplate[];
  const confirmed = templates.find((t) => t.eventType === 'pickup_request.confirmed' && t.channel === 'email' && t.audience === 'customer');
  expect(confirmed?.isDefault).toBe(true);
  const on = await request.put(`${ctx.base}/api/notifications/templates/pickup_request.confirmed/email/customer`, { headers: ctx.auth, data: { enabled: true, subject: confirmed!.subject, body: confirmed!.body } });
  expect(on.ok(), await on.text()).toBeTruthy();
  const name = `Booker ${Date.now().toString(36)}`;
  const email = `booker.${Date.now()}@example.com`;
  const made = await request.post(`${ctx.base}/api/schedule-pickup`, {
    data: { customerName: name, phone: '(414) 555-0177', email, originAddress: '233 S Wacker Dr, Chicago, IL 60606', destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202', itemDescription: 'Three boxes of books', specialInstructions: 'Ring twice' },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${ctx.base}/help-center`);
  await page.evaluate((value) => window.localStorage.setItem('admin_token', value), ctx.token);
  await page.goto(`${ctx.base}/admin?tab=pickups`);
  await page.getByLabel('Search pickup requests').fill(name);
  await page.getByRole('button', { name: `Create package for ${name}` }).click({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: /^Customer Name/ })).toHaveValue(name);
  const tracking = `PU${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('textbox', { name: /^Tracking Number/ }).fill(tracking);
  await chooseDeliveryWindow(page);
  await page.getByRole('button', { name: 'Create Package' }).click();
  await expect(page.getByText(`Package ${tracking} created from the pickup request; the request is confirmed.`)).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the Create form from a pickup request');

  // The customer's confirmation, read from the SMTP server: it names the tracking number with its link.
  let text = '';
  await expect
    .poll(
      () => {
        const mail = [...mails].reverse().find((m) => m.subject === confirmed!.subject && JSON.stringify(m.to).includes(email));
        text = mail?.text ?? '';
        return text;
      },
      { timeout: 20_000 },
    )
    .toContain(`Your tracking number is ${tracking}`);
  // The request's message links the package's tracking page.
  expect(text).toContain(`Your tracking number is ${tracking}: ${ctx.base}/?track=${tracking}`);
});
