import { customerActionSettingsSchema, customerLinkSchema, type CustomerActionSettings } from '@cargo/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { createDriver, createPackage, expect, expectNoHorizontalOverflow, getJson, openAdmin, test } from '../admin-fixtures.ts';
import { bearer } from '../fixtures.ts';

/**
 * Dispatch's side of customer actions (issue 33), seeded through the API: the package's customer link copied from its
 * field, what the customer gave and their rating on the package and on the driver, the settings form saved and the
 * customer's page then offering the days it says, and that choice in the list to re-plan.
 */

const shots = (name: string) => test.info().outputPath(`${name}.png`);

async function linkOf(request: APIRequestContext, token: string, packageId: string): Promise<string> {
  const reply = await request.post(`/api/packages/${packageId}/customer-link`, { headers: bearer(token) });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  return customerLinkSchema.parse(await reply.json()).url;
}

async function ok(reply: Awaited<ReturnType<APIRequestContext['put']>>) {
  expect(reply.ok(), `${reply.url()}: ${reply.status()} ${await reply.text()}`).toBeTruthy();
}

const customerToken = (url: string) => new URL(url).pathname.split('/').pop()!;

async function atWidth(page: Page, width: number, label: string, shot: string) {
  await page.setViewportSize({ width, height: 900 });
  if (width <= 375) await expectNoHorizontalOverflow(page, label);
  await page.screenshot({ path: shots(shot), fullPage: true });
}

