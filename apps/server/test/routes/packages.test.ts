import { MSG } from '@cargo/shared';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDriver, makePackage, packageBody, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

/** Coordinates within `tol` degrees. */
const near = (value: unknown, expected: number, tol = 0.05) => {
  expect(typeof value).toBe('number');
  expect(Math.abs((value as number) - expected)).toBeLessThan(tol);
};

describeApi('packages', () => {
  let ctx: TestContext;
  let driverA: DriverFixture;
  let driverB: DriverFixture;
  beforeAll(async () => {
    ctx = await setupApp();
    [driverA, driverB] = await Promise.all([makeDriver(ctx), makeDriver(ctx)]);
  });
  afterAll(async () => ctx?.close());

  const admin = () => ctx.adminToken;
  const get = (url: string, token?: string | null, remoteAddress?: string) => ctx.request({ method: 'GET', url, token: token ?? null, ...(remoteAddress ? { remoteAddress } : {}) });
  const count = async (table: 'statusHistory' | 'locationsAll' | 'shareLinks', packageId: string) =>
    Number(
      (
        await ctx.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('packageId', '=', packageId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('POST /api/packages', () => {
    it('creates a package: trimmed, status stored canonical, addresses geocoded from the bundled ZIP table with no network', async () => {
      const trackingNumber = unique('NEW');
      const res = await ctx.request({
        method: 'POST',
        url: '/api/packages',
        token: admin(),
        payload: packageBody({ trackingNumber: `  ${trackingNumber}  `, status: 'In Transit', customerName: '  Olivia Martin ' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const pkg = res.json();
      expect(pkg).toMatchObject({
        trackingNumber,
        status: 'in_transit',
        customerName: 'Olivia Martin',
        customerPhone: '+13125550142',
        driverId: null,
        realLocationLink: null,
        serviceType: 'Standard Delivery',
      });
      expect(ctx.env.GEOCODER_URL).toBeUndefined();
      // 60606 (Chicago) and 53202 (Milwaukee) ZIP centroids.
      near(pkg.pickupLat, 41.88);
      near(pkg.pickupLng, -87.64);
      near(pkg.deliveryLat, 43.05);
      near(pkg.deliveryLng, -87.9);

      const history = (await get(`/api/packages/${pkg.id}/history`)).json();
      expect(history).toEqual([
        { id: expect.any(String), packageId: pkg.id, status: 'In Transit', location: 'Processing Center', description: 'Package created', timestamp: expect.any(String) },
      ]);
      expect(Date.now() - Date.parse(history[0].timestamp)).toBeLessThan(60_000);

      const rows = await ctx.app.db.selectFrom('locationsAll').selectAll().where('packageId', '=', pkg.id).orderBy('type').execute();
      expect(rows.map((r) => [r.type, r.address, r.source])).toEqual([
        ['destination', '700 N Art Museum Dr, Milwaukee, WI 53202', 'geocoder'],
        ['origin', '233 S Wacker Dr, Chicago, IL 60606', 'geocoder'],
      ]);
    });

    it('lets coordinates in the body win over geocoding', async () => {
      const pkg = await makePackage(ctx, { pickupLat: 10.5, pickupLng: 20.25, deliveryLat: -33.9, deliveryLng: 151.2 });
      expect(pkg).toMatchObject({ pickupLat: 10.5, pickupLng: 20.25, deliveryLat: -33.9, deliveryLng: 151.2 });
      const origin = await ctx.app.db.selectFrom('locationsAll').selectAll().where('packageId', '=', pkg.id).where('type', '=', 'origin').executeTakeFirstOrThrow();
      expect([origin.lat, origin.lng, origin.source]).toEqual([10.5, 20.25, 'manual']);
    });

    it('matches "City, ST" and a state when there is no ZIP, and invents nothing for an unknown address', async () => {
      const pkg = await makePackage(ctx, { pickupAddress: 'Loading dock 4, Denver, CO', deliveryAddress: 'Somewhere in the hills of Narnia' });
      near(pkg.pickupLat, 39.74, 0.2);
      near(pkg.pickupLng, -104.98, 0.2);
      expect(pkg).toMatchObject({ deliveryLat: null, deliveryLng: null });
      const types = (await ctx.app.db.selectFrom('locationsAll').select('type').where('packageId', '=', pkg.id).execute()).map((r) => r.type);
      expect(types).toEqual(['origin']);
      const locations = (await get(`/api/packages/${pkg.id}/locations`)).json();
      expect(locations.map((l: { type: string }) => l.type)).toEqual(['origin']);
    });

    it('refuses a tracking number already taken, differing only in case or spaces, with 409', async () => {
      const pkg = await makePackage(ctx, { trackingNumber: unique('dup') });
      for (const variant of [pkg.trackingNumber.toUpperCase(), pkg.trackingNumber.toLowerCase(), ` ${pkg.trackingNumber} `]) {
        const res = await ctx.request({ method: 'POST', url: '/api/packages', token: admin(), payload: packageBody({ trackingNumber: variant }) });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: 'A package with this tracking number already exists' });
      }
    });

    it('answers the spec messages for invalid fields', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ trackingNumber: '   ' }, 'trackingNumber', 'Tracking number is required'],
        [{ trackingNumber: 'X'.repeat(51) }, 'trackingNumber', 'Tracking number too long'],
        [{ customerName: '' }, 'customerName', 'Customer name is required'],
        [{ customerName: 'N'.repeat(101) }, 'customerName', 'Customer name too long'],
        [{ customerPhone: '' }, 'customerPhone', 'Customer phone is required'],
        [{ customerPhone: '1'.repeat(21) }, 'customerPhone', 'Phone number too long'],
        // Issue 31: text with no phone number in it, or too few digits for one, is no customer phone.
        [{ customerPhone: 'call me' }, 'customerPhone', MSG.phoneInvalid],
        [{ customerPhone: '555-0142' }, 'customerPhone', MSG.phoneInvalid],
        [{ driverPhone: 'ask the depot' }, 'driverPhone', MSG.phoneInvalid],
        [{ pickupLat: 91 }, 'pickupLat', 'Invalid latitude'],
        [{ deliveryLng: -181 }, 'deliveryLng', 'Invalid longitude'],
      ];
      for (const [overrides, path, message] of cases) {
        const res = await ctx.request({ method: 'POST', url: '/api/packages', token: admin(), payload: packageBody(overrides) });
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().issues).toContainEqual({ path, message });
      }
      const status = await ctx.request({ method: 'POST', url: '/api/packages', token: admin(), payload: packageBody({ status: 'teleported' }) });
      expect(status.statusCode).toBe(400);
      expect(status.json().message).toMatch(/^Invalid status\. Allowed: processing, pending, picked_up/);
    });

    it('fills the driver name and phone from the driver; an unknown driver is 404', async () => {
      const pkg = await makePackage(ctx, { driverId: driverA.id });
      expect(pkg).toMatchObject({ driverId: driverA.id, driver: driverA.name, driverPhone: driverA.phone });
      const res = await ctx.request({ method: 'POST', url: '/api/packages', token: admin(), payload: packageBody({ driverId: 'no-such-driver' }) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Driver not found' });
    });

    it('is admin-only: 401 anonymous, 403 for a driver', async () => {
      const anon = await ctx.request({ method: 'POST', url: '/api/packages', payload: packageBody() });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: 'Authentication required' });
      const driver = await ctx.request({ method: 'POST', url: '/api/packages', token: driverA.token, payload: packageBody() });
      expect(driver.statusCode).toBe(403);
    });
  });

  describe('GET /api/packages/:id', () => {
    let pkg: Awaited<ReturnType<typeof makePackage>>;
    beforeAll(async () => {
      pkg = await makePackage(ctx, { trackingNumber: unique('Look'), realLocationLink: 'https://maps.example.com/?q=1,2' }, driverA);
    });

    it('gives the public a masked phone, no driver id, no location link', async () => {
      const res = await get(`/api/packages/${pkg.trackingNumber}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.customerPhone).toBe('•••-•••-0142');
      expect(body).not.toHaveProperty('driverId');
      expect(body).not.toHaveProperty('realLocationLink');
      expect(res.body).not.toContain(driverA.id);
      expect(res.body).not.toContain('555-0142');
      expect(body).toMatchObject({ id: pkg.id, trackingNumber: pkg.trackingNumber, driver: driverA.name, status: 'processing' });
    });

    it('gives an admin (bearer or cookie) and the assigned driver the full view; another driver the public one', async () => {
      for (const res of [
        await get(`/api/packages/${pkg.id}`, admin()),
        await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}`, cookies: { session: admin() } }),
        await get(`/api/packages/${pkg.id}`, driverA.token),
      ]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ customerPhone: '+13125550142', driverId: driverA.id, realLocationLink: 'https://maps.example.com/?q=1,2' });
      }
      const other = (await get(`/api/packages/${pkg.id}`, driverB.token)).json();
      expect(other.customerPhone).toBe('•••-•••-0142');
      expect(other).not.toHaveProperty('driverId');
      const bogus = await get(`/api/packages/${pkg.id}`, 'not-a-session');
      expect(bogus.statusCode).toBe(200);
      expect(bogus.json()).not.toHaveProperty('driverId');
    });

    it('finds a package by tracking number trimmed and case-insensitively, and by id', async () => {
      for (const ref of [pkg.trackingNumber.toLowerCase(), pkg.trackingNumber.toUpperCase(), encodeURIComponent(`  ${pkg.trackingNumber} `), pkg.id]) {
        const res = await get(`/api/packages/${ref}`);
        expect(res.statusCode, ref).toBe(200);
        expect(res.json().id).toBe(pkg.id);
      }
    });

    it('answers 404 {message} for an unknown package on every lookup', async () => {
      for (const url of ['/api/packages/NOPE-404', '/api/packages/NOPE-404/history', '/api/packages/NOPE-404/locations']) {
        const res = await get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Package not found' });
      }
    });

    it('limits public lookups to 60 a minute per IP: the 61st is 429 with Retry-After', async () => {
      const ip = '10.61.0.1';
      for (let i = 0; i < 60; i++) {
        const res = await get(`/api/packages/${pkg.trackingNumber}`, null, ip);
        expect(res.statusCode).toBe(200);
      }
      const limited = await get(`/api/packages/${pkg.trackingNumber}`, null, ip);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
      // Another IP is not affected.
      expect((await get(`/api/packages/${pkg.trackingNumber}`, null, '10.61.0.2')).statusCode).toBe(200);
    });
  });

  describe('GET /api/packages/:id/locations', () => {
    it('shows the public origin, destination and only the newest current fix, and that only in transit or out for delivery', async () => {
      const pkg = await makePackage(ctx, {}, driverA);
      const fix = async (lat: number, lng: number) => {
        const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: driverA.token, payload: { lat, lng, type: 'current' } });
        expect(res.statusCode, res.body).toBe(201);
        return res.json();
      };
      await fix(42.1, -87.7);
      const newest = await fix(42.5, -87.8);

      const whileProcessing = (await get(`/api/packages/${pkg.id}/locations`)).json();
      expect(whileProcessing.map((l: { type: string }) => l.type).sort()).toEqual(['destination', 'origin']);

      for (const status of ['in_transit', 'out_for_delivery']) {
        await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driverA.token, payload: { status } });
        const pub = (await get(`/api/packages/${pkg.trackingNumber}/locations`)).json();
        expect(pub.map((l: { type: string }) => l.type).sort()).toEqual(['current', 'destination', 'origin']);
        expect(pub.find((l: { type: string }) => l.type === 'current')).toEqual(newest);
      }

      await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driverA.token, payload: { status: 'delivered' } });
      const afterDelivery = (await get(`/api/packages/${pkg.id}/locations`)).json();
      expect(afterDelivery.some((l: { type: string }) => l.type === 'current')).toBe(false);

      // The admin and the assigned driver see every record, newest first; another driver sees the public view.
      for (const token of [admin(), driverA.token]) {
        const all = (await get(`/api/packages/${pkg.id}/locations`, token)).json();
        expect(all).toHaveLength(4);
        expect(all[0]).toEqual(newest);
        expect(all[1]).toMatchObject({ type: 'current', lat: 42.1, lng: -87.7 });
        const times = all.map((l: { recordedAt: string }) => l.recordedAt);
        expect([...times].sort().reverse()).toEqual(times);
      }
      expect((await get(`/api/packages/${pkg.id}/locations`, driverB.token)).json()).toHaveLength(2);
    });

    it('makes origin and destination from the package coordinates when it has no such records', async () => {
      const pkg = await makePackage(ctx, { pickupLat: 41.5, pickupLng: -87.5, deliveryLat: 43.1, deliveryLng: -88.1 });
      await ctx.app.db.deleteFrom('locations').where('packageId', '=', pkg.id).execute();
      const list = (await get(`/api/packages/${pkg.id}/locations`)).json();
      expect(list).toHaveLength(2);
      expect(list).toContainEqual(
        expect.objectContaining({ id: `${pkg.id}:origin`, type: 'origin', lat: 41.5, lng: -87.5, address: '233 S Wacker Dr, Chicago, IL 60606', isLiveTracking: false }),
      );
      expect(list).toContainEqual(expect.objectContaining({ type: 'destination', lat: 43.1, lng: -88.1, address: '700 N Art Museum Dr, Milwaukee, WI 53202' }));
    });

    it('on PostgreSQL, reads a trail from the index alone, no heap page (migration 013, decision 054)', async () => {
      if (ctx.dialect !== 'postgres') return;
      const pkg = await makePackage(ctx, {}, driverA);
      for (const lat of [42.1, 42.2, 42.3]) {
        const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: driverA.token, payload: { lat, lng: -87.7, type: 'current' } });
        expect(res.statusCode, res.body).toBe(201);
      }
      // What autovacuum does after inserts: the visibility map, by which an index-only scan skips the heap for pages
      // all-visible. (Whether these rows' page gets marked depends on the other transactions open in the database, so
      // the heap fetches are not asserted.)
      await sql`vacuum locations`.execute(ctx.app.db);
      // The repository's query for an admin's trail (repositories/packages.ts locations()), as the server sends it.
      const trail = ctx.app.db
        .selectFrom('locationsAll')
        .selectAll()
        .where('packageId', '=', pkg.id)
        .orderBy('recordedAt', 'desc')
        .orderBy('createdAt', 'desc')
        .compile();
      // A few rows: the planner would rather read the small table whole; with scans priced out the plan shows the index.
      const text = await ctx.app.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off, timing off) ${trail.sql}`, [...trail.parameters]));
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(text).toContain('Index Only Scan using locations_package_type_time on locations');
      expect((await get(`/api/packages/${pkg.id}/locations`, admin())).json().filter((l: { type: string }) => l.type === 'current').map((l: { lat: number }) => l.lat)).toEqual([42.3, 42.2, 42.1]);
    });
  });

  describe('GET /api/packages (admin list)', () => {
    it('lists every package newest first, full view, with filters, paging and a total', async () => {
      const marker = unique('lst').toLowerCase();
      const first = await makePackage(ctx, { trackingNumber: `${marker}-a`, status: 'delivered' });
      const second = await makePackage(ctx, { trackingNumber: `${marker}-b`, customerName: 'Zed Quarry' });
      const third = await makePackage(ctx, { trackingNumber: `${marker}-c`, status: 'delivered' });

      const all = await get('/api/packages', admin());
      expect(all.statusCode).toBe(200);
      const ids = all.json().map((p: { id: string }) => p.id);
      expect(ids.indexOf(third.id)).toBeLessThan(ids.indexOf(second.id));
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(all.json()[0].customerPhone).toBe('+13125550142');
      expect(Number(all.headers['x-total-count'])).toBe(ids.length);

      const byQ = await get(`/api/packages?q=${marker.toUpperCase()}`, admin());
      expect(byQ.json().map((p: { id: string }) => p.id)).toEqual([third.id, second.id, first.id]);
      const byStatus = await get(`/api/packages?q=${marker}&status=Delivered`, admin());
      expect(byStatus.json().map((p: { id: string }) => p.id)).toEqual([third.id, first.id]);
      const byCustomer = await get('/api/packages?q=zed%20quar', admin());
      expect(byCustomer.json().map((p: { id: string }) => p.id)).toEqual([second.id]);
      const literal = await get(`/api/packages?q=${encodeURIComponent('%')}`, admin());
      expect(literal.json()).toEqual([]);
      const page = await get(`/api/packages?q=${marker}&limit=1&offset=1`, admin());
      expect(page.json().map((p: { id: string }) => p.id)).toEqual([second.id]);
      expect(page.headers['x-total-count']).toBe('3');

      expect((await get('/api/packages?limit=1001', admin())).statusCode).toBe(400);
      expect((await get('/api/packages')).statusCode).toBe(401);
      expect((await get('/api/packages', driverA.token)).statusCode).toBe(403);
    });
  });

  describe('PUT /api/packages/:id', () => {
    it('replaces fields, re-geocodes a changed address, records a status change and assigns a driver', async () => {
      const pkg = await makePackage(ctx, { realLocationLink: 'https://maps.example.com/keep' });
      const res = await ctx.request({
        method: 'PUT',
        url: `/api/packages/${pkg.trackingNumber.toLowerCase()}`,
        token: admin(),
        payload: packageBody({
          trackingNumber: pkg.trackingNumber.toLowerCase(),
          status: 'out_for_delivery',
          currentLocation: 'Out for Delivery',
          deliveryAddress: '1001 Avenida De Las Americas, Houston, TX 77010',
          driverId: driverB.id,
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: pkg.id,
        trackingNumber: pkg.trackingNumber.toLowerCase(),
        status: 'out_for_delivery',
        driverId: driverB.id,
        driver: driverB.name,
        driverPhone: driverB.phone,
        pickupLat: pkg.pickupLat,
        pickupLng: pkg.pickupLng,
        // Not in the body: kept (POST …/location-link removes it).
        realLocationLink: 'https://maps.example.com/keep',
      });
      near(body.deliveryLat, 29.75);
      near(body.deliveryLng, -95.36);
      const destination = await ctx.app.db.selectFrom('locationsAll').selectAll().where('packageId', '=', pkg.id).where('type', '=', 'destination').execute();
      expect(destination).toHaveLength(1);
      expect(destination[0]!.address).toContain('Houston');

      const history = (await get(`/api/packages/${pkg.id}/history`)).json();
      expect(history.map((h: { status: string; description: string; location: string }) => [h.status, h.description, h.location])).toEqual([
        ['Processing', 'Package created', 'Processing Center'],
        ['Out for Delivery', 'Status changed to Out for Delivery', 'Out for Delivery'],
      ]);

      // The same status again adds no entry; driverId null unassigns.
      const unassign = await ctx.request({
        method: 'PUT',
        url: `/api/packages/${pkg.id}`,
        token: admin(),
        payload: packageBody({ trackingNumber: pkg.trackingNumber, status: 'Out for Delivery', deliveryAddress: body.deliveryAddress, driverId: null }),
      });
      expect(unassign.statusCode, unassign.body).toBe(200);
      expect(unassign.json()).toMatchObject({ driverId: null, driver: null, driverPhone: null, deliveryLat: body.deliveryLat });
      expect(await count('statusHistory', pkg.id)).toBe(2);
    });

    it('answers 409 for a tracking number of another package, 404 for an unknown package or driver, 401/403', async () => {
      const a = await makePackage(ctx);
      const b = await makePackage(ctx);
      const taken = await ctx.request({ method: 'PUT', url: `/api/packages/${b.id}`, token: admin(), payload: packageBody({ trackingNumber: ` ${a.trackingNumber.toLowerCase()}` }) });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: 'A package with this tracking number already exists' });
      const unknown = await ctx.request({ method: 'PUT', url: '/api/packages/NOPE-404', token: admin(), payload: packageBody() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Package not found' });
      const noDriver = await ctx.request({ method: 'PUT', url: `/api/packages/${b.id}`, token: admin(), payload: packageBody({ trackingNumber: b.trackingNumber, driverId: 'ghost' }) });
      expect(noDriver.statusCode).toBe(404);
      expect(noDriver.json()).toEqual({ message: 'Driver not found' });
      const invalid = await ctx.request({ method: 'PUT', url: `/api/packages/${b.id}`, token: admin(), payload: packageBody({ trackingNumber: b.trackingNumber, deliveryAddress: ' ' }) });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().issues).toContainEqual({ path: 'deliveryAddress', message: 'Delivery address is required' });
      expect((await ctx.request({ method: 'PUT', url: `/api/packages/${b.id}`, payload: packageBody() })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'PUT', url: `/api/packages/${b.id}`, token: driverA.token, payload: packageBody() })).statusCode).toBe(403);
    });
  });

  describe('DELETE /api/packages/:id', () => {
    it('deletes with its history, locations and share links (204), then 404', async () => {
      const pkg = await makePackage(ctx, {}, driverA);
      await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: admin(), payload: { lat: 41, lng: -87 } });
      await ctx.app.db
        .insertInto('shareLinks')
        .values({ id: unique('sl'), tokenHash: unique('hash'), packageId: pkg.id, kind: 'customer', createdBy: 'admin', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), revokedAt: null, createdAt: new Date().toISOString() })
        .execute();
      expect(await count('statusHistory', pkg.id)).toBe(1);
      expect(await count('locationsAll', pkg.id)).toBe(3);
      expect(await count('shareLinks', pkg.id)).toBe(1);

      expect((await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.id}`, token: driverA.token })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.id}` })).statusCode).toBe(401);
      const res = await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.trackingNumber}`, token: admin() });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await get(`/api/packages/${pkg.id}`)).statusCode).toBe(404);
      expect(await count('statusHistory', pkg.id)).toBe(0);
      expect(await count('locationsAll', pkg.id)).toBe(0);
      expect(await count('shareLinks', pkg.id)).toBe(0);
      expect((await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.id}`, token: admin() })).statusCode).toBe(404);
    });
  });

  describe('POST /api/packages/:id/status (admin)', () => {
    it('appends the entry with its label and updates status and location in one go', async () => {
      const pkg = await makePackage(ctx);
      const seen: Array<[string, string, string]> = [];
      const listener = (p: { id: string; status: string }, change: { previousStatus: string }) => seen.push([p.id, change.previousStatus, p.status]);
      ctx.app.packages.events.on('status', listener);
      try {
        const res = await ctx.request({
          method: 'POST',
          url: `/api/packages/${pkg.id}/status`,
          token: admin(),
          payload: { packageId: pkg.id, status: 'Picked Up', location: 'Chicago, IL', description: 'Picked up at the dock' },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ success: true, package: { id: pkg.id, status: 'picked_up', currentLocation: 'Chicago, IL', customerPhone: '+13125550142' } });
        const withTime = await ctx.request({
          method: 'POST',
          url: `/api/packages/${pkg.id}/status`,
          token: admin(),
          payload: { status: 'in_transit', location: 'I-94', description: 'On the road', timestamp: '2030-01-02T03:04:05+01:00' },
        });
        expect(withTime.statusCode, withTime.body).toBe(200);
      } finally {
        ctx.app.packages.events.off('status', listener);
      }
      expect(seen).toEqual([
        [pkg.id, 'processing', 'picked_up'],
        [pkg.id, 'picked_up', 'in_transit'],
      ]);
      const history = (await get(`/api/packages/${pkg.id}/history`)).json();
      expect(history.map((h: { status: string; location: string; description: string }) => [h.status, h.location, h.description])).toEqual([
        ['Processing', 'Processing Center', 'Package created'],
        ['Picked Up', 'Chicago, IL', 'Picked up at the dock'],
        ['In Transit', 'I-94', 'On the road'],
      ]);
      expect(Date.now() - Date.parse(history[1].timestamp)).toBeLessThan(60_000);
      expect(history[2].timestamp).toBe('2030-01-02T02:04:05.000Z');
      const stored = await ctx.app.db.selectFrom('packages').select(['status', 'currentLocation']).where('id', '=', pkg.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: 'in_transit', currentLocation: 'I-94' });
    });

    it('answers 400 with the messages, 404, 401 and 403', async () => {
      const pkg = await makePackage(ctx, {}, driverA);
      const missing = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: admin(), payload: { status: 'delivered', location: ' ', description: '' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues).toEqual(
        expect.arrayContaining([
          { path: 'location', message: 'Location is required' },
          { path: 'description', message: 'Description is required' },
        ]),
      );
      const badStatus = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: admin(), payload: { status: 'lost', location: 'x', description: 'y' } });
      expect(badStatus.statusCode).toBe(400);
      const badTime = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: admin(), payload: { status: 'delivered', location: 'x', description: 'y', timestamp: 'yesterday-ish' } });
      expect(badTime.json().issues).toContainEqual({ path: 'timestamp', message: 'Invalid timestamp' });
      const body = { status: 'delivered', location: 'x', description: 'y' };
      expect((await ctx.request({ method: 'POST', url: '/api/packages/NOPE-404/status', token: admin(), payload: body })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, payload: body })).statusCode).toBe(401);
      // Even the assigned driver: this is the admin's form.
      expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: driverA.token, payload: body })).statusCode).toBe(403);
      expect(await count('statusHistory', pkg.id)).toBe(1);
    });
  });

  describe('PATCH /api/packages/:id/status (driver dashboard)', () => {
    it("lets the assigned driver change the status ('pick_up' accepted), the history naming the driver", async () => {
      const pkg = await makePackage(ctx, { currentLocation: 'Dock 7' }, driverA);
      const seen: string[] = [];
      const listener = (p: { status: string }) => seen.push(p.status);
      ctx.app.packages.events.on('status', listener);
      const res = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.trackingNumber.toLowerCase()}/status`, token: driverA.token, payload: { status: 'pick_up' } });
      ctx.app.packages.events.off('status', listener);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: pkg.id, status: 'picked_up', currentLocation: 'Dock 7', driverId: driverA.id });
      expect(seen).toEqual(['picked_up']);
      const last = (await get(`/api/packages/${pkg.id}/history`)).json().at(-1);
      expect(last).toMatchObject({ status: 'Picked Up', location: 'Dock 7', description: `Status changed to Picked Up by ${driverA.name}` });

      const byAdmin = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: admin(), payload: { status: 'Delivered' } });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().status).toBe('delivered');
    });

    it('refuses a driver the package is not assigned to (403), anonymous (401), bad status (400), unknown (404 for admin)', async () => {
      const pkg = await makePackage(ctx, {}, driverA);
      const other = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driverB.token, payload: { status: 'delivered' } });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ message: expect.any(String) });
      expect((await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, payload: { status: 'delivered' } })).statusCode).toBe(401);
      const bad = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driverA.token, payload: { status: 'vanished' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0]).toMatchObject({ path: 'status', message: expect.stringMatching(/^Invalid status/) });
      expect((await ctx.request({ method: 'PATCH', url: '/api/packages/NOPE-404/status', token: admin(), payload: { status: 'delivered' } })).statusCode).toBe(404);
      const stored = await ctx.app.db.selectFrom('packages').select('status').where('id', '=', pkg.id).executeTakeFirstOrThrow();
      expect(stored.status).toBe('processing');
      expect(await count('statusHistory', pkg.id)).toBe(1);
    });
  });

  describe('POST /api/packages/:id/location', () => {
    it('stores a manual record with the driver details; a current one moves the current location text', async () => {
      const pkg = await makePackage(ctx, {}, driverA);
      const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: driverA.token, payload: { packageId: pkg.id, lat: 41.8789, lng: -87.6359 } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        packageId: pkg.id,
        lat: 41.8789,
        lng: -87.6359,
        type: 'current',
        address: '41.878900, -87.635900',
        driverName: driverA.name,
        driverPhone: driverA.phone,
        isLiveTracking: false,
      });
      let stored = await ctx.app.db.selectFrom('packages').select(['currentLocation', 'deliveryLat']).where('id', '=', pkg.id).executeTakeFirstOrThrow();
      expect(stored.currentLocation).toBe('41.878900, -87.635900');

      const dest = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: admin(), payload: { lat: 43.1, lng: -88, type: 'destination', address: 'New dock' } });
      expect(dest.statusCode).toBe(201);
      expect(dest.json()).toMatchObject({ type: 'destination', address: 'New dock', driverName: null });
      stored = await ctx.app.db.selectFrom('packages').select(['currentLocation', 'deliveryLat']).where('id', '=', pkg.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ currentLocation: '41.878900, -87.635900', deliveryLat: 43.1 });
    });

    it('answers 400 for bad coordinates, 403 to another driver, 401 anonymous, 404 unknown', async () => {
      const pkg = await makePackage(ctx, {}, driverA);
      const bad = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: driverA.token, payload: { lat: 95, lng: 0 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toContainEqual({ path: 'lat', message: 'Invalid latitude' });
      expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, token: driverB.token, payload: { lat: 1, lng: 1 } })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location`, payload: { lat: 1, lng: 1 } })).statusCode).toBe(401);
      const unknown = await ctx.request({ method: 'POST', url: '/api/packages/NOPE-404/location', token: admin(), payload: { lat: 1, lng: 1 } });
      expect(unknown.statusCode).toBe(404);
      expect(await count('locationsAll', pkg.id)).toBe(2);
    });
  });

  describe('POST /api/packages/:id/location-link', () => {
    it('sets and removes the real location link (admin only)', async () => {
      const pkg = await makePackage(ctx);
      const set = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.trackingNumber}/location-link`, token: admin(), payload: { locationLink: ' https://maps.example.com/@41.1,-87.2,15z ' } });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ id: pkg.id, realLocationLink: 'https://maps.example.com/@41.1,-87.2,15z' });
      expect((await get(`/api/packages/${pkg.id}`)).body).not.toContain('maps.example.com');
      const removed = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location-link`, token: admin(), payload: { locationLink: null } });
      expect(removed.json().realLocationLink).toBeNull();
      expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location-link`, token: admin(), payload: {} })).statusCode).toBe(400);
      expect((await ctx.request({ method: 'POST', url: '/api/packages/NOPE-404/location-link', token: admin(), payload: { locationLink: null } })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location-link`, payload: { locationLink: null } })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location-link`, token: driverA.token, payload: { locationLink: null } })).statusCode).toBe(403);
    });
  });

  describe('bulk deletes', () => {
    it('batch-delete removes the selected packages and counts only those that existed', async () => {
      const [a, b, keep] = await Promise.all([makePackage(ctx), makePackage(ctx), makePackage(ctx)]);
      const res = await ctx.request({ method: 'POST', url: '/api/packages/batch-delete', token: admin(), payload: { packageIds: [a.id, b.id, b.id, 'not-a-package'] } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 2 });
      expect((await get(`/api/packages/${a.id}`)).statusCode).toBe(404);
      expect((await get(`/api/packages/${keep.id}`)).statusCode).toBe(200);
      expect(await count('statusHistory', a.id)).toBe(0);

      const empty = await ctx.request({ method: 'POST', url: '/api/packages/batch-delete', token: admin(), payload: { packageIds: [] } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ message: 'No packages selected' });
      expect((await ctx.request({ method: 'POST', url: '/api/packages/batch-delete', payload: { packageIds: [keep.id] } })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'POST', url: '/api/packages/batch-delete', token: driverA.token, payload: { packageIds: [keep.id] } })).statusCode).toBe(403);
      expect((await get(`/api/packages/${keep.id}`)).statusCode).toBe(200);
    });

    it('clear-old deletes only packages created more than daysOld days ago', async () => {
      const [old1, old2, recent] = await Promise.all([makePackage(ctx), makePackage(ctx), makePackage(ctx)]);
      const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
      // Backdate every package of this file, so the count is exact: 2 older than 7 days, the rest newer.
      await ctx.app.db.updateTable('packages').set({ createdAt: daysAgo(3) }).execute();
      await ctx.app.db.updateTable('packages').set({ createdAt: daysAgo(8) }).where('id', '=', old1.id).execute();
      await ctx.app.db.updateTable('packages').set({ createdAt: daysAgo(30) }).where('id', '=', old2.id).execute();

      const bad = await ctx.request({ method: 'POST', url: '/api/packages/clear-old', token: admin(), payload: { daysOld: 0 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Days must be at least 1');
      expect((await ctx.request({ method: 'POST', url: '/api/packages/clear-old', payload: { daysOld: 7 } })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'POST', url: '/api/packages/clear-old', token: driverA.token, payload: { daysOld: 7 } })).statusCode).toBe(403);

      const res = await ctx.request({ method: 'POST', url: '/api/packages/clear-old', token: admin(), payload: { daysOld: 7 } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 2 });
      expect((await get(`/api/packages/${old1.id}`)).statusCode).toBe(404);
      expect((await get(`/api/packages/${recent.id}`)).statusCode).toBe(200);
      expect((await ctx.request({ method: 'POST', url: '/api/packages/clear-old', token: admin(), payload: { daysOld: 7 } })).json()).toEqual({ deletedCount: 0 });
    });
  });

  it('documents every package route in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/packages', '/api/packages/{id}', '/api/packages/{id}/history', '/api/packages/{id}/locations', '/api/packages/{id}/status', '/api/packages/{id}/location', '/api/packages/{id}/location-link', '/api/packages/batch-delete', '/api/packages/clear-old', '/api/stats/daily', '/api/database/stats']),
    );
  });
});

