import type { Package, PackageLedger } from '@cargo/shared';
import { adminToken, bearer } from '../fixtures.ts';
import { createPackage, expect, signInDriverInPage, START, test } from '../driver-fixtures.ts';

const PHOTO = new URL('../../apps/server/test/fixtures/photo-with-gps.jpg', import.meta.url).pathname;

test.describe('collected before unloading (issue 32, 375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: false });

  test('a driver sees "Collect $120.00", records cash with the change shown, completes with a photo; the cash is in hand', async ({ page, context, request, driver }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    const pkg = await createPackage(request, driver, 'out_for_delivery', { amountDue: 12_000 });
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');

    const stop = page.getByRole('article').filter({ hasText: pkg.trackingNumber });
    const banner = stop.getByRole('status').filter({ hasText: 'Collect $120.00 before unloading' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    // Above everything else on the stop: the first thing in its card.
    const [bannerBox, headingBox] = await Promise.all([banner.boundingBox(), stop.getByText(pkg.trackingNumber).first().boundingBox()]);
    expect(bannerBox!.y).toBeLessThan(headingBox!.y);
    await expect(page.getByLabel('Cash in hand: $0.00')).toBeVisible();

    await page.getByRole('button', { name: `Close stop ${pkg.trackingNumber}` }).click();
    const sheet = page.getByRole('dialog', { name: `Close stop: ${pkg.trackingNumber}` });
    await expect(sheet.getByText('Payment first: $120.00 to collect')).toBeVisible();
    await sheet.getByRole('button', { name: 'Left without a person' }).click();
    await sheet.getByLabel('Where was it left?').selectOption('porch');
    await sheet.getByLabel('Take photo').setInputFiles(PHOTO);
    await expect(sheet.getByRole('img', { name: 'Photo of the delivery' })).toBeVisible();
    // Without the payment the sheet says what to collect and sends nothing.
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet.getByText('Collect $120.00 before unloading')).toBeVisible();
    await sheet.getByLabel('Amount received').fill('100');
    await expect(sheet.getByText('Still $20.00 short')).toBeVisible();
    await sheet.getByLabel('Amount received').fill('150');
    await expect(sheet.getByText('Change to give: $30.00')).toBeVisible();
    await page.screenshot({ path: '/tmp/payments-sheet-375.png' });
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet).toBeHidden({ timeout: 20_000 });

    const token = await adminToken(request);
    const ledger = (await (await request.get(`/api/packages/${pkg.id}/payments`, { headers: bearer(token) })).json()) as PackageLedger;
    expect(ledger).toMatchObject({ amountDue: 12_000, paid: 12_000, balance: 0 });
    expect(ledger.entries.filter((e) => e.kind === 'payment')).toEqual([expect.objectContaining({ method: 'cash', amount: 12_000, actorType: 'driver' })]);
    const pkgNow = (await (await request.get(`/api/packages/${pkg.id}`, { headers: bearer(token) })).json()) as Package;
    expect(pkgNow.status).toBe('delivered');
    await expect(page.getByLabel('Cash in hand: $120.00')).toBeVisible({ timeout: 20_000 });
    await expect(stop.getByText('Collect $120.00 before unloading')).toBeHidden();
  });
});
