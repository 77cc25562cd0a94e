import { EventEmitter } from 'node:events';
import {
  DRIVER_PAYMENT_FACTOR,
  ERR,
  LEDGER_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_MSG,
  balanceOf,
  formatMoney,
  minorDigits,
  type Collections,
  type DriverCash,
  type DriverCollection,
  type OutcomePayment,
  type PackageLedger,
  type PaymentSummary,
} from '@cargo/shared';
import type { PackageRow, PaymentEntryRow } from '../../db/types.ts';
import { newTimeOrderedId } from '../../lib/crypto.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { isoFromMs } from '../../lib/time.ts';
import { wallClock, zoneOfPlace } from '../../lib/time-zone.ts';
import { presentLedger } from '../../presenters/payment.ts';
import { isUniqueViolation } from '../../repositories/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import { NO_SUMS, type LedgerSums } from '../../repositories/payments.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import type { ReceiptMoney } from '../delivery-proof/receipt-pdf.ts';
import { labelOf, recordAudit } from '../audit/audit-trail.ts';

/** A payment received: through the API, the panel, or the driver's close-stop sheet. */
export interface PaymentRecord extends OutcomePayment {
  clientId?: string | undefined;
}

export interface PaymentEvents {
  /** After a commit that appended an event to the outbox (the workers look at once). */
  changed: [packageId: string];
}

type EntryFields = Pick<PaymentEntryRow, 'kind' | 'method' | 'amount' | 'reference' | 'reason' | 'clientId'>;

const EVENT_OF: Partial<Record<string, 'payment.recorded' | 'payment.refunded' | 'payment.released'>> = {
  payment: 'payment.recorded',
  refund: 'payment.refunded',
  correction: 'payment.refunded',
  release: 'payment.released',
};

/**
 * The ledger's rules (issue 32, design.md §12, decisions 098 and 099). A package's money is an append-only list of
 * entries in minor units: 'due' entries (each change of the amount dispatch set), payments, refunds and corrections
 * (negative), and releases. The balance is always summed from the entries, in the transaction that needs it: the
 * close-stop rule (`assertDeliverable`) runs inside the delivery's own transaction, after the payment taken at the
 * door was written in it. Every entry is in the audit log; payments, refunds and releases are events of the outbox.
 */
export class PaymentService {
  readonly events = new EventEmitter<PaymentEvents>();
  readonly digits: number;
  private lastMs = 0;

  constructor(
    private readonly repos: Repositories,
    readonly currency: string,
    /** The company's words on how to pay, shown with the balance on the customer's view. */
    private readonly howToPay: string,
  ) {
    this.digits = minorDigits(currency);
  }

  format(minor: number): string {
    return formatMoney(minor, this.currency);
  }

  private async packageOf(ref: string): Promise<PackageRow> {
    const pkg = await this.repos.packages.findByRef(ref);
    if (!pkg) throw notFound(ERR.packageNotFound);
    return pkg;
  }

  async sumsOf(packageId: string, repos: Repositories = this.repos): Promise<LedgerSums> {
    return (await repos.payments.sumsOf([packageId])).get(packageId) ?? { ...NO_SUMS };
  }

  /** Sums of many packages at once (a driver's stops). */
  async summaries(packageIds: readonly string[]): Promise<Map<string, PaymentSummary>> {
    const sums = await this.repos.payments.sumsOf(packageIds);
    return new Map([...sums].map(([id, s]) => [id, this.summary(s)]));
  }

  summary(sums: LedgerSums): PaymentSummary {
    return { currency: this.currency, amountDue: sums.due, paid: sums.paid, balance: balanceOf(sums), released: sums.released };
  }

  /** The customer's view of the money (share link, full proof view): null when nothing was ever owed. */
  async customerView(pkg: PackageRow): Promise<(PaymentSummary & { howToPay: string }) | null> {
    const sums = await this.sumsOf(pkg.id);
    if (sums.due === 0 && sums.paid === 0 && !sums.released) return null;
    return { ...this.summary(sums), howToPay: this.howToPay };
  }

