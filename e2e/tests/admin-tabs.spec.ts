import { deviceSchema, formatPhone, globalLocationSchema, packageSchema, pickupRequestSchema, statusHistoryEntrySchema, type Package } from '@cargo/shared';
import { z } from 'zod';
import { bearer } from '../fixtures.ts';
import {
  createDriver,
  createPackage,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  expectToastAndDismiss,
  getJson,
  openAdmin,
  test,
  uniqueTag,
} from '../admin-fixtures.ts';
import type { Page } from '../test.ts';


// Whole flows through the panel: longer than the default 30 s on a busy shared machine. Each test makes its own
// packages, drivers and requests (uniqueTag) and reads only those, so the tests may spread over the workers.
test.describe.configure({ timeout: 90_000, mode: 'parallel' });
/** Each remaining tab: its main action checked through the API, a validation message, and axe at 1280 and 375 px. */

const field = (label: string) => new RegExp(`^${label}( \\*)?$`);

/** Chooses a package in a package picker by typing its tracking number (the server searches). */
async function pickPackage(page: Page, scope: ReturnType<Page['getByRole']>, pkg: Package) {
  const input = scope.getByRole('textbox', { name: field('Package') });
  await input.fill(pkg.trackingNumber);
  await page.getByRole('option', { name: new RegExp(pkg.trackingNumber) }).click();
}

test('Status: a package is required; the update lands in its history', async ({ adminPage: page, request, token }) => {
  const pkg = await createPackage(request, token);
  await page.getByRole('tab', { name: 'Status', exact: true }).click();
  const form = page.getByRole('form', { name: 'Update Package Status' });
  await form.getByRole('button', { name: 'Update Status' }).click();
  await expect(form.getByText('Please select a package')).toBeVisible();
  await pickPackage(page, form, pkg);
  await form.getByRole('textbox', { name: field('Status') }).click();
  await page.getByRole('option', { name: 'Out for Delivery' }).click();
  await form.getByRole('textbox', { name: field('Location') }).fill('Milwaukee hub');
  await form.getByRole('textbox', { name: field('Description') }).fill('Loaded on the van');
  await form.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('Status updated successfully!')).toBeVisible();
  const history = await getJson(request, token, `/api/packages/${pkg.id}/history`, z.array(statusHistoryEntrySchema));
  expect(history.at(-1)).toMatchObject({ status: 'Out for Delivery', description: 'Loaded on the van', location: 'Milwaukee hub' });
});

test('Location: coordinates are checked; the position becomes the current location', async ({ adminPage: page, request, token }) => {
  const pkg = await createPackage(request, token);
  await page.getByRole('tab', { name: 'Location', exact: true }).click();
  const form = page.getByRole('form', { name: 'Update Package Location' });
  await pickPackage(page, form, pkg);
  await form.getByRole('textbox', { name: field('Latitude') }).fill('123');
  await form.getByRole('textbox', { name: field('Longitude') }).fill('-87.9');
  await form.getByRole('textbox', { name: field('Address') }).fill('Near Milwaukee');
  await form.getByRole('button', { name: 'Update Location' }).click();
  await expect(form.getByText('Invalid latitude')).toBeVisible();
  await form.getByRole('textbox', { name: field('Latitude') }).fill('43.04');
  await form.getByRole('button', { name: 'Update Location' }).click();
  await expect(page.getByText('Location updated successfully!')).toBeVisible();
  expect((await getJson(request, token, `/api/packages/${pkg.id}`, packageSchema)).currentLocation).toBe('Near Milwaukee');
});

test('Current Location: the name is required; the global location is stored', async ({ adminPage: page, request, token }) => {
  await page.getByRole('tab', { name: 'Current Location' }).click();
  const form = page.getByRole('form', { name: 'Global Current Location' });
  await form.getByRole('button', { name: 'Set Location' }).click();
  await expect(form.getByText('Location is required')).toBeVisible();
  const name = uniqueTag('Depot ');
  await form.getByRole('textbox', { name: field('Location name') }).fill(name);
  await form.getByRole('button', { name: 'Set Location' }).click();
  await expect(page.getByText('Location Updated!')).toBeVisible();
  expect((await getJson(request, token, '/api/current-location', globalLocationSchema)).location).toBe(name);
});

