import { expect, test } from '../test.ts';
import { createLivePackage, currentMarker, factsLine, OwnServer, ownAdminToken, postFix } from '../live-fixtures.ts';

/**
 * Live pages against a server process of this file's own (port 4133, never the shared one): a customer page recovers
 * by itself after the server restarts and misses no change, and the demo drive of a fresh embedded database moves the
 * demo package (issue 8, 'A demo that is alive').
 */

const PORT = 4133;
let server: OwnServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The demo drive on, as on a fresh `npm start`.
  server = new OwnServer(PORT, { DEMO_DRIVE: 'true' });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

test('the demo package moves by itself: its position and distance change, the age stays fresh, labelled demo data in the log', async ({ page }) => {
  test.setTimeout(60_000);
  const demo = /try tracking number (\S+)\./.exec(server.log)?.[1];
  expect(demo, 'the demo tracking number is printed').toBeTruthy();
  await expect.poll(() => server.log, { timeout: 10_000 }).toMatch(/Demo drive \(demo data\): simulated trackers drive packages .*DEMO_DRIVE=false stops it/);
  await page.goto(`${server.baseURL}/track-realtime/${demo}`);
  await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeVisible();
  await expect(currentMarker(page)).toBeVisible();
  await expect(factsLine(page)).toContainText(/position updated \d+ s ago/);
  const distanceNow = async () => /([\d.]+ k?m)(?: \(| from)/.exec((await factsLine(page).textContent()) ?? '')?.[1];
  const firstDistance = await distanceNow();
  expect(firstDistance).toBeTruthy();
  // One fix every 5 s: within 12 s the truck's coordinates have changed (a step of ~70 m can be under a pixel on a
  // map fitted from the pickup city to the door, so the check reads the position the page prints).
  const details = page.getByRole('region', { name: 'Package Details' });
  const coordinates = details.getByText(/^-?\d+\.\d{6}, -?\d+\.\d{6}$/);
  const first = await coordinates.textContent();
  await expect(coordinates).not.toHaveText(first!, { timeout: 12_000 });
  // The distance in the text line follows (0.1 km steps: a few fixes).
  await expect.poll(distanceNow, { timeout: 20_000 }).not.toBe(firstDistance);
  await expect(factsLine(page)).toContainText(/position updated \d s ago/);
  // Any request line of the demo's OsmAnd fixes is labelled demo data (a fix every 5 s; successful ones stay below info).
  const osmandLines = server.log.split('\n').filter((line) => line.includes('"route":"/api/osmand"'));
  expect(osmandLines.filter((line) => !line.includes('"demo":"demo data"'))).toEqual([]);
});

test('after a server restart the page reconnects by itself and shows a fix posted before it had reconnected', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const token = await ownAdminToken(request, server);
  const pkg = await createLivePackage(request, token, 'in_transit', server.baseURL);
  await postFix(request, token, pkg, 9_000, { ageMs: 100_000 }, server.baseURL);
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto(`${server.baseURL}/track-realtime/${pkg.trackingNumber}`);
  const banner = page.getByRole('status').filter({ hasText: /live updates/i });
  await expect(banner).toHaveText(/^Live updates on/);
  await expect(factsLine(page)).toContainText('9.0 km (5.6 mi)');

  await server.stop('SIGTERM');
  await expect(banner).toHaveText(/^(Not connected to live updates|Connecting to live updates)/);
  // Keep the page from reconnecting until the fix below is in: it must come from the refetch after the reconnect.
  await context.setOffline(true);
  await server.start();
  await postFix(request, token, pkg, 7_000, { ageMs: 60_000 }, server.baseURL);
  await expect(factsLine(page)).toContainText('9.0 km (5.6 mi)');

  await context.setOffline(false);
  await expect(banner).toHaveText(/^Live updates on/, { timeout: 35_000 });
  await expect(factsLine(page)).toContainText('7.0 km (4.3 mi)');
  await expect(page.getByText('Your driver is approaching (within 5 km)')).toHaveCount(0);

  // And pushes flow again on the new connection.
  await postFix(request, token, pkg, 4_800, { ageMs: 0 }, server.baseURL);
  await expect(page.getByText('Your driver is approaching (within 5 km)')).toHaveCount(1);
  await expect(factsLine(page)).toContainText('4.8 km (3.0 mi)');
  expect(loads).toBe(1);
});
