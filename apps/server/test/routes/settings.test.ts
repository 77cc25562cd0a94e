import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDriver, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

describeApi('settings: global current location and real-location link', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
  });
  afterAll(async () => ctx?.close());

  describe('current location', () => {
    it('GET answers nulls before it is ever set, to anyone', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/current-location' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ location: null, lat: null, lng: null, updatedAt: null });
    });

    it('POST stores the location with both coordinates; GET answers it publicly', async () => {
      const res = await ctx.request({ method: 'POST', url: '/api/current-location', token: ctx.adminToken, payload: { location: ' Chicago Hub ', lat: 41.8786, lng: '-87.6359' } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toEqual({ message: 'Current location updated', location: 'Chicago Hub', lat: 41.8786, lng: -87.6359, updatedAt: expect.any(String) });
      expect(Date.now() - Date.parse(body.updatedAt)).toBeLessThan(60_000);
      const read = await ctx.request({ method: 'GET', url: '/api/current-location' });
      expect(read.json()).toEqual({ location: 'Chicago Hub', lat: 41.8786, lng: -87.6359, updatedAt: body.updatedAt });
      const row = await ctx.app.db.selectFrom('settings').selectAll().where('id', '=', 'current_location').executeTakeFirstOrThrow();
      expect(JSON.parse(row.value)).toEqual({ location: 'Chicago Hub', lat: 41.8786, lng: -87.6359 });
    });

    it('keeps coordinates only when both are given, replacing the previous ones', async () => {
      const res = await ctx.request({ method: 'POST', url: '/api/current-location', token: ctx.adminToken, payload: { location: 'Milwaukee Depot', lat: 43.04 } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ location: 'Milwaukee Depot', lat: null, lng: null });
      const read = await ctx.request({ method: 'GET', url: '/api/current-location' });
      expect(read.json()).toMatchObject({ location: 'Milwaukee Depot', lat: null, lng: null });
    });

    it("answers 'Location is required' and the coordinate messages", async () => {
      const missing = await ctx.request({ method: 'POST', url: '/api/current-location', token: ctx.adminToken, payload: { location: '  ' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'Location is required', issues: [{ path: 'location', message: 'Location is required' }] });
      const range = await ctx.request({ method: 'POST', url: '/api/current-location', token: ctx.adminToken, payload: { location: 'X', lat: 100, lng: 200 } });
      expect(range.json().issues).toEqual([
        { path: 'lat', message: 'Invalid latitude' },
        { path: 'lng', message: 'Invalid longitude' },
      ]);
      const read = await ctx.request({ method: 'GET', url: '/api/current-location' });
      expect(read.json().location).toBe('Milwaukee Depot');
    });

    it('POST is admin only', async () => {
      const payload = { location: 'Nowhere' };
      expect((await ctx.request({ method: 'POST', url: '/api/current-location', payload })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'POST', url: '/api/current-location', token: driver.token, payload })).statusCode).toBe(403);
      const read = await ctx.request({ method: 'GET', url: '/api/current-location' });
      expect(read.json().location).toBe('Milwaukee Depot');
    });
  });

  describe('real-location link', () => {
    it('GET answers nulls before anything is saved', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/tracking/real-location', token: ctx.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ realLocationLink: null, timestamp: null });
    });

    it('save stores the link with its time (given, normalised to UTC) and GET answers it', async () => {
      const link = 'https://maps.google.com/?q=41.8786,-87.6359';
      const res = await ctx.request({
        method: 'POST',
        url: '/api/tracking/real-location/save',
        token: ctx.adminToken,
        payload: { realLocationLink: link, timestamp: '2026-01-05T09:30:00-06:00' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, realLocationLink: link, timestamp: '2026-01-05T15:30:00.000Z' });
      const read = await ctx.request({ method: 'GET', url: '/api/tracking/real-location', token: ctx.adminToken });
      expect(read.json()).toEqual({ realLocationLink: link, timestamp: '2026-01-05T15:30:00.000Z' });
    });

    it('save without a time stamps it now', async () => {
      const res = await ctx.request({ method: 'POST', url: '/api/tracking/real-location/save', token: ctx.adminToken, payload: { realLocationLink: 'https://maps.google.com/?q=1,2' } });
      expect(res.statusCode).toBe(200);
      const read = await ctx.request({ method: 'GET', url: '/api/tracking/real-location', token: ctx.adminToken });
      expect(read.json().realLocationLink).toBe('https://maps.google.com/?q=1,2');
      expect(Date.now() - Date.parse(read.json().timestamp)).toBeLessThan(60_000);
    });

    it("answers 'Link is required' and 'Invalid timestamp'", async () => {
      const res = await ctx.request({ method: 'POST', url: '/api/tracking/real-location/save', token: ctx.adminToken, payload: { realLocationLink: ' ', timestamp: 'yesterday-ish' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        { path: 'realLocationLink', message: 'Link is required' },
        { path: 'timestamp', message: 'Invalid timestamp' },
      ]);
    });

    it('both are admin only', async () => {
      const payload = { realLocationLink: 'https://maps.google.com/?q=3,4' };
      expect((await ctx.request({ method: 'POST', url: '/api/tracking/real-location/save', payload })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'POST', url: '/api/tracking/real-location/save', token: driver.token, payload })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: '/api/tracking/real-location' })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'GET', url: '/api/tracking/real-location', token: driver.token })).statusCode).toBe(403);
    });
  });
});