  /** The receipt's money part (the proof-of-delivery PDF): null when nothing was ever owed or paid. */
  async receiptMoney(pkg: PackageRow): Promise<ReceiptMoney | null> {
    const ledger = await this.ledgerOf(pkg);
    if (!ledger.entries.length) return null;
    const f = (minor: number) => this.format(minor);
    return {
      amountDue: f(ledger.amountDue),
      entries: ledger.entries
        .filter((e) => e.kind !== 'due')
        .map((e) => ({
          at: e.createdAt,
          text:
            e.kind === 'release'
              ? `Released without payment: ${e.reason ?? ''} (${e.recordedBy})`
              : `${LEDGER_KIND_LABELS[e.kind]}${e.method ? ` (${PAYMENT_METHOD_LABELS[e.method]}${e.reference ? `, ref. ${e.reference}` : ''})` : ''}: ${f(e.amount)}${e.reason ? `, ${e.reason}` : ''}, by ${e.recordedBy}`,
        })),
      paid: f(ledger.paid),
      balance: f(ledger.balance),
      released: ledger.released,
    };
  }

  async ledger(ref: string): Promise<PackageLedger> {
    const pkg = await this.packageOf(ref);
    return this.ledgerOf(pkg);
  }

  private async ledgerOf(pkg: PackageRow): Promise<PackageLedger> {
    const entries = await this.repos.payments.entriesOf(pkg.id);
    return presentLedger(pkg, this.currency, await this.sumsOf(pkg.id), entries);
  }

  // --- writes ---

  /**
   * A payment received (the panel, an API key with payments:write, the assigned driver). A driver records positive
   * amounts only, at most ten times the balance, and only while something is owed; anyone else a positive amount.
   * A resend under a client id already recorded answers that entry (`duplicate`), never a second one.
   */
  async record(ref: string, input: PaymentRecord, actor: AuditActor): Promise<{ entry: PaymentEntryRow; ledger: PackageLedger; duplicate: boolean }> {
    const pkg = await this.packageOf(ref);
    if (input.clientId) {
      const existing = await this.repos.payments.entryByClientId(pkg.id, input.clientId);
      if (existing) return { entry: existing, ledger: await this.ledgerOf(pkg), duplicate: true };
    }
    this.checkPayment(input, actor, await this.sumsOf(pkg.id));
    try {
      const entry = await this.repos.transaction((trx) => this.writePayment(trx, pkg, input, actor, input.clientId ?? null));
      this.events.emit('changed', pkg.id);
      return { entry, ledger: await this.ledgerOf(pkg), duplicate: false };
    } catch (err) {
      // Two sends of one queued payment at the same moment: the second finds the first's entry.
      if (input.clientId && isUniqueViolation(err)) {
        const existing = await this.repos.payments.entryByClientId(pkg.id, input.clientId);
        if (existing) return { entry: existing, ledger: await this.ledgerOf(pkg), duplicate: true };
      }
      throw err;
    }
  }

  /** The rules of a payment's amount for its actor (400 / 409 with the reason). */
  checkPayment(input: Pick<PaymentRecord, 'amount'>, actor: AuditActor, sums: LedgerSums): void {
    if (actor.type === 'driver') {
      if (input.amount <= 0) throw badRequest(PAYMENT_MSG.driverNegative);
      const balance = balanceOf(sums);
      if (balance <= 0) throw conflict(PAYMENT_MSG.nothingOwed);
      if (input.amount > balance * DRIVER_PAYMENT_FACTOR) throw badRequest(PAYMENT_MSG.driverOverLimit);
      return;
    }
    if (input.amount <= 0) throw badRequest(PAYMENT_MSG.amountPositive);
  }

  /**
   * Writes a payment in `trx` (its entry, audit entry and `payment.recorded` event): the route's own transaction, or
   * the delivery's, so a payment taken at the door and the delivery it allows commit together.
   */
  writePayment(trx: Repositories, pkg: PackageRow, input: OutcomePayment, actor: AuditActor, clientId: string | null): Promise<PaymentEntryRow> {
    return this.writeEntry(trx, pkg, { kind: 'payment', method: input.method, amount: input.amount, reference: input.reference ?? null, reason: null, clientId }, actor);
  }

