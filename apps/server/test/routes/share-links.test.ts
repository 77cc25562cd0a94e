import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/index.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

type Pkg = Awaited<ReturnType<typeof makePackage>>;

const near = (pkg: Pkg, metres = 2000) => ({ lat: (pkg.deliveryLat as number) + metres / 111_195, lng: pkg.deliveryLng as number });

describeApi('share links', () => {
  let ctx: TestContext;
  let driverA: DriverFixture;
  let driverB: DriverFixture;

  beforeAll(async () => {
    ctx = await setupApp();
    driverA = await makeDriver(ctx);
    driverB = await makeDriver(ctx);
  });
  afterAll(async () => ctx?.close());

  const createLink = (payload: Record<string, unknown>, token: string | null = ctx.adminToken) =>
    ctx.request({ method: 'POST', url: '/api/share-links', token, payload });
  const revoke = (linkToken: string, token: string | null = ctx.adminToken) =>
    ctx.request({ method: 'DELETE', url: `/api/share-links/${encodeURIComponent(linkToken)}`, token });
  const list = (ref: string, token: string | null = ctx.adminToken) => ctx.request({ method: 'GET', url: `/api/packages/${ref}/share-links`, token });
  const live = (ref: string) => ctx.request({ method: 'GET', url: `/api/tracking/live/${encodeURIComponent(ref)}` });

  it('an admin creates a customer link: 201 with a long random token, its /track-live url and expiry; stored only hashed', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const before = Date.now();
    const res = await createLink({ packageId: pkg.id, hours: 4, kind: 'customer' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'token', 'url']);
    // At least 128 bits of base64url.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(body.url).toMatch(new RegExp(`^http://localhost(:\\d+)?/track-live/${body.token}$`));
    const expires = Date.parse(body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 4 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 4 * 3_600_000);

    const rows = await ctx.app.db.selectFrom('shareLinks').selectAll().where('packageId', '=', pkg.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(body.token));
    expect(JSON.stringify(rows)).not.toContain(body.token);
    expect(rows[0]!.createdBy).toMatch(/^admin:/);

    const second = await createLink({ packageId: pkg.id, hours: 1, kind: 'customer' });
    expect(second.json().token).not.toBe(body.token);
  });

  it('the assigned driver creates a driver link (by tracking number); its url opens /driver-track', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const res = await createLink({ packageId: pkg.trackingNumber.toLowerCase(), hours: 8, kind: 'driver' }, driverA.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().url).toMatch(/\/driver-track\/[A-Za-z0-9_-]{22,}$/);
    const row = await ctx.app.db.selectFrom('shareLinks').selectAll().where('packageId', '=', pkg.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'driver', createdBy: `driver:${driverA.id}` });
  });

  it('uses PUBLIC_URL for the link when set', async () => {
    // A second instance on the same database, configured with a public address.
    const handle = await openDatabase(ctx.env.DATABASE_URL);
    const other = await buildApp({ env: { ...ctx.env, PUBLIC_URL: 'https://cargo.example/' }, database: handle, logger: false, namespace: unique('ns'), webDist: null });
    try {
      await other.ready();
      const pkg = await makePackage(ctx, { status: 'in_transit' });
      const res = await other.inject({ method: 'POST', url: '/api/share-links', headers: { authorization: `Bearer ${ctx.adminToken}` }, payload: { packageId: pkg.id, hours: 2, kind: 'customer' } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().url).toBe(`https://cargo.example/track-live/${res.json().token}`);
    } finally {
      await other.close();
      await handle.close();
    }
  });

  it('validates the body with the spec-voiced messages (400) and answers 404 for an unknown package', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    for (const hours of [0, 9, 2.5]) {
      const res = await createLink({ packageId: pkg.id, hours, kind: 'customer' });
      expect(res.statusCode, String(hours)).toBe(400);
      expect(res.json().issues[0].path).toBe('hours');
    }
    expect((await createLink({ packageId: pkg.id, hours: 9, kind: 'customer' })).json().message).toBe('Sharing lasts 1 to 8 hours');
    const kind = await createLink({ packageId: pkg.id, hours: 2, kind: 'everyone' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().issues[0].path).toBe('kind');
    const missing = await createLink({ hours: 2, kind: 'customer' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a package');
    const unknown = await createLink({ packageId: unique('NOPE'), hours: 2, kind: 'customer' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Package not found' });
  });

  it('refuses anonymous callers (401) and a driver who is not assigned (403)', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const anon = await createLink({ packageId: pkg.id, hours: 2, kind: 'customer' }, null);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Authentication required' });
    expect((await createLink({ packageId: pkg.id, hours: 2, kind: 'driver' }, driverB.token)).statusCode).toBe(403);
    // A driver cannot probe packages that are not theirs: unknown is 403 too.
    expect((await createLink({ packageId: unique('NOPE'), hours: 2, kind: 'driver' }, driverA.token)).statusCode).toBe(403);
    expect(await ctx.app.db.selectFrom('shareLinks').select('id').where('packageId', '=', pkg.id).execute()).toHaveLength(0);
  });

  it('GET /api/packages/:id/share-links lists links for an admin without tokens or hashes', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const a = (await createLink({ packageId: pkg.id, hours: 2, kind: 'customer' })).json();
    const b = (await createLink({ packageId: pkg.id, hours: 3, kind: 'driver' })).json();
    expect((await revoke(a.token)).statusCode).toBe(204);
    const res = await list(pkg.trackingNumber);
    expect(res.statusCode).toBe(200);
    const links = res.json();
    expect(links).toHaveLength(2);
    for (const link of links) expect(Object.keys(link).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'kind', 'packageId', 'revokedAt']);
    expect(links.find((l: { kind: string }) => l.kind === 'customer').revokedAt).toEqual(expect.any(String));
    expect(links.find((l: { kind: string }) => l.kind === 'driver').revokedAt).toBeNull();
    expect(res.body).not.toContain(a.token);
    expect(res.body).not.toContain(b.token);
    expect(res.body).not.toContain(sha256(b.token));
    expect((await list(pkg.id, null)).statusCode).toBe(401);
    expect((await list(pkg.id, driverA.token)).statusCode).toBe(403);
    expect((await list(unique('NOPE'))).statusCode).toBe(404);
  });

  it('DELETE /api/share-links/:token revokes (204) for the assigned driver or an admin; 401, 403, 404 otherwise', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const link = (await createLink({ packageId: pkg.id, hours: 2, kind: 'customer' }, driverA.token)).json();
    expect((await live(link.token)).statusCode).toBe(200);
    expect((await revoke(link.token, null)).statusCode).toBe(401);
    expect((await revoke(link.token, driverB.token)).statusCode).toBe(403);
    expect((await live(link.token)).statusCode).toBe(200);
    const res = await revoke(link.token, driverA.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await live(link.token)).statusCode).toBe(404);
    // Revoking again changes nothing.
    expect((await revoke(link.token)).statusCode).toBe(204);
    const unknown = await revoke('no-such-token-at-all-0000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Share link not found' });
  });

  it('a customer token opens the live view, hides the position once delivered, and stops at expiry', async () => {
    const pkg = await makePackage(ctx, { status: 'out_for_delivery' }, driverA);
    const link = (await createLink({ packageId: pkg.id, hours: 2, kind: 'customer' })).json();
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token: driverA.token, payload: near(pkg) })).statusCode).toBe(201);
    let view = (await live(link.token)).json();
    expect(view.packageInfo.trackingNumber).toBe(pkg.trackingNumber);
    expect(view.isActive).toBe(true);
    expect(view.currentLocation.lat).toBeCloseTo(near(pkg).lat, 6);

    const delivered = await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status: 'delivered' } });
    expect(delivered.statusCode).toBe(200);
    view = (await live(link.token)).json();
    expect(view.currentLocation).toBeNull();
    expect(view.message).toBe('This package has been delivered.');

    await ctx.app.db.updateTable('shareLinks').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('tokenHash', '=', sha256(link.token)).execute();
    expect((await live(link.token)).statusCode).toBe(404);
  });

  it('a driver token is a Bearer token for its one package’s GPS endpoints and nothing else', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const otherPkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const { token } = (await createLink({ packageId: pkg.id, hours: 2, kind: 'driver' })).json();
    const t0 = Date.now() - 60_000;
    const at = (i: number) => new Date(t0 + i * 10_000).toISOString();

    const viaGps = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token, payload: { ...near(pkg, 2000), timestamp: at(0) } });
    expect(viaGps.statusCode, viaGps.body).toBe(201);
    const row = await ctx.app.db.selectFrom('locationsAll').selectAll().where('id', '=', viaGps.json().locationId).executeTakeFirstOrThrow();
    // The fix is the assigned driver's.
    expect(row.driverName).toBe(driverA.name);
    const viaLive = await ctx.request({ method: 'POST', url: `/api/tracking/live/${pkg.trackingNumber}/update`, token, payload: { ...near(pkg, 1900), timestamp: at(1) } });
    expect(viaLive.statusCode, viaLive.body).toBe(201);
    const viaWeb = await ctx.request({ method: 'POST', url: '/api/tracking/web-location', token, payload: { trackingId: pkg.trackingNumber, ...near(pkg, 1800), timestamp: at(2) } });
    expect(viaWeb.statusCode, viaWeb.body).toBe(201);

    // Another package, even of the same driver: 403.
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${otherPkg.id}/gps`, token, payload: near(otherPkg) })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: `/api/tracking/live/${otherPkg.trackingNumber}/update`, token, payload: near(otherPkg) })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/tracking/web-location', token, payload: { trackingId: otherPkg.trackingNumber, ...near(otherPkg) } })).statusCode).toBe(403);

    // Any other route does not take it as a session at all: 401, as with no token.
    const others = [
      { method: 'PATCH' as const, url: `/api/packages/${pkg.id}/status`, payload: { status: 'delivered' } },
      { method: 'POST' as const, url: `/api/packages/${pkg.id}/location`, payload: near(pkg) },
      { method: 'GET' as const, url: '/api/drivers/me' },
      { method: 'GET' as const, url: `/api/drivers/${driverA.id}/packages` },
      { method: 'GET' as const, url: '/api/packages' },
      { method: 'POST' as const, url: '/api/share-links', payload: { packageId: pkg.id, hours: 2, kind: 'driver' } },
      { method: 'GET' as const, url: `/api/packages/${pkg.id}/share-links` },
      { method: 'DELETE' as const, url: `/api/share-links/${token}` },
    ];
    for (const req of others) {
      const res = await ctx.request({ ...req, token });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(401);
    }
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}`, token: ctx.adminToken })).json().status).toBe('in_transit');

    // Revoked or expired: no longer accepted.
    expect((await revoke(token)).statusCode).toBe(204);
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token, payload: { ...near(pkg, 1700), timestamp: at(3) } })).statusCode).toBe(401);
    const second = (await createLink({ packageId: pkg.id, hours: 2, kind: 'driver' })).json();
    await ctx.app.db.updateTable('shareLinks').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('tokenHash', '=', sha256(second.token)).execute();
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token: second.token, payload: { ...near(pkg, 1700), timestamp: at(3) } })).statusCode).toBe(401);
  });

  it('a customer token is never a Bearer token', async () => {
    const pkg = await makePackage(ctx, { status: 'in_transit' }, driverA);
    const { token } = (await createLink({ packageId: pkg.id, hours: 2, kind: 'customer' })).json();
    expect((await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/gps`, token, payload: near(pkg) })).statusCode).toBe(401);
  });
});
