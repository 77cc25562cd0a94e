import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { MIGRATION_NAMES, migrateToLatest, migrateUpTo } from '../src/db/migrate.ts';
import { PG_URL } from './global-setup.ts';
import { describeApi, DIALECT, unique } from './helper.ts';

const FIRST = MIGRATION_NAMES[0]!;
const T0 = '2025-06-01T12:00:00.000Z';

/**
 * One row (or two) in every table of the first migration, written as a database of that age held them. The first
 * migration never changes, so these rows stay valid; what later migrations add must not lose or alter them.
 */
const FIRST_MIGRATION_ROWS: Record<string, { key: string; rows: Record<string, unknown>[] }> = {
  drivers: {
    key: 'id',
    rows: [
      { id: 'drv-1', name: 'Marcus Johnson', phone: '5550101001', email: 'marcus@example.com', vehicleId: 'TRUCK-1', pinHash: 'scrypt$x', currentLat: 41.88, currentLng: -87.63, realLocationLink: null, lastLocationUpdate: T0, isActive: 1, isOnline: 0, createdAt: T0 },
      { id: 'drv-2', name: 'Ana Lopez', phone: '5550101002', email: null, vehicleId: 'VAN-2', pinHash: null, currentLat: null, currentLng: null, realLocationLink: null, lastLocationUpdate: null, isActive: 0, isOnline: 0, createdAt: T0 },
    ],
  },
  packages: {
    key: 'id',
    rows: [
      {
        id: 'pkg-1', trackingNumber: 'CE100000001', status: 'in_transit', currentLocation: 'Chicago, IL', estimatedDelivery: 'Monday', deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
        pickupAddress: '233 S Wacker Dr, Chicago, IL 60606', customerName: 'Olivia Martin', customerPhone: '3125550142', weight: '12 lbs', dimensions: '12 x 10 x 8 in', itemDescription: 'Books',
        serviceType: 'Standard Delivery', driver: 'Marcus Johnson', driverPhone: '5550101001', driverId: 'drv-1', realLocationLink: null, pickupLat: 41.8789, pickupLng: -87.6359,
        deliveryLat: 43.04, deliveryLng: -87.9, proximityState: null, createdAt: T0, updatedAt: T0,
      },
    ],
  },
  status_history: {
    key: 'id',
    rows: [{ id: 'h-1', packageId: 'pkg-1', status: 'in_transit', location: 'Chicago, IL', description: 'Departed facility', timestamp: T0, createdAt: T0 }],
  },
  locations: {
    key: 'id',
    rows: [
      { id: 'loc-1', packageId: 'pkg-1', lat: 41.8789, lng: -87.6359, type: 'origin', address: 'Chicago', driverName: null, driverPhone: null, vehicleId: null, accuracy: null, heading: null, speed: null, altitude: null, battery: null, isLiveTracking: 0, source: 'geocoder', recordedAt: T0, createdAt: T0 },
      { id: 'loc-2', packageId: 'pkg-1', lat: 42.1, lng: -87.8, type: 'gps', address: null, driverName: 'Marcus Johnson', driverPhone: '5550101001', vehicleId: 'TRUCK-1', accuracy: 8.5, heading: 12, speed: 20.5, altitude: 180, battery: 77, isLiveTracking: 1, source: 'driver', recordedAt: T0, createdAt: T0 },
    ],
  },
  admin_users: { key: 'id', rows: [{ id: 'adm-1', email: 'ops@example.com', passwordHash: 'scrypt$y', isActive: 1, createdAt: T0 }] },
  sessions: { key: 'tokenHash', rows: [{ tokenHash: 'th-1', role: 'admin', subjectId: 'adm-1', createdAt: T0, lastSeenAt: T0, expiresAt: '2099-01-01T00:00:00.000Z' }] },
  pickup_requests: {
    key: 'id',
    rows: [{ id: 'pr-1', customerName: 'Grace Kim', phone: '3125550190', email: 'grace@example.com', originAddress: 'Chicago', destinationAddress: 'Milwaukee', itemDescription: 'Two boxes', specialInstructions: null, status: 'pending', createdAt: T0 }],
  },
  settings: { key: 'id', rows: [{ id: 'real_location', value: '{"lat":41.9}', updatedAt: T0 }] },
  share_links: { key: 'id', rows: [{ id: 'sl-1', tokenHash: 'tk-1', packageId: 'pkg-1', kind: 'driver', createdBy: 'admin:adm-1', expiresAt: '2099-01-01T00:00:00.000Z', revokedAt: null, createdAt: T0 }] },
  devices: { key: 'id', rows: [{ id: 'dev-1', driverId: 'drv-1', name: 'Tracker', identifierHash: 'ih-1', lastSeenAt: null, createdAt: T0 }] },
  geocode_cache: { key: 'query', rows: [{ query: 'chicago, il', lat: 41.88, lng: -87.63, displayName: 'Chicago, Illinois', createdAt: T0 }] },
};
/**
 * What later migrations change on purpose: migration 015 stores phones as E.164 (decision 089, default country US).
 * Every other value must come through as it was.
 */
