import { driverCreatedSchema, MSG, setPhoneCountry, type Package } from '@cargo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packageBody } from '../fixtures.ts';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

/**
 * Issue 31, defect 2 (decision 089): the default country of a phone typed without '+' is a setting,
 * DEFAULT_PHONE_COUNTRY. With 'GB' a national number is read as British and stored as E.164, an international one is
 * read as it is, a driver signs in with the national form, and the panel is told the country.
 */
describeApi('phones against DEFAULT_PHONE_COUNTRY=GB', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await setupApp({ env: { DEFAULT_PHONE_COUNTRY: 'gb' } });
  });
  afterAll(async () => {
    await ctx?.close();
    // The rule's country is process-wide; the next file's app sets its own, but leave the default behind.
    setPhoneCountry('US');
  });

  const create = (overrides: Record<string, unknown>) => ctx.request({ method: 'POST', url: '/api/packages', token: ctx.adminToken, payload: packageBody(overrides) });

  it('stores a national number of the default country as E.164, and an international one as it is', async () => {
    const british = await create({ customerPhone: '020 7946 0958' });
    expect(british.statusCode, british.body).toBe(201);
    expect((british.json() as Package).customerPhone).toBe('+442079460958');
    const american = await create({ customerPhone: '+1 (312) 555-0142' });
    expect(american.statusCode, american.body).toBe(201);
    expect((american.json() as Package).customerPhone).toBe('+13125550142');
  });

  it("reads any number without '+' in the default country: what is American in the US is British here; words are refused", async () => {
    const national = await create({ customerPhone: '(312) 555-0142' });
    expect(national.statusCode, national.body).toBe(201);
    expect((national.json() as Package).customerPhone).toBe('+443125550142');
    const words = await create({ customerPhone: 'call me' });
    expect(words.statusCode).toBe(400);
    expect(words.json().issues).toContainEqual({ path: 'customerPhone', message: MSG.phoneInvalid });
  });

  it('a driver made and signed in with a national number of the default country', async () => {
    const created = await ctx.request({ method: 'POST', url: '/api/drivers', token: ctx.adminToken, payload: { name: 'Harriet Jones', phone: '07700 900123', vehicleId: 'VAN-GB-1' } });
    expect(created.statusCode, created.body).toBe(201);
    const driver = driverCreatedSchema.parse(created.json());
    expect(driver.phone).toBe('+447700900123');
    const session = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: '07700 900123', pin: driver.pin! } });
    expect(session.statusCode, session.body).toBe(200);
  });

  it('tells the browser the country, so the forms read and show numbers as the server does', async () => {
    const site = await ctx.request({ method: 'GET', url: '/api/config/site' });
    expect(site.json()).toMatchObject({ phoneCountry: 'GB' });
  });
});
