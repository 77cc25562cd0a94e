import { readFileSync } from 'node:fs';
import { packageSchema } from '@cargo/shared';
import Database from 'better-sqlite3';
import { createDriver, createPackage, expect, getJson, test, uniqueTag } from '../admin-fixtures.ts';
import { seedPackages, type SeededPackages } from '../seed.ts';

/**
 * The panel at 10,000 packages (issue 20): the lists that used to load the newest 1,000 or 100 and filter them in the
 * page lost the oldest packages. Every list and picker now asks the server.
 */
test.describe.configure({ timeout: 90_000 });

const PREFIX = `SCALE${Date.now().toString(36).toUpperCase()}`;
let seeded: SeededPackages;

test.beforeAll(async ({ server }) => {
  seeded = seedPackages(server.databaseFile, 10_000, PREFIX);
});

test.afterAll(async ({ server }) => {
  // Other spec files on this worker's server count and clear packages: leave it as it was.
  const db = new Database(server.databaseFile);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.prepare('delete from packages where tracking_number like ?').run(`${PREFIX}%`);
  db.close();
});

test('the oldest of 10,000 unassigned packages is found and assigned', async ({ adminPage: page, request, token }) => {
  const driver = await createDriver(request, token);
  await page.getByRole('tab', { name: 'Drivers' }).click();
  const form = page.getByRole('form', { name: 'Assign Packages' });
  await form.getByRole('textbox', { name: 'Driver', exact: true }).click();
  await page.getByRole('option', { name: driver.name }).click();
  const picker = form.getByRole('textbox', { name: /Packages/ });
  await picker.fill(seeded.oldest.trackingNumber);
  // The list shows the server's answer to the search before an option is picked: picked while the first page was
  // still being replaced, the click once landed on another package (a full line under load).
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: new RegExp(seeded.oldest.trackingNumber) }).click();
  await expect(form.getByText(new RegExp(`${seeded.oldest.trackingNumber} — `))).toBeVisible();
  await form.getByRole('button', { name: 'Assign Packages' }).click();
  await expect(page.getByText('Packages assigned successfully!')).toBeVisible();
  expect((await getJson(request, token, `/api/packages/${seeded.oldest.id}`, packageSchema)).driverId).toBe(driver.id);
});

test('the oldest package with a link is listed among 10,000 and its link removed', async ({ adminPage: page, request, token }) => {
  await page.getByRole('tab', { name: 'GPS Links' }).click();
  const list = page.getByRole('region', { name: 'Packages with a link' });
  await page.getByRole('textbox', { name: 'Search packages with a link' }).fill(seeded.oldest.trackingNumber);
  await expect(list.getByRole('cell', { name: seeded.oldest.trackingNumber, exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: seeded.oldest.link })).toBeVisible();
  await list.getByRole('button', { name: `Remove ${seeded.oldest.trackingNumber}` }).click();
  await expect(page.getByText(`Location link removed for ${seeded.oldest.trackingNumber}`)).toBeVisible();
  expect((await getJson(request, token, `/api/packages/${seeded.oldest.id}`, packageSchema)).realLocationLink).toBeNull();
  await expect(page.getByText('No package with a link matches.')).toBeVisible();
});

test('a package created through the API while the panel is open appears in the pickers and the link list', async ({ adminPage: page, request, token }) => {
  await page.getByRole('tab', { name: 'Drivers' }).click();
  const form = page.getByRole('form', { name: 'Assign Packages' });
  const picker = form.getByRole('textbox', { name: /Packages/ });
  // The picker has shown its first page (the newest unassigned packages) once already.
  await picker.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');

  const created = await createPackage(request, token, { trackingNumber: uniqueTag('NEW') });
  await picker.click();
  await expect(page.getByRole('option', { name: new RegExp(created.trackingNumber) })).toBeVisible();
  await page.keyboard.press('Escape');

  // A link set elsewhere shows in GPS Links when the tab is shown again.
  await page.getByRole('tab', { name: 'GPS Links' }).click();
  await expect(page.getByRole('region', { name: 'Packages with a link' }).or(page.getByText('No package has a location link yet.'))).toBeVisible();
  await page.getByRole('tab', { name: 'Drivers' }).click();
  const linked = await request.post(`/api/packages/${created.id}/location-link`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { locationLink: 'https://www.google.com/maps/@43.04,-87.9,15z' },
  });
  expect(linked.ok()).toBe(true);
  await page.getByRole('tab', { name: 'GPS Links' }).click();
  await expect(page.getByRole('region', { name: 'Packages with a link' }).getByRole('cell', { name: created.trackingNumber, exact: true })).toBeVisible();
});

test('Export CSV downloads the filtered package list, formula cells neutralised', async ({ adminPage: page, request, token }) => {
  const tag = uniqueTag('CSV');
  await createPackage(request, token, { trackingNumber: `${tag}A`, customerName: '=HYPERLINK("http://evil.example","Refund")' });
  await createPackage(request, token, { trackingNumber: `${tag}B` });
  await page.getByRole('searchbox', { name: /Search/ }).fill(tag);
  await expect(page.getByText('2 packages', { exact: true })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export these packages as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^packages-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Refund"")"`);
});
