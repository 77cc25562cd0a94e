import type { NotificationMessageRow, NotificationTemplateRow } from '../db/types.ts';
import type { CountValue, Executor } from './executor.ts';

/**
 * The notification tables (decision 046): messages (the sender's queue and the admin's log), dispatch's templates and
 * the unsubscribed addresses. The only code that queries them.
 */
export class NotificationRepository {
  constructor(private readonly db: Executor) {}

  // --- messages ---

  /** Inserts a message unless one exists for the same event, channel and recipient; true when this one was written. */
  async insertMessage(row: NotificationMessageRow): Promise<boolean> {
    const result = await this.db
      .insertInto('notificationMessages')
      .values(row)
      .onConflict((oc) => oc.columns(['eventId', 'channel', 'recipient']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  findMessage(id: string): Promise<NotificationMessageRow | undefined> {
    return this.db.selectFrom('notificationMessages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether a message of this event type already went (or is going) to this recipient about this subject. */
  async hasEarlier(filter: { packageId: string | null; pickupRequestId: string | null; eventType: string; channel: 'email' | 'sms'; recipient: string; exceptEventId: string }): Promise<boolean> {
    let query = this.db
      .selectFrom('notificationMessages')
      .select('id')
      .where('eventType', '=', filter.eventType)
      .where('channel', '=', filter.channel)
      .where('recipient', '=', filter.recipient)
      .where('eventId', '!=', filter.exceptEventId)
      .where('status', 'in', ['queued', 'sending', 'sent']);
    query = filter.packageId ? query.where('packageId', '=', filter.packageId) : query.where('pickupRequestId', '=', filter.pickupRequestId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /**
   * Messages sent about a package since a time (the daily cap). A message sent once counts, also when queued again
   * since (a resend): `sent_at` is set only by a send, so the query needs no status and uses (package_id, sent_at).
   */
  async countSentForPackage(packageId: string, sinceIso: string): Promise<number> {
    const row = await this.db
      .selectFrom('notificationMessages')
      .select((eb) => eb.fn.countAll<CountValue>().as('n'))
      .where('packageId', '=', packageId)
      .where('sentAt', '>=', sinceIso)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Messages due to be sent now: queued and due, or held by a sender whose lease ran out. */
  due(nowIso: string, limit: number): Promise<Array<{ id: string; packageId: string | null }>> {
    return this.db
      .selectFrom('notificationMessages')
      .select(['id', 'packageId'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', nowIso)]),
          eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<', nowIso)]),
        ]),
      )
      .orderBy('nextAttemptAt')
      .limit(limit)
      .execute();
  }

  /** The earliest time a queued message falls due (the sender sleeps until then). */
  async nextDueAt(): Promise<string | null> {
    const row = await this.db.selectFrom('notificationMessages').select((eb) => eb.fn.min('nextAttemptAt').as('at')).where('status', '=', 'queued').executeTakeFirst();
    return (row?.at as string | null | undefined) ?? null;
  }

  /**
   * Takes a message for one attempt: one statement that succeeds for exactly one sender, on any instance (the row is
   * still due and not held by a live lease). Answers the message as claimed when this sender has it until
   * `leaseUntil`, so the send reads nothing more.
   */
  claim(id: string, nowIso: string, leaseUntil: string): Promise<NotificationMessageRow | undefined> {
    return this.db
      .updateTable('notificationMessages')
      .set({ status: 'sending', leaseUntil, updatedAt: nowIso })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', nowIso)]),
          eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<', nowIso)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Ends an attempt: only the sender that holds the lease may write its outcome. */
  async finish(id: string, leaseUntil: string, changes: Partial<Pick<NotificationMessageRow, 'status' | 'reason' | 'providerResponse' | 'nextAttemptAt' | 'sentAt' | 'updatedAt' | 'attempts'>>): Promise<boolean> {
    const result = await this.db
      .updateTable('notificationMessages')
      .set({ ...changes, leaseUntil: null })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('leaseUntil', '=', leaseUntil)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Puts a message back in the queue for now (the admin's resend). */
  async requeue(id: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('notificationMessages')
      .set({ status: 'queued', reason: null, nextAttemptAt: nowIso, leaseUntil: null, updatedAt: nowIso })
      .where('id', '=', id)
      .execute();
  }

  /** The message log, newest first: one package's, or everything's. */
  log(filter: { packageId?: string | undefined; pickupRequestId?: string | undefined; limit: number }): Promise<NotificationMessageRow[]> {
    let query = this.db.selectFrom('notificationMessages').selectAll();
    if (filter.packageId) query = query.where('packageId', '=', filter.packageId);
    if (filter.pickupRequestId) query = query.where('pickupRequestId', '=', filter.pickupRequestId);
    return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  }

  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('notificationMessages')
      .select(['status', (eb) => eb.fn.countAll<CountValue>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  // --- templates ---

  listTemplates(): Promise<NotificationTemplateRow[]> {
    return this.db.selectFrom('notificationTemplates').selectAll().execute();
  }

  findTemplate(id: string): Promise<NotificationTemplateRow | undefined> {
    return this.db.selectFrom('notificationTemplates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async saveTemplate(row: NotificationTemplateRow): Promise<void> {
    await this.db
      .insertInto('notificationTemplates')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ enabled: row.enabled, subject: row.subject, body: row.body, updatedAt: row.updatedAt }))
      .execute();
  }

  async deleteTemplate(id: string): Promise<void> {
    await this.db.deleteFrom('notificationTemplates').where('id', '=', id).execute();
  }

  // --- unsubscribes ---

  async addUnsubscribe(row: { id: string; email: string; packageId: string | null; createdAt: string }): Promise<void> {
    await this.db.insertInto('notificationUnsubscribes').values(row).execute();
  }

  /** Whether this address asked for no more email about this package (or about any). */
  async isUnsubscribed(email: string, packageId: string | null): Promise<boolean> {
    const row = await this.db
      .selectFrom('notificationUnsubscribes')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .where((eb) => (packageId ? eb.or([eb('packageId', 'is', null), eb('packageId', '=', packageId)]) : eb('packageId', 'is', null)))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}

