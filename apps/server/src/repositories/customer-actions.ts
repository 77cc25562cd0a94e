import type { PackageFeedbackRow, PackageInstructionsRow, PackageRescheduleRow } from '../db/types.ts';
import type { CountValue, Executor } from './executor.ts';

/**
 * What customers give through their link (issue 33): package_instructions, package_reschedules and package_feedback.
 * The only code that queries these tables.
 */
export class CustomerActionRepository {
  constructor(private readonly db: Executor) {}

  instructionsOf(packageId: string): Promise<PackageInstructionsRow | undefined> {
    return this.db.selectFrom('packageInstructions').selectAll().where('packageId', '=', packageId).executeTakeFirst();
  }

  instructionsOfMany(packageIds: readonly string[]): Promise<PackageInstructionsRow[]> {
    if (packageIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('packageInstructions').selectAll().where('packageId', 'in', packageIds).execute();
  }

  async saveInstructions(row: PackageInstructionsRow): Promise<void> {
    const { packageId: _packageId, ...changes } = row;
    await this.db
      .insertInto('packageInstructions')
      .values(row)
      .onConflict((oc) => oc.column('packageId').doUpdateSet(changes))
      .execute();
  }

  reschedulesOf(packageId: string): Promise<PackageRescheduleRow[]> {
    return this.db.selectFrom('packageReschedules').selectAll().where('packageId', '=', packageId).orderBy('createdAt').orderBy('id').execute();
  }

  async countReschedules(packageId: string): Promise<number> {
    const row = await this.db
      .selectFrom('packageReschedules')
      .select((eb) => eb.fn.countAll<CountValue>().as('n'))
      .where('packageId', '=', packageId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The newest choice of each of these packages. */
  async latestReschedules(packageIds: readonly string[]): Promise<Map<string, PackageRescheduleRow>> {
    if (packageIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('packageReschedules').selectAll().where('packageId', 'in', packageIds).orderBy('createdAt').orderBy('id').execute();
    return new Map(rows.map((r) => [r.packageId, r]));
  }

  async insertReschedule(row: PackageRescheduleRow): Promise<void> {
    await this.db.insertInto('packageReschedules').values(row).execute();
  }

  /**
   * Dispatch's list to re-plan (issue 33): open packages whose newest customer choice came after their route was last
   * accepted (or that are on no route), newest choice first.
   */
  toReplan(limit: number) {
    return this.db
      .selectFrom('packageReschedules as r')
      .innerJoin('packages as p', 'p.id', 'r.packageId')
      .leftJoin('routeStops as s', 's.packageId', 'r.packageId')
      .selectAll('r')
      .select(['p.trackingNumber', 'p.status', 'p.customerName', 'p.deliveryAddress', 'p.driver'])
      .where('p.status', 'not in', ['delivered', 'returned', 'cancelled'])
      .where((eb) => eb.or([eb('s.acceptedAt', 'is', null), eb('s.acceptedAt', '<', eb.ref('r.createdAt'))]))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('packageReschedules as later').select('later.id').whereRef('later.packageId', '=', 'r.packageId').whereRef('later.createdAt', '>', 'r.createdAt'))),
      )
      .orderBy('r.createdAt', 'desc')
      .limit(limit)
      .execute();
  }

  feedbackOf(packageId: string): Promise<PackageFeedbackRow | undefined> {
    return this.db.selectFrom('packageFeedback').selectAll().where('packageId', '=', packageId).executeTakeFirst();
  }

  async saveFeedback(row: PackageFeedbackRow): Promise<void> {
    const { packageId: _packageId, createdAt: _createdAt, ...changes } = row;
    await this.db
      .insertInto('packageFeedback')
      .values(row)
      .onConflict((oc) => oc.column('packageId').doUpdateSet(changes))
      .execute();
  }

  /** A driver's ratings, newest first, with the package's tracking number. */
  feedbackOfDriver(driverId: string, limit: number): Promise<Array<PackageFeedbackRow & { trackingNumber: string }>> {
    return this.db
      .selectFrom('packageFeedback as f')
      .innerJoin('packages as p', 'p.id', 'f.packageId')
      .selectAll('f')
      .select('p.trackingNumber')
      .where('f.driverId', '=', driverId)
      .orderBy('f.updatedAt', 'desc')
      .limit(limit)
      .execute();
  }

  async driverRatingSummary(driverId: string): Promise<{ count: number; average: number | null }> {
    const row = await this.db
      .selectFrom('packageFeedback')
      .select((eb) => [eb.fn.countAll<CountValue>().as('n'), eb.fn.avg<number | string | null>('stars').as('avg')])
      .where('driverId', '=', driverId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), average: row.avg == null ? null : Math.round(Number(row.avg) * 100) / 100 };
  }
}
