import { addDays, customerLinkSchema, driverSessionResponseSchema, figuresSchema, formatDeliveryRange } from '@cargo/shared';
import { readFileSync } from 'node:fs';
import { createDriver, createPackage, expect, expectNoHorizontalOverflow, expectNoSeriousViolations, getJson, openAdmin, test } from '../admin-fixtures.ts';
import { bearer } from '../fixtures.ts';
import type { Download } from '@playwright/test';
import type { APIRequestContext, Page } from '../test.ts';

/** The delivery address's (Milwaukee) local day, the day the figures file an outcome under. */
const milwaukeeDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

/** A CSV file's rows, cells unquoted (the files here hold no commas inside a cell but the definitions, not read). */
async function csvRows(download: Download): Promise<string[][]> {
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1));
}

async function download(page: Page, button: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return file;
}

const PHOTO = new URL('../../apps/server/test/fixtures/photo-with-gps.jpg', import.meta.url).pathname;

/** Closes a stop as the driver's phone does (deviceTime now), with a photo (some attempts require one). */
async function close(request: APIRequestContext, driverToken: string, packageId: string, data: Record<string, unknown>) {
  const done = await request.post(`/api/packages/${packageId}/outcomes`, { headers: bearer(driverToken), multipart: { data: JSON.stringify({ deviceTime: new Date().toISOString(), ...data }), photo: { name: 'door.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) } } });
  expect(done.status(), await done.text()).toBe(201);
}

test('the Performance view: a period and a driver, charts with their tables, a CSV equal to the screen, a driver’s day; 375 px; axe', async ({ page, request, token }) => {
  test.setTimeout(90_000);
  const driver = await createDriver(request, token);
  const session = await request.post('/api/drivers/session', { data: { phone: driver.phone, pin: driver.pin } });
  const driverToken = driverSessionResponseSchema.parse(await session.json()).token;
  const day = milwaukeeDay();
  const current = formatDeliveryRange(addDays(day, -1), addDays(day, 2));
  const make = (estimatedDelivery?: string) => createPackage(request, token, { driverId: driver.id, status: 'out_for_delivery', ...(estimatedDelivery ? { estimatedDelivery } : {}) });
  // On time at the first attempt; on time after a failed attempt; late (its window was in January); only attempted.
  const [onTime, second, late, attempted] = [await make(current), await make(current), await make(), await make(current)];
  // The day's trail: three fixes a minute apart on one package, and between them a jump 55 km north on another (its
  // first fix, so ingest took it): the driver's day drops the jump.
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const fixes = [
    { packageId: onTime.id, lat: 43.05, lng: -87.9, accuracy: 8, timestamp: at(4) },
    { packageId: onTime.id, lat: 43.051, lng: -87.9, accuracy: 8, timestamp: at(3) },
    { packageId: attempted.id, lat: 43.55, lng: -87.9, accuracy: 8, timestamp: at(2.5) },
    { packageId: onTime.id, lat: 43.052, lng: -87.9, accuracy: 8, timestamp: at(2) },
  ];
  const sent = await request.post(`/api/drivers/${driver.id}/fixes`, { headers: bearer(driverToken), data: { fixes } });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(await sent.json()).toMatchObject({ accepted: 4 });
  await close(request, driverToken, onTime.id, { kind: 'delivered', recipientName: 'A. Person' });
  await close(request, driverToken, second.id, { kind: 'attempted', reason: 'nobody_home' });
  await close(request, driverToken, second.id, { kind: 'delivered', recipientName: 'B. Person' });
  await close(request, driverToken, late.id, { kind: 'delivered', recipientName: 'C. Person' });
  await close(request, driverToken, attempted.id, { kind: 'attempted', reason: 'business_closed' });
  // Two customers rate their delivery from their link: 5 stars and 2.
  for (const [pkg, stars] of [[onTime, 5], [second, 2]] as const) {
    const link = await request.post(`/api/packages/${pkg.id}/customer-link`, { headers: bearer(token) });
    expect(link.status(), await link.text()).toBe(200);
    const linkToken = /\/track-live\/([A-Za-z0-9_-]+)$/.exec(customerLinkSchema.parse(await link.json()).url)![1]!;
    const rated = await request.put(`/api/customer-links/${linkToken}/feedback`, { data: { stars } });
    expect(rated.status(), await rated.text()).toBe(200);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, token, '?tab=performance');
  await page.getByLabel('Period').selectOption({ label: 'Last 7 days' });
  await page.getByLabel('Driver', { exact: true }).selectOption({ label: driver.name });
  const delivered = page.getByRole('region', { name: 'Delivered', exact: true });
  await expect(delivered.locator('[data-figure="delivered"]')).toHaveText('3');
  await expect(page.getByRole('region', { name: 'On-time rate' }).locator('[data-figure="onTimeRate"]')).toHaveText('66.7%');
  await expect(page.getByRole('region', { name: 'First-attempt rate' }).locator('[data-figure="firstAttemptRate"]')).toHaveText('66.7%');
  await expect(page.getByRole('region', { name: 'Failed attempts', exact: true }).locator('[data-figure="attemptsByReason"]')).toHaveText('2');
  // The definition behind the info button is the shared one.
  await page.getByRole('button', { name: 'What "On-time rate" counts' }).click();
  await expect(page.getByText(/A day window ends at 23:59 local time of the delivery address/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Each chart is drawn (an SVG with marks) and has its table; the per-day table holds today's stops.
  for (const chart of ['Stops per day by outcome', 'On-time and first-attempt rates per day', 'Failed attempts by reason', 'Ratings']) {
    const block = page.getByRole('region', { name: chart, exact: true });
    await expect(block.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(block.getByRole('table', { name: `${chart}: the figures` })).toBeAttached();
  }
  await expect(page.getByRole('region', { name: 'Stops per day by outcome' }).locator('.recharts-bar-rectangle path').first()).toBeAttached();
  const perDay = page.getByRole('region', { name: 'Stops per day by outcome' });
  await perDay.getByRole('button', { name: 'Show the table' }).click();
  const todayRow = perDay.getByRole('table').getByRole('row', { name: new RegExp(`^${day}`) });
  await expect(todayRow).toBeVisible();
  const screenRow = (await todayRow.getByRole('cell').allInnerTexts()).map((t) => t.trim());
  expect(screenRow).toEqual(['3', '2', '1', '2']);
  // The ratings: the headline's average and count, and the chart's table by stars.
  await expect(page.locator('[data-figure="ratings"]')).toHaveText('3.50 ★');
  const ratings = page.getByRole('region', { name: 'Ratings', exact: true }).getByRole('table');
  await expect(ratings.getByRole('row', { name: /^5 stars/ }).getByRole('cell').first()).toHaveText('1');
  await expect(ratings.getByRole('row', { name: /^2 stars/ }).getByRole('cell').first()).toHaveText('1');
  await expect(ratings.getByRole('row', { name: /^3 stars/ }).getByRole('cell').first()).toHaveText('0');
  await expect(page.getByRole('region', { name: 'Ratings', exact: true }).locator('.recharts-bar-rectangle path').first()).toBeAttached();
  const reasons = page.getByRole('region', { name: 'Failed attempts by reason' }).getByRole('table');
  await expect(reasons.getByRole('row', { name: /^Nobody home/ }).getByRole('cell').first()).toHaveText('1');
  await expect(reasons.getByRole('row', { name: /^Business closed/ }).getByRole('cell').first()).toHaveText('1');

  // The chart's CSV holds the table's rows; the server's CSV (same filters) the headline figures and the days.
  const chartCsv = await csvRows(await download(page, 'Download Stops per day by outcome as CSV'));
  expect(chartCsv.find((r) => r[0] === day)?.slice(1)).toEqual(screenRow);
  const all = await csvRows(await download(page, 'Download CSV (all figures)'));
  expect(all.find((r) => r[0] === 'Delivered')?.[1]).toBe(await delivered.locator('[data-figure="delivered"]').innerText());
  const rate = Number(all.find((r) => r[0] === 'On-time rate')?.[1]);
  expect(`${(rate * 100).toFixed(1)}%`).toBe(await page.locator('[data-figure="onTimeRate"]').innerText());
  expect(all.find((r) => r[0] === day)?.slice(1)).toEqual(['3', '2', '2', '2']); // delivered, on time, first attempt, attempts
  const api = await getJson(request, token, `/api/figures?from=${addDays(day, -6)}&to=${day}&driverId=${driver.id}`, figuresSchema);
  expect(api.figures).toMatchObject({ delivered: 3, onTime: 2, firstAttempt: 2, attempts: 2 });

  // The drivers' table: the filtered driver with a line of deliveries per day.
  const drivers = page.getByRole('region', { name: "Drivers' figures" });
  const row = drivers.getByRole('row', { name: new RegExp(driver.name) });
  await expect(row.getByRole('cell').first()).toHaveText('3');
  await expect(row.getByRole('img', { name: new RegExp(`^${driver.name}: deliveries per day`) }).locator('svg')).toBeAttached();
  await expectNoSeriousViolations(page, 'performance view at 1280 px');
  await page.screenshot({ path: '/tmp/h-performance/performance-1280.png', fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('region', { name: 'Ratings', exact: true }).locator('svg.recharts-surface').first()).toBeVisible();
  await expectNoHorizontalOverflow(page, 'performance view at 375 px');
  const tooWide = await page.locator('[role="tabpanel"]:visible section').evaluateAll((sections) => sections.filter((s) => s.getBoundingClientRect().right > window.innerWidth + 1).length);
  expect(tooWide).toBe(0);
  await page.screenshot({ path: '/tmp/h-performance/performance-375.png', fullPage: true });

  // The driver's day: the four stops on a time line, in the order they were closed.
  await row.getByRole('button', { name: `Open ${driver.name}'s day` }).click();
  await expect(page.getByRole('heading', { name: `${driver.name}'s day` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stops closed' })).toContainText('4');
  const stops = page.getByRole('region', { name: 'Stops on a time line' }).getByRole('listitem');
  await expect(stops).toHaveCount(4);
  await expect(stops.nth(1)).toContainText(second.trackingNumber);
  await expect(stops.nth(1)).toContainText(/Attempted .* \(Nobody home\) → Delivered/);
  await expect(stops.nth(2)).toContainText('Delivered (late)');
  await expect(page.getByRole('region', { name: 'Distance driven' })).toContainText('0.2 km (0.1 mi)');
  await expect(page.getByRole('region', { name: 'Distance driven' })).toContainText('Along 3 GPS fixes of the day after the fix filters (1 dropped');
  await expectNoHorizontalOverflow(page, "driver's day at 375 px");
  await expectNoSeriousViolations(page, "driver's day at 375 px");
  await page.screenshot({ path: '/tmp/h-performance/driver-day-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/h-performance/driver-day-1280.png', fullPage: true });
});
