// The data set each benchmark runs on, created through the server's real API: the admin signs in, creates drivers
// (each gets a PIN), creates packages assigned to them in transit or out for delivery with delivery coordinates, and
// each driver signs in with the PIN for a Bearer token.
import { ADMIN } from './servers.mjs';

/**
 * One JSON API call; throws on anything but the expected status.
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {string} [token]
 * @param {number} [expect]
 */
export async function api(base, method, path, body, token, expect) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (expect !== undefined ? res.status !== expect : res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Runs `fn` over `items`, `limit` at a time, keeping the order of the results. */
export async function inBatches(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Where the data set's packages are: picked up in Chicago, delivered in Milwaukee (about 130 km apart). */
const PICKUP = { lat: 41.8789, lng: -87.6359 };
const DELIVERY = { lat: 43.0401, lng: -87.897 };

/**
 * @typedef {{ id: string, name: string, phone: string, token: string }} Driver
 * @typedef {{ id: string, trackingNumber: string, driver: Driver, status: string, lat: number, lng: number, lastMs: number }} Pkg
 */

/** Signs the bench admin in. */
export async function adminToken(base) {
  return (await api(base, 'POST', '/api/auth/login', ADMIN)).token;
}

/**
 * Creates `count` drivers, each signed in (one Bearer token each).
 * @param {string} base
 * @param {string} admin the admin's token
 * @param {number} count
 * @param {string} tag keeps phone numbers apart between calls on one database
 * @returns {Promise<Driver[]>}
 */
export async function createDrivers(base, admin, count, tag = '0') {
  return inBatches(Array.from({ length: count }, (_, i) => i), 8, async (i) => {
    const phone = `555${tag}${String(i).padStart(6, '0')}`;
    const created = await api(base, 'POST', '/api/drivers', { name: `Bench Driver ${tag}-${i}`, phone, vehicleId: `BENCH-${tag}-${i}` }, admin, 201);
    const session = await api(base, 'POST', '/api/drivers/session', { phone: created.phone, pin: created.pin });
    return { id: created.id, name: created.name, phone: created.phone, token: session.token };
  });
}

/**
 * Creates `count` packages, the i-th assigned to drivers[i % drivers.length], alternately in transit and out for
 * delivery, each starting somewhere on the way from Chicago to Milwaukee.
 * @param {string} base
 * @param {string} admin
 * @param {number} count
 * @param {Driver[]} drivers
 * @param {string} prefix tracking number prefix (letters)
 * @returns {Promise<Pkg[]>}
 */
export async function createPackages(base, admin, count, drivers, prefix) {
  return inBatches(Array.from({ length: count }, (_, i) => i), 8, async (i) => {
    const driver = drivers[i % drivers.length];
    const status = i % 2 === 0 ? 'in_transit' : 'out_for_delivery';
    const body = {
      trackingNumber: `${prefix}${String(i).padStart(7, '0')}`,
      status,
      currentLocation: 'On the way',
      estimatedDelivery: 'Monday, January 5, 2026 - Wednesday, January 7, 2026',
      pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
      deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
      customerName: 'Bench Customer',
      customerPhone: '(312) 555-0142',
      weight: '1 lb',
      dimensions: '1 x 1 x 1 in',
      serviceType: 'Standard Delivery',
      driverId: driver.id,
      driver: driver.name,
      driverPhone: driver.phone,
      pickupLat: PICKUP.lat,
      pickupLng: PICKUP.lng,
      deliveryLat: DELIVERY.lat,
      deliveryLng: DELIVERY.lng,
    };
    const pkg = await api(base, 'POST', '/api/packages', body, admin, 201);
    // Spread along the first half of the way, so no package is near its delivery address (no proximity alerts).
    const f = (i % 100) / 200;
    return {
      id: pkg.id,
      trackingNumber: pkg.trackingNumber,
      driver,
      status,
      lat: PICKUP.lat + (DELIVERY.lat - PICKUP.lat) * f,
      lng: PICKUP.lng + (DELIVERY.lng - PICKUP.lng) * f,
      lastMs: 0,
    };
  });
}

/**
 * The next fix of a package: about 1 m north of its last one, with a device time after its last one and never ahead
 * of now by more than the ms counter forces (the server refuses a time over 5 minutes ahead of its own clock).
 * @param {Pkg} pkg
 * @param {number} [nowMs]
 */
export function nextFix(pkg, nowMs = Date.now()) {
  pkg.lat += 0.00001;
  pkg.lastMs = Math.max(nowMs, pkg.lastMs + 1);
  return { lat: Number(pkg.lat.toFixed(6)), lng: pkg.lng, accuracy: 8, speed: 12.5, heading: 0, timestamp: new Date(pkg.lastMs).toISOString() };
}
