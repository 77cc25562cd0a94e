import { readFileSync } from 'node:fs';
import type { driverSessionResponseSchema } from '@cargo/shared';
import type { z } from 'zod';
import { adminToken, bearer } from '../fixtures.ts';
import { createPackage, expect, signInDriverInPage, START, test, type TestDriver, type TestPackage } from '../driver-fixtures.ts';
import type { APIRequestContext, Page } from '../test.ts';

/**
 * Issue 31 on the driver dashboard at 375 px: open stops first in dispatch's order and finished ones folded below
 * (defect 5); a closed delivery final for the driver until dispatch reopens it (defect 1); the phone's connection and
 * the position sharing shown as they are (defect 4).
 */
const PHOTO = new URL('../../apps/server/test/fixtures/photo-with-gps.jpg', import.meta.url).pathname;
const SCREENSHOTS = process.env.PROOF_SCREENSHOTS;

async function driverToken(request: APIRequestContext, driver: TestDriver): Promise<string> {
  const session = await request.post('/api/drivers/session', { data: { phone: driver.phone, pin: driver.pin } });
  return ((await session.json()) as z.infer<typeof driverSessionResponseSchema>).token;
}

/** Closes the stop as left at the door, with its photo, as the phone does. */
async function deliver(request: APIRequestContext, driver: TestDriver, pkg: TestPackage) {
  const data = JSON.stringify({ kind: 'left', leftAt: 'front_door', deviceTime: new Date().toISOString() });
  const done = await request.post(`/api/packages/${pkg.id}/outcomes`, {
    headers: bearer(await driverToken(request, driver)),
    multipart: { data, photo: { name: 'door.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) } },
  });
  expect(done.status(), await done.text()).toBe(201);
}

/** The tracking numbers of the delivery cards the driver can see, top to bottom. */
const visibleCards = (page: Page) => page.getByRole('article').evaluateAll((cards) => cards.filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => c.getAttribute('aria-label')));

test.describe('the driver dashboard at 375 px (issue 31)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: false });

  test("open stops first in dispatch's order, finished folded below and final; dispatch reopens one with a reason", async ({ page, request, driver, browser }) => {
    test.setTimeout(60_000);
    const token = await adminToken(request);
    const b = await createPackage(request, driver, 'out_for_delivery');
    const c = await createPackage(request, driver, 'in_transit');
    const d = await createPackage(request, driver, 'out_for_delivery');
    // The newest package is the delivered one: listed newest first, it used to come on top.
    const a = await createPackage(request, driver, 'out_for_delivery');
    await deliver(request, driver, a);
    const order = await request.put(`/api/drivers/${driver.id}/route/order`, { headers: bearer(token), data: { order: [d.id, b.id, c.id] } });
    expect(order.status(), await order.text()).toBe(200);

    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');
    await expect(page.getByRole('article', { name: d.trackingNumber })).toBeVisible();
    await expect.poll(() => visibleCards(page)).toEqual([d.trackingNumber, b.trackingNumber, c.trackingNumber]);
    const finished = page.getByText('Finished (1)');
    await expect(finished).toBeVisible();
    await expect(page.getByRole('article', { name: a.trackingNumber })).toBeHidden();

    await finished.click();
    const closed = page.getByRole('article', { name: a.trackingNumber });
    await expect(closed).toBeVisible();
    expect(await visibleCards(page)).toEqual([d.trackingNumber, b.trackingNumber, c.trackingNumber, a.trackingNumber]);
    await expect(closed.getByLabel(`Status of ${a.trackingNumber}`)).toBeDisabled();
    await expect(closed.getByText('Closed: only dispatch can reopen it')).toBeVisible();
    await expect(closed.getByRole('button', { name: `Close stop ${a.trackingNumber}` })).toHaveCount(0);
    await expect(page.getByRole('article', { name: b.trackingNumber }).getByLabel(`Status of ${b.trackingNumber}`)).toBeEnabled();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-finished-375.png`, fullPage: true });

    // Dispatch reopens it from the Delivery Proof tab, on a phone too: a reason is required; the proof stays.
    const admin = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await admin.goto('/help-center');
    await admin.evaluate((t) => window.localStorage.setItem('admin_token', t), token);
    await admin.goto('/admin?tab=proof');
    await admin.getByLabel('Tracking number').fill(a.trackingNumber);
    await admin.getByRole('button', { name: 'Show proof' }).first().click();
    await expect(admin.getByText('Status now: Delivered')).toBeVisible();
    await admin.getByRole('button', { name: 'Reopen delivery' }).click();
    const dialog = admin.getByRole('dialog', { name: `Reopen ${a.trackingNumber}` });
    await dialog.getByRole('button', { name: 'Reopen', exact: true }).click();
    await expect(dialog.getByText('Give the reason for reopening (at least 3 characters)')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Customer says it is not at the door');
    await dialog.getByRole('button', { name: 'Reopen', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('Status now: Out for Delivery')).toBeVisible();
    const outcome = admin.getByRole('article').filter({ hasText: 'Left without a person' });
    await expect(outcome.getByText('Reopened', { exact: true }).first()).toBeVisible();
    await expect(outcome.getByText('Customer says it is not at the door')).toBeVisible();
    await expect(outcome.getByRole('img', { name: 'Photo: Left without a person' })).toBeVisible();
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/admin-reopen-375.png`, fullPage: true });
    await admin.close();

    // Open again for the driver: with the others, its dropdown enabled.
    await page.getByRole('button', { name: 'Refresh Packages' }).click();
    await expect(page.getByText('Finished (1)')).toHaveCount(0);
    await expect(page.getByRole('article', { name: a.trackingNumber }).getByLabel(`Status of ${a.trackingNumber}`)).toBeEnabled();
  });

  test('the header says whether the phone is online and whether the position is shared, with the age of the last fix sent', async ({ page, context, request, driver }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    const pkg = await createPackage(request, driver, 'out_for_delivery');
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');
    const indicators = page.getByRole('list', { name: 'Connection and position sharing' });
    await expect(indicators.getByText('Phone online')).toBeVisible();
    await expect(indicators.getByText('Not sharing')).toBeVisible();

    await page.getByRole('button', { name: 'Start Automatic Tracking' }).click();
    const sharing = indicators.getByText(/^Sharing position · last sent \d+ s ago$/);
    await expect(sharing).toBeVisible({ timeout: 15_000 });
    const first = await sharing.textContent();
    // The age counts up between fixes (one every 10 s on the dashboard).
    await expect.poll(() => sharing.textContent(), { timeout: 5_000 }).not.toBe(first);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-indicators-375.png` });

    // Offline: said so, with the closed stops waiting on the phone.
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await expect(indicators.getByText('Phone offline')).toBeVisible();
    await page.getByRole('button', { name: `Close stop ${pkg.trackingNumber}` }).click();
    const sheet = page.getByRole('dialog', { name: `Close stop: ${pkg.trackingNumber}` });
    await sheet.getByRole('button', { name: 'Attempted, not delivered' }).click();
    await sheet.getByLabel('Why was it not delivered?').selectOption('business_closed');
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet).toBeHidden({ timeout: 20_000 });
    await expect(indicators.getByText('Phone offline · 1 closed stop not sent yet')).toBeVisible();
    // Still sharing: the watch goes on, the fixes wait on the phone, and the age says when one last reached the server.
    await expect(indicators.getByText(/^Sharing position · last sent \d+ s ago$/)).toBeVisible();
    if (SCREENSHOTS) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOTS}/dashboard-offline-375.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SCREENSHOTS}/dashboard-offline-1280.png` });
      await page.setViewportSize({ width: 375, height: 812 });
    }

    await context.setOffline(false);
    await expect(indicators.getByText('Phone online')).toBeVisible();
    await page.getByRole('button', { name: 'Stop Tracking' }).click();
    await expect(indicators.getByText('Not sharing')).toBeVisible();
  });
});
