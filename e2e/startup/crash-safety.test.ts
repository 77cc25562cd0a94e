import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { driverCreatedSchema, driverSessionResponseSchema, fixResultSchema, LoginResponse, Package } from '@cargo/shared';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN, api, pgQuery, PG_URL, postgresAvailable, samplePackage, startServer, type ServerProcess } from './server-process.ts';

const DRIVERS = 3;
const PACKAGES_PER_DRIVER = 2;
/** Fixes acknowledged before the kill (the ingest limit is 600 a minute per IP; one client here). */
const ACKS_BEFORE_KILL = 60;

/**
 * Crash safety (issue 10): several drivers send fixes concurrently; the server process is killed with SIGKILL in the
 * middle; after a restart on the same database every fix the server acknowledged (201) is stored.
 */
const packageBody = (driverId: string) =>
  samplePackage({ trackingNumber: `CRASH${randomBytes(4).toString('hex').toUpperCase()}`, status: 'in_transit', currentLocation: 'Chicago, IL', driverId });

// The two databases run concurrently: the test is mostly waiting on server processes.
describe.concurrent('crash safety: every acknowledged fix survives a SIGKILL under ingest load', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function crashAndRecover(databaseUrl: string, storedIds: (ids: string[]) => Promise<Set<string>>) {
    const cwd = mkdtempSync(join(tmpdir(), 'cargo-crash-'));
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    let server: ServerProcess = await startServer(databaseUrl, cwd);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const { base } = server;

    const login = await api<LoginResponse>(base, 'POST', '/api/auth/login', ADMIN);
    expect(login.status).toBe(200);
    const admin = login.body.token;
    // Drivers and their packages are made concurrently (set-up time, not what is tested).
    const makeDriverWithPackages = async (d: number) => {
      const phone = `555${String(1_000_000 + d * 1_111 + Math.floor(Math.random() * 1_000)).padStart(7, '0')}`;
      const created = await api<z.infer<typeof driverCreatedSchema>>(base, 'POST', '/api/drivers', { name: `Crash Driver ${d}`, phone, vehicleId: `TRUCK-${d}` }, admin);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const session = await api<z.infer<typeof driverSessionResponseSchema>>(base, 'POST', '/api/drivers/session', { phone: created.body.phone, pin: created.body.pin });
      expect(session.status).toBe(200);
      return Promise.all(
        Array.from({ length: PACKAGES_PER_DRIVER }, async () => {
          const pkg = await api<Package>(base, 'POST', '/api/packages', packageBody(created.body.id), admin);
          expect(pkg.status, JSON.stringify(pkg.body)).toBe(201);
          return { packageId: pkg.body.id, token: session.body.token };
        }),
      );
    };
    const streams = (await Promise.all(Array.from({ length: DRIVERS }, (_, d) => makeDriverWithPackages(d)))).flat();

    // Each package gets a steady drive north (about 40 km/h, one fix a device-second); packages run concurrently.
    const acked: string[] = [];
    const refused: string[] = [];
    let killed = false;
    const startMs = Date.now() - 10 * 60_000;
    const drive = async ({ packageId, token }: (typeof streams)[number], n: number) => {
      for (let i = 0; !killed; i += 1) {
        const fix = { lat: 41.6 + n * 0.01 + i * 0.0001, lng: -87.6, accuracy: 10, speed: 11, timestamp: new Date(startMs + i * 1000).toISOString() };
        let res: { status: number; body: z.infer<typeof fixResultSchema> };
        try {
          res = await api(base, 'POST', `/api/packages/${packageId}/gps`, fix, token);
        } catch {
          return; // the connection died with the process: this fix was never acknowledged
        }
        if (res.status === 201) acked.push(res.body.locationId);
        else refused.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    const load = Promise.all(streams.map((s, n) => drive(s, n)));
    while (acked.length < ACKS_BEFORE_KILL && refused.length === 0) await new Promise((r) => setTimeout(r, 10));
    server.child.kill('SIGKILL');
    const { signal } = await server.exited;
    killed = true;
    await load;
    expect(signal).toBe('SIGKILL');
    expect(refused).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    // Restarted on the same database: it starts, and every acknowledged fix is there.
    server = await startServer(databaseUrl, cwd);
    const present = await storedIds(acked);
    expect(acked.filter((id) => !present.has(id))).toEqual([]);
    const locations = await api<unknown[]>(server.base, 'GET', `/api/packages/${streams[0]!.packageId}/locations`, undefined, admin);
    // The admin's session, stored before the crash, still works after it.
    expect(locations.status).toBe(200);
    server.child.kill('SIGTERM');
    await server.exited;
  }

  it('on SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cargo-crash-db-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'crash.db');
    await crashAndRecover(file, async (ids) => {
      const { default: SQLite } = await import('better-sqlite3');
      const db = new SQLite(file, { readonly: true });
      try {
        const rows = db.prepare(`select id from locations where id in (${ids.map(() => '?').join(',')})`).all(...ids) as { id: string }[];
        return new Set(rows.map((r) => r.id));
      } finally {
        db.close();
      }
    });
  }, 120_000);

  it('on PostgreSQL (a fresh schema, dropped afterwards)', async (ctx) => {
    if (!(await postgresAvailable())) ctx.skip();
    const schema = `crash_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    cleanups.push(() => pgQuery(`drop schema if exists "${schema}" cascade`).then(() => undefined));
    await crashAndRecover(`${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}`, async (ids) => {
      const rows = await pgQuery<{ id: string }>('select id from locations where id = any($1)', [ids], schema);
      return new Set(rows.map((r) => r.id));
    });
  }, 120_000);
});