describeApi('packages with a geocoding provider (GEOCODER_URL)', () => {
  let ctx: TestContext;
  let server: Server;
  const requests: Array<{ path: string; at: number }> = [];
  beforeAll(async () => {
    // A fake Nominatim on 127.0.0.1: the one allowed fake, standing in for an external service.
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push({ path: url.pathname, at: Date.now() });
      const q = url.searchParams.get('q') ?? '';
      const body = q.includes('Atlantis') ? [] : [{ lat: '12.3456', lon: '-65.4321', display_name: `Provider: ${q}` }];
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    ctx = await setupApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}/` } });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("uses the provider's coordinates, caches them in the database, and falls back to the table when it knows nothing", async () => {
    const shared = `1 Provider Way, Springfield, IL 62701 ${unique()}`;
    const first = await makePackage(ctx, { pickupAddress: shared, deliveryAddress: '9 Atlantis Rd, Chicago, IL 60606' });
    expect(first).toMatchObject({ pickupLat: 12.3456, pickupLng: -65.4321 });
    // The provider knew nothing of this one: the ZIP table answered.
    near(first.deliveryLat, 41.88);
    expect(requests.filter((r) => r.path === '/search')).toHaveLength(2);

    const second = await makePackage(ctx, { pickupAddress: shared, deliveryAddress: '9 Atlantis Rd, Chicago, IL 60606' });
    expect(second).toMatchObject({ pickupLat: 12.3456, pickupLng: -65.4321 });
    expect(requests.filter((r) => r.path === '/search')).toHaveLength(2);
    const cached = await ctx.app.db.selectFrom('geocodeCache').selectAll().execute();
    expect(cached).toHaveLength(2);
    const times = requests.map((r) => r.at);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(990);
  });
});
