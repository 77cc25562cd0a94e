import { setPhoneCountry } from '@cargo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Env } from './env.ts';
import { moveBufferedFixes } from './repositories/fix-writer.ts';
import { Repositories } from './repositories/index.ts';
import { seedDemo } from './seed/demo.ts';
import { AdminService, generatePassword } from './services/admins.ts';

/** What a first start made, for the block the server prints once (server.ts). */
export interface FirstStart {
  /** The first admin; the password only when it was generated. */
  admin?: { email: string; password: string | null };
  demo?: { trackingNumber: string; drivers: Array<{ name: string; phone: string; pin: string }> };
}

/**
 * Migrates, creates the first admin when none exists, and seeds demo data on a new embedded database
 * (never on PostgreSQL unless SEED_DEMO is set to true explicitly there).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  env: Env,
  log: FastifyBaseLogger,
  options: { firstAdmin?: boolean } = {},
): Promise<FirstStart> {
  const firstStart: FirstStart = {};
  // The phone rule's country, before migration 015 reads stored phones with it.
  setPhoneCountry(env.DEFAULT_PHONE_COUNTRY);
  const applied = await migrateToLatest(handle.db, handle.dialect);
  const isNew = applied.includes('001-initial');
  if (applied.length) log.info({ applied }, 'database migrated');
  // GPS fixes a crashed process left in SQLite's buffer (decision 041) move to their table before anything is served.
  if (handle.native.dialect === 'sqlite') {
    const moved = moveBufferedFixes(handle.native.sqlite);
    if (moved > 0) log.info({ moved }, 'buffered fixes moved to locations');
  }

  const repos = new Repositories(handle.db);
  const admins = new AdminService(repos);
  if (options.firstAdmin !== false && (await admins.count()) === 0) {
    const email = env.ADMIN_EMAIL ?? 'admin@example.com';
    const generated = !env.ADMIN_PASSWORD;
    const password = env.ADMIN_PASSWORD ?? generatePassword();
    await admins.create(email, password);
    firstStart.admin = { email, password: generated ? password : null };
    if (generated) {
      // Printed once, on purpose: the operator needs it to sign in the first time.
      log.warn(`First admin created: sign in at /admin with email ${email} and password ${password} (shown once; change it with npm run admin -- reset)`);
    } else {
      log.info(`First admin created from ADMIN_EMAIL: ${email}`);
    }
  }

  const seed = handle.dialect === 'sqlite' ? env.SEED_DEMO !== false : env.SEED_DEMO === true;
  if (isNew && seed) {
    const { driverPins, sampleTrackingNumber } = await seedDemo(repos);
    firstStart.demo = { trackingNumber: sampleTrackingNumber, drivers: driverPins.map((d) => ({ name: d.name, phone: d.phone, pin: d.pin })) };
    log.warn(
      `Demo data seeded: try tracking number ${sampleTrackingNumber}. Driver sign-in (phone / PIN): ${driverPins.map((d) => `${d.name} ${d.phone} / ${d.pin}`).join('; ')}`,
    );
  }
  return firstStart;
}
