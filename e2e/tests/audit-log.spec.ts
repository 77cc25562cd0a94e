import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bearer } from '../fixtures.ts';
import { createDriver, createPackage, expect, expectNoHorizontalOverflow, expectNoSeriousViolations, openAdmin, test, uniqueTag } from '../admin-fixtures.ts';
import { E2E_ADMIN } from '../playwright.config.ts';

/** The audit log and the grouped navigation (issue 20 items 5 and 6, decisions 070 and 071). */
test.describe.configure({ timeout: 120_000 });

const field = (label: string) => new RegExp(`^${label}( \\*)?$`);
/** SCREENSHOT_DIR=… keeps pictures of the panel for a person to look at; without it none are taken. */
const SHOTS = process.env.SCREENSHOT_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const GROUPS: Record<string, string[]> = {
  Dispatch: ['Fleet', 'Packages', 'Create', 'Import', 'Status', 'Location', 'GPS Links', 'Delivery Proof', 'Performance'],
  Drivers: ['Drivers', 'Driver Routes', 'Planning', 'Collections', 'Devices', 'Tracking', 'Driver Portal'],
  Customers: ['Pickup Requests', 'Notifications'],
  Settings: ['Current Location', 'Database', 'Integrations', 'Customer actions', 'Audit log'],
};

/** Each tab's address, as before the grouping (Packages is the panel's default: no ?tab=). */
const ADDRESS: Record<string, string | null> = {
  Fleet: 'fleet', Packages: null, Create: 'create', Import: 'import', Status: 'status', Location: 'location', 'GPS Links': 'gps-links', 'Delivery Proof': 'proof', Performance: 'performance',
  Drivers: 'drivers', 'Driver Routes': 'routes', Planning: 'planning', Collections: 'collections', Devices: 'devices', Tracking: 'tracking', 'Driver Portal': 'driver-portal',
  'Pickup Requests': 'pickups', Notifications: 'notifications', 'Current Location': 'current-location', Database: 'database', Integrations: 'integrations', 'Customer actions': 'customer-actions', 'Audit log': 'audit',
};

