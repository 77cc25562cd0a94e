import { collectionsSchema, driverSessionResponseSchema, packageSchema, pickupRequestSchema } from '@cargo/shared';
import { z } from 'zod';
import { chooseDeliveryWindow, createDriver, createPackage, expect, expectNoHorizontalOverflow, getJson, openAdmin, test, uniqueTag } from '../admin-fixtures.ts';
import { bearer } from '../fixtures.ts';

/** The day a payment counts for: the delivery address's (Milwaukee) local day, as the server files it. */
const milwaukeeDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

test.describe('payments in the panel (issue 32, 375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a dispatcher releases a package without payment, with a reason', async ({ page, request, token }) => {
    const pkg = await createPackage(request, token, { amountDue: 8_000 });
    await openAdmin(page, token, `?tab=create&edit=${pkg.id}`);
    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments.getByText('Balance:')).toContainText('$80.00');
    await expect(page.getByRole('textbox', { name: /^Amount Due/ })).toHaveValue('80.00');
    await expectNoHorizontalOverflow(page, 'Edit Package with its payments');
    const release = payments.getByRole('form', { name: 'Release without payment' });
    await release.getByRole('button', { name: 'Release without payment' }).click();
    await expect(release.getByText('Give a reason')).toBeVisible();
    await release.getByRole('textbox', { name: 'Reason (release)' }).fill('Account customer, invoiced monthly');
    await release.getByRole('button', { name: 'Release without payment' }).click();
    await expect(payments.getByText('Released without payment', { exact: true }).first()).toBeVisible();
    await expect(payments.getByRole('cell', { name: /Account customer, invoiced monthly/ })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'Edit Package after a release');
    const ledger = await getJson(request, token, `/api/packages/${pkg.id}/payments`, z.object({ released: z.boolean(), balance: z.number() }));
    expect(ledger).toEqual({ released: true, balance: 8_000 });
  });

  test("the Collections view shows a driver's cash and flags a short hand-over in red", async ({ page, request, token }) => {
    const driver = await createDriver(request, token);
    const pkg = await createPackage(request, token, { amountDue: 12_000, driverId: driver.id, status: 'out_for_delivery' });
    const session = await request.post('/api/drivers/session', { data: { phone: driver.phone, pin: driver.pin } });
    const driverToken = driverSessionResponseSchema.parse(await session.json()).token;
    const paid = await request.post(`/api/packages/${pkg.id}/payments`, { headers: bearer(driverToken), data: { method: 'cash', amount: 12_000 } });
    expect(paid.status(), await paid.text()).toBe(201);
    await openAdmin(page, token, '?tab=collections');
    await page.getByLabel('Day').fill(milwaukeeDay());
    const card = page.getByRole('region', { name: driver.name });
    await expect(card.getByRole('row', { name: /Cash collected/ })).toContainText('$120.00');
    await card.getByRole('textbox', { name: `Hand-over from ${driver.name}` }).fill('100');
    await card.getByRole('button', { name: 'Enter hand-over' }).click();
    const difference = card.getByRole('row', { name: /Difference/ }).getByRole('cell');
    await expect(difference).toContainText('-$20.00 (Short by $20.00)');
    await expectNoHorizontalOverflow(page, 'Collections with a hand-over');
    expect(await difference.evaluate((el) => getComputedStyle(el).color)).toMatch(/rgb\((2[0-9]{2}|1[5-9][0-9]), \d{1,2}, \d{1,2}\)/);
    const day = await getJson(request, token, `/api/collections?day=${milwaukeeDay()}&driverId=${driver.id}`, collectionsSchema);
    expect(day.drivers[0]).toMatchObject({ cash: 12_000, handedOver: 10_000, difference: -2_000, shortfall: true });
    await page.screenshot({ path: '/tmp/payments-collections-375.png', fullPage: true });
  });

  test('the customer sees the balance and how to pay on their own link, never on the page opened by tracking number', async ({ page, request, token }) => {
    const pkg = await createPackage(request, token, { amountDue: 12_000, status: 'in_transit' });
    const link = await request.post('/api/share-links', { headers: bearer(token), data: { packageId: pkg.id, hours: 1, kind: 'customer' } });
    expect(link.status(), await link.text()).toBe(201);
    const share = z.object({ token: z.string() }).parse(await link.json()).token;
    const paid = await request.post(`/api/packages/${pkg.id}/payments`, { headers: bearer(token), data: { method: 'online', amount: 2_000, reference: 'SHOP-77' } });
    expect(paid.status(), await paid.text()).toBe(201);

    await page.goto(`/track-live/${share}`);
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment).toBeVisible();
    await expect(payment.getByText('$120.00', { exact: true })).toBeVisible();
    await expect(payment.getByText('$20.00', { exact: true })).toBeVisible();
    await expect(payment.getByText('Please have $100.00 ready on delivery.')).toBeVisible();
    await expect(payment.getByText(/^Pay the driver by cash or card on delivery/)).toBeVisible();
    await expectNoHorizontalOverflow(page, 'the customer link with its Payment card');
    await page.screenshot({ path: '/tmp/payments-customer-link-375.png', fullPage: true });

    // The same page by tracking number, and the public tracking page: no money at all.
    for (const path of [`/track-live/${pkg.trackingNumber}`, `/?track=${pkg.trackingNumber}`]) {
      await page.goto(path);
      await expect(page.getByText(pkg.trackingNumber).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Payment' })).toHaveCount(0);
      await expect(page.getByText('$120.00')).toHaveCount(0);
      await expect(page.getByText('$100.00')).toHaveCount(0);
      await expectNoHorizontalOverflow(page, path);
    }
  });

  test('a pickup request becomes a package in one click, and the request shows its tracking number', async ({ page, request, token }) => {
    const name = uniqueTag('Booker ');
    const made = await request.post('/api/schedule-pickup', {
      data: { customerName: name, phone: '(312) 555-0177', email: 'booker@example.com', originAddress: '233 S Wacker Dr, Chicago, IL 60606', destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202', itemDescription: 'Three boxes of books', specialInstructions: 'Ring twice' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const booking = pickupRequestSchema.parse(await made.json());
    await openAdmin(page, token, `?tab=pickups`);
    await page.getByLabel('Search pickup requests').fill(name);
    await expect(page.getByRole('button', { name: `Create package for ${name}` })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'Pickup Requests');
    await page.getByRole('button', { name: `Create package for ${name}` }).click();
    await expect(page.getByRole('textbox', { name: /^Customer Name/ })).toHaveValue(name);
    await expectNoHorizontalOverflow(page, 'the Create form filled from a pickup request');
    await expect(page.getByRole('textbox', { name: /^Pickup Address/ })).toHaveValue('233 S Wacker Dr, Chicago, IL 60606');
    await expect(page.getByRole('textbox', { name: /^Delivery Address/ })).toHaveValue('700 N Art Museum Dr, Milwaukee, WI 53202');
    const tracking = uniqueTag('PU');
    await page.getByRole('textbox', { name: /^Tracking Number/ }).fill(tracking);
    await page.getByRole('textbox', { name: /^Amount Due/ }).fill('45.50');
    await chooseDeliveryWindow(page);
    await page.getByRole('button', { name: 'Create Package' }).click();
    await expect(page.getByText(`Package ${tracking} created from the pickup request; the request is confirmed.`)).toBeVisible();
    const pkg = await getJson(request, token, `/api/packages/${tracking}`, packageSchema);
    expect(pkg).toMatchObject({ pickupRequestId: booking.id, amountDue: 4_550, customerEmail: 'booker@example.com' });
    expect(pkg.itemDescription).toContain('Instructions: Ring twice');
    const after = await getJson(request, token, `/api/pickup-requests/${booking.id}`, pickupRequestSchema);
    expect(after).toMatchObject({ status: 'confirmed', packageId: pkg.id, trackingNumber: tracking });
    // The list links the package: it opens that package itself, in Edit Package.
    await page.getByRole('tab', { name: 'Pickup Requests' }).click();
    await page.getByLabel('Search pickup requests').fill(name);
    await expect(page.getByRole('button', { name: `Create package for ${name}` })).toHaveCount(0);
    await page.getByRole('button', { name: `Package ${tracking}` }).click();
    const edit = page.getByRole('form', { name: `Edit Package ${tracking}` });
    await expect(edit).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]edit=${pkg.id}(&|$)`));
    await expect(edit.getByRole('textbox', { name: /^Tracking Number/ })).toHaveValue(tracking);
    await expect(edit.getByRole('textbox', { name: /^Customer Name/ })).toHaveValue(name);
    await expect(edit.getByText('Made from a pickup request')).toBeVisible();
    await expectNoHorizontalOverflow(page, 'Edit Package opened from its pickup request');
    // A second 'Create package' on the request (a list not yet refreshed, a link kept) opens the one it made, not an empty form.
    await page.goto(`/admin?tab=create&from=${booking.id}`);
    await expect(page.getByRole('form', { name: `Edit Package ${tracking}` })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`[?&]edit=${pkg.id}(&|$)`));
    await expect(page).not.toHaveURL(/[?&]from=/);
    await expect(page.getByRole('textbox', { name: /^Customer Name/ })).toHaveValue(name);
    await expect(page.getByRole('button', { name: 'Create Package' })).toHaveCount(0);
    const packages = await getJson(request, token, `/api/packages?q=${encodeURIComponent(name)}`, packageSchema.array());
    expect(packages.filter((p) => p.customerName === name).map((p) => p.trackingNumber)).toEqual([tracking]);
  });
});
