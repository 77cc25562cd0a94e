import { driverStopsSchema } from '@cargo/shared';
import { bearer } from '../fixtures.ts';
import { createDriver, createPackage, expect, getJson, test, uniqueTag } from '../admin-fixtures.ts';
import { signInDriverInPage } from '../driver-fixtures.ts';

test.describe.configure({ timeout: 90_000 });

/** Stops along a street, assigned in a zig-zag order. */
const KS = [0, 4, 1, 5, 2, 3];

test('Driver Routes: Optimise order shows before and after on a map; accepted, the driver dashboard lists the stops in it', async ({ adminPage: page, request, token, browser }) => {
  const driver = await createDriver(request, token, { pin: '135790' });
  const at = await request.post(`/api/drivers/${driver.id}/location`, { headers: bearer(token), data: { lat: 41.88, lng: -87.72 } });
  expect(at.ok(), await at.text()).toBe(true);
  const tag = uniqueTag('ORD');
  const ids: Record<number, string> = {};
  for (const k of KS) {
    const pkg = await createPackage(request, token, {
      trackingNumber: `${tag}-${k}`,
      status: 'out_for_delivery',
      deliveryLat: 41.88,
      deliveryLng: -87.7 + k * 0.02,
      estimatedDelivery: 'Monday, January 3, 2050 - Friday, January 7, 2050',
      driverId: driver.id,
      driver: driver.name,
      driverPhone: driver.phone,
    });
    ids[k] = pkg.id;
  }

  await page.getByRole('tab', { name: 'Driver Routes' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Driver Routes' });
  await panel.getByRole('textbox', { name: 'Driver' }).click();
  await page.getByRole('option', { name: driver.name }).click();
  const section = panel.getByRole('region', { name: 'Stop order' });
  await section.getByRole('button', { name: 'Optimise order' }).click();
  await expect(section.getByText('Current order', { exact: true })).toBeVisible();
  await expect(section.getByText(/\d+\.\d% shorter/)).toBeVisible();
  await expect(section.getByRole('img', { name: /Map of the proposed stop order/ })).toBeVisible();
  const rows = section.getByRole('region', { name: 'Proposed order' }).getByRole('row');
  await expect(rows).toHaveCount(KS.length + 1);
  await expect(rows.nth(1)).toContainText(`${tag}-0`);
  await expect(rows.nth(6)).toContainText(`${tag}-5`);

  // Discard changes nothing.
  await section.getByRole('button', { name: 'Discard' }).click();
  await expect(section.getByText('Current order', { exact: true })).toHaveCount(0);
  expect((await getJson(request, token, `/api/drivers/${driver.id}/stops`, driverStopsSchema)).acceptedAt).toBeNull();

  await section.getByRole('button', { name: 'Optimise order' }).click();
  await section.getByRole('button', { name: 'Accept order' }).click();
  await expect(page.getByText('Stop order accepted')).toBeVisible();
  const stops = await getJson(request, token, `/api/drivers/${driver.id}/stops`, driverStopsSchema);
  expect(stops.stops.map((s) => s.packageId)).toEqual([0, 1, 2, 3, 4, 5].map((k) => ids[k]));
  // The route table below follows the accepted order.
  await expect(panel.getByRole('region', { name: 'Stops', exact: true }).getByRole('row').nth(1)).toContainText(`${tag}-0`);

  // The driver's dashboard: the stops in that order, each with an arrival and navigation links.
  const context = await browser.newContext();
  const driverPage = await context.newPage();
  await signInDriverInPage(driverPage, request, { ...driver, pin: '135790' });
  await driverPage.goto('/driver-dashboard');
  const card = driverPage.getByRole('region', { name: 'Stops in Order' });
  await expect(card.getByText('In the order dispatch set')).toBeVisible();
  const items = card.getByRole('listitem');
  await expect(items).toHaveCount(KS.length);
  await expect(items.first()).toContainText(`${tag}-0`);
  await expect(items.last()).toContainText(`${tag}-5`);
  await expect(items.first()).toContainText(/Expected arrival: \d{1,2}:\d{2} (AM|PM)/);
  await expect(items.first().getByRole('link', { name: `Navigate (Open in maps app) ${tag}-0` })).toHaveAttribute('href', /^geo:41\.880000,-87\.700000\?q=/);
  await expect(items.first().getByRole('link', { name: `Navigate (Google Maps) ${tag}-0` })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=41.880000,-87.700000',
  );
  await context.close();
});