test('GPS Links: a link is required; saved, then removed', async ({ adminPage: page, request, token }) => {
  const pkg = await createPackage(request, token);
  await page.getByRole('tab', { name: 'GPS Links' }).click();
  const form = page.getByRole('form', { name: 'Real Location Links' });
  await form.getByRole('button', { name: 'Save Link' }).click();
  await expectToastAndDismiss(page, 'Link Required');
  await pickPackage(page, form, pkg);
  await form.getByRole('textbox', { name: 'Location link' }).fill('https://maps.google.com/?q=43.04,-87.9');
  await form.getByRole('button', { name: 'Save Link' }).click();
  await expectToastAndDismiss(page, `Real location link updated for ${pkg.trackingNumber}`);
  expect((await getJson(request, token, `/api/packages/${pkg.id}`, packageSchema)).realLocationLink).toBe('https://maps.google.com/?q=43.04,-87.9');
  await expect(form.getByRole('link', { name: 'Open' })).toHaveAttribute('href', 'https://maps.google.com/?q=43.04,-87.9');
  await form.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`Location link removed for ${pkg.trackingNumber}`)).toBeVisible();
  expect((await getJson(request, token, `/api/packages/${pkg.id}`, packageSchema)).realLocationLink).toBeNull();
});

test('Devices: name required; registered with set-up steps and a local QR code; revoked', async ({ adminPage: page, request, token }) => {
  const driver = await createDriver(request, token);
  await page.getByRole('tab', { name: 'Devices' }).click();
  const form = page.getByRole('form', { name: 'Register Device' });
  await form.getByRole('button', { name: 'Register Device' }).click();
  await expect(form.getByText('Device name is required')).toBeVisible();
  await form.getByRole('textbox', { name: field('Driver') }).click();
  await page.getByRole('option', { name: driver.name }).click();
  const name = uniqueTag('Phone ');
  await form.getByRole('textbox', { name: field('Device name') }).fill(name);
  await form.getByRole('button', { name: 'Register Device' }).click();
  await expectToastAndDismiss(page, 'Device registered');
  const setup = page.getByRole('region', { name: 'Set up Traccar Client' });
  await expect(setup).toContainText('/api/osmand');
  const qr = setup.getByRole('img', { name: 'QR code of the device identifier' });
  await expect(qr).toHaveAttribute('src', /^data:image\/png/);
  const identifier = await qr.getAttribute('data-qr-value');
  // The identifier works: a fix from it is accepted.
  const fix = await request.get(`/api/osmand?id=${identifier}&lat=41.88&lon=-87.63&timestamp=${Math.floor(Date.now() / 1000)}`);
  expect(fix.status()).toBe(200);
  const devices = await getJson(request, token, '/api/devices', z.array(deviceSchema));
  expect(devices.find((d) => d.name === name)).toMatchObject({ driverId: driver.id });
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Device revoked')).toBeVisible();
  expect((await getJson(request, token, '/api/devices', z.array(deviceSchema))).some((d) => d.name === name)).toBe(false);
});

