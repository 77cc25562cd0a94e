import type { Package } from '@cargo/shared';
import { expect } from 'vitest';
import { unique, type TestContext } from './helper.ts';

export interface DriverFixture {
  id: string;
  name: string;
  phone: string;
  pin: string;
  token: string;
}

/** Creates a driver through the admin API and signs it in with its PIN. */
export async function makeDriver(ctx: TestContext, overrides: Record<string, unknown> = {}): Promise<DriverFixture> {
  const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await ctx.request({
    method: 'POST',
    url: '/api/drivers',
    token: ctx.adminToken,
    payload: { name: unique('Driver '), phone, vehicleId: unique('TRUCK-'), ...overrides },
  });
  expect(created.statusCode, created.body).toBe(201);
  const driver = created.json();
  const session = await ctx.request({ method: 'POST', url: '/api/drivers/session', payload: { phone: driver.phone, pin: driver.pin } });
  expect(session.statusCode, session.body).toBe(200);
  return { id: driver.id, name: driver.name, phone: driver.phone, pin: driver.pin, token: session.json().token };
}

/** A valid package body (US addresses with ZIPs, so the bundled geocoder finds them). */
export function packageBody(overrides: Record<string, unknown> = {}) {
  return {
    trackingNumber: unique('TST'),
    status: 'processing',
    currentLocation: 'Processing Center',
    estimatedDelivery: 'Monday, January 5, 2026 - Wednesday, January 7, 2026',
    pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
    deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
    customerName: 'Olivia Martin',
    customerPhone: '(312) 555-0142',
    weight: '12 lbs',
    dimensions: '12 x 10 x 8 in',
    itemDescription: 'Boxed kitchen appliances',
    serviceType: 'Standard Delivery',
    ...overrides,
  };
}

/** Creates a package through the admin API; pass a driver to assign it. */
export async function makePackage(ctx: TestContext, overrides: Record<string, unknown> = {}, driver?: DriverFixture) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/packages',
    token: ctx.adminToken,
    payload: packageBody({ ...(driver ? { driverId: driver.id, driver: driver.name, driverPhone: driver.phone } : {}), ...overrides }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Package;
}

/** Sets a date's shifts through the planning API (the list replaces what the date had); fails the test on refusal. */
export async function setShifts(ctx: TestContext, date: string, shifts: Record<string, unknown>[]): Promise<void> {
  const res = await ctx.request({ method: 'PUT', url: `/api/planning/${date}/shifts`, token: ctx.adminToken, payload: { shifts } });
  expect(res.statusCode, res.body).toBe(200);
}
