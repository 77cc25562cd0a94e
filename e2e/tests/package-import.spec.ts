import { readFileSync } from 'node:fs';
import { packageSchema } from '@cargo/shared';
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, getJson, openAdmin, test, uniqueTag } from '../admin-fixtures.ts';
import type { Page } from '../test.ts';

/** Where to save the Import tab's screenshots (1280 and 375 px), when set. */
const SCREENSHOTS = process.env.IMPORT_SCREENSHOTS;
const HYPERLINK = '=HYPERLINK("http://evil.example/","Refund")';

/** A small file whose headings are not the template's, so the mapping is guessed from other names. */
function csvFile(tag: string): string {
  const q = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const rows = [
    ['Tracking #', 'Recipient', 'Phone', 'From', 'To', 'Notes'],
    [`${tag}-1`, 'Ana Lopez', '(312) 555-0101', '233 S Wacker Dr, Chicago, IL 60606', '700 N Art Museum Dr, Milwaukee, WI 53202', 'Fragile'],
    [`${tag}-2`, HYPERLINK, '(312) 555-0102', '233 S Wacker Dr, Chicago, IL 60606', '600 Congress Ave, Austin, TX 78701', 'Books'],
    [`${tag}-3`, 'Ben Ode', '', '233 S Wacker Dr, Chicago, IL 60606', '350 5th Ave, New York, NY 10118', 'Lamp'],
    [`${tag}-4`, 'Cy Park', '(312) 555-0104', '233 S Wacker Dr, Chicago, IL 60606', '1 Market St, San Francisco, CA 94105', 'Tyres'],
  ];
  return `${rows.map((r) => r.map(q).join(',')).join('\r\n')}\r\n`;
}

test('CSV import: upload, guessed and adjusted mapping, dry run, import with progress, report download', async ({ adminPage: page, request, token }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('IMPW');
  await openAdmin(page, token, '?tab=import');
  const panel = page.getByRole('tabpanel', { name: 'Import' });
  await expect(panel.getByRole('heading', { name: 'Import packages from a CSV file' })).toBeVisible();

  // The template: the headings the import recognises.
  const [template] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download template' }).click()]);
  expect(template.suggestedFilename()).toBe('package-import-template.csv');
  expect(readFileSync(await template.path(), 'utf8')).toMatch(/^\uFEFF"Tracking Number","Reference","Status","Customer Name"/);

  const upload = () => panel.locator('input[type="file"]').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csvFile(tag)) });
  await upload();
  await expect(panel.getByText('4 rows, 6 columns')).toBeVisible();
  const column = (field: string) => panel.getByRole('textbox', { name: `Column in your file: ${field}`, exact: true });
  await expect(column('Tracking Number')).toHaveValue('Tracking #');
  await expect(column('Customer Name')).toHaveValue('Recipient');
  await expect(column('Customer Phone')).toHaveValue('Phone');
  await expect(column('Pickup Address')).toHaveValue('From');
  await expect(column('Delivery Address')).toHaveValue('To');
  await expect(column('Item Description')).toHaveValue('(not in the file)');
  // 'Notes' is not a name the guess knows: the admin maps it.
  await column('Item Description').click();
  await page.getByRole('option', { name: 'Notes', exact: true }).click();
  await expect(column('Item Description')).toHaveValue('Notes');

  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/import-mapping-1280.png`, fullPage: true });

  await panel.getByRole('button', { name: 'Dry run' }).click();
  const dry = panel.getByRole('region', { name: 'Dry run: nothing was written' });
  await expect(dry.getByLabel('To create: 3')).toBeVisible();
  await expect(dry.getByLabel('With errors: 1')).toBeVisible();
  await expect(dry.getByRole('row', { name: new RegExp(`4 ${tag}-3 Customer phone is required`) })).toBeVisible();
  expect((await request.get(`/api/packages/${tag}-1`)).status()).toBe(404);
  await expectNoSeriousViolations(page, 'import tab after a dry run');
  if (SCREENSHOTS) await dry.screenshot({ path: `${SCREENSHOTS}/import-dry-run-1280.png` });

  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText('4 of 4 rows')).toBeVisible();
  await expect(panel.getByLabel('Created: 3')).toBeVisible();
  await expect(panel.getByLabel('Failed: 1')).toBeVisible();

  const imported = await getJson(request, token, `/api/packages/${tag}-1`, packageSchema);
  expect(imported).toMatchObject({ customerName: 'Ana Lopez', itemDescription: 'Fragile' });
  expect(imported.deliveryLat).not.toBeNull();

  const [report] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download report' }).click()]);
  expect(report.suggestedFilename()).toMatch(/^import-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await report.path(), 'utf8');
  expect(text).toContain(`4,"Failed","Customer phone is required","${tag}-3"`);
  expect(text).toContain(`3,"Created","","${tag}-2","","","'=HYPERLINK(""http://evil.example/"",""Refund"")"`);

  if (SCREENSHOTS) {
    await page.screenshot({ path: `${SCREENSHOTS}/import-done-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SCREENSHOTS}/import-done-375.png`, fullPage: true });
  }

  // The mapping is remembered for a file with the same headings.
  await panel.getByRole('button', { name: 'Import another file' }).click();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(panel.getByRole('heading', { name: 'Import packages from a CSV file' })).toBeVisible({ timeout: 30_000 });
  await upload();
  await expect(column('Item Description')).toHaveValue('Notes');
  await expectNoHorizontalOverflow(page, 'import tab at 375px');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/import-mapping-375.png`, fullPage: true });

  // The same file again, skipping existing numbers: nothing new.
  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByLabel('Created: 0')).toBeVisible();
  await expect(panel.getByLabel('Skipped: 3')).toBeVisible();
});

