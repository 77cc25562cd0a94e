import { formatPhone, MSG, type Driver } from '@cargo/shared';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDriver, makePackage, type DriverFixture } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

/** A stored (E.164) US phone's ten digits. */
const national = (stored: string) => stored.replace(/^\+1/, '');
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
        phone: `+1${digits}`,
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
      const noDigits = await ctx.request({ method: 'POST', url: '/api/drivers', token: ctx.adminToken, payload: { name: 'No Digits', phone: '(---)' } });
      expect(noDigits.statusCode).toBe(400);
      expect(noDigits.json().issues).toEqual([{ path: 'phone', message: MSG.phoneInvalid }]);
      // Text that is no phone number is refused with the phone rule's message (issue 31).
      const words = await ctx.request({ method: 'POST', url: '/api/drivers', token: ctx.adminToken, payload: { name: 'Words', phone: 'call me' } });
      expect(words.statusCode).toBe(400);
      expect(words.json().issues).toEqual([{ path: 'phone', message: MSG.phoneInvalid }]);
    });

    it('refuses a phone already taken, however it is written, with 409', async () => {
      const d = national(driverA.phone);
      const formatted = `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
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
        payload: { phone: formatPhone(driverA.phone), pin: driverA.pin },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.driver).toMatchObject({ id: driverA.id, phone: driverA.phone });
      expect(body.driver.pin).toBeUndefined();
      expect(res.body).not.toMatch(/scrypt|pinHash/);
      const me = await ctx.request({ method: 'GET', url: '/api/drivers/me', token: body.token });
      expect(me.json().id).toBe(driverA.id);
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
  describe('POST /api/drivers/register', () => {
    it("creates the portal's account for an unknown phone, signed in", async () => {
      const digits = freshPhone();
      const res = await ctx.request({ method: 'POST', url: '/api/drivers/register', payload: { phone: `+1 ${digits}`, pin: '246810' } });
      expect(res.statusCode, res.body).toBe(201);
      const { token, driver } = res.json();
      expect(driver).toMatchObject({ name: `Driver (+1${digits})`, phone: `+1${digits}`, email: null, vehicleId: `TRUCK-${digits.slice(-4)}`, isActive: true });
      expect(res.body).not.toMatch(/scrypt|pinHash|"pin"/);
      const me = await ctx.request({ method: 'GET', url: '/api/drivers/me', token });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(driver.id);
      const again = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: `+1${digits}`, pin: '246810' } });
      expect(again.statusCode).toBe(200);
    });

    it('keeps a given name', async () => {
      const res = await ctx.request({ method: 'POST', url: '/api/drivers/register', payload: { phone: freshPhone(), pin: '135790', name: 'Rita Moreno' } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().driver.name).toBe('Rita Moreno');
    });

    it('refuses a phone that exists with 409, and bad input with 400', async () => {
      const taken = await ctx.request({ method: 'POST', url: '/api/drivers/register', payload: { phone: driverA.phone, pin: '123456' } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: 'A driver with this phone number already exists' });
      const bad = await ctx.request({ method: 'POST', url: '/api/drivers/register', payload: { phone: '', pin: '12345' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([
        { path: 'phone', message: 'Driver phone is required' },
        { path: 'pin', message: 'PIN must be 6 digits' },
      ]);
    });
  });

  describe('GET /api/drivers/me', () => {
    it('answers the signed-in driver; 401 anonymous; 403 for an admin, who is no driver', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/drivers/me', token: driverB.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: driverB.id, name: driverB.name, phone: driverB.phone });
      expect(res.body).not.toMatch(/pin/i);
      expect((await ctx.request({ method: 'GET', url: '/api/drivers/me' })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'GET', url: '/api/drivers/me', token: ctx.adminToken })).statusCode).toBe(403);
    });
  });

  describe('GET /api/drivers/phone/:phone', () => {
    const encoded = (phone: string) => encodeURIComponent(formatPhone(phone));

    it('answers a driver its own record by URL-encoded phone, and an admin any', async () => {
      const own = await ctx.request({ method: 'GET', url: `/api/drivers/phone/${encoded(driverA.phone)}`, token: driverA.token });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().id).toBe(driverA.id);
      const admin = await ctx.request({ method: 'GET', url: `/api/drivers/phone/${encoded(driverB.phone)}`, token: ctx.adminToken });
      expect(admin.json().id).toBe(driverB.id);
    });

    it("refuses driver B driver A's phone (403), anonymous (401); 404 unknown for an admin", async () => {
      expect((await ctx.request({ method: 'GET', url: `/api/drivers/phone/${driverA.phone}`, token: driverB.token })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: `/api/drivers/phone/${driverA.phone}` })).statusCode).toBe(401);
      const unknown = await ctx.request({ method: 'GET', url: `/api/drivers/phone/${freshPhone()}`, token: ctx.adminToken });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Driver not found' });
    });
  });

  describe('GET /api/drivers', () => {
    it('lists every driver newest first, without PIN hashes; admin only', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/drivers', token: ctx.adminToken });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Driver[];
      expect(list.map((d) => d.id)).toEqual(expect.arrayContaining([driverA.id, driverB.id]));
      const times = list.map((d) => d.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(res.body).not.toMatch(/scrypt|pinHash/);
      expect((await ctx.request({ method: 'GET', url: '/api/drivers' })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'GET', url: '/api/drivers', token: driverA.token })).statusCode).toBe(403);
    });
  });

  describe('PUT /api/drivers/:id and POST /api/drivers/:id/pin', () => {
    let driverC: DriverFixture;
    beforeAll(async () => {
      driverC = await makeDriver(ctx);
    });

    it('edits name, phone, email and vehicle; absent fields stay', async () => {
      const phone = freshPhone();
      const res = await ctx.request({
        method: 'PUT',
        url: `/api/drivers/${driverC.id}`,
        token: ctx.adminToken,
        payload: { name: 'Carla Renamed', phone: `${phone.slice(0, 3)}.${phone.slice(3)}`, email: 'carla@example.com', vehicleId: 'VAN-9' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: driverC.id, name: 'Carla Renamed', phone: `+1${phone}`, email: 'carla@example.com', vehicleId: 'VAN-9', isActive: true });
      driverC.phone = `+1${phone}`;
      const partial = await ctx.request({ method: 'PUT', url: `/api/drivers/${driverC.id}`, token: ctx.adminToken, payload: { email: null } });
      expect(partial.json()).toMatchObject({ name: 'Carla Renamed', phone: `+1${phone}`, email: null, vehicleId: 'VAN-9' });
      const stored = await ctx.request({ method: 'GET', url: `/api/drivers/phone/${phone}`, token: ctx.adminToken });
      expect(stored.json().name).toBe('Carla Renamed');
    });

    it('refuses a phone taken by another driver (409), bad fields (400), an unknown driver (404), non-admins', async () => {
      const taken = await ctx.request({ method: 'PUT', url: `/api/drivers/${driverC.id}`, token: ctx.adminToken, payload: { phone: driverA.phone } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: 'A driver with this phone number already exists' });
      const bad = await ctx.request({ method: 'PUT', url: `/api/drivers/${driverC.id}`, token: ctx.adminToken, payload: { name: '', email: 'x' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([
        { path: 'name', message: 'Driver name is required' },
        { path: 'email', message: 'Invalid email address' },
      ]);
      const unknown = await ctx.request({ method: 'PUT', url: '/api/drivers/no-such-driver', token: ctx.adminToken, payload: { name: 'X' } });
      expect(unknown.statusCode).toBe(404);
      expect((await ctx.request({ method: 'PUT', url: `/api/drivers/${driverC.id}`, payload: { name: 'X' } })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'PUT', url: `/api/drivers/${driverC.id}`, token: driverC.token, payload: { name: 'X' } })).statusCode).toBe(403);
    });

    it('deactivating ends the sessions and stops sign-in; reactivating allows it again', async () => {
      const off = await ctx.request({ method: 'PUT', url: `/api/drivers/${driverC.id}`, token: ctx.adminToken, payload: { isActive: false } });
      expect(off.statusCode).toBe(200);
      expect(off.json().isActive).toBe(false);
      expect((await ctx.request({ method: 'GET', url: '/api/drivers/me', token: driverC.token })).statusCode).toBe(401);
      const signIn = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driverC.phone, pin: driverC.pin }, remoteAddress: '10.4.0.1' });
      expect(signIn.statusCode).toBe(401);
      await ctx.request({ method: 'PUT', url: `/api/drivers/${driverC.id}`, token: ctx.adminToken, payload: { isActive: true } });
      const back = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driverC.phone, pin: driverC.pin }, remoteAddress: '10.4.0.1' });
      expect(back.statusCode, back.body).toBe(200);
      driverC.token = back.json().token;
    });

    it('a new PIN is answered once, the old PIN and sessions stop working', async () => {
      const res = await ctx.request({ method: 'POST', url: `/api/drivers/${driverC.id}/pin`, token: ctx.adminToken });
      expect(res.statusCode, res.body).toBe(200);
      const { pin } = res.json();
      expect(pin).toMatch(/^\d{6}$/);
      expect((await ctx.request({ method: 'GET', url: '/api/drivers/me', token: driverC.token })).statusCode).toBe(401);
      if (pin !== driverC.pin) {
        const old = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driverC.phone, pin: driverC.pin }, remoteAddress: '10.4.0.2' });
        expect(old.statusCode).toBe(401);
      }
      const fresh = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driverC.phone, pin }, remoteAddress: '10.4.0.2' });
      expect(fresh.statusCode).toBe(200);
      const given = await ctx.request({ method: 'POST', url: `/api/drivers/${driverC.id}/pin`, token: ctx.adminToken, payload: { pin: '424242' } });
      expect(given.json()).toEqual({ pin: '424242' });
      const withGiven = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driverC.phone, pin: '424242' }, remoteAddress: '10.4.0.2' });
      expect(withGiven.statusCode).toBe(200);
    });

    it('refuses a malformed PIN (400), an unknown driver (404) and non-admins', async () => {
      const bad = await ctx.request({ method: 'POST', url: `/api/drivers/${driverC.id}/pin`, token: ctx.adminToken, payload: { pin: '12ab' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('PIN must be 6 digits');
      expect((await ctx.request({ method: 'POST', url: '/api/drivers/nope/pin', token: ctx.adminToken, payload: {} })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'POST', url: `/api/drivers/${driverC.id}/pin`, payload: {} })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'POST', url: `/api/drivers/${driverA.id}/pin`, token: driverA.token, payload: {} })).statusCode).toBe(403);
    });
  });

  describe('packages and route of a driver', () => {
    let first: Awaited<ReturnType<typeof makePackage>>;
    let second: Awaited<ReturnType<typeof makePackage>>;
    let delivered: Awaited<ReturnType<typeof makePackage>>;
    beforeAll(async () => {
      first = await makePackage(ctx, { status: 'in_transit', pickupLat: 41.8786, pickupLng: -87.6359, deliveryLat: 43.04, deliveryLng: -87.9 }, driverA);
      second = await makePackage(ctx, { status: 'processing' }, driverA);
      delivered = await makePackage(ctx, { status: 'delivered' }, driverA);
      await makePackage(ctx, { status: 'in_transit' }, driverB);
      await makePackage(ctx, {});
    });

    it('GET /api/drivers/:id/packages answers the driver its own packages, newest first, full fields', async () => {
      const res = await ctx.request({ method: 'GET', url: `/api/drivers/${driverA.id}/packages`, token: driverA.token });
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as Array<Record<string, unknown>>;
      expect(list.map((p) => p.id)).toEqual([delivered.id, second.id, first.id]);
      expect(list[2]).toMatchObject({
        trackingNumber: first.trackingNumber,
        status: 'in_transit',
        customerName: 'Olivia Martin',
        customerPhone: '+13125550142',
        driverId: driverA.id,
        deliveryLat: 43.04,
      });
      expect(list[0]).not.toHaveProperty('proximityState');
      const admin = await ctx.request({ method: 'GET', url: `/api/drivers/${driverA.id}/packages`, token: ctx.adminToken });
      expect(admin.json()).toHaveLength(3);
    });

    it('GET /api/drivers/:id/packages: 403 for driver B, 401 anonymous, 404 unknown for an admin, [] with none', async () => {
      expect((await ctx.request({ method: 'GET', url: `/api/drivers/${driverA.id}/packages`, token: driverB.token })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: `/api/drivers/${driverA.id}/packages` })).statusCode).toBe(401);
      const unknown = await ctx.request({ method: 'GET', url: '/api/drivers/nope/packages', token: ctx.adminToken });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Driver not found' });
    });

    it('GET /api/drivers/:id/route answers the position and the unfinished stops', async () => {
      const res = await ctx.request({ method: 'GET', url: `/api/drivers/${driverA.id}/route`, token: ctx.adminToken });
      expect(res.statusCode, res.body).toBe(200);
      const route = res.json();
      expect(route.driver).toEqual({
        id: driverA.id,
        name: driverA.name,
        phone: driverA.phone,
        vehicleId: expect.any(String),
        currentLat: null,
        currentLng: null,
        lastLocationUpdate: null,
      });
      expect(route.stops.map((s: { packageId: string }) => s.packageId).sort()).toEqual([first.id, second.id].sort());
      const stop = route.stops.find((s: { packageId: string }) => s.packageId === first.id);
      expect(stop).toEqual({
        packageId: first.id,
        trackingNumber: first.trackingNumber,
        status: 'in_transit',
        customerName: 'Olivia Martin',
        pickup: { address: '233 S Wacker Dr, Chicago, IL 60606', lat: 41.8786, lng: -87.6359 },
        delivery: { address: '700 N Art Museum Dr, Milwaukee, WI 53202', lat: 43.04, lng: -87.9 },
      });
    });

    it('GET /api/drivers/:id/route is admin only; 404 unknown', async () => {
      expect((await ctx.request({ method: 'GET', url: `/api/drivers/${driverA.id}/route`, token: driverA.token })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: `/api/drivers/${driverA.id}/route` })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'GET', url: '/api/drivers/nope/route', token: ctx.adminToken })).statusCode).toBe(404);
    });
  });

  describe('POST /api/drivers/:id/location', () => {
    it('stores the position and shows the driver online', async () => {
      const res = await ctx.request({ method: 'POST', url: `/api/drivers/${driverB.id}/location`, token: driverB.token, payload: { lat: 41.88, lng: -87.63, driverId: driverB.id } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.driver).toMatchObject({ id: driverB.id, currentLat: 41.88, currentLng: -87.63, isOnline: true });
      expect(Date.now() - Date.parse(body.driver.lastLocationUpdate)).toBeLessThan(60_000);
      const me = await ctx.request({ method: 'GET', url: '/api/drivers/me', token: driverB.token });
      expect(me.json()).toMatchObject({ currentLat: 41.88, currentLng: -87.63, isOnline: true });
      const route = await ctx.request({ method: 'GET', url: `/api/drivers/${driverB.id}/route`, token: ctx.adminToken });
      expect(route.json().driver).toMatchObject({ currentLat: 41.88, currentLng: -87.63 });
      const admin = await ctx.request({ method: 'POST', url: `/api/drivers/${driverB.id}/location`, token: ctx.adminToken, payload: { lat: '41.9', lng: '-87.7' } });
      expect(admin.json().driver).toMatchObject({ currentLat: 41.9, currentLng: -87.7 });
    });

    it('shows a driver offline once its last position is over 5 minutes old', async () => {
      const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString();
      await ctx.app.db.updateTable('drivers').set({ lastLocationUpdate: sixMinutesAgo, isOnline: 1 }).where('id', '=', driverB.id).execute();
      const me = await ctx.request({ method: 'GET', url: '/api/drivers/me', token: driverB.token });
      expect(me.json()).toMatchObject({ isOnline: false, lastLocationUpdate: sixMinutesAgo });
      const list = await ctx.request({ method: 'GET', url: '/api/drivers', token: ctx.adminToken });
      expect(list.json().find((d: { id: string }) => d.id === driverB.id).isOnline).toBe(false);
    });

    it('answers the spec messages for bad coordinates, 422 for (0, 0) or a vague fix, 400 for another driverId', async () => {
      const bad = await ctx.request({ method: 'POST', url: `/api/drivers/${driverB.id}/location`, token: driverB.token, payload: { lat: 91, lng: 'x' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([
        { path: 'lat', message: 'Invalid latitude' },
        { path: 'lng', message: 'Invalid longitude' },
      ]);
      const empty = await ctx.request({ method: 'POST', url: `/api/drivers/${driverB.id}/location`, token: driverB.token, payload: { lat: 1, lng: 2, driverId: '' } });
      expect(empty.json().issues).toEqual([{ path: 'driverId', message: 'Driver ID is required' }]);
      const zero = await ctx.request({ method: 'POST', url: `/api/drivers/${driverB.id}/location`, token: driverB.token, payload: { lat: 0, lng: 0 } });
      expect(zero.statusCode).toBe(422);
      const vague = await ctx.request({ method: 'POST', url: `/api/drivers/${driverB.id}/location`, token: driverB.token, payload: { lat: 1, lng: 2, accuracy: 5000 } });
      expect(vague.statusCode).toBe(422);
      const other = await ctx.request({ method: 'POST', url: `/api/drivers/${driverB.id}/location`, token: driverB.token, payload: { lat: 1, lng: 2, driverId: driverA.id } });
      expect(other.statusCode).toBe(400);
    });

    it("refuses driver B driver A's location (403), anonymous (401); 404 unknown for an admin", async () => {
      const payload = { lat: 41.88, lng: -87.63 };
      expect((await ctx.request({ method: 'POST', url: `/api/drivers/${driverA.id}/location`, token: driverB.token, payload })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'POST', url: `/api/drivers/${driverA.id}/location`, payload })).statusCode).toBe(401);
      expect((await ctx.request({ method: 'POST', url: '/api/drivers/nope/location', token: ctx.adminToken, payload })).statusCode).toBe(404);
      const a = await ctx.request({ method: 'GET', url: '/api/drivers/me', token: driverA.token });
      expect(a.json().currentLat).toBeNull();
    });
  });

  describe('maps links', () => {
    it('POST /api/drivers/:id/location-from-link sets the position and the link', async () => {
      const link = 'https://www.google.com/maps/place/Willis+Tower/@41.87,-87.63,17z/data=!3m1!4b1!4m6!3m5!8m2!3d41.8788761!4d-87.6359015';
      const res = await ctx.request({ method: 'POST', url: `/api/drivers/${driverA.id}/location-from-link`, token: ctx.adminToken, payload: { googleMapsLink: link } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, location: { lat: 41.8788761, lng: -87.6359015 } });
      const driver = await ctx.request({ method: 'GET', url: '/api/drivers/me', token: driverA.token });
      expect(driver.json()).toMatchObject({ currentLat: 41.8788761, currentLng: -87.6359015, realLocationLink: link });
    });

    it('location-from-link: 400 for a non-URL, 422 without coordinates, 404 unknown, admin only', async () => {
      const url = `/api/drivers/${driverA.id}/location-from-link`;
      const notUrl = await ctx.request({ method: 'POST', url, token: ctx.adminToken, payload: { googleMapsLink: 'somewhere near Chicago' } });
      expect(notUrl.statusCode).toBe(400);
      expect(notUrl.json().message).toBe('Invalid Google Maps link');
      const missing = await ctx.request({ method: 'POST', url, token: ctx.adminToken, payload: {} });
      expect(missing.json().message).toBe('Invalid Google Maps link');
      const none = await ctx.request({ method: 'POST', url, token: ctx.adminToken, payload: { googleMapsLink: 'https://www.google.com/maps/place/Chicago' } });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toEqual({ message: 'Could not find coordinates in this link' });
      // Short links are followed only to Google Maps hosts: maps-links.test.ts, against a loopback fake.
      const unknown = await ctx.request({ method: 'POST', url: '/api/drivers/nope/location-from-link', token: ctx.adminToken, payload: { googleMapsLink: 'https://maps.google.com/?q=1,2' } });
      expect(unknown.statusCode).toBe(404);
      expect((await ctx.request({ method: 'POST', url, token: driverA.token, payload: { googleMapsLink: 'https://maps.google.com/?q=1,2' } })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'POST', url, payload: { googleMapsLink: 'https://maps.google.com/?q=1,2' } })).statusCode).toBe(401);
    });

    it('POST /api/parse-maps-link answers {lat, lng} or 422', async () => {
      const ok = await ctx.request({ method: 'POST', url: '/api/parse-maps-link', token: ctx.adminToken, payload: { link: 'https://maps.google.com/?q=34.0522,-118.2437' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ lat: 34.0522, lng: -118.2437 });
      const none = await ctx.request({ method: 'POST', url: '/api/parse-maps-link', token: ctx.adminToken, payload: { link: 'https://maps.google.com/?q=Chicago' } });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toEqual({ message: 'Could not find coordinates in this link' });
      const empty = await ctx.request({ method: 'POST', url: '/api/parse-maps-link', token: ctx.adminToken, payload: { link: ' ' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Link is required');
      expect((await ctx.request({ method: 'POST', url: '/api/parse-maps-link', token: driverA.token, payload: { link: 'x' } })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'POST', url: '/api/parse-maps-link', payload: { link: 'x' } })).statusCode).toBe(401);
    });
  });

  describe('POST /api/tracking/sms-setup without a gateway', () => {
    it('answers 503, never a pretend success; validates first; admin only', async () => {
      const payload = { driverPhone: driverA.phone, trackingLink: 'https://cargo.example/driver-track/TST1' };
      const res = await ctx.request({ method: 'POST', url: '/api/tracking/sms-setup', token: ctx.adminToken, payload });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'No SMS gateway is configured' });
      const bad = await ctx.request({ method: 'POST', url: '/api/tracking/sms-setup', token: ctx.adminToken, payload: { driverPhone: '', trackingLink: 'nope' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([
        { path: 'driverPhone', message: 'Phone Required' },
        { path: 'trackingLink', message: 'Invalid tracking link' },
      ]);
      expect((await ctx.request({ method: 'POST', url: '/api/tracking/sms-setup', token: driverA.token, payload })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'POST', url: '/api/tracking/sms-setup', payload })).statusCode).toBe(401);
    });
  });
});

describeApi('drivers: SMS through a configured gateway', () => {
  let ctx: TestContext;
  let gateway: Server;
  const received: Array<{ path: string; contentType: string | undefined; body: unknown }> = [];
  /** How the stand-in gateway answers the next message. */
  let mode: 'accept' | 'refuse' | 'drop' = 'accept';
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    // A real HTTP server standing in for the SMS provider: the only fake, at the external boundary.
    gateway = createServer(async (req, res) => {
      const body = await readBody(req);
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: JSON.parse(body || 'null') });
      if (mode === 'drop') return req.socket.destroy();
      res.statusCode = mode === 'refuse' ? 500 : 202;
      res.end('{}');
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    ctx = await setupApp({ env: { SMS_GATEWAY_URL: `http://127.0.0.1:${port}/send` } });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  const send = (next: typeof mode) => {
    mode = next;
    return ctx.request({
      method: 'POST',
      url: '/api/tracking/sms-setup',
      token: ctx.adminToken,
      payload: { driverPhone: '(312) 555-0101', trackingLink: 'https://cargo.example/driver-track/TST42' },
    });
  };

  it('posts {to, message} with the link to the gateway and answers success on its 2xx', async () => {
    const res = await send('accept');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const last = received.at(-1)!;
    expect(last.path).toBe('/send');
    expect(last.contentType).toMatch(/application\/json/);
    expect(last.body).toEqual({ to: '+13125550101', message: expect.stringContaining('https://cargo.example/driver-track/TST42') });
  });

  it('answers 502 when the gateway refuses or drops the message', async () => {
    const refused = await send('refuse');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ message: 'The SMS gateway did not accept the message' });
    const dropped = await send('drop');
    expect(dropped.statusCode).toBe(502);
    expect(received).toHaveLength(3);
  });
});
