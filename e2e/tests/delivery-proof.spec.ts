import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { DeliveryProof, ShareLinkCreated, driverSessionResponseSchema } from '@cargo/shared';
import type { z } from 'zod';
import { adminToken, bearer } from '../fixtures.ts';
import { createPackage, expect, signInDriverInPage, START, test, type TestPackage } from '../driver-fixtures.ts';
import type { Page } from '../test.ts';

/** A photo with a GPS position and a camera serial in its metadata (the API tests check both are removed). */
const PHOTO = new URL('../../apps/server/test/fixtures/photo-with-gps.jpg', import.meta.url).pathname;
const SCREENSHOTS = process.env.PROOF_SCREENSHOTS;

async function proofOf(request: Parameters<typeof adminToken>[0], ref: string): Promise<DeliveryProof> {
  const reply = await request.get(`/api/delivery-proof/${ref}`, { headers: bearer(await adminToken(request)) });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as DeliveryProof;
}

/** Draws a signature with the pointer across the pad, as a finger would. */
async function sign(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature box: sign here with a finger' });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
  await page.mouse.up();
}

async function openSheet(page: Page, pkg: TestPackage, outcome: string) {
  await page.getByRole('button', { name: `Close stop ${pkg.trackingNumber}` }).click();
  const sheet = page.getByRole('dialog', { name: `Close stop: ${pkg.trackingNumber}` });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: outcome }).click();
  return sheet;
}

