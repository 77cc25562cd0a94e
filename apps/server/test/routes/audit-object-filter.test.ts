import type { AuditEntry } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDriver, makePackage } from '../fixtures.ts';
import { ADMIN_EMAIL, describeApi, setupApp, unique, type TestContext } from '../helper.ts';

/**
 * Issue 31, defect 8: the audit log's object filter finds an object as a person knows it (a tracking number, a
 * driver's name or phone), not only by the internal id.
 */
describeApi('audit log: the object filter finds objects by what a person knows', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => ctx?.close());

  const audit = async (query: Record<string, string>) => {
    const res = await ctx.request({ method: 'GET', url: `/api/audit?${new URLSearchParams(query)}`, token: ctx.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditEntry[]>();
  };
  const objects = (entries: AuditEntry[]) => new Set(entries.map((e) => e.objectId));

  it('a tracking number (any case) finds its package’s entries, and only those', async () => {
    const pkg = await makePackage(ctx);
    await makePackage(ctx);
    const edit = await ctx.request({ method: 'POST', url: `/api/packages/${pkg.id}/location-link`, token: ctx.adminToken, payload: { locationLink: 'https://maps.example/abc' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const entries = await audit({ object: pkg.trackingNumber.toLowerCase() });
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(objects(entries)).toEqual(new Set([pkg.id]));
    // Still by its id, and with the object type.
    expect(objects(await audit({ object: pkg.id, objectType: 'package' }))).toEqual(new Set([pkg.id]));
  });

  it("a driver's name or phone (typed any way) finds the driver's entries", async () => {
    const name = unique('Audit Driver ');
    const driver = await makeDriver(ctx, { name });
    const digits = driver.phone.replace(/\D/g, '');
    const typed = `(${digits.slice(-10, -7)}) ${digits.slice(-7, -4)}-${digits.slice(-4)}`;
    for (const text of [name, name.toUpperCase(), typed, driver.phone]) {
      const entries = await audit({ object: text });
      expect(entries.length, text).toBeGreaterThan(0);
      expect(objects(entries), text).toEqual(new Set([driver.id]));
    }
    expect(await audit({ object: 'nobody by this name' })).toEqual([]);
  });

  it("a deleted package is found by the tracking number it was recorded under; an admin by email", async () => {
    const pkg = await makePackage(ctx);
    const gone = await ctx.request({ method: 'DELETE', url: `/api/packages/${pkg.id}`, token: ctx.adminToken });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const entries = await audit({ object: pkg.trackingNumber });
    expect(entries.map((e) => e.action)).toEqual(['package.deleted', 'package.created']);
    const admin = await audit({ object: ADMIN_EMAIL.toUpperCase(), objectType: 'admin' });
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.every((e) => e.objectType === 'admin')).toBe(true);
  });
});