const CHANGED: Record<string, Record<string, unknown>> = {
  'drivers drv-1': { phone: '+15550101001' },
  'drivers drv-2': { phone: '+15550101002' },
  'packages pkg-1': { customerPhone: '+13125550142', driverPhone: '+15550101001' },
  'pickup_requests pr-1': { phone: '+13125550190' },
};
/** Parents before children (foreign keys). */
const INSERT_ORDER = ['drivers', 'packages', 'status_history', 'locations', 'admin_users', 'sessions', 'pickup_requests', 'settings', 'share_links', 'devices', 'geocode_cache'];

async function openFresh(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (DIALECT === 'postgres') {
    const schema = `${inject('pgRunSchema')}_mig_${unique().toLowerCase()}`;
    const handle = await openDatabase(`${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}`);
    return { handle, cleanup: () => handle.close() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'cargo-migrate-'));
  const handle = await openDatabase(join(dir, 'old.db'));
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The tables and columns of the database's own schema (db/pg-introspector.ts lists no other). */
async function shape(db: Kysely<any>) {
  const schema = DIALECT === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  const tables = await db.introspection.getTables();
  return Object.fromEntries(
    tables
      .filter((t) => !t.isView && (schema === undefined || t.schema === schema))
      .map((t) => [t.name, t.columns.map((c) => `${c.name}${c.isNullable ? '?' : ''}`).sort()])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

describeApi('migrations: a database made by the first migration upgrades to the current schema without losing rows', () => {
  const opened: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of opened.splice(0)) await cleanup();
  });

  it(`upgrades ${FIRST} with rows in every table through ${MIGRATION_NAMES.length - 1} later migration(s)`, async () => {
    const old = await openFresh();
    opened.push(old.cleanup);
    const db = old.handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    expect(await migrateUpTo(old.handle.db, old.handle.dialect, FIRST)).toEqual([FIRST]);

    // Every table the first migration made gets rows: a table added to it without rows here fails the test.
    const firstTables = Object.keys(await shape(db)).filter((t) => !t.startsWith('kysely_'));
    expect(firstTables.sort()).toEqual(Object.keys(FIRST_MIGRATION_ROWS).sort());
    for (const table of INSERT_ORDER) await db.insertInto(table).values(FIRST_MIGRATION_ROWS[table]!.rows).execute();

    const applied = await migrateToLatest(old.handle.db, old.handle.dialect);
    expect(applied).toEqual(MIGRATION_NAMES.slice(1));
    const recorded = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
    expect(recorded.map((r) => r.name)).toEqual([...MIGRATION_NAMES].sort());

    // Every row is still there, and every column that still exists holds what it held (or what CHANGED says).
    for (const [table, { key, rows }] of Object.entries(FIRST_MIGRATION_ROWS)) {
      const stored = await db.selectFrom(table).selectAll().execute();
      expect(stored, table).toHaveLength(rows.length);
      for (const row of rows) {
        const now = stored.find((s) => s[key] === row[key]);
        expect(now, `${table} ${String(row[key])}`).toBeDefined();
        const changed = CHANGED[`${table} ${String(row[key])}`] ?? {};
        for (const [column, value] of Object.entries(row)) {
          if (column in now!) expect(now![column], `${table}.${column}`).toEqual(column in changed ? changed[column] : value);
        }
      }
    }

    // The upgraded database has the same tables and columns as one migrated from scratch.
    const fresh = await openFresh();
    opened.push(fresh.cleanup);
    await migrateToLatest(fresh.handle.db, fresh.handle.dialect);
    expect(await shape(db)).toEqual(await shape(fresh.handle.db));
  });
});

describeApi('migration 013: the trail index by package with every column (PostgreSQL; decision 054)', () => {
  it('keeps an index built by hand beforehand, and makes it on a database without one', async () => {
    if (DIALECT !== 'postgres') return;
    const INDEX_SQL = sql`select c.oid::text as oid, pg_get_indexdef(c.oid) as def from pg_class c
        where c.relname = 'locations_package_type_time' and c.relnamespace = current_schema()::text::regnamespace`;
    const byHand = await openFresh();
    const plain = await openFresh();
    try {
      await migrateUpTo(byHand.handle.db, byHand.handle.dialect, '012-package-search-trigrams');
      await sql`drop index locations_package_type_time`.execute(byHand.handle.db);
      await sql`create index locations_package_type_time on locations (package_id, type, recorded_at) include (id, lat, lng, address, driver_name, driver_phone, vehicle_id, accuracy, heading, speed, altitude, battery, is_live_tracking, source, created_at)`.execute(byHand.handle.db);
      const before = (await INDEX_SQL.execute(byHand.handle.db)).rows[0] as { oid: string; def: string };
      await migrateToLatest(byHand.handle.db, byHand.handle.dialect);
      expect((await INDEX_SQL.execute(byHand.handle.db)).rows[0]).toEqual(before);

      await migrateToLatest(plain.handle.db, plain.handle.dialect);
      const made = (await INDEX_SQL.execute(plain.handle.db)).rows[0] as { oid: string; def: string };
      expect(made.def).toMatch(/\(package_id, type, recorded_at\) INCLUDE \(id, lat, lng, .*created_at\)/);
    } finally {
      await byHand.cleanup();
      await plain.cleanup();
    }
  });
});