test('a 10,000-row file is read in the worker and checked by a dry run through the real server', async ({ adminPage: page, token }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('IMPBIG');
  const lines = ['Tracking Number,Customer Name,Customer Phone,Pickup Address,Delivery Address,Status'];
  for (let i = 0; i < 10_000; i += 1) {
    lines.push(`${tag}-${i},Customer ${i},(312) 555-${String(i % 10_000).padStart(4, '0')},"233 S Wacker Dr, Chicago, IL 60606","700 N Art Museum Dr, Milwaukee, WI 53202",${i === 9_999 ? 'lost' : 'processing'}`);
  }
  await openAdmin(page, token, '?tab=import');
  const panel = page.getByRole('tabpanel', { name: 'Import' });
  const startedRead = Date.now();
  await panel.locator('input[type="file"]').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await expect(panel.getByText('10,000 rows, 6 columns')).toBeVisible({ timeout: 30_000 });
  const readMs = Date.now() - startedRead;
  const startedDry = Date.now();
  await panel.getByRole('button', { name: 'Dry run' }).click();
  const dry = panel.getByRole('region', { name: 'Dry run: nothing was written' });
  await expect(dry.getByLabel('To create: 9999')).toBeVisible({ timeout: 60_000 });
  await expect(dry.getByLabel('With errors: 1')).toBeVisible();
  await expect(dry.getByRole('row', { name: /10001 .* Invalid status/ })).toBeVisible();
  test.info().annotations.push({ type: 'timing', description: `read ${readMs} ms, dry run ${Date.now() - startedDry} ms` });
  console.log(`10,000-row file: read in the worker ${readMs} ms, dry run ${Date.now() - startedDry} ms`);
});

/** Shopify's orders export (79 columns, one row per line item), as the API tests import it (issue 31). */
const SHOPIFY_EXPORT = readFileSync(new URL('../../apps/server/test/fixtures/orders/orders_export.csv', import.meta.url), 'utf8');
const DEPOT = '233 S Wacker Dr, Chicago, IL 60606';

for (const width of [375, 1280]) {
  test(`a Shopify orders export imports without editing, one package per order, at ${width} px`, async ({ adminPage: page, request, token }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    // Order numbers of this run's own, so a second run on the same server imports them again.
    const tag = uniqueTag(`SHOP${width}`);
    const file = SHOPIFY_EXPORT.replaceAll('#100', `#${tag}-`);
    await openAdmin(page, token, '?tab=import');
    const panel = page.getByRole('tabpanel', { name: 'Import' });
    await panel.locator('input[type="file"]').setInputFiles({ name: 'orders_export.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });

    // Recognised from its headings, shown as a preset dispatch can still change.
    await expect(panel.getByText('6 rows, 79 columns')).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: 'Recognised: Shopify orders export' })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Start from', exact: true })).toHaveValue('Shopify orders export (recognised)');
    await expect(panel.getByRole('textbox', { name: 'Rows become packages', exact: true })).toHaveValue('One package per Name');
    await expect(panel.getByText('3 packages from 6 rows')).toBeVisible();
    const column = (field: string) => panel.getByRole('textbox', { name: `Column in your file: ${field}`, exact: true });
    await expect(column('Tracking Number')).toHaveValue('Make one…');
    await expect(panel.getByRole('textbox', { name: 'Format of the made Tracking Number' })).toHaveValue('OT + 9 digits');
    await expect(column('Reference')).toHaveValue('Name');
    await expect(column('Delivery Address')).toHaveValue('Several columns…');
    await expect(column('Pickup Address')).toHaveValue('Same value for every row…');
    await expect(panel.getByRole('textbox', { name: 'Value for every row: Pickup Address' })).toHaveValue(DEPOT);
    await expectNoHorizontalOverflow(page, `import mapping at ${width}px`);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/import-shopify-${width}.png`, fullPage: true });

    await panel.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(panel.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText('3 of 3 rows')).toBeVisible();
    await expect(panel.getByLabel('Created: 3')).toBeVisible();
    await expect(panel.getByLabel('Failed: 0')).toBeVisible();

    const found = await getJson(request, token, `/api/packages?q=${encodeURIComponent(`#${tag}-1`)}`, packageSchema.array());
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      reference: `#${tag}-1`,
      customerName: 'Ann Lee',
      customerPhone: '+13125550142',
      deliveryAddress: '233 S Wacker Dr, Suite 4, Chicago, IL, 60606, US',
      pickupAddress: DEPOT,
      itemDescription: '2 × Blue mug, 1 × Tea towel',
    });
    expect(found[0]!.trackingNumber).toMatch(/^OT\d{9}$/);

    // The Packages tab finds the order by its number and shows it under the tracking number.
    await page.getByRole('tab', { name: 'Packages', exact: true }).click();
    await page.getByLabel('Search packages').fill(`#${tag}-3`);
    const row = page.getByRole('row').filter({ hasText: `Ref. #${tag}-3` });
    await expect(row).toContainText('1 × Teapot, 4 × Coaster, 1 × Tea towel');
    await expectNoHorizontalOverflow(page, `packages at ${width}px`);
  });
}

