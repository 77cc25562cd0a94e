import { expect, test, type Page } from '../test.ts';
import { adminToken } from '../fixtures.ts';
import {
  createLivePackage,
  createShareLink,
  currentMarker,
  DELIVERY,
  expectAccessible,
  expectNoHorizontalOverflow,
  factsLine,
  markerCentre,
  northOfDelivery,
  postFix,
  revokeShareLink,
  setStatus,
} from '../live-fixtures.ts';

/**
 * The customer live experience (issue 8; spec §2 'Customer real-time tracking page', '/track-live form (b)', §8
 * 'Customer pages'; design.md §4, §6) against the shared built server: fixes posted through the API reach an open
 * page through /ws with no reload.
 */

let token = '';

test.beforeAll(async ({ playwright, server }) => {
  const request = await playwright.request.newContext({ baseURL: server.url });
  token = await adminToken(request);
  await request.dispose();
});

/** Counts full page loads: a live page must never reload to show a change. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

const connection = (page: Page) => page.getByRole('status').filter({ hasText: /live updates/i });
const APPROACHING = 'Your driver is approaching (within 5 km)';
const ARRIVING = 'Your driver is arriving (within 1 km)';
const VERY_NEAR = 'Your driver is very near (within 200 m)';

test.describe('customer real-time page', () => {
  test('the marker moves, the age and ETA change, each proximity banner appears once, then the delivered banner: no reload', async ({ page, request }) => {
    test.setTimeout(60_000);
    const pkg = await createLivePackage(request, token, 'out_for_delivery');
    const loads = countLoads(page);
    await page.goto(`/track-realtime/${pkg.trackingNumber}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Real-Time Tracking' })).toBeVisible();
    await expect(connection(page)).toHaveText('Live updates on: the map moves as the driver reports positions.');
    const details = page.getByRole('region', { name: 'Package Details' });
    for (const text of [pkg.trackingNumber, 'Out for Delivery', 'Erin Example', DELIVERY.address, 'Monday, March 2, 2026 - Wednesday, March 4, 2026', 'Express Delivery']) {
      await expect(details.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(factsLine(page)).toContainText('Driver has not started location sharing yet.');
    const map = page.getByRole('region', { name: 'Map of the package route' });
    await expect(map).toHaveCSS('height', '600px');
    await expect(currentMarker(page)).toHaveCount(0);

    // Fixes a driver sent over the last two minutes (backdated, so that each step is a plausible speed for the filters).
    // The first, 110 s old and 6 km out: its age, accuracy, distance and an ETA that says how it was reached.
    await postFix(request, token, pkg, 6_000, { ageMs: 110_000, speed: 14, accuracy: 8 });
    await expect(currentMarker(page)).toBeVisible();
    await expect(factsLine(page)).toContainText('position updated 1 min ago, accurate to ±26 ft');
    await expect(factsLine(page)).toContainText('6.0 km (3.7 mi) from the delivery address in a straight line');
    // 6000 m × 1.3 ÷ 14 m/s = 9.3 min → 10.
    await expect(factsLine(page)).toContainText("estimated arrival in about 10 min (6.0 km (3.7 mi) straight-line × 1.3 for roads, at the driver's recent average speed of 50 km/h (31 mph))");
    await expect(details.getByText(`${northOfDelivery(6_000).lat.toFixed(6)}, ${DELIVERY.lng.toFixed(6)}`, { exact: true })).toBeVisible();
    await expect(page.getByText(APPROACHING)).toHaveCount(0);
    const before = await markerCentre(page);

    await postFix(request, token, pkg, 4_500, { ageMs: 80_000 });
    await expect(page.getByText(APPROACHING)).toHaveCount(1);
    await expect(factsLine(page)).toContainText('4.5 km (2.8 mi) from the delivery address');
    await expect(factsLine(page)).toContainText('estimated arrival in about 7 min');
    await expect.poll(async () => (await markerCentre(page)).y).not.toBe(before.y);
    expect((await markerCentre(page)).y, 'moved towards the door (south on the map)').toBeGreaterThan(before.y);

    // Still within 5 km: no second 'approaching'.
    await postFix(request, token, pkg, 4_200, { ageMs: 75_000 });
    await expect(factsLine(page)).toContainText('4.2 km (2.6 mi)');
    await expect(page.getByText(APPROACHING)).toHaveCount(1);

    await postFix(request, token, pkg, 2_000, { ageMs: 40_000 });
    await postFix(request, token, pkg, 800, { ageMs: 20_000 });
    await expect(page.getByText(ARRIVING)).toHaveCount(1);
    await expect(page.getByText(APPROACHING)).toHaveCount(0);
    await postFix(request, token, pkg, 150, { ageMs: 5_000 });
    await expect(page.getByText(VERY_NEAR)).toHaveCount(1);
    await expect(factsLine(page)).toContainText('150 m from the delivery address');
    await expect(factsLine(page)).toContainText(/position updated \d+ s ago/);
    await expectAccessible(page, 'real-time page with a proximity banner');

    await setStatus(request, token, pkg, 'Delivered');
    await expect(page.getByText('Package Delivered Successfully!')).toBeVisible();
    await expect(details.getByText('Delivered', { exact: true })).toBeVisible();
    // Delivered: the delivery, no position (design.md §4).
    await expect(currentMarker(page)).toHaveCount(0);
    await expect(factsLine(page)).toContainText('Delivered: no live position is shown after delivery');
    await expect(page.getByText(VERY_NEAR)).toHaveCount(0);
    expect(loads()).toBe(1);
    await expectAccessible(page, 'real-time page, delivered');
  });

  test("an unknown tracking number: 'Package Not Found' with Go Home", async ({ page }) => {
    await page.goto('/track-realtime/NO-SUCH-LIVE-1');
    await expect(page.getByRole('heading', { name: 'Package Not Found' })).toBeVisible();
    await expect(page.getByText('No package found with tracking number: NO-SUCH-LIVE-1')).toBeVisible();
    await expectAccessible(page, 'package not found');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Track Your Package' })).toBeVisible();
  });

  test('Need Help: call support and the help center', async ({ page, request }) => {
    const pkg = await createLivePackage(request, token, 'in_transit');
    await page.goto(`/track-realtime/${pkg.trackingNumber}`);
    const help = page.getByRole('region', { name: 'Need Help?' });
    await expect(help.getByRole('link', { name: 'Call Support' })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await help.getByRole('link', { name: 'Visit Help Center' }).click();
    await expect(page).toHaveURL(/\/help-center$/);
  });

  test('a position older than 120 s turns stale and its ETA is hidden, without a reload', async ({ page, request }) => {
    const pkg = await createLivePackage(request, token, 'in_transit');
    await postFix(request, token, pkg, 6_000, { ageMs: 112_000 });
    await page.goto(`/track-realtime/${pkg.trackingNumber}`);
    await expect(factsLine(page)).toContainText('position updated 1 min ago');
    await expect(factsLine(page)).toContainText('estimated arrival in about');
    await expect(factsLine(page)).toContainText(/position is stale: last updated 2 min ago/, { timeout: 10_000 });
    await expect(factsLine(page)).toContainText('no arrival estimate while the position is not recent');
    await expect(factsLine(page)).not.toContainText('estimated arrival in');
    // The marker stops claiming to be live: grey, and its info window says why.
    await expect(currentMarker(page)).toHaveCSS('background-color', 'rgb(134, 142, 150)', { timeout: 6_000 });
    // By keyboard: at this zoom the delivery marker covers part of it.
    await currentMarker(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.leaflet-popup')).toContainText('Last known position: not updated for over 2 minutes');
  });
});

test.describe('customer live page', () => {
  test('by share link: not started, then live by push; a revoked link turns to Invalid Tracking Link on its next refresh', async ({ page, request }) => {
    const pkg = await createLivePackage(request, token, 'in_transit');
    const share = await createShareLink(request, token, pkg);
    const loads = countLoads(page);
    await page.goto(`/track-live/${share}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Live Tracking' })).toBeVisible();
    const card = page.getByRole('region', { name: `Package ${pkg.trackingNumber}` });
    await expect(card.getByText('Unavailable', { exact: true })).toBeVisible();
    await expect(card.getByText('Driver has not started location sharing yet.')).toBeVisible();
    for (const text of ['Dana Driver', 'Erin Example', DELIVERY.address]) await expect(card.getByText(text, { exact: true })).toBeVisible();
    await expect(card.getByText('Not available', { exact: true })).toBeVisible();
    // No position: the address instead of a map.
    await expect(page.getByRole('region', { name: 'Delivery address' }).getByText(DELIVERY.address)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of the package route' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Call Driver' })).toHaveAttribute('href', 'tel:+15550107777');
    await expect(connection(page)).toHaveText(/^Live updates on/);

    await postFix(request, token, pkg, 7_000, { speed: 14 });
    await expect(card.getByText('Live', { exact: true })).toBeVisible();
    await expect(card.getByText('LIVE-TRUCK-9', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(card.getByText(/^about 11 min \(around \d{1,2}:\d{2}\s?[AP]M [A-Z]{2,5}\)$/)).toBeVisible();
    await expect(currentMarker(page)).toBeVisible();
    await expect(factsLine(page)).toContainText('7.0 km (4.3 mi) from the delivery address');
    expect(loads()).toBe(1);

    await revokeShareLink(request, token, share);
    await card.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { name: 'Invalid Tracking Link' })).toBeVisible();
    await expect(page.getByText('The tracking link you used is not valid.')).toBeVisible();
    await expect(currentMarker(page)).toHaveCount(0);
  });

  test('a share link of a delivered package shows the delivery and no position', async ({ page, request }) => {
    const pkg = await createLivePackage(request, token, 'out_for_delivery');
    await postFix(request, token, pkg, 2_000);
    const share = await createShareLink(request, token, pkg);
    await setStatus(request, token, pkg, 'Delivered');
    await page.goto(`/track-live/${share}`);
    await expect(page.getByText('Package Delivered Successfully!')).toBeVisible();
    await expect(page.getByText('Unavailable', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of the package route' })).toHaveCount(0);
    await expect(page.getByText(/45\.0\d/)).toHaveCount(0);
    await expect(factsLine(page)).toContainText('Delivered: no live position is shown after delivery');
  });

  test("a missing or unknown link is 'Invalid Tracking Link'", async ({ page }) => {
    for (const path of ['/track-live', '/track-live/', '/track-live/not-a-real-token-or-number']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Invalid Tracking Link' }), path).toBeVisible();
      await expect(page.getByText('The tracking link you used is not valid.')).toBeVisible();
    }
  });

  test("'Tracking Not Available' with Try Again when the live data cannot be loaded", async ({ page, request }) => {
    const pkg = await createLivePackage(request, token, 'in_transit');
    // An answer that means it (a 500), at once. A failure of the network is retried by itself instead, with the page
    // saying it is reconnecting (decision 045, first-load-retry.spec.ts).
    await page.route('**/api/tracking/live/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) }),
    );
    await page.goto(`/track-live/${pkg.trackingNumber}`);
    await expect(page.getByRole('heading', { name: 'Tracking Not Available' })).toBeVisible();
    await expect(page.getByText(`Unable to load tracking data for package ${pkg.trackingNumber}.`)).toBeVisible();
    await page.unroute('**/api/tracking/live/**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('region', { name: `Package ${pkg.trackingNumber}` })).toBeVisible();
  });
});

