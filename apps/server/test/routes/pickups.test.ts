import { MSG } from '@cargo/shared';
import type { PickupRequest } from '@cargo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDriver, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

const validRequest = (overrides: Record<string, unknown> = {}) => ({
  customerName: 'Grace Kim',
  phone: '(312) 555-0190',
  email: 'Grace@Example.com',
  originAddress: '233 S Wacker Dr, Chicago, IL 60606',
  destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
  itemDescription: 'Two boxes of books',
  ...overrides,
});

describeApi('pickup requests', () => {
  let ctx: TestContext;
  let driver: DriverFixture;
  let first: { id: string };
  let second: { id: string };
  beforeAll(async () => {
    ctx = await setupApp();
    driver = await makeDriver(ctx);
    const a = await ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: validRequest(), remoteAddress: '10.20.0.1' });
    first = a.json();
    // Newest first is by the time of the request, to the millisecond: two made in the same one have no order.
    await new Promise((r) => setTimeout(r, 3));
    const b = await ctx.request({
      method: 'POST',
      url: '/api/schedule-pickup',
      payload: validRequest({ customerName: 'Henry Ford', specialInstructions: 'Call on arrival' }),
      remoteAddress: '10.20.0.1',
    });
    second = b.json();
  });
  afterAll(async () => ctx?.close());

  describe('POST /api/schedule-pickup', () => {
    it('stores a request as pending and answers it with 201, anonymously', async () => {
      const res = await ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: validRequest({ customerName: '  Grace Kim ', email: ' Grace@Example.com ', specialInstructions: '  ' }), remoteAddress: '10.20.1.1' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(String),
        customerName: 'Grace Kim',
        phone: '+13125550190',
        email: 'Grace@Example.com',
        originAddress: '233 S Wacker Dr, Chicago, IL 60606',
        destinationAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
        itemDescription: 'Two boxes of books',
        specialInstructions: null,
        status: 'pending',
        packageId: null,
        trackingNumber: null,
        createdAt: expect.any(String),
      });
      const list = await ctx.request({ method: 'GET', url: '/api/pickup-requests', token: ctx.adminToken });
      expect(list.json().map((r: { id: string }) => r.id)).toContain(res.json().id);
    });

    it('answers every spec §5 message', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/schedule-pickup',
        payload: { customerName: 'G', phone: '555-0190', email: 'nope', originAddress: 'Chicago', destinationAddress: 'Milwaukee', itemDescription: 'Books' },
        remoteAddress: '10.20.2.1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        { path: 'customerName', message: 'Name must be at least 2 characters' },
        { path: 'phone', message: 'Phone number must be at least 10 digits' },
        { path: 'email', message: 'Invalid email address' },
        { path: 'originAddress', message: 'Origin address must be detailed' },
        { path: 'destinationAddress', message: 'Destination address must be detailed' },
        { path: 'itemDescription', message: 'Item description must be detailed' },
      ]);
      expect(res.json().message).toBe('Name must be at least 2 characters');
      // Ten digits that make no number of the default country (US: 11 digits must start with its code 1).
      const notANumber = await ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: validRequest({ phone: '99 99 99 99 99 9' }), remoteAddress: '10.20.2.2' });
      expect(notANumber.statusCode).toBe(400);
      expect(notANumber.json().issues).toEqual([{ path: 'phone', message: MSG.phoneInvalid }]);
      const empty = await ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: {}, remoteAddress: '10.20.2.1' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().issues.map((i: { path: string }) => i.path)).toEqual([
        'customerName',
        'phone',
        'email',
        'originAddress',
        'destinationAddress',
        'itemDescription',
      ]);
    });

    it('limits one IP to 10 requests an hour (429 with Retry-After); other IPs go on', async () => {
      for (let i = 0; i < 10; i++) {
        const res = await ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: validRequest(), remoteAddress: '10.20.3.1' });
        expect(res.statusCode).toBe(201);
      }
      const blocked = await ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: validRequest(), remoteAddress: '10.20.3.1' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many requests. Please try again later.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const other = await ctx.request({ method: 'POST', url: '/api/schedule-pickup', payload: validRequest(), remoteAddress: '10.20.3.2' });
      expect(other.statusCode).toBe(201);
    });
  });

  describe('GET /api/pickup-requests', () => {
    it('lists requests newest first for an admin', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/pickup-requests', token: ctx.adminToken });
      expect(res.statusCode).toBe(200);
      const list = res.json() as PickupRequest[];
      const times = list.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const ids = list.map((r) => r.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(list.find((r) => r.id === second.id)).toMatchObject({ customerName: 'Henry Ford', specialInstructions: 'Call on arrival' });
    });

    it('is admin only', async () => {
      expect((await ctx.request({ method: 'GET', url: '/api/pickup-requests' })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'GET', url: '/api/pickup-requests', token: driver.token })).statusCode).toBe(403);
    });
  });

  describe('PATCH /api/pickup-requests/:id/status', () => {
    it('sets any of pending, confirmed, completed', async () => {
      for (const status of ['confirmed', 'completed', 'pending']) {
        const res = await ctx.request({ method: 'PATCH', url: `/api/pickup-requests/${first.id}/status`, token: ctx.adminToken, payload: { status } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ id: first.id, status, customerName: 'Grace Kim' });
      }
      await ctx.request({ method: 'PATCH', url: `/api/pickup-requests/${first.id}/status`, token: ctx.adminToken, payload: { status: 'confirmed' } });
      const list = await ctx.request({ method: 'GET', url: '/api/pickup-requests', token: ctx.adminToken });
      expect(list.json().find((r: { id: string }) => r.id === first.id).status).toBe('confirmed');
    });

    it('refuses another status with 400 listing the allowed ones', async () => {
      const res = await ctx.request({ method: 'PATCH', url: `/api/pickup-requests/${first.id}/status`, token: ctx.adminToken, payload: { status: 'shipped' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid status. Allowed: pending, confirmed, completed');
      const missing = await ctx.request({ method: 'PATCH', url: `/api/pickup-requests/${first.id}/status`, token: ctx.adminToken, payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Invalid status. Allowed: pending, confirmed, completed');
    });

    it('answers 404 for an unknown request; admin only', async () => {
      const unknown = await ctx.request({ method: 'PATCH', url: '/api/pickup-requests/no-such-id/status', token: ctx.adminToken, payload: { status: 'confirmed' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Pickup request not found' });
      const url = `/api/pickup-requests/${first.id}/status`;
      expect((await ctx.request({ method: 'PATCH', url, payload: { status: 'completed' } })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'PATCH', url, token: driver.token, payload: { status: 'completed' } })).statusCode).toBe(403);
      const list = await ctx.request({ method: 'GET', url: '/api/pickup-requests', token: ctx.adminToken });
      expect(list.json().find((r: { id: string }) => r.id === first.id).status).toBe('confirmed');
    });
  });
});