test('Tracking: SMS says plainly that no gateway is configured; a customer link with local QR, listed and revoked', async ({ adminPage: page, request, token }) => {
  const driver = await createDriver(request, token);
  const pkg = await createPackage(request, token, { driverId: driver.id, status: 'in_transit' });
  await page.getByRole('tab', { name: 'Tracking' }).click();
  await expect(page.getByRole('cell', { name: driver.name })).toBeVisible();

  await page.getByRole('tab', { name: 'SMS/chat' }).click();
  const sms = page.getByRole('form', { name: 'Send the tracking link' });
  await sms.getByRole('button', { name: 'Send through the SMS gateway' }).click();
  await expect(page.getByText('Phone Required')).toBeVisible();
  await pickPackage(page, sms, pkg);
  await expect(sms.getByRole('textbox', { name: field('Driver phone') })).toHaveValue(formatPhone(driver.phone));
  await expect(sms.getByRole('link', { name: 'Open in Messages' })).toHaveAttribute('href', new RegExp(`^sms:\\+?\\d+\\?&body=.*driver-track`));
  await expect(sms.getByRole('link', { name: 'Send by email' })).toHaveAttribute('href', /^mailto:\?subject=.*&body=/);
  await sms.getByRole('button', { name: 'Send through the SMS gateway' }).click();
  await expect(sms.getByText(/No SMS gateway is configured/)).toBeVisible();

  await page.getByRole('tab', { name: 'Share' }).click();
  const share = page.getByRole('form', { name: 'Customer share link' });
  await share.getByRole('button', { name: 'Create Link' }).click();
  await expect(share.getByText('Please select a package')).toBeVisible();
  await pickPackage(page, share, pkg);
  // Sharing lasts 1 to 8 hours: more is brought back to 8.
  await share.getByRole('textbox', { name: 'Lasts (hours)' }).fill('9');
  await share.getByRole('textbox', { name: 'Lasts (hours)' }).blur();
  await expect(share.getByRole('textbox', { name: 'Lasts (hours)' })).toHaveValue('8');
  await share.getByRole('textbox', { name: 'Lasts (hours)' }).fill('2');
  await share.getByRole('button', { name: 'Create Link' }).click();
  const created = page.getByRole('region', { name: 'Customer share link' });
  const url = await created.getByRole('link', { name: /\/track-live\// }).textContent();
  await expect(created.getByRole('img', { name: 'QR code of the customer share link' })).toHaveAttribute('data-qr-value', url!);
  expect((await request.get(`/api/tracking/live/${url!.split('/').pop()}`)).status()).toBe(200);

  await page.reload();
  await page.getByRole('tab', { name: 'Share' }).click();
  await page.getByRole('button', { name: `Revoke customer link of ${pkg.trackingNumber}` }).click();
  await expect(page.getByText('Share link revoked')).toBeVisible();
  expect((await request.get(`/api/tracking/live/${url!.split('/').pop()}`)).status()).toBe(404);
});

test('Pickup Requests: the status selector changes a request', async ({ adminPage: page, request, token }) => {
  const name = uniqueTag('Pickup Customer ');
  const made = await request.post('/api/schedule-pickup', {
    data: {
      customerName: name,
      phone: '3125550142',
      email: 'pickup@example.com',
      originAddress: '233 S Wacker Dr, Chicago, IL 60606',
      destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
      itemDescription: 'Two boxes of books',
    },
  });
  expect(made.ok()).toBe(true);
  await page.getByRole('tab', { name: 'Pickup Requests' }).click();
  // The server searches: one request matches the name.
  await page.getByRole('searchbox', { name: 'Search pickup requests' }).fill(name);
  await expect(page.getByText('1 pickup request', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: `Status of ${name}` }).selectOption('confirmed');
  await expect(page.getByText('Status updated successfully!')).toBeVisible();
  const list = await getJson(request, token, '/api/pickup-requests', z.array(pickupRequestSchema));
  expect(list.find((r) => r.customerName === name)?.status).toBe('confirmed');
});

test('Database: totals; bulk delete asks first and deletes only what was selected', async ({ adminPage: page, request, token }) => {
  const tag = uniqueTag('DEL');
  const a = await createPackage(request, token, { trackingNumber: `${tag}-1` });
  const b = await createPackage(request, token, { trackingNumber: `${tag}-2` });
  const keep = await createPackage(request, token, { trackingNumber: `${tag}-3` });
  await page.getByRole('tab', { name: 'Database' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Database' }).getByText('Packages', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Selected (0)' }).click();
  await expectToastAndDismiss(page, 'No packages selected');
  await page.getByRole('checkbox', { name: `Select ${a.trackingNumber}` }).check();
  await page.getByRole('checkbox', { name: `Select ${b.trackingNumber}` }).check();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText('Are you sure you want to delete 2 packages? This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Packages deleted successfully!')).toBeVisible();
  expect((await request.get(`/api/packages/${a.id}`, { headers: bearer(token) })).status()).toBe(404);
  expect((await request.get(`/api/packages/${b.id}`, { headers: bearer(token) })).status()).toBe(404);
  expect((await request.get(`/api/packages/${keep.id}`, { headers: bearer(token) })).status()).toBe(200);
});

const TABS = ['Fleet', 'Packages', 'Create', 'Drivers', 'Driver Routes', 'Status', 'Location', 'Current Location', 'GPS Links', 'Devices', 'Tracking', 'Driver Portal', 'Pickup Requests', 'Delivery Proof', 'Notifications', 'Database', 'Import', 'Integrations', 'Collections', 'Customer actions', 'Planning'];

// Three groups of tabs at each width, so that the six tests can spread over the workers; the last group ends with the
// sign-in page.
const TAB_GROUPS = [TABS.slice(0, 7), TABS.slice(7, 13), TABS.slice(13)];

for (const width of [1280, 375]) {
  for (const [group, tabs] of TAB_GROUPS.entries()) {
    const last = group === TAB_GROUPS.length - 1;
    test(`tabs ${tabs[0]} to ${tabs.at(-1)}${last ? ' and the sign-in page' : ''} pass axe at ${width} px${width === 375 ? ' with no horizontal overflow' : ''}`, async ({ page, token }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      await openAdmin(page, token);
      for (const name of tabs) {
        await page.getByRole('tab', { name, exact: true }).click();
        await expect(page.getByRole('tabpanel', { name })).toBeVisible();
        await expect(page.getByRole('tabpanel', { name }).locator('.mantine-Skeleton-root')).toHaveCount(0);
        await expectNoSeriousViolations(page, `${name} at ${width}px`);
        if (width === 375) await expectNoHorizontalOverflow(page, `${name} at 375px`);
      }
      if (!last) return;
      await page.evaluate(() => localStorage.removeItem('admin_token'));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
      await expectNoSeriousViolations(page, `login at ${width}px`);
      if (width === 375) await expectNoHorizontalOverflow(page, 'login at 375px');
    });
  }
}