test.describe('home page Live GPS panel', () => {
  test('takes pushed fixes from the live socket and does not poll while it is open', async ({ page, request }) => {
    const pkg = await createLivePackage(request, token, 'in_transit');
    await postFix(request, token, pkg, 30_000, { ageMs: 20_000 });
    await page.goto(`/?track=${pkg.trackingNumber}`);
    const panel = page.getByRole('region', { name: 'Live GPS Tracking' });
    // The package view and its map load lazily: slow on a loaded machine.
    await expect(panel.getByText('Real-Time GPS Active')).toBeVisible({ timeout: 15_000 });
    const location = panel.getByRole('region', { name: 'Current Location Details' });
    await expect(location.getByText(northOfDelivery(30_000).lat.toFixed(6), { exact: true })).toBeVisible();
    await expect(factsLine(page)).toContainText('30.0 km (18.6 mi)');
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/tracking/live/')) polls.push(r.url());
    });
    // The panel's auto-refresh is every 15 s: a change within 3 s came by push.
    await postFix(request, token, pkg, 29_000, { ageMs: 0 });
    await expect(location.getByText(northOfDelivery(29_000).lat.toFixed(6), { exact: true })).toBeVisible({ timeout: 3_000 });
    await expect(factsLine(page)).toContainText('29.0 km (18.0 mi)');
    expect(polls, 'no polling while the socket is open').toEqual([]);
  });
});