  /** A refund or a correction (admin): a negative entry with its reason. */
  async adjust(ref: string, input: { kind: 'refund' | 'correction'; amount: number; method: string | null; reference: string | null; reason: string }, actor: AuditActor) {
    const pkg = await this.packageOf(ref);
    const entry = await this.repos.transaction((trx) =>
      this.writeEntry(trx, pkg, { kind: input.kind, method: input.method, amount: -Math.abs(input.amount), reference: input.reference, reason: input.reason, clientId: null }, actor),
    );
    this.events.emit('changed', pkg.id);
    return { entry, ledger: await this.ledgerOf(pkg), duplicate: false };
  }

  /** 'Release without payment' (admin): the package may be delivered with a balance; the reason is kept. */
  async release(ref: string, reason: string, actor: AuditActor) {
    const pkg = await this.packageOf(ref);
    if ((await this.sumsOf(pkg.id)).released) throw conflict(PAYMENT_MSG.alreadyReleased);
    const entry = await this.repos.transaction((trx) => this.writeEntry(trx, pkg, { kind: 'release', method: null, amount: 0, reference: null, reason, clientId: null }, actor));
    this.events.emit('changed', pkg.id);
    return { entry, ledger: await this.ledgerOf(pkg), duplicate: false };
  }

  /**
   * The amount dispatch set changed (a create, an edit, an import): a 'due' entry of the difference, in the package's
   * own transaction, so the sum of the due entries is always the amount on the package.
   */
  async writeDue(trx: Repositories, pkg: PackageRow, before: number | null, after: number | null, actor: AuditActor): Promise<void> {
    const delta = (after ?? 0) - (before ?? 0);
    if (delta === 0) return;
    await this.writeEntry(trx, pkg, { kind: 'due', method: null, amount: delta, reference: null, reason: null, clientId: null }, actor);
  }

  /**
   * The Shipping Guide's rule (design.md §12): 'delivered' and 'left' are refused while a balance remains and no
   * release exists. Asked inside the delivery's transaction, after any payment written in it.
   */
  async assertDeliverable(trx: Repositories, pkg: PackageRow): Promise<void> {
    const sums = await this.sumsOf(pkg.id, trx);
    const balance = balanceOf(sums);
    if (balance > 0 && !sums.released) throw conflict(PAYMENT_MSG.balanceRemains(this.format(balance)));
  }

  private async writeEntry(trx: Repositories, pkg: PackageRow, fields: EntryFields, actor: AuditActor): Promise<PaymentEntryRow> {
    const now = this.tick();
    const row: PaymentEntryRow = {
      id: newTimeOrderedId(now),
      packageId: pkg.id,
      ...fields,
      actorType: actor.type,
      actorId: actor.id,
      actorLabel: (await labelOf(trx, actor)).slice(0, 200),
      driverId: actor.type === 'driver' ? actor.id : null,
      localDay: wallClock(zoneOfPlace(pkg.deliveryLat, pkg.deliveryLng), now).day,
      createdAt: isoFromMs(now),
    };
    await trx.payments.insertEntry(row);
    const what = { kind: row.kind, method: row.method, amount: row.amount, reference: row.reference, reason: row.reason };
    if (row.kind !== 'due') {
      await recordAudit(trx, { action: `payment.${row.kind === 'payment' ? 'recorded' : row.kind === 'release' ? 'released' : row.kind === 'refund' ? 'refunded' : 'corrected'}`, objectType: 'package', objectId: pkg.id, objectLabel: pkg.trackingNumber, after: what, actor }, row.createdAt);
    }
    const type = EVENT_OF[row.kind];
    if (type) {
      const sums = await this.sumsOf(pkg.id, trx);
      await trx.events.append({
        type,
        subjectType: 'package',
        subjectId: pkg.id,
        data: { trackingNumber: pkg.trackingNumber, entryId: row.id, ...what, currency: this.currency, amountDue: sums.due, paid: sums.paid, balance: balanceOf(sums), released: sums.released },
        occurredAt: row.createdAt,
      });
    }
    return row;
  }

  // --- the day's cash per driver ---

