import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, describeApi, setupApp, type TestContext } from '../helper.ts';

describeApi('auth', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp();
  });
  afterAll(async () => ctx?.close());

  it('signs an admin in with a token and an HttpOnly SameSite cookie, never a hash', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({ id: expect.any(String), email: ADMIN_EMAIL });
    expect(res.body).not.toMatch(/scrypt|password/i);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers the spec messages for a bad email and a short password', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'nope', password: '123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
    expect(res.json().message).toBe('Invalid email address');
  });

  it('refuses a wrong password with 401 {message}', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: 'wrong-password' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('GET /api/auth/me answers the user for a bearer token or the cookie, 401 without', async () => {
    const bearer = await ctx.request({ method: 'GET', url: '/api/auth/me', token: ctx.adminToken });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json().user.email).toBe(ADMIN_EMAIL);
    const cookie = await ctx.request({ method: 'GET', url: '/api/auth/me', cookies: { session: ctx.adminToken } });
    expect(cookie.statusCode).toBe(200);
    const anon = await ctx.request({ method: 'GET', url: '/api/auth/me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Authentication required' });
    const bogus = await ctx.request({ method: 'GET', url: '/api/auth/me', token: 'not-a-real-token' });
    expect(bogus.statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const login = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const token = login.json().token;
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });

  it('refuses a text/plain body (cross-site forgery) with 415', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('limits failed sign-ins: the 11th attempt in 15 minutes is 429 with Retry-After', async () => {
    const email = 'victim@test.example';
    for (let i = 0; i < 10; i++) {
      const res = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: `wrong-${i}-pass` }, remoteAddress: `10.9.0.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'whatever1' }, remoteAddress: '10.9.1.1' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});
