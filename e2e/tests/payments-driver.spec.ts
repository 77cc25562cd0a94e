import type { DeliveryProof, Package, PackageLedger } from '@cargo/shared';
import { readFileSync } from 'node:fs';
import type { Request } from '@playwright/test';
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

  test('a payment taken offline queues with "Delivered" and reaches the server once, and a replay does not double it', async ({ page, context, request, driver }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    const pkg = await createPackage(request, driver, 'out_for_delivery', { amountDue: 12_000 });
    const token = await adminToken(request);
    const ledgerOf = async () => (await (await request.get(`/api/packages/${pkg.id}/payments`, { headers: bearer(token) })).json()) as PackageLedger;
    const proofOf = async () => (await (await request.get(`/api/delivery-proof/${pkg.id}`, { headers: bearer(token) })).json()) as DeliveryProof;
    // Every completion the phone sends, to count them.
    const sent: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/packages/${pkg.id}/outcomes`)) sent.push(r);
    });
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');
    const stop = page.getByRole('article').filter({ hasText: pkg.trackingNumber });
    await expect(stop.getByRole('status').filter({ hasText: 'Collect $120.00 before unloading' })).toBeVisible({ timeout: 20_000 });
    // The sheet's code arrives just after the screen's first paint (decision 052): the driver loses the network after that.
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.getByRole('button', { name: `Close stop ${pkg.trackingNumber}` }).click();
    const sheet = page.getByRole('dialog', { name: `Close stop: ${pkg.trackingNumber}` });
    // The balance the phone already knew: the payment still comes first without a network.
    await expect(sheet.getByText('Payment first: $120.00 to collect')).toBeVisible();
    await sheet.getByRole('button', { name: 'Delivered to a person' }).click();
    await sheet.getByLabel("Recipient's name").fill('Olivia Martin');
    await sheet.getByLabel('Amount received').fill('150');
    await expect(sheet.getByText('Change to give: $30.00')).toBeVisible();
    await sheet.getByLabel('Take photo').setInputFiles(PHOTO);
    await expect(sheet.getByRole('img', { name: 'Photo of the delivery' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('1 closed stop waiting to be sent')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // What waits on the phone: the outcome with its payment, under one client id (read to replay it below).
    const queued = await page.evaluate(
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const open = indexedDB.open('driver-proof', 1);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('stops', 'readonly').objectStore('stops').getAll();
            all.onsuccess = () => resolve((all.result as Array<{ data: unknown }>).map((stop) => stop.data));
            all.onerror = () => reject(all.error);
          };
        }),
    );
    expect(queued).toEqual([expect.objectContaining({ kind: 'delivered', clientId: expect.any(String), payment: { method: 'cash', amount: 12_000, reference: null } })]);
    // Nothing reached the server while offline.
    expect(await ledgerOf()).toMatchObject({ paid: 0, balance: 12_000 });
    expect((await proofOf()).outcomes).toHaveLength(0);

    // Back online: the queued payment and outcome go together, once.
    await context.setOffline(false);
    await expect.poll(async () => (await proofOf()).outcomes.length, { timeout: 20_000 }).toBe(1);
    await expect(page.getByText('1 closed stop waiting to be sent')).toBeHidden({ timeout: 20_000 });
    let ledger = await ledgerOf();
    expect(ledger).toMatchObject({ amountDue: 12_000, paid: 12_000, balance: 0 });
    expect(ledger.entries.filter((e) => e.kind === 'payment')).toEqual([expect.objectContaining({ method: 'cash', amount: 12_000, actorType: 'driver' })]);
    let proof = await proofOf();
    expect(proof.status).toBe('delivered');
    expect(proof.outcomes).toEqual([expect.objectContaining({ kind: 'delivered' })]);
    expect(sent).toHaveLength(1);

    // The same completion again (a reply lost on the way back, then a resend): the server answers the one it stored.
    const driverToken = await page.evaluate(() => window.localStorage.getItem('driver_token'));
    const replay = await request.post(`/api/packages/${pkg.id}/outcomes`, {
      headers: bearer(driverToken!),
      multipart: { data: JSON.stringify(queued[0]), photo: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) } },
    });
    expect(replay.status(), await replay.text()).toBe(200);
    expect(await replay.json()).toMatchObject({ duplicate: true, status: 'delivered' });
    // And the phone, reloaded, has nothing left to send.
    await page.reload();
    await expect(page.getByLabel('Cash in hand: $120.00')).toBeVisible({ timeout: 20_000 });
    ledger = await ledgerOf();
    expect(ledger).toMatchObject({ paid: 12_000, balance: 0 });
    expect(ledger.entries.filter((e) => e.kind === 'payment')).toHaveLength(1);
    proof = await proofOf();
    expect(proof.outcomes.filter((o) => o.kind === 'delivered')).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });
});
