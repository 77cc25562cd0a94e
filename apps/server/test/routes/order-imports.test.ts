import { applyImportMapping, detectPreset, IMPORT_CSV_DELIMITERS, IMPORT_MSG, withDepot, type ImportMappings, type Package, type PackageImport } from '@cargo/shared';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

const DEPOT = '233 S Wacker Dr, Chicago, IL 60606';

/** A shop's export as the panel reads it: papaparse, the header, each non-blank record with its line in the file. */
function readExport(name: string) {
  const text = readFileSync(new URL(`../fixtures/orders/${name}`, import.meta.url), 'utf8');
  const [header, ...rest] = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: IMPORT_CSV_DELIMITERS }).data;
  const records = rest.map((cells, i) => ({ line: i + 2, cells })).filter((r) => r.cells.some((c) => c.trim() !== ''));
  return { headers: header!, records };
}

/**
 * Issue 31: a shop's order export imports as it is. The file is read and mapped exactly as the Import tab does
 * (packages/shared: the preset recognised from the headings, the depot as the pickup), then imported.
 */
describeApi('A shop’s order export imports as it is (admin)', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp({ env: { DEPOT_ADDRESS: DEPOT } });
  });
  afterAll(async () => ctx?.close());

  async function finished(id: string): Promise<PackageImport> {
    for (let i = 0; i < 300; i += 1) {
      const job = (await ctx.request({ method: 'GET', url: `/api/package-imports/${id}`, token: ctx.adminToken })).json() as PackageImport;
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('import did not finish');
  }

  /** Maps the file with the preset its headings name and the depot the server gives, and imports it. */
  async function importExport(name: string, fileName: string, expectedPreset: string) {
    const setup = (await ctx.request({ method: 'GET', url: '/api/package-imports/mappings', token: ctx.adminToken })).json() as ImportMappings;
    expect(setup.depotAddress).toBe(DEPOT);
    const { headers, records } = readExport(name);
    const preset = detectPreset(headers);
    expect(preset?.id).toBe(expectedPreset);
    const mapped = applyImportMapping(headers, records, withDepot(preset!.mapping, setup.depotAddress));
    expect(mapped.missingHeadings).toEqual([]);
    const res = await ctx.request({ method: 'POST', url: '/api/package-imports', token: ctx.adminToken, payload: { fileName, rows: mapped.rows, trackingNumberFormat: mapped.trackingNumberFormat } });
    expect(res.statusCode, res.body).toBe(202);
    return { job: await finished(res.json().id), mapped };
  }

  const search = async (q: string): Promise<Package[]> => {
    const res = await ctx.request({ method: 'GET', url: `/api/packages?q=${encodeURIComponent(q)}`, token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const byReference = async (reference: string) => {
    const found = (await search(reference)).filter((p) => p.reference === reference);
    expect(found, reference).toHaveLength(1);
    return found[0]!;
  };

  it('a Shopify orders export (79 columns, an order’s later rows nearly empty) becomes one package per order', async () => {
    const { job, mapped } = await importExport('orders_export.csv', 'orders_export.csv', 'shopify-orders');
    expect(mapped.rows).toHaveLength(3);
    expect(job).toMatchObject({ status: 'done', total: 3, created: 3, failed: 0, skipped: 0 });

    // The order number is the package's reference, and the admin search finds it.
    const first = await byReference('#1001');
    expect(first).toMatchObject({
      customerName: 'Ann Lee',
      customerPhone: '+13125550142', // E.164 by the phone rule (decision 089)
      customerEmail: 'ann.lee@example.com',
      deliveryAddress: '233 S Wacker Dr, Suite 4, Chicago, IL, 60606, US',
      pickupAddress: DEPOT,
      itemDescription: '2 × Blue mug, 1 × Tea towel',
      serviceType: 'Standard',
      status: 'processing',
    });
    // A tracking number made in the Create tab's first format (OT + 9 digits), and geocoded points.
    expect(first.trackingNumber).toMatch(/^OT\d{9}$/);
    expect(first.deliveryLat).toEqual(expect.any(Number));
    expect(first.pickupLat).toEqual(expect.any(Number));
    // Shipping Phone blank: the order's Phone.
    expect(await byReference('#1002')).toMatchObject({ customerName: 'Bo Chen', customerPhone: '+14145550107', deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI, 53202, US', itemDescription: '3 × Espresso cup' });
    expect(await byReference('#1003')).toMatchObject({ customerName: 'Cara Diaz', itemDescription: '1 × Teapot, 4 × Coaster, 1 × Tea towel' });

    // The audit log names the import and its file, not 'Package created'.
    const audit = (await ctx.request({ method: 'GET', url: `/api/audit?objectType=package&objectId=${first.id}`, token: ctx.adminToken })).json();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'package.imported', objectLabel: first.trackingNumber, actorType: 'admin' });
    expect(audit[0].after).toMatchObject({ importedFrom: 'orders_export.csv', reference: '#1001' });
  });

  it('the same export again creates nothing: each order is found by its number and customer', async () => {
    const { job } = await importExport('orders_export.csv', 'orders_export.csv', 'shopify-orders');
    expect(job).toMatchObject({ status: 'done', total: 3, created: 0, skipped: 3 });
    const first = await byReference('#1001');
    const report = (await ctx.request({ method: 'GET', url: `/api/package-imports/${job.id}/report`, token: ctx.adminToken })).body;
    expect(report).toContain(IMPORT_MSG.referenceTaken(first.trackingNumber));
  });

  it('a WooCommerce orders export (one row per item) becomes one package per order', async () => {
    const { job } = await importExport('woocommerce-orders-export.csv', 'woocommerce-orders.csv', 'woocommerce-items');
    expect(job).toMatchObject({ status: 'done', total: 2, created: 2, failed: 0 });
    expect(await byReference('4501')).toMatchObject({
      customerName: 'Dana Evans',
      customerPhone: '+12065550133',
      customerEmail: 'dana.evans@example.com',
      deliveryAddress: '400 Broad St, Seattle, WA, 98109, US',
      pickupAddress: DEPOT,
      itemDescription: '1 × Oak cutting board, 2 × Olive oil 500 ml',
      serviceType: 'Flat rate',
    });
    expect(await byReference('4502')).toMatchObject({ customerName: 'Eli Fox', deliveryAddress: '1 Market St, Floor 2, San Francisco, CA, 94105, US', itemDescription: '1 × Linen apron' });
  });

  it("a WooCommerce orders export in the 'Default' format (one row per order, items packed in line_items) becomes one package per order", async () => {
    const { job, mapped } = await importExport('woocommerce-orders-default.csv', 'woocommerce-default.csv', 'woocommerce-orders');
    expect(mapped.rows).toHaveLength(2);
    expect(job).toMatchObject({ status: 'done', total: 2, created: 2, failed: 0 });
    // The formatted order number is the reference when the shop has one.
    const first = await byReference('WC-4601');
    expect(first).toMatchObject({
      customerName: 'Fay Gomez',
      customerPhone: '+15035550119',
      customerEmail: 'fay.gomez@example.com',
      deliveryAddress: '1120 SW 5th Ave, Apt 3, Portland, OR, 97204, US',
      pickupAddress: DEPOT,
      itemDescription: '1 × Walnut tray, 3 × Beeswax candle',
      serviceType: 'Flat rate',
    });
    expect(first.trackingNumber).toMatch(/^OT\d{9}$/);
    expect(await byReference('WC-4602')).toMatchObject({ customerName: 'Gus Hale', customerPhone: '+17205550164', deliveryAddress: '1701 Wynkoop St, Denver, CO, 80202, US', itemDescription: '1 × Linen napkins (set of 4)' });
  });

  it('another shop’s order with the same number is a package of its own', async () => {
    const rows = [{ line: 2, values: { reference: '#1001', customerName: 'Other Shop Customer', customerPhone: '(312) 555-0100', pickupAddress: DEPOT, deliveryAddress: '350 5th Ave, New York, NY 10118' } }];
    const res = await ctx.request({ method: 'POST', url: '/api/package-imports', token: ctx.adminToken, payload: { fileName: 'other.csv', rows, trackingNumberFormat: 'pkg-date' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(await finished(res.json().id)).toMatchObject({ created: 1, skipped: 0 });
    const found = (await search('#1001')).filter((p) => p.reference === '#1001');
    expect(found.map((p) => p.customerName).sort()).toEqual(['Ann Lee', 'Other Shop Customer']);
    expect(found.find((p) => p.customerName === 'Other Shop Customer')!.trackingNumber).toMatch(/^PKG\d{12}$/);
  });

  it('a row without a tracking number and no format to make one fails with the spec’s message', async () => {
    const rows = [{ line: 2, values: { reference: '#9', customerName: 'No Number', customerPhone: '(312) 555-0100', pickupAddress: DEPOT, deliveryAddress: '350 5th Ave, New York, NY 10118' } }];
    const res = await ctx.request({ method: 'POST', url: '/api/package-imports', token: ctx.adminToken, payload: { fileName: 'x.csv', dryRun: true, rows } });
    expect(res.json()).toMatchObject({ failed: 1, problems: [{ message: 'Tracking number is required' }] });
    const bad = await ctx.request({ method: 'POST', url: '/api/package-imports', token: ctx.adminToken, payload: { fileName: 'x.csv', dryRun: true, rows, trackingNumberFormat: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  it('saved mappings are kept on the server, replaced by name, deleted, audited, and admin-only', async () => {
    const { headers } = readExport('orders_export.csv');
    const mapping = { ...detectPreset(headers)!.mapping, groupBy: 'Name' };
    const save = (name: string, token: string | null = ctx.adminToken) => ctx.request({ method: 'POST', url: '/api/package-imports/mappings', token, payload: { name, mapping } });
    const created = await save('Harbor Tea (Shopify)');
    expect(created.statusCode, created.body).toBe(201);
    const again = await save('harbor tea (shopify)');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.json().id);
    const list = (await ctx.request({ method: 'GET', url: '/api/package-imports/mappings', token: ctx.adminToken })).json() as ImportMappings;
    expect(list.mappings.filter((m) => m.id === created.json().id)).toEqual([expect.objectContaining({ name: 'harbor tea (shopify)', mapping })]);
    expect((await save('')).statusCode).toBe(400);
    expect((await ctx.request({ method: 'POST', url: '/api/package-imports/mappings', token: ctx.adminToken, payload: { name: 'x', mapping: { groupBy: null, fields: { customerName: { kind: 'generate', format: 'ot-digits' } } } } })).statusCode).toBe(400);
    expect((await save('No session', null)).statusCode).toBe(401);
    const gone = await ctx.request({ method: 'DELETE', url: `/api/package-imports/mappings/${created.json().id}`, token: ctx.adminToken });
    expect(gone.statusCode).toBe(204);
    expect((await ctx.request({ method: 'DELETE', url: `/api/package-imports/mappings/${created.json().id}`, token: ctx.adminToken })).statusCode).toBe(404);
    const audit = (await ctx.request({ method: 'GET', url: `/api/audit?objectType=import_mapping&objectId=${created.json().id}`, token: ctx.adminToken })).json();
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['import_mapping.deleted', 'import_mapping.updated', 'import_mapping.created']);
  });
});
