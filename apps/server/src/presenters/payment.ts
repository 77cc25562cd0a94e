import type { LedgerEntry, LedgerKind, PackageLedger, PaymentMethod } from '@cargo/shared';
import type { PackageRow, PaymentEntryRow } from '../db/types.ts';
import type { LedgerSums } from '../repositories/payments.ts';

/** One ledger entry as replies show it (ledgerEntrySchema): never the client id or the actor's id. */
export function presentLedgerEntry(row: PaymentEntryRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as LedgerKind,
    method: (row.method as PaymentMethod | null) ?? null,
    amount: Number(row.amount),
    reference: row.reference,
    reason: row.reason,
    recordedBy: row.actorLabel,
    actorType: row.actorType,
    createdAt: row.createdAt,
  };
}

/** A package's money from its ledger: sums and entries (packageLedgerSchema). */
export function presentLedger(pkg: PackageRow, currency: string, sums: LedgerSums, entries: PaymentEntryRow[]): PackageLedger {
  return {
    packageId: pkg.id,
    trackingNumber: pkg.trackingNumber,
    currency,
    amountDue: sums.due,
    paid: sums.paid,
    balance: sums.due - sums.paid,
    released: sums.released,
    entries: entries.map(presentLedgerEntry),
  };
}