  async collections(day: string, driverId?: string): Promise<Collections> {
    const [totals, handovers, released, open] = await Promise.all([
      this.repos.payments.driverTotalsOn(day, driverId),
      this.repos.payments.handoversOn(day, driverId),
      this.repos.payments.releasedDeliveredOn(day, driverId),
      this.repos.payments.openPackagesWithAmount(driverId),
    ]);
    const sums = await this.repos.payments.sumsOf([...released, ...open].map((p) => p.id));
    const ids = new Set<string>([...totals.map((t) => t.driverId), ...handovers.keys(), ...released.map((p) => p.driverId!), ...open.map((p) => p.driverId!)]);
    if (driverId) ids.add(driverId);
    const drivers: DriverCollection[] = [];
    for (const id of ids) {
      const driver = await this.repos.drivers.findById(id);
      if (!driver) continue;
      const mine = totals.filter((t) => t.driverId === id);
      const cash = mine.filter((t) => t.method === 'cash').reduce((a, t) => a + t.total, 0);
      const card = mine.filter((t) => t.method === 'card').reduce((a, t) => a + t.total, 0);
      const other = mine.filter((t) => t.method !== 'cash' && t.method !== 'card').reduce((a, t) => a + t.total, 0);
      const handedOver = handovers.get(id) ?? 0;
      const ref = (p: PackageRow) => {
        const s = sums.get(p.id) ?? NO_SUMS;
        return { packageId: p.id, trackingNumber: p.trackingNumber, customerName: p.customerName, amountDue: s.due, balance: balanceOf(s) };
      };
      drivers.push({
        driverId: id,
        driverName: driver.name,
        cash,
        card,
        other,
        handedOver,
        difference: handedOver - cash,
        shortfall: handedOver < cash,
        deliveredWithRelease: released.filter((p) => p.driverId === id).map(ref),
        stillOwing: open.filter((p) => p.driverId === id).map(ref).filter((r) => r.balance > 0 && !(sums.get(r.packageId)?.released ?? false)),
      });
    }
    drivers.sort((a, b) => a.driverName.localeCompare(b.driverName));
    return { day, currency: this.currency, drivers };
  }

  /** Cash a driver handed over on a day, entered by dispatch (an entry; the day's hand-over is their sum). */
  async handover(input: { driverId: string; day: string; amount: number; note: string | null }, actor: AuditActor): Promise<void> {
    const driver = await this.repos.drivers.findById(input.driverId);
    if (!driver) throw notFound(ERR.driverNotFound);
    const now = this.tick();
    await this.repos.transaction(async (trx) => {
      const id = newTimeOrderedId(now);
      await trx.payments.insertHandover({ id, driverId: driver.id, day: input.day, amount: input.amount, note: input.note, actorId: actor.id, actorLabel: (await labelOf(trx, actor)).slice(0, 200), createdAt: isoFromMs(now) });
      await recordAudit(trx, { action: 'cash.handed_over', objectType: 'driver', objectId: driver.id, objectLabel: driver.name, after: { day: input.day, amount: input.amount, note: input.note }, actor });
    });
  }

  /**
   * A driver's cash in hand: every cash payment they recorded less everything dispatch entered as handed over (not
   * one day's: cash not handed over yesterday is still in the van). `day` is today's in the server's zone, for the page.
   */
  async driverCash(driverId: string, nowMs = Date.now()): Promise<DriverCash> {
    const day = wallClock(zoneOfPlace(null, null), nowMs).day;
    const [totals, handovers] = await Promise.all([this.repos.payments.driverTotalsOn(null, driverId), this.repos.payments.handoversOn(null, driverId)]);
    const cash = totals.filter((t) => t.method === 'cash').reduce((a, t) => a + t.total, 0);
    const handedOver = handovers.get(driverId) ?? 0;
    return { day, currency: this.currency, cash, handedOver, inHand: cash - handedOver };
  }

  /** Milliseconds that never repeat within the process, so two entries of one millisecond keep their order. */
  private tick(): number {
    const now = Date.now();
    this.lastMs = now > this.lastMs ? now : this.lastMs + 1;
    return this.lastMs;
  }
}
