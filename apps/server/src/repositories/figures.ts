import type { Executor } from './executor.ts';

/** A package's fields the figures read. */
export interface FigurePackage {
  id: string;
  serviceType: string;
  estimatedDelivery: string;
  deliveryLat: number | null;
  deliveryLng: number | null;
  driverId: string | null;
}

export interface FigureOutcome {
  id: string;
  packageId: string;
  kind: string;
  driverId: string | null;
  reason: string | null;
  photoId: string | null;
  signatureId: string | null;
  deviceTime: string;
  createdAt: string;
}

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The raw rows the figures are computed from (issue 35, design.md §15): read only, over a UTC range wide enough to hold
 * every local day of the period in any zone (the service keeps the rows whose local day falls in it). Each table keeps
 * its one owner for writes; this repository only reads.
 */
export class FiguresRepository {
  constructor(private readonly db: Executor) {}

  async packagesByIds(ids: readonly string[]): Promise<Map<string, FigurePackage>> {
    const out = new Map<string, FigurePackage>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db
        .selectFrom('packages')
        .select(['id', 'serviceType', 'estimatedDelivery', 'deliveryLat', 'deliveryLng', 'driverId'])
        .where('id', 'in', part)
        .execute();
      for (const row of rows) out.set(row.id, row);
    }
    return out;
  }

  /** Every outcome of the packages with a 'delivered' or 'left' outcome in the range (their first may be earlier). */
  async outcomesOfPackagesDeliveredBetween(fromIso: string, toIso: string): Promise<FigureOutcome[]> {
    const ids = await this.db
      .selectFrom('deliveryOutcomes')
      .select('packageId')
      .distinct()
      .where('kind', 'in', ['delivered', 'left'])
      .where('deviceTime', '>=', fromIso)
      .where('deviceTime', '<', toIso)
      .execute();
    const out: FigureOutcome[] = [];
    for (const part of chunks(ids.map((r) => r.packageId))) {
      out.push(
        ...(await this.db
          .selectFrom('deliveryOutcomes')
          .select(['id', 'packageId', 'kind', 'driverId', 'reason', 'photoId', 'signatureId', 'deviceTime', 'createdAt'])
          .where('packageId', 'in', part)
          .execute()),
      );
    }
    return out;
  }

  async attemptsBetween(fromIso: string, toIso: string): Promise<FigureOutcome[]> {
    return this.db
      .selectFrom('deliveryOutcomes')
      .select(['id', 'packageId', 'kind', 'driverId', 'reason', 'photoId', 'signatureId', 'deviceTime', 'createdAt'])
      .where('kind', '=', 'attempted')
      .where('deviceTime', '>=', fromIso)
      .where('deviceTime', '<', toIso)
      .execute();
  }

  /** Status entries of the given statuses recorded in the range. */
  async statusEntriesBetween(statuses: readonly string[], fromIso: string, toIso: string): Promise<{ packageId: string; status: string; createdAt: string }[]> {
    return this.db
      .selectFrom('statusHistory')
      .select(['packageId', 'status', 'createdAt'])
      .where('status', 'in', [...statuses])
      .where('createdAt', '>=', fromIso)
      .where('createdAt', '<', toIso)
      .execute();
  }

  async ratingsBetween(fromIso: string, toIso: string): Promise<{ packageId: string; stars: number; driverId: string | null; createdAt: string }[]> {
    return this.db
      .selectFrom('packageFeedback')
      .select(['packageId', 'stars', 'driverId', 'createdAt'])
      .where('createdAt', '>=', fromIso)
      .where('createdAt', '<', toIso)
      .execute();
  }

  /** Ledger entries whose local day (the delivery address's, kept on the entry) falls in the period. */
  async ledgerEntriesOn(fromDay: string, toDay: string): Promise<{ packageId: string; kind: string; method: string | null; amount: number; driverId: string | null }[]> {
    const rows = await this.db
      .selectFrom('paymentEntries')
      .select(['packageId', 'kind', 'method', 'amount', 'driverId'])
      .where('localDay', '>=', fromDay)
      .where('localDay', '<=', toDay)
      .execute();
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  }

  /** Each package's ledger sums now: due, paid (payments, refunds, corrections). */
  async balancesOf(ids: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db
        .selectFrom('paymentEntries')
        .select(['packageId', 'kind', (eb) => eb.fn.sum<string | number>('amount').as('total')])
        .where('packageId', 'in', part)
        .where('kind', '!=', 'release')
        .groupBy(['packageId', 'kind'])
        .execute();
      for (const row of rows) {
        const total = Number(row.total);
        out.set(row.packageId, (out.get(row.packageId) ?? 0) + (row.kind === 'due' ? total : -total));
      }
    }
    return out;
  }

  async messagesBetween(fromIso: string, toIso: string): Promise<{ packageId: string | null; status: string; timeZone: string | null; createdAt: string }[]> {
    return this.db
      .selectFrom('notificationMessages')
      .select(['packageId', 'status', 'timeZone', 'createdAt'])
      .where('createdAt', '>=', fromIso)
      .where('createdAt', '<', toIso)
      .execute();
  }

  async webhookMessagesBetween(fromIso: string, toIso: string): Promise<{ packageId: string | null; status: string; createdAt: string }[]> {
    return this.db
      .selectFrom('webhookMessages')
      .select(['packageId', 'status', 'createdAt'])
      .where('createdAt', '>=', fromIso)
      .where('createdAt', '<', toIso)
      .execute();
  }
}