describeApi('migration 015: stored phones become E.164 by the shared phone rule (decision 089)', () => {
  it('normalises what reads as a number, keeps what does not, and never merges two drivers into one number', async () => {
    const old = await openFresh();
    try {
      const db = old.handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await migrateUpTo(old.handle.db, old.handle.dialect, '013-locations-trail-covering-index');
      const driver = FIRST_MIGRATION_ROWS.drivers!.rows[0]!;
      await db.insertInto('drivers').values([
        { ...driver, id: 'd-a', phone: '(312) 555-0101' },
        // Already stored as the first one's E.164: the first keeps its digits rather than taking the same number.
        { ...driver, id: 'd-b', phone: '3125550102' },
        { ...driver, id: 'd-c', phone: '+13125550102' },
        { ...driver, id: 'd-d', phone: 'ask dispatch' },
      ]).execute();
      const pkg = FIRST_MIGRATION_ROWS.packages!.rows[0]!;
      // Over one batch of the walk (1000 rows), so the keyset paging is exercised too.
      const many = Array.from({ length: 1003 }, (_, i) => ({ ...pkg, id: `p-${String(i).padStart(5, '0')}`, trackingNumber: `CE2${String(i).padStart(8, '0')}`, driverId: null, customerPhone: `(312) 555-${String(1000 + (i % 9000)).padStart(4, '0')}`, driverPhone: i % 2 ? null : '414.555.0100' }));
      many[7]!.customerPhone = 'call me';
      for (let i = 0; i < many.length; i += 200) await db.insertInto('packages').values(many.slice(i, i + 200)).execute();
      await db.insertInto('pickup_requests').values([{ ...FIRST_MIGRATION_ROWS.pickup_requests!.rows[0]!, id: 'pr-a', phone: '+44 20 7946 0958' }]).execute();

      await migrateToLatest(old.handle.db, old.handle.dialect);
      const phones = Object.fromEntries((await db.selectFrom('drivers').select(['id', 'phone']).execute()).map((r) => [r.id, r.phone]));
      expect(phones).toEqual({ 'd-a': '+13125550101', 'd-b': '3125550102', 'd-c': '+13125550102', 'd-d': 'ask dispatch' });
      const rows = await db.selectFrom('packages').select(['id', 'customerPhone', 'driverPhone']).orderBy('id').execute();
      expect(rows).toHaveLength(1003);
      expect(rows[0]).toEqual({ id: 'p-00000', customerPhone: '+13125551000', driverPhone: '+14145550100' });
      expect(rows[7]!.customerPhone).toBe('call me');
      expect(rows[1002]).toEqual({ id: 'p-01002', customerPhone: '+13125552002', driverPhone: '+14145550100' });
      expect(rows[1001]!.driverPhone).toBeNull();
      expect((await db.selectFrom('pickup_requests').select('phone').where('id', '=', 'pr-a').executeTakeFirst())?.phone).toBe('+442079460958');
    } finally {
      await old.cleanup();
    }
  });
});

describeApi('introspection sees only its own schema (PostgreSQL): another app creating and dropping schemas meanwhile', () => {
  it('lists its tables and migrates while schemas come and go beside it', async () => {
    if (DIALECT !== 'postgres') return;
    const own = await openFresh();
    const admin = await openDatabase(PG_URL);
    let churning = true;
    let churned = 0;
    // Another app (or another test file): schemas with tables made and dropped as fast as PostgreSQL allows.
    const churn = (async () => {
      for (let i = 0; churning; i += 1) {
        const other = `churn_${unique().toLowerCase()}_${i}`;
        await sql.raw(`create schema "${other}"`).execute(admin.db);
        await sql.raw(`create table "${other}".t (id serial primary key, a text, b text)`).execute(admin.db);
        await sql.raw(`drop schema "${other}" cascade`).execute(admin.db);
        churned += 1;
      }
    })();
    try {
      for (let i = 0; i < 40; i += 1) {
        const tables = await own.handle.db.introspection.getTables();
        expect(tables.every((t) => !t.name.startsWith('churn_') && !t.schema?.startsWith('churn_'))).toBe(true);
      }
      await migrateToLatest(own.handle.db, own.handle.dialect);
      expect((await own.handle.db.introspection.getTables()).map((t) => t.name)).toContain('packages');
    } finally {
      churning = false;
      await churn;
      await admin.close();
      await own.cleanup();
    }
    expect(churned).toBeGreaterThan(5);
  });
});
