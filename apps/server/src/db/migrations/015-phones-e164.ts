import { phoneToE164 } from '@cargo/shared';
import type { Kysely } from 'kysely';

const BATCH = 1000;

/**
 * Stored phones in E.164 (issue 31, decision 089): a customer's and a driver's phone on packages, a driver's own (how
 * a driver signs in) and a pickup request's, read by the shared phone rule in DEFAULT_PHONE_COUNTRY (set before the
 * migrations run, bootstrap.ts). A value the rule does not read as a number ('call me') is kept as it was: nothing
 * typed is lost, and the panel shows it as typed. A driver whose number, normalised, is another driver's already is
 * kept as it was too (the phone is unique); dispatch resolves the two by hand. GPS fixes keep the phone they were
 * recorded with (history).
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await normaliseTable(db, 'packages', ['customerPhone', 'driverPhone']);
  await normaliseTable(db, 'pickupRequests', ['phone']);

  const drivers = (await db.selectFrom('drivers').select(['id', 'phone']).orderBy('id').execute()) as Array<{ id: string; phone: string }>;
  const taken = new Set(drivers.map((d) => d.phone));
  for (const driver of drivers) {
    const e164 = phoneToE164(driver.phone);
    if (!e164 || e164 === driver.phone || taken.has(e164)) continue;
    await db.updateTable('drivers').set({ phone: e164 }).where('id', '=', driver.id).execute();
    taken.delete(driver.phone);
    taken.add(e164);
  }
}

/** Walks a table by its primary key in batches, writing only the rows whose phones change. */
async function normaliseTable(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select(['id', ...columns])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Array<Record<string, string | null>>;
    for (const row of rows) {
      const changes: Record<string, string> = {};
      for (const column of columns) {
        const value = row[column];
        const e164 = value ? phoneToE164(value) : null;
        if (e164 && e164 !== value) changes[column] = e164;
      }
      if (Object.keys(changes).length) await db.updateTable(table).set(changes).where('id', '=', row.id!).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id!;
  }
}