test('an admin edits a package and finds the change, before and after, in the Audit log', async ({ adminPage: page, request, token }) => {
  const tag = uniqueTag('AUD');
  const pkg = await createPackage(request, token, { trackingNumber: tag, customerName: 'Olivia Martin' });
  await page.getByLabel('Search packages').fill(tag);
  await page.getByRole('button', { name: `Edit Package ${tag}` }).click();
  // The form holds the package first (typing before it has would be overwritten, and the update would change nothing).
  const customerName = page.getByRole('textbox', { name: field('Customer Name') });
  await expect(customerName).toHaveValue('Olivia Martin');
  await customerName.fill('Olivia Marten');
  await page.getByRole('button', { name: 'Update Package' }).click();
  await expect(page.getByText('Package updated successfully!')).toBeVisible();

  // The package's own history, from its row.
  await page.getByRole('tab', { name: 'Packages', exact: true }).click();
  await page.getByRole('button', { name: `History ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`tab=audit.*auditObjectId=${pkg.id}`));
  const panel = page.getByRole('tabpanel', { name: 'Audit log' });
  const log = panel.getByRole('region', { name: 'Audit log' });
  await expect(panel.getByText('2 entries')).toBeVisible();
  const updated = log.getByRole('row').filter({ hasText: 'Package updated' });
  await expect(updated).toContainText(E2E_ADMIN.email);
  await expect(updated).toContainText(tag);
  await expect(updated.getByRole('deletion')).toHaveText('Olivia Martin');
  await expect(updated.getByRole('insertion')).toHaveText('Olivia Marten');
  await expect(log.getByRole('row').filter({ hasText: 'Package created' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'audit-1280.png'), fullPage: true });

  // Filters in the address: actor 'Driver' finds nothing of this package; clearing them shows every entry again.
  await panel.getByRole('textbox', { name: 'Actor', exact: true }).click();
  await page.getByRole('option', { name: 'Driver', exact: true }).click();
  await expect(page).toHaveURL(/auditActor=driver/);
  await expect(panel.getByText('No entry matches these filters.')).toBeVisible();
  await panel.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/auditObjectId/);
  await expect(log.getByRole('row').filter({ hasText: 'Session signed in' }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'audit log at 1280px');
});

test("a driver's History shows a PIN reset and the CSV export by whom, never the PIN", async ({ adminPage: page, request, token }) => {
  const driver = await createDriver(request, token);
  const reset = await request.post(`/api/drivers/${driver.id}/pin`, { headers: bearer(token), data: { pin: '735190' } });
  expect(reset.ok()).toBe(true);
  await page.getByRole('tab', { name: 'Drivers', exact: true }).click();
  await page.getByRole('button', { name: `History ${driver.name}` }).click();
  const panel = page.getByRole('tabpanel', { name: 'Audit log' });
  const row = panel.getByRole('row').filter({ hasText: 'Driver pin reset' });
  await expect(row).toContainText(E2E_ADMIN.email);
  await expect(row).toContainText(driver.name);
  await expect(panel.getByRole('row').filter({ hasText: 'Driver created' })).toBeVisible();
  await expect(panel).not.toContainText('735190');
  await expect(panel).not.toContainText(driver.pin);

  // An export through the panel's own button is in the log with its filters.
  await page.getByRole('tab', { name: 'Packages', exact: true }).click();
  await page.getByRole('button', { name: 'Export these packages as CSV' }).click();
  await page.getByRole('tab', { name: 'Audit log', exact: true }).click();
  await panel.getByRole('button', { name: 'Clear filters' }).click();
  await panel.getByRole('textbox', { name: 'Object', exact: true }).click();
  await page.getByRole('option', { name: 'Export', exact: true }).click();
  await expect(panel.getByRole('row').filter({ hasText: 'Export downloaded' }).first()).toContainText(E2E_ADMIN.email);
});

test('at 375 px each entry reads as a card with its changes in sight, without a sideways swipe', async ({ page, request, token }) => {
  const tag = uniqueTag('NAR');
  const pkg = await createPackage(request, token, { trackingNumber: tag, customerName: 'Olivia Martin' });
  const update = await request.put(`/api/packages/${pkg.id}`, {
    headers: bearer(token),
    data: { trackingNumber: tag, status: pkg.status, estimatedDelivery: pkg.estimatedDelivery, pickupAddress: pkg.pickupAddress, deliveryAddress: pkg.deliveryAddress, customerName: 'Olivia Marten', customerPhone: '(312) 555-0142' },
  });
  expect(update.ok(), await update.text()).toBe(true);
  await page.setViewportSize({ width: 375, height: 800 });
  await openAdmin(page, token, '?tab=audit');
  const log = page.getByRole('tabpanel', { name: 'Audit log' }).getByRole('region', { name: 'Audit log' });
  // Still a table for assistive technology: the entry is a row, found by what it says.
  const updated = log.getByRole('row').filter({ hasText: 'Package updated' }).filter({ hasText: tag });
  await updated.getByRole('deletion').scrollIntoViewIfNeeded();
  for (const change of [updated.getByRole('deletion'), updated.getByRole('insertion'), updated.getByText('127.0.0.1')]) {
    await expect(change).toBeInViewport();
    const box = (await change.boundingBox())!;
    expect(box.x + box.width, 'inside the screen, no swipe needed').toBeLessThanOrEqual(375);
  }
  await expect(updated.getByRole('deletion')).toHaveText('Olivia Martin');
  await expect(updated.getByRole('insertion')).toHaveText('Olivia Marten');
  const scroller = await log.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroller.scroll, 'the log scrolls sideways').toBeLessThanOrEqual(scroller.client);
  await expectNoHorizontalOverflow(page, 'audit log at 375px');
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'audit-entries-375.png') });
});

for (const width of [1280, 375]) {
  test(`the tabs sit in four named groups and every one is reachable at ${width} px`, async ({ page, token }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, token);
    const nav = page.getByRole('navigation', { name: 'Control panel' });
    for (const [group, tabs] of Object.entries(GROUPS)) {
      const list = nav.getByRole('tablist', { name: group, exact: true });
      await expect(list.getByRole('tab')).toHaveText(tabs);
    }
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `admin-nav-${width}.png`) });
    for (const name of Object.values(GROUPS).flat()) {
      await nav.getByRole('tab', { name, exact: true }).click();
      await expect(page.getByRole('tabpanel', { name })).toBeVisible();
      // Each tab keeps its address.
      expect(new URL(page.url()).searchParams.get('tab'), name).toBe(ADDRESS[name]);
      if (width === 375) await expectNoHorizontalOverflow(page, `${name} at 375px`);
    }
    // The last group's last tab, opened by its address, is scrolled into sight in its strip.
    await page.goto('/admin?tab=audit');
    const audit = nav.getByRole('tab', { name: 'Audit log', exact: true });
    await expect(audit).toHaveAttribute('aria-selected', 'true');
    await expect(audit).toBeInViewport();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `audit-${width}.png`), fullPage: true });
    if (width === 375) await expectNoHorizontalOverflow(page, 'audit at 375px');
    await expectNoSeriousViolations(page, `grouped navigation at ${width}px`);
  });
}

test('the Audit log speaks the panel’s language and finds a package by its tracking number at 375 px', async ({ adminPage: page, request, token }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const tag = uniqueTag('AUDL');
  const pkg = await createPackage(request, token, { trackingNumber: tag });
  const moved = await request.post(`/api/packages/${pkg.id}/status`, {
    headers: bearer(token),
    data: { status: 'in_transit', location: 'Milwaukee hub', description: 'Left the depot' },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  await page.goto('/admin?tab=audit');
  const panel = page.getByRole('tabpanel', { name: 'Audit log' });
  // The tracking number as typed, not the internal id.
  await panel.getByRole('textbox', { name: 'Object name or id', exact: true }).fill(tag.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`auditObjectId=${tag.toLowerCase()}`));
  const log = panel.getByRole('region', { name: 'Audit log' });
  const changed = log.getByRole('row').filter({ hasText: 'Package status changed' });
  await expect(changed).toContainText('Current Location');
  await expect(changed).toContainText('In Transit');
  await expect(changed).not.toContainText('in_transit');
  await expect(changed).not.toContainText('currentLocation');
  await expect(log.getByRole('row').filter({ hasText: 'Package created' })).toBeVisible();
  await expect(log).not.toContainText('Session signed in');
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'audit-labels-375.png'), fullPage: true });
});