test.describe('home page summary', () => {
  test('a tracking number typed in another case still follows pushed status changes, with no reload', async ({ page, request }) => {
    const pkg = await createLivePackage(request, token, 'in_transit');
    const loads = countLoads(page);
    await page.goto(`/?track=${pkg.trackingNumber.toLowerCase()}`);
    const summary = page.getByRole('region', { name: pkg.trackingNumber, exact: true });
    // The badge (the current location reads the same as the status).
    const badge = summary.locator('[data-color]');
    await expect(badge).toHaveText('In Transit', { timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Live GPS Tracking' })).toBeVisible({ timeout: 15_000 });
    await setStatus(request, token, pkg, 'Out for Delivery');
    await expect(badge).toHaveText('Out for Delivery', { timeout: 5_000 });
    expect(loads()).toBe(1);
  });
});

test.describe('both customer pages at 1280 and 375 px', () => {
  for (const width of [1280, 375]) {
    test(`${width} px: no horizontal overflow, no serious or critical axe violation`, async ({ page, request }) => {
      // Four pages, each checked by axe: longer than one page's test.
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      const pkg = await createLivePackage(request, token, 'out_for_delivery');
      await postFix(request, token, pkg, 900, { speed: 12 });
      const share = await createShareLink(request, token, pkg);
      for (const path of [`/track-realtime/${pkg.trackingNumber}`, `/track-live/${share}`, `/track-live/${pkg.trackingNumber}`, '/track-live/nope']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (!path.endsWith('nope')) await expect(factsLine(page)).toBeVisible();
        await expectNoHorizontalOverflow(page, path);
        await expectAccessible(page, `${path} at ${width} px`);
        await page.screenshot({ path: test.info().outputPath(`${path.split('/')[1]}-${width}.png`), fullPage: true });
      }
    });
  }
});
