import type { ApiKey, ApiKeyCreated, Package } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, packageBody } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

/** API keys and idempotent creation (issue 19): a fourth principal with scopes, checked by the one role table. */
describeApi('API keys', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp({ env: { API_KEY_PER_MINUTE: '40' } });
  });
  afterAll(async () => ctx?.close());

  const makeKey = async (scopes: string[], name = 'Web shop'): Promise<ApiKeyCreated> => {
    const res = await ctx.request({ method: 'POST', url: '/api/api-keys', token: ctx.adminToken, payload: { name, scopes } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('shows the key once, stores only its hash, and lists it by prefix with its scopes and last use', async () => {
    const created = await makeKey(['packages:write', 'packages:read']);
    expect(created.key).toMatch(/^ck_[a-z0-9x]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created.scopes).toEqual(['packages:write', 'packages:read']);
    const row = await ctx.app.db.selectFrom('apiKeys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const made = await ctx.request({ method: 'POST', url: '/api/packages', token: created.key, payload: packageBody() });
    expect(made.statusCode, made.body).toBe(201);
    const list = await ctx.request({ method: 'GET', url: '/api/api-keys', token: ctx.adminToken });
    const listed = list.json<ApiKey[]>().find((k) => k.id === created.id)!;
    expect(listed).toEqual({ id: created.id, name: 'Web shop', prefix: created.prefix, scopes: ['packages:write', 'packages:read'], createdAt: created.createdAt, lastUsedAt: expect.any(String), revokedAt: null });
    expect(JSON.stringify(list.json())).not.toContain(created.key);
  });

  it('opens only the routes its scopes name: a tracking:read key cannot create (403), no key reaches other admin routes or manages keys', async () => {
    const reader = await makeKey(['tracking:read']);
    expect((await ctx.request({ method: 'POST', url: '/api/packages', token: reader.key, payload: packageBody() })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/packages', token: reader.key })).statusCode).toBe(403);
    const writer = await makeKey(['packages:write', 'packages:read', 'tracking:read', 'webhooks:manage']);
    for (const [method, url] of [
      ['GET', '/api/drivers'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', '/api/packages/x'],
      ['GET', '/api/notifications/templates'],
      ['GET', '/api/auth/me'],
      ['GET', '/api/drivers/me'],
    ] as const) {
      const res = await ctx.request({ method, url, token: writer.key, payload: method === 'POST' ? { name: 'x', scopes: ['packages:read'] } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // A driver route: a key owns no package.
    const pkg = (await ctx.request({ method: 'POST', url: '/api/packages', token: writer.key, payload: packageBody() })).json<Package>();
    expect((await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: writer.key, payload: { status: 'in_transit' } })).statusCode).toBe(403);
    // Its own scope: the admin's status update.
    const status = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: writer.key, payload: { status: 'in_transit', location: 'Depot', description: 'Left the depot' } });
    expect(status.statusCode, status.body).toBe(200);
  });

  it('gives a packages:read key the full view of a package, and a tracking:read key its positions', async () => {
    const writer = await makeKey(['packages:write']);
    const pkg = (await ctx.request({ method: 'POST', url: '/api/packages', token: writer.key, payload: packageBody({ customerPhone: '(312) 555-0199' }) })).json<Package>();
    const reader = await makeKey(['packages:read']);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}`, token: reader.key })).json()).toMatchObject({ customerPhone: '+13125550199', driverId: null });
    // Without the scope: the public view, phone masked.
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.trackingNumber}`, token: writer.key })).json()).toMatchObject({ customerPhone: '•••-•••-0199' });
    expect((await ctx.request({ method: 'GET', url: `/api/packages?q=${pkg.trackingNumber}`, token: reader.key })).statusCode).toBe(200);
  });

  it('refuses a revoked key (401) and an unknown one (401)', async () => {
    const key = await makeKey(['packages:read']);
    expect((await ctx.request({ method: 'GET', url: '/api/packages', token: key.key })).statusCode).toBe(200);
    const revoked = await ctx.request({ method: 'POST', url: `/api/api-keys/${key.id}/revoke`, token: ctx.adminToken });
    expect(revoked.json<ApiKey>().revokedAt).toEqual(expect.any(String));
    expect((await ctx.request({ method: 'GET', url: '/api/packages', token: key.key })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/packages', token: `${key.key.slice(0, -1)}A` })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'POST', url: '/api/api-keys/nope/revoke', token: ctx.adminToken })).statusCode).toBe(404);
  });

  it('limits each key (429 with Retry-After), not its address', async () => {
    const busy = await makeKey(['packages:read']);
    const other = await makeKey(['packages:read']);
    let limited = null;
    for (let i = 0; i < 45 && !limited; i++) {
      const res = await ctx.request({ method: 'GET', url: '/api/packages?limit=1', token: busy.key });
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ctx.request({ method: 'GET', url: '/api/packages?limit=1', token: other.key })).statusCode).toBe(200);
  });

  it('validates a key: a name, known scopes, at least one', async () => {
    const none = await ctx.request({ method: 'POST', url: '/api/api-keys', token: ctx.adminToken, payload: { name: 'x', scopes: [] } });
    expect(none.statusCode).toBe(400);
    expect(none.json().issues[0].message).toBe('Choose at least one scope');
    const unknown = await ctx.request({ method: 'POST', url: '/api/api-keys', token: ctx.adminToken, payload: { name: 'x', scopes: ['admin'] } });
    expect(unknown.statusCode).toBe(400);
    const driver = await makeDriver(ctx);
    expect((await ctx.request({ method: 'POST', url: '/api/api-keys', token: driver.token, payload: { name: 'x', scopes: ['packages:read'] } })).statusCode).toBe(403);
  });

  it('Idempotency-Key: the same request again answers the first reply and creates nothing; another body is a 422; two at once create one', async () => {
    const key = await makeKey(['packages:write', 'packages:read']);
    const body = packageBody();
    const send = (payload: unknown, idempotencyKey: string) =>
      ctx.request({ method: 'POST', url: '/api/packages', token: key.key, payload: payload as object, headers: { 'idempotency-key': idempotencyKey } });
    const first = await send(body, 'order-1001');
    expect(first.statusCode, first.body).toBe(201);
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await send(reordered, 'order-1001');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const count = await ctx.app.db.selectFrom('packages').select((eb) => eb.fn.countAll().as('n')).where('trackingNumber', '=', body.trackingNumber).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const conflict = await send({ ...body, customerName: 'Someone Else' }, 'order-1001');
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().message).toContain("Idempotency-Key 'order-1001' was already used with a different request");

    // Two at once: one package, both answered with it.
    const twin = packageBody();
    const [a, b] = await Promise.all([send(twin, 'order-1002'), send(twin, 'order-1002')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<Package>().id).toBe(b.json<Package>().id);
    const twins = await ctx.app.db.selectFrom('packages').select((eb) => eb.fn.countAll().as('n')).where('trackingNumber', '=', twin.trackingNumber).executeTakeFirstOrThrow();
    expect(Number(twins.n)).toBe(1);

    // A request refused by validation holds no key: corrected, it goes through under the same key.
    const bad = await send({ ...packageBody(), customerName: '' }, 'order-1003');
    expect(bad.statusCode).toBe(400);
    expect((await send(packageBody(), 'order-1003')).statusCode).toBe(201);

    // Another caller's key of the same name is its own.
    const other = await makeKey(['packages:write']);
    const theirs = await ctx.request({ method: 'POST', url: '/api/packages', token: other.key, payload: packageBody(), headers: { 'idempotency-key': 'order-1001' } });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();

    expect((await send(packageBody(), 'bad key with spaces')).statusCode).toBe(400);
  });
});
