import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDriver, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, unique, type TestContext } from '../helper.ts';

/** A phone no other test of the run uses. */
const freshPhone = () => `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describeApi('drivers', () => {
  let ctx: TestContext;
  let driverA: DriverFixture;
  let driverB: DriverFixture;
  beforeAll(async () => {
    ctx = await setupApp();
    [driverA, driverB] = await Promise.all([makeDriver(ctx), makeDriver(ctx)]);
  });
  afterAll(async () => ctx?.close());

  describe('POST /api/drivers', () => {
    it('creates a driver with a normalised phone, a default vehicle and a generated PIN shown once', async () => {
      const digits = freshPhone();
      const phone = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
      const res = await ctx.request({ method: 'POST', url: '/api/drivers', token: ctx.adminToken, payload: { name: 'Sam Carter', phone, email: 'SAM@Example.com' } });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        name: 'Sam Carter',
        phone: digits,
        email: 'sam@example.com',
        vehicleId: `TRUCK-${digits.slice(-4)}`,
        isActive: true,
        isOnline: false,
        currentLat: null,
        lastLocationUpdate: null,
      });
      expect(body.pin).toMatch(/^\d{6}$/);
      expect(res.body).not.toMatch(/scrypt|pinHash/);
      const row = await ctx.app.db.selectFrom('drivers').select('pinHash').where('id', '=', body.id).executeTakeFirstOrThrow();
      expect(row.pinHash).toMatch(/^scrypt\$/);
      expect(row.pinHash).not.toContain(body.pin);
      // The PIN is never readable again.
      const list = await ctx.request({ method: 'GET', url: '/api/drivers', token: ctx.adminToken });
      expect(list.body).not.toContain(body.pin);
    });

    it('keeps a given PIN and vehicle and answers the PIN', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/drivers',
        token: ctx.adminToken,
        payload: { name: 'Given Pin', phone: freshPhone(), pin: '123456', vehicleId: 'VAN-7' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ pin: '123456', vehicleId: 'VAN-7', email: null });
    });

    it('answers the spec messages for a missing name and phone, a bad email and a bad PIN', async () => {
      const res = await ctx.request({ method: 'POST', url: '/api/drivers', token: ctx.adminToken, payload: { name: ' ', email: 'nope', pin: '12' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual(
        expect.arrayContaining([
          { path: 'name', message: 'Driver name is required' },
          { path: 'phone', message: 'Driver phone is required' },
          { path: 'email', message: 'Invalid email address' },
          { path: 'pin', message: 'PIN must be 6 digits' },
        ]),
      );
      const long = await ctx.request({
        method: 'POST',
        url: '/api/drivers',
        token: ctx.adminToken,
        payload: { name: 'x'.repeat(101), phone: '1'.repeat(21) },
      });
      expect(long.json().issues).toEqual([
        { path: 'name', message: 'Driver name too long' },
        { path: 'phone', message: 'Phone number too long' },
      ]);
    });

    it('refuses a phone already taken, however it is written, with 409', async () => {
      const formatted = `${driverA.phone.slice(0, 3)}-${driverA.phone.slice(3, 6)}-${driverA.phone.slice(6)}`;
      const res = await ctx.request({ method: 'POST', url: '/api/drivers', token: ctx.adminToken, payload: { name: 'Dup', phone: formatted } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'A driver with this phone number already exists' });
    });

    it('is admin only', async () => {
      const payload = { name: 'Nobody', phone: freshPhone() };
      expect((await ctx.request({ method: 'POST', url: '/api/drivers', payload })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'POST', url: '/api/drivers', payload, token: driverA.token })).statusCode).toBe(403);
    });
  });

  describe('POST /api/drivers/session', () => {
    it('signs a driver in with phone (any format) and PIN', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/drivers/session',
        payload: { phone: `(${driverA.phone.slice(0, 3)}) ${driverA.phone.slice(3, 6)}-${driverA.phone.slice(6)}`, pin: driverA.pin },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.driver).toMatchObject({ id: driverA.id, phone: driverA.phone });
      expect(body.driver.pin).toBeUndefined();
      expect(res.body).not.toMatch(/scrypt|pinHash/);
    });

    it('answers 401 for a wrong PIN and for an unknown phone, the same message', async () => {
      const wrongPin = driverA.pin === '000000' ? '111111' : '000000';
      const wrong = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driverA.phone, pin: wrongPin }, remoteAddress: '10.1.0.1' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Invalid phone number or PIN' });
      const unknown = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: freshPhone(), pin: '123456' }, remoteAddress: '10.1.0.2' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ message: 'Invalid phone number or PIN' });
    });

    it('answers the spec messages for a missing phone and a malformed PIN', async () => {
      const res = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { pin: 'abc' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        { path: 'phone', message: 'Driver phone is required' },
        { path: 'pin', message: 'PIN must be 6 digits' },
      ]);
    });

    it('limits failed PINs: the 11th attempt for one phone in 15 minutes is 429 with Retry-After', async () => {
      const victim = await ctx.request({ method: 'POST', url: '/api/drivers', token: ctx.adminToken, payload: { name: 'Victim', phone: freshPhone(), pin: '999999' } });
      const phone = victim.json().phone as string;
      for (let i = 0; i < 10; i++) {
        const res = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone, pin: `00000${i}` }, remoteAddress: `10.2.0.${i + 1}` });
        expect(res.statusCode).toBe(401);
      }
      // Even the right PIN is refused while the phone is blocked.
      const blocked = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone, pin: '999999' }, remoteAddress: '10.2.1.1' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }, 60_000);

    it('limits failed PINs per IP across phones', async () => {
      for (let i = 0; i < 10; i++) {
        const res = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: freshPhone(), pin: '123456' }, remoteAddress: '10.3.0.1' });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driverB.phone, pin: driverB.pin }, remoteAddress: '10.3.0.1' });
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driverB.phone, pin: driverB.pin }, remoteAddress: '10.3.0.2' });
      expect(elsewhere.statusCode).toBe(200);
    }, 60_000);
  });
});
