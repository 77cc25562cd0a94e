import { packageSchema, shareLinkListItemSchema } from '@cargo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { newId } from '../../src/lib/crypto.ts';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

/** The admin panel's package list: search, filters, sort and server-side pages; live share links across packages. */
describeApi('GET /api/packages for the admin panel', () => {
  let ctx: TestContext;
  let driverA: DriverFixture;
  let driverB: DriverFixture;
  const tag = unique('LST').toLowerCase();

  const list = async (query: string, token: string | null = ctx.adminToken) => {
    const res = await ctx.request({ method: 'GET', url: `/api/packages?${query}`, token });
    return { res, rows: res.statusCode === 200 ? z.array(packageSchema).parse(res.json()) : [], total: Number(res.headers['x-total-count']) };
  };

  beforeAll(async () => {
    ctx = await setupApp();
    driverA = await makeDriver(ctx, { name: `Zed ${tag}` });
    driverB = await makeDriver(ctx, { name: `Amy ${tag}` });
    // Three packages with one shared tag in different fields, created in order.
    await makePackage(ctx, { trackingNumber: `B-${tag}-1`, customerName: 'Carla Diaz', status: 'in_transit' }, driverA);
    await makePackage(ctx, { trackingNumber: `A-${tag}-2`, customerName: `bob ${tag}`, status: 'processing' }, driverB);
    await makePackage(ctx, { trackingNumber: `C-${tag}-3`, customerName: 'Ann Lee', deliveryAddress: `1 ${tag} Way, Milwaukee, WI 53202` });
  });
  afterAll(async () => ctx?.close());

  it('keeps the reply of a caller that passes nothing: every package, newest first', async () => {
    const { res, rows, total } = await list('');
    expect(res.statusCode).toBe(200);
    expect(total).toBe(rows.length);
    expect(rows.slice(0, 3).map((p) => p.trackingNumber)).toEqual([`C-${tag}-3`, `A-${tag}-2`, `B-${tag}-1`]);
  });

  it('searches tracking number, customer, address and driver name, case-insensitively', async () => {
    expect((await list(`q=${tag.toUpperCase()}`)).total).toBe(3);
    expect((await list(`q=carla`)).rows.map((p) => p.customerName)).toEqual(['Carla Diaz']);
    // The driver's name matches the first package only through its driver.
    const byDriver = await list(`q=${encodeURIComponent('zed ')}`);
    expect(byDriver.rows.map((p) => p.driverId)).toEqual([driverA.id]);
    // LIKE wildcards are literal.
    expect((await list('q=%25')).total).toBe(0);
  });

  it('finds a customer phone, stored as E.164, however the search writes it', async () => {
    const phone = `(262) ${String(Math.floor(100 + Math.random() * 899))}-${String(Math.floor(1000 + Math.random() * 8999))}`;
    const pkg = await makePackage(ctx, { trackingNumber: `P-${tag}-4`, customerPhone: phone });
    expect(pkg.customerPhone).toBe(`+1${phone.replace(/\D/g, '')}`);
    for (const q of [phone, phone.slice(6), phone.replace(/\D/g, ''), pkg.customerPhone]) {
      expect((await list(`q=${encodeURIComponent(q)}`)).rows.map((p) => p.trackingNumber), q).toEqual([`P-${tag}-4`]);
    }
    await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.id}`, token: ctx.adminToken });
  });

  it('filters by driver (or none) and status, and the total counts the filtered rows', async () => {
    const a = await list(`q=${tag}&driverId=${driverA.id}`);
    expect(a.rows.map((p) => p.trackingNumber)).toEqual([`B-${tag}-1`]);
    const none = await list(`q=${tag}&driverId=none`);
    expect(none.rows.map((p) => p.trackingNumber)).toEqual([`C-${tag}-3`]);
    const status = await list(`q=${tag}&status=${encodeURIComponent('In Transit')}`);
    expect(status.rows.map((p) => p.status)).toEqual(['in_transit']);
  });

  it('filters by having a location link (GPS Links), and refuses another value', async () => {
    const pkg = await makePackage(ctx, { trackingNumber: `L-${tag}-4` });
    const set = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location-link`, token: ctx.adminToken, payload: { locationLink: 'https://maps.google.com/?q=41.8,-87.6' } });
    expect(set.statusCode).toBe(200);
    const withLink = await list(`q=${tag}&hasLink=true`);
    expect(withLink.rows.map((p) => p.trackingNumber)).toEqual([`L-${tag}-4`]);
    expect(withLink.total).toBe(1);
    expect((await list(`q=${tag}&hasLink=false`)).rows.map((p) => p.trackingNumber)).not.toContain(`L-${tag}-4`);
    const bad = await list('hasLink=yes');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().issues[0]).toMatchObject({ path: 'hasLink' });
    await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.id}`, token: ctx.adminToken });
  });

  it('sorts by a column in either order and pages with limit and offset', async () => {
    const asc = await list(`q=${tag}&sort=trackingNumber&order=asc`);
    expect(asc.rows.map((p) => p.trackingNumber[0])).toEqual(['A', 'B', 'C']);
    const byDriver = await list(`q=${tag}&sort=driver&order=asc`);
    expect(byDriver.rows.map((p) => p.driver)).toEqual([null, `Amy ${tag}`, `Zed ${tag}`]);
    const page2 = await list(`q=${tag}&sort=customerName&order=asc&limit=2&offset=2`);
    expect(page2.total).toBe(3);
    expect(page2.rows.map((p) => p.customerName)).toEqual(['Carla Diaz']);
    // A search counts its matches in the same pass as the page; a page past the end still says how many there are.
    const past = await list(`q=${tag}&limit=2&offset=10`);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(3);
    const nothing = await list(`q=${tag}-nowhere`);
    expect(nothing.rows).toEqual([]);
    expect(nothing.total).toBe(0);
    // The rows carry nothing but the package (the window count is not sent).
    expect(Object.keys(page2.res.json()[0])).not.toContain('matchTotal');
  });

  it('refuses bad parameters with 400 and names the field; admin only', async () => {
    const bad = await list('sort=password');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().issues[0]).toMatchObject({ path: 'sort' });
    expect((await list('limit=0')).res.statusCode).toBe(400);
    expect((await list('', driverA.token)).res.statusCode).toBe(403);
    expect((await list('', null)).res.statusCode).toBe(401);
  });

  describe('share links across packages', () => {
    it('lists live links with their ids and tracking numbers, never tokens; revokes by id after a reload', async () => {
      const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
      const created = await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkg.id, hours: 2, kind: 'customer' } });
      expect(created.statusCode).toBe(201);
      const { token } = created.json();
      const listed = await ctx.request({ method: 'GET', url: '/api/share-links', token: ctx.adminToken });
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toContain(token);
      const links = z.array(shareLinkListItemSchema).parse(listed.json());
      const link = links.find((l) => l.packageId === pkg.id);
      expect(link).toMatchObject({ trackingNumber: pkg.trackingNumber, kind: 'customer', revokedAt: null });

      expect((await ctx.request({ method: 'GET', url: `/api/tracking/live/${token}` })).statusCode).toBe(200);
      const revoked = await ctx.request({ method: 'POST', url: `/api/share-links/${link!.id}/revoke`, token: ctx.adminToken });
      expect(revoked.statusCode).toBe(204);
      expect((await ctx.request({ method: 'GET', url: `/api/tracking/live/${token}` })).statusCode).toBe(404);
      const after = z.array(shareLinkListItemSchema).parse((await ctx.request({ method: 'GET', url: '/api/share-links', token: ctx.adminToken })).json());
      expect(after.some((l) => l.id === link!.id)).toBe(false);
      // The package's own list still shows it, revoked.
      const own = (await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}/share-links`, token: ctx.adminToken })).json();
      expect(own[0].revokedAt).not.toBeNull();
    });

    it('revoke by id: 404 unknown; admin only', async () => {
      expect((await ctx.request({ method: 'POST', url: '/api/share-links/nope/revoke', token: ctx.adminToken })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'POST', url: '/api/share-links/nope/revoke', token: driverA.token })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: '/api/share-links', token: driverA.token })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: '/api/share-links' })).statusCode).toBe(401);
    });
  });
});

