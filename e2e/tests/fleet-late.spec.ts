import { driverSessionResponseSchema, fleetSnapshotSchema } from '@cargo/shared';
import { bearer } from '../fixtures.ts';
import { createDriver, createPackage, expect, expectNoHorizontalOverflow, getJson, openAdmin, test, uniqueTag } from '../admin-fixtures.ts';

/** Today on Chicago's clock as a one-day delivery window ("Saturday, November 28, 2026 - …"). */
function todayInChicago(): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date());
  return `${day} - ${day}`;
}

/**
 * Issue 34: a driver running late shows on the fleet map. The driver is in Los Angeles with a Chicago stop due today:
 * more than a day's drive away at any hour, so the stop's expected arrival is past its window's end.
 */
test('the fleet map marks a driver running late, in the list and the details, at 1280 and 375 px', async ({ page, request, token }) => {
  const driver = await createDriver(request, token, { name: uniqueTag('Late ') });
  await createPackage(request, token, { status: 'out_for_delivery', estimatedDelivery: todayInChicago(), deliveryAddress: '233 S Wacker Dr, Chicago, IL 60606', driverId: driver.id, driver: driver.name, driverPhone: driver.phone });
  const session = await request.post('/api/drivers/session', { data: { phone: driver.phone, pin: driver.pin } });
  expect(session.ok()).toBe(true);
  const { token: driverToken } = driverSessionResponseSchema.parse(await session.json());
  expect((await request.post(`/api/drivers/${driver.id}/location`, { headers: bearer(driverToken), data: { lat: 34.05, lng: -118.24 } })).ok()).toBe(true);
  const fleet = await getJson(request, token, '/api/fleet', fleetSnapshotSchema);
  expect(fleet.drivers.find((d) => d.id === driver.id)?.late).toBe(true);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, token, '?tab=fleet');
    await page.getByLabel('Filter drivers').fill(driver.name);
    const row = page.getByRole('button', { name: new RegExp(driver.name) });
    await expect(row.getByTestId('driver-late')).toHaveText('Running late: 1 stop');
    await row.click();
    const details = page.getByRole('region', { name: driver.name }).or(page.locator(`section[aria-label="${driver.name}"]`));
    await expect(details.getByText(/^Running late: 1 stop \(.+: expected .+, window ends .+\)$/)).toBeVisible();
    await expect(page.getByText('Red ring: running late')).toBeVisible();
    await expectNoHorizontalOverflow(page, `fleet map at ${width} px`);
    await page.screenshot({ path: `test-results/fleet-late-${width}.png`, fullPage: true });
  }
});
