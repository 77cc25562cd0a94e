import type { DeliveryOutcomeRow, PackageRow, ProofFileRow } from '../db/types.ts';
import type { Executor } from './executor.ts';

/**
 * The proof-of-delivery table group (issue 18): delivery outcomes and the photo and signature files kept for them.
 * The only code that queries these tables; the files' bytes live in the file store (services/delivery-proof/).
 */
export class DeliveryProofRepository {
  constructor(private readonly db: Executor) {}

  async insertFile(row: ProofFileRow): Promise<void> {
    await this.db.insertInto('proofFiles').values(row).execute();
  }

  fileById(id: string): Promise<ProofFileRow | undefined> {
    return this.db.selectFrom('proofFiles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  filesByIds(ids: readonly string[]): Promise<ProofFileRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('proofFiles').selectAll().where('id', 'in', ids).execute();
  }

  async insertOutcome(row: DeliveryOutcomeRow): Promise<void> {
    await this.db.insertInto('deliveryOutcomes').values(row).execute();
  }

  /**
   * When the driver arrived at a stop (issue 35): the first fix of the package's trail within about 100 m of `lat`,
   * `lng` (a box 100 m each way) in the 30 minutes before `deviceTime`. Null when the trail has none.
   */
  async arrivalNear(packageId: string, lat: number, lng: number, deviceTime: string): Promise<string | null> {
    const at = Date.parse(deviceTime);
    if (!Number.isFinite(at)) return null;
    const dLat = 100 / 111_320;
    const dLng = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    const row = await this.db
      .selectFrom('locationsAll')
      .select('recordedAt')
      .where('packageId', '=', packageId)
      .where('type', '=', 'current')
      .where('recordedAt', '>=', new Date(at - 30 * 60_000).toISOString())
      .where('recordedAt', '<=', new Date(at).toISOString())
      .where('lat', '>=', lat - dLat)
      .where('lat', '<=', lat + dLat)
      .where('lng', '>=', lng - dLng)
      .where('lng', '<=', lng + dLng)
      .orderBy('recordedAt', 'asc')
      .limit(1)
      .executeTakeFirst();
    return row?.recordedAt ?? null;
  }

  /** A package's outcomes, oldest first. */
  outcomesOf(packageId: string): Promise<DeliveryOutcomeRow[]> {
    return this.db
      .selectFrom('deliveryOutcomes')
      .selectAll()
      .where('packageId', '=', packageId)
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** Marks a delivery outcome reopened by dispatch (issue 31); the row and its files stay. */
  async markReopened(id: string, mark: { reopenedAt: string; reopenedBy: string; reopenReason: string }): Promise<void> {
    await this.db.updateTable('deliveryOutcomes').set(mark).where('id', '=', id).execute();
  }

  /** The outcome a phone already sent under this id (a resend from its offline queue). */
  outcomeByClientId(packageId: string, clientId: string): Promise<DeliveryOutcomeRow | undefined> {
    return this.db.selectFrom('deliveryOutcomes').selectAll().where('packageId', '=', packageId).where('clientId', '=', clientId).executeTakeFirst();
  }

  /**
   * Packages to re-plan: not delivered, whose newest outcome is an attempt; with that attempt, newest attempt first.
   */
  /** Delivery attempts recorded since a time (the fleet map's 'attempted today'). */
  async countAttemptsSince(sinceIso: string): Promise<number> {
    const row = await this.db
      .selectFrom('deliveryOutcomes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('kind', '=', 'attempted')
      .where('createdAt', '>=', sinceIso)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async attemptedPackages(limit: number): Promise<Array<{ pkg: PackageRow; attempt: DeliveryOutcomeRow; attempts: number }>> {
    const rows = await this.db
      .selectFrom('deliveryOutcomes as o')
      .innerJoin('packages as p', 'p.id', 'o.packageId')
      .selectAll('o')
      .where('p.status', '!=', 'delivered')
      .where('o.kind', '=', 'attempted')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('deliveryOutcomes as later')
              .select('later.id')
              .whereRef('later.packageId', '=', 'o.packageId')
              .whereRef('later.createdAt', '>', 'o.createdAt'),
          ),
        ),
      )
      .orderBy('o.createdAt', 'desc')
      .limit(limit)
      .execute();
    if (!rows.length) return [];
    const ids = [...new Set(rows.map((r) => r.packageId))];
    const packages = await this.db.selectFrom('packages').selectAll().where('id', 'in', ids).execute();
    const counts = await this.db
      .selectFrom('deliveryOutcomes')
      .select(['packageId', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('packageId', 'in', ids)
      .where('kind', '=', 'attempted')
      .groupBy('packageId')
      .execute();
    const byId = new Map(packages.map((p) => [p.id, p]));
    const countOf = new Map(counts.map((c) => [c.packageId, Number(c.n)]));
    return rows.flatMap((attempt) => {
      const pkg = byId.get(attempt.packageId);
      return pkg ? [{ pkg, attempt, attempts: countOf.get(attempt.packageId) ?? 1 }] : [];
    });
  }

  async deleteFilesOfPackages(packageIds: readonly string[]): Promise<void> {
    if (!packageIds.length) return;
    await this.db.deleteFrom('proofFiles').where('packageId', 'in', packageIds).execute();
  }

  /** Every stored key of these packages' files (a deleted package's rows stay until its objects are deleted). */
  async keysOfPackages(packageIds: readonly string[]): Promise<string[]> {
    if (!packageIds.length) return [];
    const rows = await this.db.selectFrom('proofFiles').select(['storageKey', 'thumbKey']).where('packageId', 'in', packageIds).execute();
    return rows.flatMap((r) => (r.thumbKey ? [r.storageKey, r.thumbKey] : [r.storageKey]));
  }
}