/** WooCommerce's orders export, one row per item (the Customer / Order / Coupon Export extension), as the API tests import it. */
const WOO_EXPORT = readFileSync(new URL('../../apps/server/test/fixtures/orders/woocommerce-orders-export.csv', import.meta.url), 'utf8');

test('at 375 px a WooCommerce export: the recognised preset changed by dispatch and saved; another dispatcher chooses the saved mapping, imports, deletes it', async ({ adminPage: page, browser, request, token }) => {
  // Issue 31: presets that dispatch can still change, and saved mappings of its own (on the server, for every
  // dispatcher), in the browser.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const tag = uniqueTag('WOO');
  // Order numbers of this run's own (order_id and order_number), so a second run on the same server imports them again.
  const file = WOO_EXPORT.replace(/^450(\d),450\1,/gm, `${tag}-$1,${tag}-$1,`);
  const name = `Woo express ${tag}`;
  const on = (p: Page) => {
    const panel = p.getByRole('tabpanel', { name: 'Import' });
    return {
      panel,
      upload: () => panel.locator('input[type="file"]').setInputFiles({ name: 'woo-orders.csv', mimeType: 'text/csv', buffer: Buffer.from(file) }),
      column: (field: string) => panel.getByRole('textbox', { name: `Column in your file: ${field}`, exact: true }),
      startFrom: panel.getByRole('textbox', { name: 'Start from', exact: true }),
      serviceValue: panel.getByRole('textbox', { name: 'Value for every row: Service Type' }),
    };
  };
  const RECOGNISED = 'WooCommerce orders export (one row per item) (recognised)';

  await openAdmin(page, token, '?tab=import');
  const first = on(page);
  await first.upload();
  await expect(first.startFrom).toHaveValue(RECOGNISED);
  await expect(first.panel.getByText('2 packages from 3 rows')).toBeVisible();
  await expect(first.column('Service Type')).toHaveValue('shipping_method');
  // Dispatch changes the preset: every order goes as Express; then saves it under a name.
  await first.column('Service Type').click();
  await page.getByRole('option', { name: 'Same value for every row…' }).click();
  await first.serviceValue.fill('Express');
  await first.panel.getByLabel('Save this mapping as').fill(name);
  await first.panel.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByText(`Mapping “${name}” saved`)).toBeVisible();
  await expect(first.startFrom).toHaveValue(`Saved: ${name}`);
  await expectNoHorizontalOverflow(page, 'import mapping saved at 375px');

  // Another dispatcher's phone (a browser of its own, nothing remembered): the preset first, the saved mapping one choice away.
  const other = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await openAdmin(other, token, '?tab=import');
  const second = on(other);
  await second.upload();
  await expect(second.startFrom).toHaveValue(RECOGNISED);
  await expect(second.column('Service Type')).toHaveValue('shipping_method');
  await second.startFrom.click();
  await other.getByRole('option', { name: `Saved: ${name}` }).click();
  await expect(second.column('Service Type')).toHaveValue('Same value for every row…');
  await expect(second.serviceValue).toHaveValue('Express');
  await expect(second.panel.getByText('2 packages from 3 rows')).toBeVisible();
  await second.panel.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(second.panel.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(second.panel.getByLabel('Created: 2')).toBeVisible();
  await expect(second.panel.getByLabel('Failed: 0')).toBeVisible();
  const found = await getJson(request, token, `/api/packages?q=${encodeURIComponent(`${tag}-1`)}`, packageSchema.array());
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({
    reference: `${tag}-1`,
    customerName: 'Dana Evans',
    customerPhone: '+12065550133',
    deliveryAddress: '400 Broad St, Seattle, WA, 98109, US',
    itemDescription: '1 × Oak cutting board, 2 × Olive oil 500 ml',
    serviceType: 'Express',
  });
  await other.close();

  // The first dispatcher deletes it where it was chosen; it is offered no more.
  await first.startFrom.click();
  await page.getByRole('option', { name: `Saved: ${name}` }).click();
  await first.panel.getByRole('button', { name: `Delete saved mapping ${name}` }).click();
  await expect(page.getByText('Mapping deleted')).toBeVisible();
  await first.startFrom.click();
  await expect(page.getByRole('option', { name: RECOGNISED })).toBeVisible();
  await expect(page.getByRole('option', { name: `Saved: ${name}` })).toHaveCount(0);
});
