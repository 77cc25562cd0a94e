import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/crypto.ts';
import { makeDriver, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

describeApi('devices (OsmAnd trackers)', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
  });
  afterAll(async () => ctx?.close());

  const register = (name: string, driverId = driver.id) =>
    ctx.request({ method: 'POST', url: '/api/devices', token: ctx.adminToken, payload: { driverId, name } });

  describe('POST /api/devices', () => {
    it('registers a device and shows its long random identifier once, stored only as its hash', async () => {
      const res = await register('  Van tracker ');
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toEqual({ id: expect.any(String), driverId: driver.id, name: 'Van tracker', lastSeenAt: null, lastBattery: null, createdAt: expect.any(String), identifier: expect.any(String) });
      expect(body.identifier).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const row = await ctx.app.db.selectFrom('devices').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
      expect(row.identifierHash).toBe(sha256(body.identifier));
      expect(JSON.stringify(row)).not.toContain(body.identifier);
      const other = await register('Second');
      expect(other.json().identifier).not.toBe(body.identifier);
    });

    it('answers the messages for a missing driver and name, 404 for an unknown driver', async () => {
      const bad = await ctx.request({ method: 'POST', url: '/api/devices', token: ctx.adminToken, payload: { name: ' ' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([
        { path: 'driverId', message: 'Driver ID is required' },
        { path: 'name', message: 'Device name is required' },
      ]);
      const unknown = await register('Ghost', 'no-such-driver');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Driver not found' });
    });

    it('is admin only', async () => {
      const payload = { driverId: driver.id, name: 'Mine' };
      expect((await ctx.request({ method: 'POST', url: '/api/devices', payload })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'POST', url: '/api/devices', token: driver.token, payload })).statusCode).toBe(403);
    });
  });

  describe('GET /api/devices', () => {
    it('lists devices newest first without identifiers', async () => {
      const created = (await register('Listed')).json();
      const res = await ctx.request({ method: 'GET', url: '/api/devices', token: ctx.adminToken });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<Record<string, unknown>>;
      expect(list.find((d) => d.id === created.id)).toEqual({ id: created.id, driverId: driver.id, name: 'Listed', lastSeenAt: null, lastBattery: null, createdAt: created.createdAt });
      expect(res.body).not.toContain(created.identifier);
      expect(res.body).not.toMatch(/identifier/i);
      const times = list.map((d) => d.createdAt as string);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('is admin only', async () => {
      expect((await ctx.request({ method: 'GET', url: '/api/devices' })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'GET', url: '/api/devices', token: driver.token })).statusCode).toBe(403);
    });
  });

  describe('findByIdentifier (used by /api/osmand)', () => {
    it("finds the device's driver by identifier and records its contact; unknown identifiers find nothing", async () => {
      const created = (await register('Finder')).json();
      const found = await ctx.app.devices.findByIdentifier(created.identifier);
      expect(found).toEqual({ id: created.id, driverId: driver.id });
      await ctx.app.devices.recordContact(found!.id, 64);
      const list = await ctx.request({ method: 'GET', url: '/api/devices', token: ctx.adminToken });
      const seen = list.json().find((d: { id: string }) => d.id === created.id);
      expect(Date.now() - Date.parse(seen.lastSeenAt)).toBeLessThan(60_000);
      expect(seen.lastBattery).toBe(64);
      expect(await ctx.app.devices.findByIdentifier('not-a-device')).toBeUndefined();
      expect(await ctx.app.devices.findByIdentifier('')).toBeUndefined();
      // The stored hash is not itself an identifier.
      const row = await ctx.app.db.selectFrom('devices').select('identifierHash').where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(await ctx.app.devices.findByIdentifier(row.identifierHash)).toBeUndefined();
    });

    it("finds nothing while the device's driver is deactivated", async () => {
      const created = (await register('Paused')).json();
      await ctx.request({ method: 'PUT', url: `/api/drivers/${driver.id}`, token: ctx.adminToken, payload: { isActive: false } });
      expect(await ctx.app.devices.findByIdentifier(created.identifier)).toBeUndefined();
      await ctx.request({ method: 'PUT', url: `/api/drivers/${driver.id}`, token: ctx.adminToken, payload: { isActive: true } });
      expect(await ctx.app.devices.findByIdentifier(created.identifier)).toEqual({ id: created.id, driverId: driver.id });
      // Deactivation ended the driver's sessions: sign in again for later tests.
      const session = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driver.phone, pin: driver.pin } });
      driver.token = session.json().token;
    });
  });

  describe('DELETE /api/devices/:id', () => {
    it('removes a device (204) and its identifier stops working', async () => {
      const created = (await register('Doomed')).json();
      const res = await ctx.request({ method: 'DELETE', url: `/api/devices/${created.id}`, token: ctx.adminToken });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await ctx.app.devices.findByIdentifier(created.identifier)).toBeUndefined();
      const list = await ctx.request({ method: 'GET', url: '/api/devices', token: ctx.adminToken });
      expect(list.json().map((d: { id: string }) => d.id)).not.toContain(created.id);
      const again = await ctx.request({ method: 'DELETE', url: `/api/devices/${created.id}`, token: ctx.adminToken });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Device not found' });
    });

    it('is admin only', async () => {
      const created = (await register('Kept')).json();
      expect((await ctx.request({ method: 'DELETE', url: `/api/devices/${created.id}` })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'DELETE', url: `/api/devices/${created.id}`, token: driver.token })).statusCode).toBe(403);
      expect(await ctx.app.devices.findByIdentifier(created.identifier)).toEqual({ id: created.id, driverId: driver.id });
    });
  });
});
