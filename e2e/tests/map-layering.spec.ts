import { expect, test } from '../test.ts';
import { demoTrackingNumber } from '../fixtures.ts';

test('at 375 px the map scrolls under the sticky header, never over it', async ({ page, request }) => {
  const trackingNumber = await demoTrackingNumber(request, 'in_transit');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/?track=${trackingNumber}`);
  // The map is built as the reader scrolls towards it (issue 11).
  await page.getByRole('region', { name: 'Map of the package route' }).scrollIntoViewIfNeeded();
  const marker = page.getByRole('button', { name: 'Current location', exact: true });
  await expect(marker).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  const before = (await marker.boundingBox())!;
  // Scroll until the marker's centre sits in the middle of the header.
  await page.evaluate((dy) => window.scrollBy(0, dy), before.y + before.height / 2 - (header.y + header.height / 2));
  const at = (await marker.boundingBox())!;
  const topmostIsHeader = await page.evaluate(
    ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('header'),
    { x: at.x + at.width / 2, y: at.y + at.height / 2 },
  );
  expect(topmostIsHeader).toBe(true);
});