test('dispatch copies the customer link, reads the rating on the package and the driver, and sets the days customers can choose', async ({ page, request, token }) => {
  test.setTimeout(120_000);
  const auth = bearer(token);
  const driver = await createDriver(request, token, { name: `Rita Rated ${Date.now().toString(36)}` });
  const rated = await createPackage(request, token, {
    status: 'in_transit',
    customerEmail: 'olivia@example.com',
    amountDue: 4_500,
    driverId: driver.id,
    driver: driver.name,
    driverPhone: driver.phone,
  });
  const ratedLink = await linkOf(request, token, rated.id);
  const ratedToken = customerToken(ratedLink);
  // The customer, through their link: a safe place, an instruction and the gate's code; then, once delivered (paid in
  // cash first: the balance would refuse it), two stars.
  await ok(await request.put(`/api/customer-links/${ratedToken}/instructions`, { data: { instructions: 'Side gate, then the porch', safePlace: 'porch', accessCode: 'GATE-7781' } }));
  await ok(await request.post(`/api/packages/${rated.id}/payments`, { headers: auth, data: { method: 'cash', amount: 4_500 } }));
  await ok(await request.post(`/api/packages/${rated.id}/status`, { headers: auth, data: { status: 'delivered', location: 'Milwaukee, WI', description: 'Delivered' } }));
  await ok(await request.put(`/api/customer-links/${ratedToken}/feedback`, { data: { stars: 2, comment: 'Left in the rain', tags: ['late'] } }));

  // On the package, under its Edit form: the link to copy, shown in its field, and what the customer gave.
  await openAdmin(page, token, `?tab=create&edit=${rated.id}`);
  const panel = page.getByRole('region', { name: 'Customer link and actions' });
  await panel.getByRole('button', { name: 'Copy customer link' }).click();
  await expect(panel.getByRole('textbox', { name: 'Customer link' })).toHaveValue(ratedLink);
  await expect(panel.getByRole('table', { name: 'Instructions for the driver' })).toContainText('Side gate, then the porch');
  await expect(panel.getByRole('row', { name: /^Safe place/ })).toContainText('Porch');
  await expect(panel.getByRole('row', { name: /^Access code/ })).toContainText('GATE-7781');
  await expect(panel.getByText('2 of 5 stars')).toBeVisible();
  await expect(panel.getByText('“Left in the rain”')).toBeVisible();
  await expect(panel.getByText('Late', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('$45.00');
  await atWidth(page, 1280, 'package', 'package-1280');
  await atWidth(page, 375, 'the package with its customer actions at 375 px', 'package-375');

  // On the driver: the Drivers tab's 'Ratings' opens the count, the average and the comment.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=drivers');
  await page.getByRole('button', { name: `Ratings ${driver.name}` }).click();
  const ratings = page.getByRole('dialog', { name: `Customer ratings of ${driver.name}` });
  await expect(ratings.getByRole('status')).toHaveText('2.0 of 5 on average, from 1 rating');
  await expect(ratings).toContainText('Left in the rain');
  await expect(ratings).toContainText(rated.trackingNumber);
  await atWidth(page, 375, "a driver's ratings at 375 px", 'driver-ratings-375');
  await page.keyboard.press('Escape');

  // Settings › Customer actions: Wednesdays only, 14 days ahead, one window of 10:00-14:00.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=customer-actions');
  const form = page.getByRole('form', { name: 'Customer actions' });
  for (const day of ['Monday', 'Tuesday', 'Thursday', 'Friday']) await form.getByRole('checkbox', { name: day }).uncheck();
  await form.getByRole('checkbox', { name: 'Wednesday' }).check();
  await form.getByRole('textbox', { name: 'Days ahead' }).fill('14');
  await form.getByRole('button', { name: 'Add window' }).click();
  await form.getByLabel('Window 1 from').fill('10:00');
  await form.getByLabel('Window 1 until').fill('14:00');
  // The shared schema answers before anything is sent: a window that ends before it starts.
  await form.getByLabel('Window 1 until').fill('08:00');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('A window ends after it starts')).toBeVisible();
  await form.getByLabel('Window 1 until').fill('14:00');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Customer action settings saved')).toBeVisible();
  await atWidth(page, 1280, 'settings', 'settings-1280');
  await atWidth(page, 375, 'the customer action settings at 375 px', 'settings-375');
  const saved: CustomerActionSettings = await getJson(request, token, '/api/customer-actions/settings', customerActionSettingsSchema);
  expect(saved).toMatchObject({ workingDays: [3], daysAhead: 14, windows: [{ start: '10:00', end: '14:00' }] });

  // The customer's page then offers Wednesdays only, each with the one window.
  const moving = await createPackage(request, token, { status: 'in_transit', customerEmail: 'sam@example.com', driverId: driver.id, driver: driver.name, driverPhone: driver.phone });
  const movingLink = await linkOf(request, token, moving.id);
  await page.goto(movingLink);
  const card = page.getByRole('region', { name: 'Your delivery' });
  await card.getByRole('button', { name: 'Choose another day' }).click();
  const choose = card.getByRole('form', { name: 'Choose another day' });
  const days = choose.getByRole('group', { name: 'Day' }).getByRole('radio');
  await expect(days.first()).toBeVisible();
  const names = await days.evaluateAll((inputs) => inputs.map((i) => (i.closest('label')?.textContent ?? '').trim()));
  expect(names.length).toBeGreaterThanOrEqual(1);
  for (const name of names) expect(name).toMatch(/^Wednesday, /);
  await expect(choose.getByRole('radio', { name: '10:00-14:00' })).toBeVisible();
  expect(await choose.getByRole('group', { name: 'Time' }).getByRole('radio').count()).toBe(1);
  await atWidth(page, 1280, 'the reschedule form', 'reschedule-1280');
  await atWidth(page, 375, 'the reschedule form at 375 px', 'reschedule-375');
  await days.first().check();
  await choose.getByRole('radio', { name: '10:00-14:00' }).check();
  await choose.getByRole('button', { name: `Deliver on ${names[0]}, 10:00-14:00` }).click();
  await expect(card.getByText(`We will deliver on ${names[0]}, 10:00-14:00.`)).toBeVisible();

  // Dispatch's list to re-plan (Delivery Proof) shows the package with the customer's day and window.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=proof');
  const replan = page.getByRole('region', { name: "Customers' new days to re-plan" });
  await expect(replan.getByRole('row', { name: new RegExp(moving.trackingNumber) })).toContainText(`${names[0]}, 10:00-14:00`);
  await atWidth(page, 375, 'the list to re-plan at 375 px', 'replan-375');
});
