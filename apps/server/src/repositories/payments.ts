import type { CashHandoverRow, PackageRow, PaymentEntryRow } from '../db/types.ts';
import type { CountValue, Executor } from './executor.ts';

/** A package's ledger summed by kind: what is owed, what is paid (payments less refunds and corrections), any release. */
export interface LedgerSums {
  due: number;
  paid: number;
  released: boolean;
}

export const NO_SUMS: LedgerSums = { due: 0, paid: 0, released: false };

/** A driver's day by method: the amounts of entries they recorded themselves. */
export interface DriverDayTotal {
  driverId: string;
  method: string | null;
  total: number;
}

/**
 * The payments table group (migration 017, issue 32): the append-only ledger (`payment_entries`) and the cash
 * hand-overs (`cash_handovers`). The only code that queries them; there is no update and no delete here on purpose
 * (design.md §12): a package's deletion takes its entries by the foreign key's cascade.
 */
export class PaymentRepository {
  constructor(private readonly db: Executor) {}

  async insertEntry(row: PaymentEntryRow): Promise<void> {
    await this.db.insertInto('paymentEntries').values(row).execute();
  }

  /** A package's entries, oldest first. */
  entriesOf(packageId: string): Promise<PaymentEntryRow[]> {
    return this.db.selectFrom('paymentEntries').selectAll().where('packageId', '=', packageId).orderBy('createdAt', 'asc').orderBy('id', 'asc').execute();
  }

  /** The entry a phone already sent under this id (a resend from its offline queue). */
  entryByClientId(packageId: string, clientId: string): Promise<PaymentEntryRow | undefined> {
    return this.db.selectFrom('paymentEntries').selectAll().where('packageId', '=', packageId).where('clientId', '=', clientId).executeTakeFirst();
  }

  /** The sums of each package's ledger (one grouped read for a page of packages); a package with no entry is absent. */
  async sumsOf(packageIds: readonly string[]): Promise<Map<string, LedgerSums>> {
    const out = new Map<string, LedgerSums>();
    if (!packageIds.length) return out;
    const rows = await this.db
      .selectFrom('paymentEntries')
      .select(['packageId', 'kind', (eb) => eb.fn.sum<CountValue>('amount').as('total'), (eb) => eb.fn.countAll<CountValue>().as('n')])
      .where('packageId', 'in', [...new Set(packageIds)])
      .groupBy(['packageId', 'kind'])
      .execute();
    for (const row of rows) {
      const sums = out.get(row.packageId) ?? { ...NO_SUMS };
      const total = Number(row.total ?? 0);
      if (row.kind === 'due') sums.due += total;
      else if (row.kind === 'release') sums.released = sums.released || Number(row.n) > 0;
      else sums.paid += total;
      out.set(row.packageId, sums);
    }
    return out;
  }

  /** What each driver recorded on a day (in the packages' zones; every day without one), by method. */
  async driverTotalsOn(day: string | null, driverId?: string): Promise<DriverDayTotal[]> {
    let query = this.db
      .selectFrom('paymentEntries')
      .select(['driverId', 'method', (eb) => eb.fn.sum<CountValue>('amount').as('total')])
      .where('driverId', 'is not', null)
      .where('kind', 'in', ['payment', 'refund', 'correction']);
    if (day) query = query.where('localDay', '=', day);
    if (driverId) query = query.where('driverId', '=', driverId);
    const rows = await query.groupBy(['driverId', 'method']).execute();
    return rows.map((r) => ({ driverId: r.driverId!, method: r.method, total: Number(r.total ?? 0) }));
  }

  /** Packages released on a day and delivered, with the driver they are assigned to. */
  async releasedDeliveredOn(day: string, driverId?: string): Promise<PackageRow[]> {
    let query = this.db
      .selectFrom('packages')
      .selectAll('packages')
      .where('packages.status', '=', 'delivered')
      .where('packages.driverId', 'is not', null)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('paymentEntries as e').select('e.id').whereRef('e.packageId', '=', 'packages.id').where('e.kind', '=', 'release').where('e.localDay', '=', day)),
      );
    if (driverId) query = query.where('packages.driverId', '=', driverId);
    return query.orderBy('packages.trackingNumber').limit(1000).execute();
  }

  /** Packages with an amount set, assigned to a driver and not finished: the candidates for 'still owing'. */
  async openPackagesWithAmount(driverId?: string): Promise<PackageRow[]> {
    let query = this.db
      .selectFrom('packages')
      .selectAll()
      .where('amountDue', '>', 0)
      .where('driverId', 'is not', null)
      .where('status', 'not in', ['delivered', 'cancelled', 'returned']);
    if (driverId) query = query.where('driverId', '=', driverId);
    return query.orderBy('trackingNumber').limit(5000).execute();
  }

  async insertHandover(row: CashHandoverRow): Promise<void> {
    await this.db.insertInto('cashHandovers').values(row).execute();
  }

  /** The sum handed over per driver on a day (every day without one). */
  async handoversOn(day: string | null, driverId?: string): Promise<Map<string, number>> {
    let query = this.db.selectFrom('cashHandovers').select(['driverId', (eb) => eb.fn.sum<CountValue>('amount').as('total')]);
    if (day) query = query.where('day', '=', day);
    if (driverId) query = query.where('driverId', '=', driverId);
    const rows = await query.groupBy('driverId').execute();
    return new Map(rows.map((r) => [r.driverId, Number(r.total ?? 0)]));
  }
}
