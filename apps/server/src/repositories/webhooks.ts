import type { EventRow, WebhookAttemptRow, WebhookEndpointRow, WebhookMessageRow } from '../db/types.ts';
import type { Executor } from './executor.ts';

type MessageOutcome = Partial<Pick<WebhookMessageRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'deliveredAt' | 'updatedAt'>>;

/**
 * The webhook tables (issue 19, migration 008) and the webhooks reader's mark on the outbox: the only code that queries
 * them.
 */
export class WebhookRepository {
  constructor(private readonly db: Executor) {}

  // --- endpoints ---

  async insertEndpoint(row: WebhookEndpointRow): Promise<void> {
    await this.db.insertInto('webhookEndpoints').values(row).execute();
  }

  findEndpoint(id: string): Promise<WebhookEndpointRow | undefined> {
    return this.db.selectFrom('webhookEndpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first. */
  listEndpoints(): Promise<WebhookEndpointRow[]> {
    return this.db.selectFrom('webhookEndpoints').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  }

  enabledEndpoints(): Promise<WebhookEndpointRow[]> {
    return this.db.selectFrom('webhookEndpoints').selectAll().where('enabled', '=', 1).execute();
  }

  async updateEndpoint(id: string, changes: Partial<Omit<WebhookEndpointRow, 'id' | 'createdAt' | 'createdBy'>>): Promise<void> {
    await this.db.updateTable('webhookEndpoints').set(changes).where('id', '=', id).execute();
  }

  /** Deletes an endpoint with its messages and attempts. */
  async deleteEndpoint(id: string): Promise<boolean> {
    await this.db.deleteFrom('webhookAttempts').where('endpointId', '=', id).execute();
    await this.db.deleteFrom('webhookMessages').where('endpointId', '=', id).execute();
    const result = await this.db.deleteFrom('webhookEndpoints').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The first failure since the last success, set once (a concurrent sender's earlier mark stays). */
  async markFailing(id: string, at: string): Promise<void> {
    await this.db.updateTable('webhookEndpoints').set({ failingSince: at }).where('id', '=', id).where('failingSince', 'is', null).execute();
  }

  async clearFailing(id: string): Promise<void> {
    await this.db.updateTable('webhookEndpoints').set({ failingSince: null }).where('id', '=', id).where('failingSince', 'is not', null).execute();
  }

  async disable(id: string, reason: string, at: string): Promise<void> {
    await this.db.updateTable('webhookEndpoints').set({ enabled: 0, disabledReason: reason, updatedAt: at }).where('id', '=', id).where('enabled', '=', 1).execute();
  }

  // --- the outbox ---

  /** Events the webhooks reader has not taken, oldest first. */
  pendingEvents(limit: number): Promise<EventRow[]> {
    return this.db.selectFrom('events').selectAll().where('webhookedAt', 'is', null).orderBy('occurredAt').orderBy('id').limit(limit).execute();
  }

  async markEventsTaken(ids: string[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('events').set({ webhookedAt: at }).where('id', 'in', ids).execute();
  }

  // --- messages ---

  /** Inserts messages; one that exists for its endpoint and event already is left alone (a second reader). */
  async insertMessages(rows: WebhookMessageRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('webhookMessages')
      .values(rows)
      .onConflict((oc) => oc.columns(['endpointId', 'eventId']).doNothing())
      .execute();
  }

  findMessage(id: string): Promise<WebhookMessageRow | undefined> {
    return this.db.selectFrom('webhookMessages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Messages due now: pending and due, or held by a sender whose lease ran out; of enabled endpoints only. */
  due(nowIso: string, limit: number): Promise<WebhookMessageRow[]> {
    return this.db
      .selectFrom('webhookMessages')
      .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookMessages.endpointId')
      .selectAll('webhookMessages')
      .where('webhookEndpoints.enabled', '=', 1)
      .where((eb) =>
        eb.or([
          eb.and([eb('webhookMessages.status', '=', 'pending'), eb('webhookMessages.nextAttemptAt', '<=', nowIso)]),
          eb.and([eb('webhookMessages.status', '=', 'sending'), eb('webhookMessages.leaseUntil', '<', nowIso)]),
        ]),
      )
      .orderBy('webhookMessages.nextAttemptAt')
      .orderBy('webhookMessages.id')
      .limit(limit)
      .execute();
  }

  /** The earliest time a pending message falls due (the worker sleeps until then at most). */
  async nextDueAt(): Promise<string | null> {
    const row = await this.db.selectFrom('webhookMessages').select((eb) => eb.fn.min('nextAttemptAt').as('at')).where('status', '=', 'pending').executeTakeFirst();
    return (row?.at as string | null | undefined) ?? null;
  }

  /**
   * Takes a message for one attempt: one statement that succeeds for exactly one sender on any instance (decision 046's
   * claim). True when this sender holds it until `leaseUntil`.
   */
  async claim(id: string, nowIso: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webhookMessages')
      .set({ status: 'sending', leaseUntil, updatedAt: nowIso })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<=', nowIso)]),
          eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<', nowIso)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends an attempt: only the sender that holds the lease may write its outcome. */
  async finish(id: string, leaseUntil: string, changes: MessageOutcome): Promise<boolean> {
    const result = await this.db
      .updateTable('webhookMessages')
      .set({ ...changes, leaseUntil: null })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('leaseUntil', '=', leaseUntil)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertAttempt(row: WebhookAttemptRow): Promise<void> {
    await this.db.insertInto('webhookAttempts').values(row).execute();
  }

  /** Sends a message again from now: its attempts count afresh (the replay of an admin or a key). */
  async requeue(id: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webhookMessages')
      .set({ status: 'pending', attempts: 0, nextAttemptAt: nowIso, leaseUntil: null, lastError: null, updatedAt: nowIso })
      .where('id', '=', id)
      .where('status', '!=', 'sending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every message of an endpoint made at or after `sinceIso` (not one being sent now), sent again from now. */
  async requeueSince(endpointId: string, sinceIso: string, nowIso: string): Promise<number> {
    const result = await this.db
      .updateTable('webhookMessages')
      .set({ status: 'pending', attempts: 0, nextAttemptAt: nowIso, leaseUntil: null, lastError: null, updatedAt: nowIso })
      .where('endpointId', '=', endpointId)
      .where('createdAt', '>=', sinceIso)
      .where('status', '!=', 'sending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** An endpoint's messages, newest first. */
  messages(endpointId: string, filter: { status?: WebhookMessageRow['status'] | undefined; limit: number }): Promise<WebhookMessageRow[]> {
    let query = this.db.selectFrom('webhookMessages').selectAll().where('endpointId', '=', endpointId);
    if (filter.status) query = query.where('status', '=', filter.status);
    return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  }

  /** The attempts of these messages, oldest first. */
  attemptsOf(messageIds: string[]): Promise<WebhookAttemptRow[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('webhookAttempts').selectAll().where('messageId', 'in', messageIds).orderBy('attemptedAt').orderBy('id').execute();
  }

  // --- retention (issue 21): the delivery log is kept as long as the message log ---

  /** Deletes up to `limit` attempts made before `beforeIso`; answers how many. */
  async deleteAttemptsBefore(beforeIso: string, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('webhookAttempts')
      .where('id', 'in', (eb) => eb.selectFrom('webhookAttempts').select('id').where('attemptedAt', '<', beforeIso).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes up to `limit` finished messages (delivered or failed) made before `beforeIso`; pending ones stay. */
  async deleteFinishedMessagesBefore(beforeIso: string, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('webhookMessages')
      .where('id', 'in', (eb) =>
        eb.selectFrom('webhookMessages').select('id').where('createdAt', '<', beforeIso).where('status', 'in', ['delivered', 'failed']).limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
