import { formatPhone, phoneToE164 } from '@cargo/shared';
import { DEMO_SETTING, type DemoDriveSetting } from '../demo/demo-drive-setting.ts';
import { DEMO_SPEED_MS, demoRoute, pointAlong } from '../demo/demo-route.ts';
import { hashSecret, newId, newToken, sha256 } from '../lib/crypto.ts';
import { isoFromMs } from '../lib/time.ts';
import type { Repositories } from '../repositories/index.ts';
import { driverRow } from '../repositories/drivers.ts';
import { locationRow } from '../repositories/packages.ts';

interface Place {
  street: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
}
const PLACES: Place[] = [
  { street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', lat: 41.8789, lng: -87.6359 },
  { street: '700 N Art Museum Dr', city: 'Milwaukee', state: 'WI', zip: '53202', lat: 43.04, lng: -87.8971 },
  { street: '1001 Avenida De Las Americas', city: 'Houston', state: 'TX', zip: '77010', lat: 29.7522, lng: -95.3586 },
  { street: '2500 Victory Ave', city: 'Dallas', state: 'TX', zip: '75219', lat: 32.7905, lng: -96.8103 },
  { street: '265 Park Ave W NW', city: 'Atlanta', state: 'GA', zip: '30313', lat: 33.7634, lng: -84.3951 },
  { street: '501 Broadway', city: 'Nashville', state: 'TN', zip: '37203', lat: 36.1606, lng: -86.7785 },
  { street: '201 E Jefferson St', city: 'Phoenix', state: 'AZ', zip: '85004', lat: 33.4457, lng: -112.0712 },
  { street: '1701 Bryant St', city: 'Denver', state: 'CO', zip: '80204', lat: 39.7439, lng: -105.0201 },
  { street: '400 Broad St', city: 'Seattle', state: 'WA', zip: '98109', lat: 47.6205, lng: -122.3493 },
  { street: '1 N Center Ct St', city: 'Portland', state: 'OR', zip: '97227', lat: 45.5316, lng: -122.6668 },
  { street: '601 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132', lat: 25.7814, lng: -80.187 },
  { street: '400 W Church St', city: 'Orlando', state: 'FL', zip: '32801', lat: 28.5392, lng: -81.3839 },
  { street: '20 W 34th St', city: 'New York', state: 'NY', zip: '10001', lat: 40.7484, lng: -73.9857 },
  { street: '1 Citizens Bank Way', city: 'Philadelphia', state: 'PA', zip: '19148', lat: 39.9061, lng: -75.1665 },
  { street: '1111 S Figueroa St', city: 'Los Angeles', state: 'CA', zip: '90015', lat: 34.043, lng: -118.2673 },
  { street: '100 Park Blvd', city: 'San Diego', state: 'CA', zip: '92101', lat: 32.7073, lng: -117.1566 },
  { street: '4 Yawkey Way', city: 'Boston', state: 'MA', zip: '02215', lat: 42.3467, lng: -71.0972 },
  { street: '1 Twins Way', city: 'Minneapolis', state: 'MN', zip: '55403', lat: 44.9817, lng: -93.2776 },
];
const address = (p: Place) => `${p.street}, ${p.city}, ${p.state} ${p.zip}`;

const DRIVERS = [
  { name: 'Marcus Johnson', phone: '+15550101001', vehicleId: 'TRUCK-1001', email: 'marcus@example.com' },
  { name: 'Elena Rodriguez', phone: '+15550101002', vehicleId: 'TRUCK-1002', email: 'elena@example.com' },
  { name: 'David Chen', phone: '+15550101003', vehicleId: 'VAN-2003', email: null },
  { name: 'Aisha Williams', phone: '+15550101004', vehicleId: 'VAN-2004', email: 'aisha@example.com' },
];
/** The name of the simulated trackers the demo drive sends its fixes as. */
export const DEMO_TRACKER_NAME = 'Demo tracker (simulated)';
const DEMO_PINS = ['246810', '135791', '112358', '314159'];

const CUSTOMERS = [
  ['Olivia Martin', '(312) 555-0142'],
  ['Noah Thompson', '(414) 555-0178'],
  ['Emma Garcia', '(713) 555-0110'],
  ['Liam Patel', '(214) 555-0199'],
  ['Sophia Nguyen', '(404) 555-0123'],
  ['James Wilson', '(615) 555-0167'],
  ['Mia Anderson', '(602) 555-0134'],
  ['Benjamin Lee', '(303) 555-0181'],
  ['Charlotte Brown', '(206) 555-0156'],
  ['Lucas Davis', '(503) 555-0149'],
] as const;
const ITEMS = [
  ['Household furniture: sofa and two armchairs', '180 lbs', '84 x 38 x 34 in'],
  ['Boxed kitchen appliances (3 boxes)', '65 lbs', '24 x 24 x 36 in'],
  ['Office documents, sealed archive boxes', '40 lbs', '18 x 12 x 10 in'],
  ['Queen bed frame and mattress', '120 lbs', '80 x 60 x 12 in'],
  ['Electronics: 55-inch television', '45 lbs', '55 x 34 x 6 in'],
  ['Bicycle, partially disassembled', '30 lbs', '54 x 8 x 30 in'],
  ['Dining table with six chairs', '150 lbs', '72 x 40 x 30 in'],
] as const;
const SERVICES = ['Standard Delivery', 'Express Delivery', 'Overnight Delivery', 'Same Day Delivery'];

// status, pickup index, delivery index, driver index (or null), days ago created. The out-for-delivery packages are
// the only live packages of their drivers (David Chen, Aisha Williams): the demo drive moves them (demo/demo-drive.ts).
const PLAN: Array<[string, number, number, number | null, number]> = [
  ['processing', 0, 1, null, 0],
  ['processing', 2, 3, 0, 1],
  ['pending', 4, 5, null, 0],
  ['picked_up', 6, 7, 1, 1],
  ['in_transit', 0, 17, 0, 2],
  ['in_transit', 2, 3, 1, 2],
  ['in_transit', 8, 9, 1, 3],
  ['out_for_delivery', 12, 13, 3, 3],
  ['out_for_delivery', 14, 15, 2, 2],
  ['delivered', 0, 1, 0, 6],
  ['delivered', 4, 5, 1, 8],
  ['delivered', 10, 11, 3, 5],
  ['delivered', 12, 16, 3, 9],
  ['delivered', 14, 15, 2, 4],
  ['delivered', 6, 7, 1, 12],
  ['exception', 8, 9, 2, 4],
  ['returned', 16, 12, 3, 10],
  ['cancelled', 3, 2, null, 7],
  ['in_transit', 10, 11, 0, 1],
  ['processing', 13, 12, null, 0],
];

const HISTORY: Record<string, Array<[string, string]>> = {
  processing: [['Processing', 'Order received and being prepared at the processing facility']],
  pending: [['Pending', 'Awaiting pickup confirmation']],
  picked_up: [
    ['Processing', 'Order received and being prepared at the processing facility'],
    ['Picked Up', 'Package picked up by driver'],
  ],
  in_transit: [
    ['Processing', 'Order received and being prepared at the processing facility'],
    ['Picked Up', 'Package picked up by driver'],
    ['In Transit', 'Package is in transit to the destination facility'],
  ],
  out_for_delivery: [
    ['Processing', 'Order received and being prepared at the processing facility'],
    ['Picked Up', 'Package picked up by driver'],
    ['In Transit', 'Package is in transit to the destination facility'],
    ['Out for Delivery', 'Package is out for delivery with the driver'],
  ],
  delivered: [
    ['Processing', 'Order received and being prepared at the processing facility'],
    ['Picked Up', 'Package picked up by driver'],
    ['In Transit', 'Package is in transit to the destination facility'],
    ['Out for Delivery', 'Package is out for delivery with the driver'],
    ['Delivered', 'Package delivered and signed for'],
  ],
  exception: [
    ['Processing', 'Order received and being prepared at the processing facility'],
    ['In Transit', 'Package is in transit to the destination facility'],
    ['Exception', 'Delivery attempt failed: recipient not available'],
  ],
  returned: [
    ['Processing', 'Order received and being prepared at the processing facility'],
    ['In Transit', 'Package is in transit to the destination facility'],
    ['Returned', 'Returned to sender at the return center'],
  ],
  cancelled: [
    ['Processing', 'Order received and being prepared at the processing facility'],
    ['Cancelled', 'Order cancelled at the customer\u2019s request'],
  ],
};

/** Where each step of the history happened, so a timeline follows the package from pickup to door. */
const STEP_LOCATION: Record<string, (pickup: Place, delivery: Place) => string> = {
  'In Transit': (p) => `${p.city} Sort Facility, ${p.state}`,
  'Out for Delivery': (_p, d) => `${d.city}, ${d.state}`,
  Delivered: (_p, d) => address(d),
  Exception: (_p, d) => `${d.city}, ${d.state}`,
  Returned: () => 'Return Center',
};

const CURRENT_LOCATION: Record<string, (pickup: Place, delivery: Place) => string> = {
  processing: (p) => address(p),
  pending: (p) => address(p),
  picked_up: (p) => `${p.city}, ${p.state}`,
  in_transit: () => 'In Transit',
  out_for_delivery: () => 'Out for Delivery',
  delivered: () => 'Delivered',
  exception: (_p, d) => `${d.city}, ${d.state}`,
  returned: () => 'Return Center',
  cancelled: () => 'Cancelled',
};

const DAY = 24 * 60 * 60 * 1000;
const fmtDay = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Seeds a small, realistic data set: 4 drivers with PINs, 20 packages over every status, history, fixes, pickups. */
export async function seedDemo(repos: Repositories, now: number = Date.now()): Promise<{ driverPins: Array<{ name: string; phone: string; pin: string }>; sampleTrackingNumber: string }> {
  const driverIds: string[] = [];
  let sampleTrackingNumber = '';
  const demoDrive: DemoDriveSetting = { trackers: [] };
  const driverPins: Array<{ name: string; phone: string; pin: string }> = [];
  const pinHashes = await Promise.all(DEMO_PINS.map((pin) => hashSecret(pin)));

  await repos.transaction(async (trx) => {
    for (const [i, d] of DRIVERS.entries()) {
      const id = newId();
      driverIds.push(id);
      // Printed for a person to type: the national form, which the sign-in reads as the stored E.164.
      driverPins.push({ name: d.name, phone: formatPhone(d.phone), pin: DEMO_PINS[i]! });
      await trx.drivers.insert(
        driverRow({ id, name: d.name, phone: d.phone, email: d.email, vehicleId: d.vehicleId, pinHash: pinHashes[i]!, createdAt: isoFromMs(now - 30 * DAY) }),
      );
    }

    for (const [n, [status, from, to, driverIndex, daysAgo]] of PLAN.entries()) {
      const pickup = PLACES[from]!;
      const delivery = PLACES[to]!;
      const [customerName, customerPhone] = CUSTOMERS[n % CUSTOMERS.length]!;
      const [item, weight, dimensions] = ITEMS[n % ITEMS.length]!;
      const driver = driverIndex === null ? null : DRIVERS[driverIndex]!;
      const created = now - daysAgo * DAY - (n + 1) * 37 * 60 * 1000;
      const id = newId();
      const trackingNumber = ['OT', 'PKG', 'TC'][n % 3] + String(240_000_000 + n * 7_919_113).slice(0, 9);
      // The package to try first is one the demo drive moves.
      if (status === 'out_for_delivery' && !sampleTrackingNumber) sampleTrackingNumber = trackingNumber;
      const windowStart = created + 2 * DAY;
      await trx.packages.insert({
          id,
          trackingNumber,
          status,
          currentLocation: CURRENT_LOCATION[status]!(pickup, delivery),
          estimatedDelivery: `${fmtDay(windowStart)} - ${fmtDay(windowStart + 2 * DAY)}`,
          deliveryAddress: address(delivery),
          pickupAddress: address(pickup),
          customerName,
          customerPhone: phoneToE164(customerPhone, 'US') ?? customerPhone,
          weight,
          dimensions,
          itemDescription: item,
          serviceType: SERVICES[n % SERVICES.length]!,
          driver: driver?.name ?? null,
          driverPhone: driver?.phone ?? null,
          driverId: driverIndex === null ? null : driverIds[driverIndex]!,
          realLocationLink: null,
          pickupLat: pickup.lat,
          pickupLng: pickup.lng,
          deliveryLat: delivery.lat,
          deliveryLng: delivery.lng,
          proximityState: null,
          createdAt: isoFromMs(created),
          updatedAt: isoFromMs(created),
        });

      const steps = HISTORY[status]!;
      for (const [k, [label, description]] of steps.entries()) {
        const at = created + k * ((now - created) / (steps.length + 1));
        const where = STEP_LOCATION[label]?.(pickup, delivery) ?? `${pickup.city}, ${pickup.state}`;
        await trx.packages.insertHistory({ id: newId(), packageId: id, status: label, location: where, description, timestamp: isoFromMs(at), createdAt: isoFromMs(at) });
      }

      if (status === 'delivered') {
        // Its delivery outcome at the last step's moment: the figures and the home page's stats count outcomes.
        const at = isoFromMs(created + (steps.length - 1) * ((now - created) / (steps.length + 1)));
        await trx.deliveryProof.insertOutcome({
          id: newId(), packageId: id, clientId: null, kind: 'delivered', driverId: driverIndex === null ? null : driverIds[driverIndex]!, driverName: driver?.name ?? null,
          recipientName: customerName, leftAt: null, neighbourName: null, reason: null, note: null, photoId: null, signatureId: null,
          lat: delivery.lat, lng: delivery.lng, accuracy: null, distanceM: null, deviceTime: at, createdAt: at, reopenedAt: null, reopenedBy: null, reopenReason: null, arrivedAt: null,
        });
      }

      const base = { packageId: id, source: 'seed', recordedAt: isoFromMs(created), createdAt: isoFromMs(created) };
      await trx.packages.insertLocation(locationRow({ ...base, lat: pickup.lat, lng: pickup.lng, type: 'origin', address: address(pickup) }));
      await trx.packages.insertLocation(locationRow({ ...base, lat: delivery.lat, lng: delivery.lng, type: 'destination', address: address(delivery) }));

      if (driver && status === 'out_for_delivery') {
        // Driven by the demo drive: a short trail along the end of its loop, the newest fix 30 s old at the loop's
        // start, and a registered tracker whose identifier the drive uses (kept in a setting: demo data only).
        const route = demoRoute(delivery, pickup);
        for (let k = 3; k >= 0; k--) {
          const at = now - 30_000 - k * 60_000;
          const { position, heading } = pointAlong(route, -k * 60 * DEMO_SPEED_MS);
          await trx.packages.insertLocation(
            locationRow({
              packageId: id,
              lat: position.lat,
              lng: position.lng,
              type: 'current',
              driverName: driver.name,
              driverPhone: driver.phone,
              vehicleId: driver.vehicleId,
              accuracy: 6 + k,
              heading,
              speed: DEMO_SPEED_MS,
              battery: 88 - k,
              isLiveTracking: 1,
              source: 'seed',
              recordedAt: isoFromMs(at),
              createdAt: isoFromMs(at),
            }),
          );
        }
        const identifier = newToken(24);
        await trx.devices.insert({ id: newId(), driverId: driverIds[driverIndex!]!, name: DEMO_TRACKER_NAME, identifierHash: sha256(identifier), lastSeenAt: null, lastBattery: null, createdAt: isoFromMs(now) });
        demoDrive.trackers.push({ identifier, trackingNumber });
        await trx.drivers.update(driverIds[driverIndex!]!, { currentLat: route.points[0]!.lat, currentLng: route.points[0]!.lng, lastLocationUpdate: isoFromMs(now - 30_000), isOnline: 1 });
      } else if (driver && status === 'in_transit') {
        // A short live trail, the newest fix 30 seconds old, so the live panel shows a connected vehicle.
        const progress = 0.55;
        for (let k = 3; k >= 0; k--) {
          const f = progress - k * 0.01;
          const at = now - 30_000 - k * 60_000;
          await trx.packages.insertLocation(
            locationRow({
              packageId: id,
              lat: pickup.lat + (delivery.lat - pickup.lat) * f,
              lng: pickup.lng + (delivery.lng - pickup.lng) * f,
              type: 'current',
              driverName: driver.name,
              driverPhone: driver.phone,
              vehicleId: driver.vehicleId,
              accuracy: 8 + k,
              heading: 90,
              speed: 24.6,
              battery: 81 - k,
              isLiveTracking: 1,
              source: 'seed',
              recordedAt: isoFromMs(at),
              createdAt: isoFromMs(at),
            }),
          );
        }
        const lat = pickup.lat + (delivery.lat - pickup.lat) * progress;
        const lng = pickup.lng + (delivery.lng - pickup.lng) * progress;
        await trx.drivers.update(driverIds[driverIndex!]!, { currentLat: lat, currentLng: lng, lastLocationUpdate: isoFromMs(now - 30_000), isOnline: 1 });
      }
    }

    await trx.settings.upsert({ id: DEMO_SETTING, value: JSON.stringify(demoDrive), updatedAt: isoFromMs(now) });

    const pickups: Array<[string, string, string, number, number, string]> = [
      ['Grace Kim', '(312) 555-0190', 'grace.kim@example.com', 0, 1, 'pending'],
      ['Henry Scott', '(713) 555-0175', 'henry.scott@example.com', 2, 3, 'confirmed'],
      ['Ava Turner', '(206) 555-0111', 'ava.turner@example.com', 8, 9, 'completed'],
      ['Ethan Brooks', '(305) 555-0163', 'ethan.brooks@example.com', 10, 11, 'pending'],
    ];
    for (const [k, [name, phone, email, from, to, status]] of pickups.entries()) {
      await trx.pickupRequests.insert({
          id: newId(),
          customerName: name,
          phone: phoneToE164(phone, 'US') ?? phone,
          email,
          originAddress: address(PLACES[from]!),
          destinationAddress: address(PLACES[to]!),
          itemDescription: ITEMS[k % ITEMS.length]![0],
          specialInstructions: k === 0 ? 'Call on arrival; loading dock at the rear.' : null,
          status,
          createdAt: isoFromMs(now - k * DAY - 3_600_000),
        });
    }
  });
  return { driverPins, sampleTrackingNumber };
}
