import { createHash, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

/**
 * Thousands of packages written straight into the e2e server's SQLite file in one transaction (about a second for
 * 10,000), rather than 10,000 API calls: the tests are about what the panel does with them, not about creating them.
 * The server reads the list from the database, so rows written beside it are listed at once.
 */
export interface SeededPackages {
  count: number;
  /** The oldest package: no driver, with a real location link. */
  oldest: { id: string; trackingNumber: string; link: string };
}

export function seedPackages(databaseFile: string, count: number, prefix: string): SeededPackages {
  const db = new Database(databaseFile);
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into packages (id, tracking_number, status, current_location, estimated_delivery, delivery_address, pickup_address,
       customer_name, customer_phone, weight, dimensions, item_description, service_type, driver, driver_phone, driver_id,
       real_location_link, pickup_lat, pickup_lng, delivery_lat, delivery_lng, proximity_state, created_at, updated_at)
     values (?, ?, ?, 'Processing Center', '', ?, ?, ?, ?, '', '', null, 'Standard Delivery', null, null, null, ?, null, null, ?, ?, null, ?, ?)`,
  );
  // Older than anything the seed or the tests create: a year back, one minute apart, the last row the oldest.
  const start = Date.now() - 365 * 86_400_000;
  const link = 'https://www.google.com/maps/@41.8781,-87.6298,15z';
  let oldest = { id: '', trackingNumber: '', link };
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      const trackingNumber = `${prefix}${String(i).padStart(6, '0')}`;
      const at = new Date(start - i * 60_000).toISOString();
      const isOldest = i === count - 1;
      insert.run(
        id,
        trackingNumber,
        ['processing', 'in_transit', 'out_for_delivery', 'delivered'][i % 4],
        `${i} Main St, Springfield, IL 62701`,
        `${i} Wacker Dr, Chicago, IL 60606`,
        `Bulk Customer ${i}`,
        `(312) 555-${String(i % 10_000).padStart(4, '0')}`,
        isOldest ? link : null,
        39.78 + (i % 100) / 1000,
        -89.65 - (i % 100) / 1000,
        at,
        at,
      );
      if (isOldest) oldest = { id, trackingNumber, link };
    }
  })();
  db.close();
  return { count, oldest };
}

export interface SeededDriver {
  id: string;
  name: string;
  vehicleId: string;
  /** The OsmAnd identifier of the driver's registered device (Traccar Client). */
  identifier: string;
  lat: number;
  lng: number;
}

/** Drivers, each with a registered OsmAnd device and a position around Chicago, written straight into the database. */
export function seedFleet(databaseFile: string, count: number, prefix: string): SeededDriver[] {
  const db = new Database(databaseFile);
  db.pragma('busy_timeout = 5000');
  const driver = db.prepare(
    `insert into drivers (id, name, phone, email, vehicle_id, pin_hash, current_lat, current_lng, real_location_link, last_location_update, is_active, is_online, created_at)
     values (?, ?, ?, null, ?, null, ?, ?, null, ?, 1, 1, ?)`,
  );
  const device = db.prepare(`insert into devices (id, driver_id, name, identifier_hash, last_seen_at, created_at) values (?, ?, ?, ?, null, ?)`);
  const now = new Date().toISOString();
  const drivers: SeededDriver[] = [];
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      const identifier = `${prefix}-device-${i}-${randomUUID()}`;
      // A grid over greater Chicago, so drivers crowd at a city zoom and spread when zoomed in.
      const lat = 41.7 + (i % 20) * 0.015;
      const lng = -87.85 + Math.floor(i / 20) * 0.025;
      const name = `${prefix} Driver ${String(i).padStart(3, '0')}`;
      const vehicleId = `${prefix}-VAN-${i}`;
      driver.run(id, name, `+1777${String(Date.now()).slice(-4)}${String(i).padStart(4, '0')}`, vehicleId, lat, lng, now, now);
      device.run(randomUUID(), id, 'Traccar Client', createHash('sha256').update(identifier).digest('hex'), now);
      drivers.push({ id, name, vehicleId, identifier, lat, lng });
    }
  })();
  db.close();
  return drivers;
}

/** Removes what seedFleet wrote (devices go with their drivers). */
export function removeFleet(databaseFile: string, prefix: string): void {
  const db = new Database(databaseFile);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.prepare('delete from drivers where name like ?').run(`${prefix} Driver %`);
  db.close();
}