describeApi('GET /api/packages at 10,000 packages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
    const now = Date.now();
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: newId(),
      trackingNumber: `BULK${String(i).padStart(6, '0')}`,
      status: ['processing', 'in_transit', 'out_for_delivery', 'delivered'][i % 4]!,
      currentLocation: 'Processing Center',
      estimatedDelivery: '',
      deliveryAddress: `${i} Main St, Springfield, IL 62701`,
      pickupAddress: `${i} Wacker Dr, Chicago, IL 60606`,
      customerName: `Customer ${i}`,
      customerPhone: `(312) 555-${String(i % 10_000).padStart(4, '0')}`,
      weight: '',
      dimensions: '',
      itemDescription: null,
      serviceType: 'Standard Delivery',
      driver: i % 3 === 0 ? `Driver ${i % 50}` : null,
      driverPhone: null,
      driverId: null,
      // The oldest package has a link, as in the issue: the newest 100 never showed it.
      realLocationLink: i === 9_999 ? 'https://maps.google.com/?q=41.88,-87.63' : null,
      pickupLat: null,
      pickupLng: null,
      deliveryLat: null,
      deliveryLng: null,
      proximityState: null,
      createdAt: new Date(now - i * 60_000).toISOString(),
      updatedAt: new Date(now - i * 60_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) await ctx.app.db.insertInto('packages').values(rows.slice(i, i + 500)).execute();
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('answers a search, a filter and a sorted page in under 200 ms each (median of three)', async () => {
    const timings: string[] = [];
    const queries = ['q=customer%209876&limit=50', 'q=driver%2042&status=delivered&limit=50', 'sort=customerName&order=asc&limit=50&offset=5000', 'limit=50'];
    // Warm the statement cache once, as a running server is.
    await ctx.request({ method: 'GET', url: '/api/packages?limit=1', token: ctx.adminToken });
    // The median of three: one stall of a busy shared machine says nothing about the query.
    for (const query of queries) {
      const runs: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const started = performance.now();
        const res = await ctx.request({ method: 'GET', url: `/api/packages?${query}`, token: ctx.adminToken });
        runs.push(performance.now() - started);
        expect(res.statusCode).toBe(200);
      }
      const ms = runs.sort((a, b) => a - b)[1]!;
      expect(ms, `${query} took ${ms.toFixed(0)} ms`).toBeLessThan(200);
      timings.push(`${query}: ${ms.toFixed(1)} ms`);
    }
    console.info(`GET /api/packages at 10,000 packages (${ctx.dialect}): ${timings.join('; ')}`);
    const found = await ctx.request({ method: 'GET', url: '/api/packages?q=customer%209876&limit=50', token: ctx.adminToken });
    expect(found.json().map((p: { customerName: string }) => p.customerName)).toEqual(['Customer 9876']);
    expect(found.headers['x-total-count']).toBe('1');
  });

  it('on PostgreSQL, answers the search condition from the trigram indexes, not a scan (migration 012, decision 055)', async () => {
    if (ctx.dialect !== 'postgres') return;
    const installed = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(ctx.app.db);
    const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(ctx.app.db);
    if (installed.rows[0]!.n === 0 && available.rows[0]!.n === 0) return; // a server without the extension searches by scan
    const columns = ['tracking_number', 'customer_name', 'customer_phone', 'pickup_address', 'delivery_address', 'driver'];
    const where = sql.join(columns.map((c) => sql`lower(${sql.ref(c)}) like ${'%bulk009999%'} escape '!'`), sql` or `);
    // At 10,000 packages the planner may still prefer reading the small table whole (at 100,000 it takes the indexes:
    // bench --scale); with scans priced out, the plan shows whether the indexes can answer the condition.
    const text = await ctx.app.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select * from packages where ${where}`.execute(trx);
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    for (const c of columns) expect(text).toContain(`packages_search_${c}`);
    expect(text).not.toMatch(/Seq Scan on packages/);
  });

  it('finds the oldest unassigned package and the oldest package with a link (what the panel lost past 1,000 / 100)', async () => {
    const unassigned = await ctx.request({ method: 'GET', url: '/api/packages?driverId=none&q=BULK009999&limit=30', token: ctx.adminToken });
    expect(unassigned.json().map((p: { trackingNumber: string }) => p.trackingNumber)).toEqual(['BULK009999']);
    const linked = await ctx.request({ method: 'GET', url: '/api/packages?hasLink=true&limit=20', token: ctx.adminToken });
    expect(linked.json().map((p: { trackingNumber: string }) => p.trackingNumber)).toContain('BULK009999');
  });
});