test.describe('closing a stop with proof of delivery (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: false });

  test('a driver signs, photographs and completes each outcome; axe finds nothing serious on the sheet', async ({ page, context, request, driver }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    const express = await createPackage(request, driver, 'out_for_delivery', { serviceType: 'Express Delivery' });
    const dropOff = await createPackage(request, driver, 'out_for_delivery');
    const attempt = await createPackage(request, driver, 'out_for_delivery');
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');

    // Delivered to a person, from the status dropdown's 'delivered' (it opens the same sheet): Express needs a signature.
    await page.getByLabel(`Status of ${express.trackingNumber}`).selectOption('delivered');
    let sheet = page.getByRole('dialog', { name: `Close stop: ${express.trackingNumber}` });
    await sheet.getByRole('button', { name: 'Delivered to a person' }).click();
    await sheet.getByLabel("Recipient's name").fill('Olivia Martin');
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet.getByRole('alert').filter({ hasText: 'A signature is required for this delivery' })).toBeVisible();
    await sign(page);
    await sheet.getByLabel('Take photo').setInputFiles(PHOTO);
    await expect(sheet.getByRole('img', { name: 'Photo of the delivery' })).toBeVisible();
    await expect(sheet.getByText('Position found (±8 m)')).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/sheet-375.png`, fullPage: false });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SCREENSHOTS}/sheet-1280.png` });
      await page.setViewportSize({ width: 375, height: 812 });
    }
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet).toBeHidden({ timeout: 20_000 });
    let proof = await proofOf(request, express.id);
    expect(proof.status).toBe('delivered');
    expect(proof.outcomes[0]).toMatchObject({ kind: 'delivered', recipientInitials: 'O. M.' });
    expect(proof.outcomes[0]!.full!.signature).not.toBeNull();
    expect(proof.outcomes[0]!.full!.photo).not.toBeNull();
    expect(proof.outcomes[0]!.full!.position).toMatchObject({ lat: START.latitude, lng: START.longitude });

    // Left without a person: a place and a photo.
    sheet = await openSheet(page, dropOff, 'Left without a person');
    await sheet.getByLabel('Where was it left?').selectOption('porch');
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet.getByRole('alert').filter({ hasText: 'A photo is required for this outcome' })).toBeVisible();
    await sheet.getByLabel('Take photo').setInputFiles(PHOTO);
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet).toBeHidden({ timeout: 20_000 });
    proof = await proofOf(request, dropOff.id);
    expect(proof.outcomes[0]).toMatchObject({ kind: 'left', leftAt: 'porch' });

    // Attempted: the reason; 'Nobody home' needs a photo; the package stays out for delivery.
    sheet = await openSheet(page, attempt, 'Attempted, not delivered');
    await sheet.getByLabel('Why was it not delivered?').selectOption('nobody_home');
    await sheet.getByLabel('Take photo').setInputFiles(PHOTO);
    await sheet.getByLabel('Note (optional)').fill('Left a card');
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet).toBeHidden({ timeout: 20_000 });
    proof = await proofOf(request, attempt.id);
    expect(proof.status).toBe('out_for_delivery');
    expect(proof.outcomes[0]).toMatchObject({ kind: 'attempted', reason: 'nobody_home' });
    await expect(page.getByRole('button', { name: `Close stop ${attempt.trackingNumber}` })).toBeVisible();
  });

  test('Complete tapped while the photo is still being prepared waits for it, then closes the stop with the photo', async ({ page, context, request, driver }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    // A slow phone: decoding the photo takes 1.5 s.
    await page.addInitScript(() => {
      const decode = window.createImageBitmap.bind(window);
      window.createImageBitmap = ((...args: Parameters<typeof createImageBitmap>) =>
        new Promise((resolve) => setTimeout(resolve, 1_500)).then(() => decode(...args))) as typeof createImageBitmap;
    });
    const pkg = await createPackage(request, driver, 'out_for_delivery');
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');
    const sheet = await openSheet(page, pkg, 'Left without a person');
    await sheet.getByLabel('Where was it left?').selectOption('front_door');
    await sheet.getByLabel('Take photo').setInputFiles(PHOTO);
    await expect(sheet.getByRole('button', { name: 'Preparing photo…' })).toBeDisabled();
    await expect(sheet.getByRole('status').filter({ hasText: 'Preparing photo…' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('A photo is required for this outcome')).toHaveCount(0);
    const proof = await proofOf(request, pkg.id);
    expect(proof.outcomes).toHaveLength(1);
    expect(proof.outcomes[0]!.full?.photo).toBeTruthy();
  });

  test('a stop closed offline is kept, sent when the network returns, and the customer page shows the proof (not the public page)', async ({ page, context, request, driver, browser }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...START, accuracy: 8 });
    const pkg = await createPackage(request, driver, 'out_for_delivery');
    await signInDriverInPage(page, request, driver);
    await page.goto('/driver-dashboard');
    await expect(page.getByRole('button', { name: `Close stop ${pkg.trackingNumber}` })).toBeVisible();
    // The sheet's code arrives just after the screen's first paint (decision 052): the driver loses the network after that.
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    const sheet = await openSheet(page, pkg, 'Left without a person');
    await sheet.getByLabel('Where was it left?').selectOption('front_door');
    await sheet.getByLabel('Take photo').setInputFiles(PHOTO);
    await sheet.getByRole('button', { name: 'Complete' }).click();
    await expect(sheet).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('Waiting to send')).toBeVisible();
    await expect(page.getByText('1 closed stop waiting to be sent')).toBeVisible();
    expect((await proofOf(request, pkg.id)).outcomes).toHaveLength(0);
    // The page is closed while offline: the stop waits in the phone's storage.
    await page.close();
    await context.setOffline(false);

    const again = await context.newPage();
    await again.goto('/driver-dashboard');
    await expect.poll(async () => (await proofOf(request, pkg.id)).outcomes.length, { timeout: 15_000 }).toBe(1);
    await expect(again.getByText('1 closed stop waiting to be sent')).toBeHidden();

    // The customer's own share link shows the photo; the public page by tracking number shows the outcome in words.
    const link = await request.post('/api/share-links', { headers: bearer(await adminToken(request)), data: { packageId: pkg.id, hours: 1, kind: 'customer' } });
    const { token } = (await link.json()) as ShareLinkCreated;
    const customer = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await customer.goto(`/track-live/${token}`);
    const card = customer.getByRole('region', { name: 'Delivered' });
    await expect(card).toBeVisible();
    if (SCREENSHOTS) await customer.screenshot({ path: `${SCREENSHOTS}/customer-live-375.png`, fullPage: true });
    await expect(card.getByText('Front door')).toBeVisible();
    await expect(card.getByRole('img', { name: 'Photo of the delivery' })).toBeVisible();
    expect(await card.getByRole('img', { name: 'Photo of the delivery' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await customer.goto(`/track-realtime/${pkg.trackingNumber}`);
    const publicCard = customer.getByRole('region', { name: 'Delivered' });
    await expect(publicCard).toBeVisible();
    await expect(publicCard.getByText('Left without a person')).toBeVisible();
    if (SCREENSHOTS) await customer.screenshot({ path: `${SCREENSHOTS}/public-realtime-375.png`, fullPage: true });
    await expect(customer.getByRole('img', { name: 'Photo of the delivery' })).toHaveCount(0);
    expect(await customer.content()).not.toContain('/api/proof-files/');
    await customer.close();
  });

  test('an admin downloads the proof-of-delivery PDF holding the tracking number', async ({ page, request, driver }) => {
    const pkg = await createPackage(request, driver, 'out_for_delivery');
    const form = { data: JSON.stringify({ kind: 'left', leftAt: 'mailroom', deviceTime: new Date().toISOString(), lat: START.latitude, lng: START.longitude, accuracy: 5 }) };
    const session = await request.post('/api/drivers/session', { data: { phone: driver.phone, pin: driver.pin } });
    const driverToken = ((await session.json()) as z.infer<typeof driverSessionResponseSchema>).token;
    const done = await request.post(`/api/packages/${pkg.id}/outcomes`, {
      headers: bearer(driverToken),
      multipart: { ...form, photo: { name: 'door.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) } },
    });
    expect(done.status(), await done.text()).toBe(201);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/help-center');
    await page.evaluate((t) => window.localStorage.setItem('admin_token', t), await adminToken(request));
    await page.goto('/admin?tab=proof');
    await page.getByLabel('Tracking number').fill(pkg.trackingNumber);
    await page.getByRole('button', { name: 'Show proof' }).first().click();
    await expect(page.getByText('Completed ', { exact: false }).first()).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF receipt' }).click()]);
    const path = await download.path();
    const pdf = readFileSync(path!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(pkg.trackingNumber);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/admin-proof-1280.png`, fullPage: true });
  });
});
