import type { AuditEntry, Package } from '@cargo/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newTimeOrderedId } from '../../src/lib/crypto.ts';
import { makeDriver, makePackage, packageBody } from '../fixtures.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeApi, setupApp, unique, type TestContext } from '../helper.ts';

/** The audit log (issue 20 item 5, design.md §11, decision 070). */
describeApi('audit log', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp({ env: { AUDIT_RETENTION_DAYS: '30' } });
  });
  afterAll(async () => ctx?.close());

  const audit = async (query: Record<string, string>, token: string | null = ctx.adminToken) => {
    const res = await ctx.request({ method: 'GET', url: `/api/audit?${new URLSearchParams(query)}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return { entries: res.json<AuditEntry[]>(), total: Number(res.headers['x-total-count']) };
  };
  const adminId = async () => (await ctx.app.db.selectFrom('adminUsers').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).id;
  /** Every stored audit row as text: what a reader of the table could see. */
  const everything = async () => JSON.stringify(await ctx.app.db.selectFrom('auditLog').selectAll().execute());

  it('records an edit with the admin, the time and only the changed fields before and after', async () => {
    const pkg = await makePackage(ctx, { customerName: 'Olivia Martin', weight: '12 lbs' });
    const started = new Date().toISOString();
    const edit = await ctx.request({
      method: 'PUT',
      url: `/api/packages/${pkg.id}`,
      token: ctx.adminToken,
      payload: packageBody({ trackingNumber: pkg.trackingNumber, customerName: 'Olivia Marten', weight: '14 lbs' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const { entries } = await audit({ objectType: 'package', objectId: pkg.id });
    expect(entries.map((e) => e.action)).toEqual(['package.updated', 'package.created']);
    const [updated, created] = entries as [AuditEntry, AuditEntry];
    expect(updated).toMatchObject({
      actorType: 'admin',
      actorId: await adminId(),
      actorLabel: ADMIN_EMAIL,
      objectType: 'package',
      objectId: pkg.id,
      objectLabel: pkg.trackingNumber,
      before: { customerName: 'Olivia Martin', weight: '12 lbs' },
      after: { customerName: 'Olivia Marten', weight: '14 lbs' },
      ip: expect.any(String),
    });
    // Only what changed: nothing else of the package, and no bookkeeping columns.
    expect(Object.keys(updated.after!).sort()).toEqual(['customerName', 'weight']);
    expect(updated.at >= started).toBe(true);
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ trackingNumber: pkg.trackingNumber, customerName: 'Olivia Martin', status: 'processing' });
  });

  it('records status changes, deletions and a batch deletion, each under its package', async () => {
    const pkg = await makePackage(ctx);
    const status = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status: 'in_transit', location: 'Depot', description: 'Left the depot' } });
    expect(status.statusCode, status.body).toBe(200);
    expect((await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.id}`, token: ctx.adminToken })).statusCode).toBe(204);
    const { entries } = await audit({ objectType: 'package', objectId: pkg.id });
    expect(entries.map((e) => e.action)).toEqual(['package.deleted', 'package.status_changed', 'package.created']);
    expect(entries[1]).toMatchObject({ before: { status: 'processing' }, after: { status: 'in_transit', currentLocation: 'Depot', description: 'Left the depot' } });
    // The deleted package is kept in the entry, so what went can still be read.
    expect(entries[0]!.before).toMatchObject({ trackingNumber: pkg.trackingNumber, status: 'in_transit' });

    const [a, b] = [await makePackage(ctx), await makePackage(ctx)];
    const batch = await ctx.request({ method: 'POST', url: '/api/packages/batch-delete', token: ctx.adminToken, payload: { packageIds: [a.id, b.id] } });
    expect(batch.statusCode, batch.body).toBe(200);
    for (const p of [a, b]) expect((await audit({ objectId: p.id })).entries[0]).toMatchObject({ action: 'package.deleted', actorType: 'admin' });
  });

  it('records a PIN reset, a deactivation and a driver edit without the PIN or its hash', async () => {
    const driver = await makeDriver(ctx);
    const reset = await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/pin`, token: ctx.adminToken, payload: { pin: '482913' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const generated = await ctx.request({ method: 'POST', url: `/api/drivers/${driver.id}/pin`, token: ctx.adminToken });
    const generatedPin = generated.json<{ pin: string }>().pin;
    const off = await ctx.request({ method: 'PUT', url: `/api/drivers/${driver.id}`, token: ctx.adminToken, payload: { isActive: false, vehicleId: 'VAN-9' } });
    expect(off.statusCode, off.body).toBe(200);

    const { entries } = await audit({ objectType: 'driver', objectId: driver.id });
    expect(entries.map((e) => e.action)).toEqual(['driver.deactivated', 'driver.pin_reset', 'driver.pin_reset', 'session.signed_in', 'driver.created']);
    expect(entries[0]).toMatchObject({ actorType: 'admin', before: { isActive: 1 }, after: { isActive: 0, vehicleId: 'VAN-9' } });
    expect(entries[2]).toMatchObject({ actorType: 'admin', objectLabel: driver.name, before: null, after: { chosenByAdmin: true, sessionsEnded: true } });
    // The sign-in of makeDriver: the driver is its own actor.
    expect(entries[3]).toMatchObject({ actorType: 'driver', actorId: driver.id, actorLabel: driver.name });

    const stored = await everything();
    for (const secret of [driver.pin, '482913', generatedPin]) expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/pinHash|pin_hash|scrypt/i);
  });

  it('never stores a password, an API key, a share token or a session token', async () => {
    const key = await ctx.request({ method: 'POST', url: '/api/api-keys', token: ctx.adminToken, payload: { name: 'Web shop', scopes: ['packages:read'] } });
    const created = key.json<{ id: string; key: string; prefix: string }>();
    expect((await ctx.request({ method: 'POST', url: `/api/api-keys/${created.id}/revoke`, token: ctx.adminToken })).statusCode).toBe(200);
    const pkg = await makePackage(ctx);
    const link = await ctx.request({ method: 'POST', url: '/api/share-links', token: ctx.adminToken, payload: { packageId: pkg.id, hours: 2, kind: 'customer' } });
    expect(link.statusCode, link.body).toBe(201);
    const { token: shareToken } = link.json<{ token: string }>();
    expect((await ctx.request({ method: 'DELETE', url: `/api/share-links/${shareToken}`, token: ctx.adminToken })).statusCode).toBeLessThan(300);

    const keyEntries = (await audit({ objectType: 'api_key', objectId: created.id })).entries;
    expect(keyEntries.map((e) => e.action)).toEqual(['api_key.revoked', 'api_key.created']);
    expect(keyEntries[1]!.after).toEqual({ name: 'Web shop', prefix: created.prefix, scopes: 'packages:read' });
    const linkCreated = (await audit({ objectType: 'share_link', action: 'share_link.created' })).entries.find((e) => e.after?.packageId === pkg.id)!;
    expect(linkCreated).toMatchObject({ objectLabel: `customer link for ${pkg.trackingNumber}`, after: { kind: 'customer', hours: 2 } });
    const linkEntries = (await audit({ objectType: 'share_link', objectId: linkCreated.objectId! })).entries;
    expect(linkEntries.map((e) => e.action)).toEqual(['share_link.revoked', 'share_link.created']);

    const stored = await everything();
    expect(stored).not.toContain(created.key.slice(12));
    expect(stored).not.toContain(shareToken);
    expect(stored).not.toContain(ctx.adminToken);
    expect(stored).not.toContain(ADMIN_PASSWORD);
    expect(stored).not.toMatch(/keyHash|key_hash|tokenHash|token_hash|passwordHash/i);
  });

  it('records the first admin, made at start-up, as the system without its password', async () => {
    const { entries } = await audit({ objectType: 'admin', action: 'admin.created' });
    expect(entries[0]).toMatchObject({ actorType: 'system', actorId: null, actorLabel: 'System', objectId: await adminId(), objectLabel: ADMIN_EMAIL, ip: null });
    expect(entries[0]!.after).toMatchObject({ email: ADMIN_EMAIL, isActive: 1 });
    expect(Object.keys(entries[0]!.after!)).not.toContain('passwordHash');
  });

  it('records an export with its filters, and who downloaded it', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/exports/packages?status=in_transit&q=Chicago', token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    const { entries } = await audit({ objectType: 'export', action: 'export.downloaded' });
    expect(entries[0]).toMatchObject({ actorType: 'admin', actorLabel: ADMIN_EMAIL, objectId: 'packages', after: { filters: { status: 'in_transit', q: 'Chicago' } } });
  });

  it('records admin sign-ins, failed ones without the password typed, and a driver sign-in that failed', async () => {
    const ok = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    const bad = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: 'wrong-horse-staple' } });
    expect(bad.statusCode).toBe(401);
    const nobody = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@test.example', password: 'whatever-123' } });
    expect(nobody.statusCode).toBe(401);
    const id = await adminId();

    const mine = (await audit({ objectType: 'admin', objectId: id })).entries;
    expect(mine[0]).toMatchObject({ action: 'session.sign_in_failed', actorType: 'admin', actorId: null, actorLabel: ADMIN_EMAIL });
    expect(mine[1]).toMatchObject({ action: 'session.signed_in', actorType: 'admin', actorId: id, actorLabel: ADMIN_EMAIL });
    const unknown = (await audit({ action: 'session.sign_in_failed', objectType: 'admin' })).entries.find((e) => e.actorLabel === 'nobody@test.example');
    expect(unknown).toMatchObject({ objectId: null });

    const driver = await makeDriver(ctx);
    const wrongPin = driver.pin === '000000' ? '111111' : '000000';
    expect((await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driver.phone, pin: wrongPin } })).statusCode).toBe(401);
    expect((await audit({ objectType: 'driver', objectId: driver.id })).entries[0]).toMatchObject({ action: 'session.sign_in_failed', actorType: 'driver', actorId: null });

    const stored = await everything();
    expect(stored).not.toContain('wrong-horse-staple');
    expect(stored).not.toContain('whatever-123');
  });

  it('records a driver changing a status as that driver, and an API key as that key', async () => {
    const driver = await makeDriver(ctx);
    const pkg = await makePackage(ctx, {}, driver);
    expect((await ctx.request({ method: 'PATCH', url: `/api/packages/${pkg.id}/status`, token: driver.token, payload: { status: 'picked_up' } })).statusCode).toBe(200);
    expect((await audit({ objectId: pkg.id })).entries[0]).toMatchObject({ action: 'package.status_changed', actorType: 'driver', actorId: driver.id, actorLabel: driver.name });

    const key = (await ctx.request({ method: 'POST', url: '/api/api-keys', token: ctx.adminToken, payload: { name: 'Shop', scopes: ['packages:write'] } })).json<{ id: string; key: string; prefix: string }>();
    const made = await ctx.request({ method: 'POST', url: '/api/packages', token: key.key, payload: packageBody() });
    expect(made.statusCode, made.body).toBe(201);
    expect((await audit({ objectId: made.json<Package>().id })).entries[0]).toMatchObject({ action: 'package.created', actorType: 'integration', actorId: key.id, actorLabel: `Shop (${key.prefix}…)` });
    // Filter by actor.
    const byKey = await audit({ actorType: 'integration', actorId: key.id });
    expect(byKey.total).toBe(1);
  });

  it('records settings and notification template changes with the values before and after', async () => {
    const put = await ctx.request({ method: 'POST', url: '/api/current-location', token: ctx.adminToken, payload: { location: 'Main depot' } });
    expect(put.statusCode, put.body).toBeLessThan(300);
    expect((await audit({ objectType: 'setting', objectId: 'current_location' })).entries[0]).toMatchObject({ action: 'setting.updated', after: { value: { location: 'Main depot' } } });

    const url = '/api/notifications/templates/package.delivered/sms/customer';
    const saved = await ctx.request({ method: 'PUT', url, token: ctx.adminToken, payload: { enabled: true, subject: null, body: 'Delivered: {{ tracking_number }}' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const entry = (await audit({ objectType: 'notification_template' })).entries[0]!;
    expect(entry).toMatchObject({ action: 'notification_template.updated', after: { body: 'Delivered: {{ tracking_number }}' } });
    expect(entry.before!.body).toEqual(expect.any(String));
  });

  it('writes nothing when the change is rolled back', async () => {
    const pkg = await makePackage(ctx);
    // A fault injected after the audit entry is written in the same transaction: the status event's insert fails.
    if (ctx.dialect === 'sqlite') {
      await sql.raw(`create trigger audit_test_fail before insert on events when new.subject_id = '${pkg.id}' begin select raise(abort, 'injected failure'); end`).execute(ctx.app.db);
    } else {
      await sql.raw(`create function audit_test_fail() returns trigger language plpgsql as $$ begin if new.subject_id = '${pkg.id}' then raise exception 'injected failure'; end if; return new; end $$`).execute(ctx.app.db);
      await sql.raw('create trigger audit_test_fail before insert on events for each row execute function audit_test_fail()').execute(ctx.app.db);
    }
    try {
      const res = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/status`, token: ctx.adminToken, payload: { status: 'in_transit', location: 'Depot', description: 'Left' } });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql.raw('drop trigger audit_test_fail' + (ctx.dialect === 'postgres' ? ' on events' : '')).execute(ctx.app.db);
    }
    const { entries } = await audit({ objectId: pkg.id });
    expect(entries.map((e) => e.action)).toEqual(['package.created']);
    expect((await ctx.request({ method: 'GET', url: `/api/packages/${pkg.id}`, token: ctx.adminToken })).json<Package>().status).toBe('processing');
  });

  it('filters by time and pages on the server, newest first, with the total', async () => {
    const objectId = `filter-${unique()}`;
    const base = Date.parse('2026-01-10T12:00:00.000Z');
    const rows = Array.from({ length: 5 }, (_, i) => ({
      id: newTimeOrderedId(base + i * 60_000),
      at: new Date(base + i * 60_000).toISOString(),
      actorType: 'system',
      actorId: null,
      actorLabel: 'System',
      action: 'setting.updated',
      objectType: 'setting',
      objectId,
      objectLabel: null,
      before: null,
      after: JSON.stringify({ n: i }),
      ip: null,
    }));
    await ctx.app.db.insertInto('auditLog').values(rows).execute();
    const window = await audit({ objectId, from: '2026-01-10T12:01:00Z', to: '2026-01-10T14:03:00+02:00' });
    expect(window.entries.map((e) => e.after)).toEqual([{ n: 2 }, { n: 1 }]);
    const page = await audit({ objectId, limit: '2', offset: '2' });
    expect(page.total).toBe(5);
    expect(page.entries.map((e) => e.after)).toEqual([{ n: 2 }, { n: 1 }]);
  });

  it('refuses junk filters (400), callers without a session (401), drivers and API keys (403)', async () => {
    for (const query of ['objectType=planet', 'actorType=robot', 'from=yesterday', 'limit=0', 'limit=1000', 'offset=-1', 'action=DROP%20TABLE', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z']) {
      const res = await ctx.request({ method: 'GET', url: `/api/audit?${query}`, token: ctx.adminToken });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
    }
    expect((await ctx.request({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    const driver = await makeDriver(ctx);
    expect((await ctx.request({ method: 'GET', url: '/api/audit', token: driver.token })).statusCode).toBe(403);
    const key = (await ctx.request({ method: 'POST', url: '/api/api-keys', token: ctx.adminToken, payload: { name: 'All', scopes: ['packages:read', 'packages:write', 'tracking:read', 'webhooks:manage'] } })).json<{ key: string }>();
    expect((await ctx.request({ method: 'GET', url: '/api/audit', token: key.key })).statusCode).toBe(403);
  });

  it('prunes only the entries older than the retention, in batches', async () => {
    const objectId = `prune-${unique()}`;
    const now = Date.parse('2026-06-01T00:00:00.000Z');
    const day = 24 * 60 * 60 * 1000;
    const row = (ageDays: number, n: number) => ({
      id: newTimeOrderedId(now - ageDays * day + n),
      at: new Date(now - ageDays * day + n).toISOString(),
      actorType: 'system',
      actorId: null,
      actorLabel: 'System',
      action: 'setting.updated',
      objectType: 'setting',
      objectId,
      objectLabel: null,
      before: null,
      after: JSON.stringify({ ageDays }),
      ip: null,
    });
    // 2,500 old entries (more than two batches) and a few inside the 30 days kept.
    const old = Array.from({ length: 2500 }, (_, i) => row(31, i));
    for (let i = 0; i < old.length; i += 200) await ctx.app.db.insertInto('auditLog').values(old.slice(i, i + 200)).execute();
    await ctx.app.db.insertInto('auditLog').values([row(29, 0), row(1, 0), row(0, 0)]).execute();

    const deleted = await ctx.app.audit.prune(now);
    expect(deleted).toBeGreaterThanOrEqual(2500);
    const left = await audit({ objectId });
    expect(left.total).toBe(3);
    expect(left.entries.map((e) => e.after)).toEqual([{ ageDays: 0 }, { ageDays: 1 }, { ageDays: 29 }]);
    // Nothing recorded by this run's requests (all from today) went.
    expect((await audit({ action: 'package.created' })).total).toBeGreaterThan(0);
  });
});
