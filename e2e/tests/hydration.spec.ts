import { expect, test } from '../test.ts';
import { demoTrackingNumber } from '../fixtures.ts';

/**
 * The tracking page with a package, as the server renders it (decision 042) and the app then takes it over, on a phone
 * (issue 11: what kept its Lighthouse score under 95 was work on the main thread while the page started).
 */
test.describe('the tracking page taken over from the server', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("keeps the server's element ids, reports no hydration error, and builds the map only as the reader scrolls to it", async ({ page, request }) => {
    const trackingNumber = await demoTrackingNumber(request, 'in_transit');
    const url = `/?track=${trackingNumber}`;
    const html = await (await request.get(url)).text();
    // The server rendered the cards, the GPS panel's settings with their labelled controls among them.
    expect(html).toMatch(new RegExp(`<h2 id="summary-title"[^>]*>${trackingNumber}<`));
    const serverIds = [...html.matchAll(/\sid="(mantine-[^"]+)"/g)].map((match) => match[1]!);
    expect(serverIds.length, 'labelled controls in the HTML').toBeGreaterThan(0);

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    const panel = page.getByRole('region', { name: 'Live GPS Tracking' });
    // The live data has been drawn: the cards have been hydrated and are the app's.
    await expect(panel.getByText(/Real-Time GPS Active|GPS Connection Lost/)).toBeVisible();
    await expect(panel.getByRole('checkbox', { name: 'Auto-refresh' })).toBeChecked();

    // Mantine would replace each id with a random one after mounting (a re-render of every labelled control):
    // the build keeps React's, the same as the server's (decision 043).
    for (const id of serverIds) await expect(page.locator(`[id="${id}"]`), id).toHaveCount(1);
    await expect(panel.getByRole('combobox', { name: 'Update interval' })).toBeVisible();
    expect(errors.filter((text) => /hydrat|did not match|#418|#423|#425/i.test(text))).toEqual([]);

    // Below the fold the map is not built (no Leaflet, no tiles) until the reader scrolls towards it.
    const map = page.getByRole('region', { name: 'Map of the package route' });
    await expect(map).toBeAttached();
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    await map.scrollIntoViewIfNeeded();
    await expect(map.getByRole('button', { name: 'Current location', exact: true })).toBeVisible();
    await expect(page.locator('.leaflet-container')).toHaveCount(1);
  });
});
