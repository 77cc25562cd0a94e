import type { DriverShiftRow } from '../db/types.ts';
import type { Executor } from './executor.ts';

export type ShiftWithDriver = DriverShiftRow & { driverName: string };

/** Day planning (issue 34): driver_shifts. The only code that queries that table. */
export class PlanningRepository {
  constructor(private readonly db: Executor) {}

  /** A date's shifts with their drivers' names, by name. */
  shiftsOn(date: string): Promise<ShiftWithDriver[]> {
    return this.db
      .selectFrom('driverShifts as s')
      .innerJoin('drivers as d', 'd.id', 's.driverId')
      .selectAll('s')
      .select('d.name as driverName')
      .where('s.date', '=', date)
      .orderBy('d.name')
      .orderBy('s.driverId')
      .execute();
  }

  /** The latest date before `date` that has shifts, if any. */
  async latestDateBefore(date: string): Promise<string | null> {
    const row = await this.db.selectFrom('driverShifts').select('date').where('date', '<', date).orderBy('date', 'desc').limit(1).executeTakeFirst();
    return row?.date ?? null;
  }

  /** Replaces the date's shifts with these rows. */
  async replaceShifts(date: string, rows: readonly DriverShiftRow[]): Promise<void> {
    await this.db.deleteFrom('driverShifts').where('date', '=', date).execute();
    if (rows.length > 0) await this.db.insertInto('driverShifts').values([...rows]).execute();
  }
}
