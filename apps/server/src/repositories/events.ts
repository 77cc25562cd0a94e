import type { EventRow } from '../db/types.ts';
import { newTimeOrderedId } from '../lib/crypto.ts';
import type { Executor } from './executor.ts';

export interface NewEvent {
  type: string;
  subjectType: 'package' | 'pickup_request';
  subjectId: string;
  data: Record<string, unknown>;
  occurredAt: string;
}

/**
 * The events table, the transactional outbox (decision 046): the only code that queries it. `append` runs inside the
 * transaction of the change it records, so an event exists exactly when its change was committed.
 */
export class EventRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Writes an event numbered after the subject's newest: the subject's counter is bumped by the same statement that
   * reads it, so two transactions on one package take 1 and 2 (PostgreSQL holds the row lock until the commit; SQLite
   * has one writer at a time).
   */
  async append(event: NewEvent): Promise<EventRow> {
    const table = event.subjectType === 'package' ? 'packages' : 'pickupRequests';
    const bumped = await this.db
      .updateTable(table)
      .set((eb) => ({ eventSequence: eb('eventSequence', '+', 1) }))
      .where('id', '=', event.subjectId)
      .returning('eventSequence')
      .executeTakeFirst();
    if (!bumped) throw new Error(`event for a missing ${event.subjectType}`);
    const row: EventRow = {
      id: newTimeOrderedId(),
      type: event.type,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      sequence: Number(bumped.eventSequence),
      data: JSON.stringify(event.data),
      occurredAt: event.occurredAt,
      notifiedAt: null,
      webhookedAt: null,
    };
    await this.db.insertInto('events').values(row).execute();
    return row;
  }

  /** Events the notifications reader has not taken, oldest first. */
  pendingNotification(limit: number): Promise<EventRow[]> {
    return this.db.selectFrom('events').selectAll().where('notifiedAt', 'is', null).orderBy('occurredAt').orderBy('id').limit(limit).execute();
  }

  async markNotified(id: string, at: string): Promise<void> {
    await this.db.updateTable('events').set({ notifiedAt: at }).where('id', '=', id).execute();
  }

  findById(id: string): Promise<EventRow | undefined> {
    return this.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A subject's events in order (tests, the admin's view of a package). */
  forSubject(subjectType: 'package' | 'pickup_request', subjectId: string): Promise<EventRow[]> {
    return this.db.selectFrom('events').selectAll().where('subjectType', '=', subjectType).where('subjectId', '=', subjectId).orderBy('sequence').execute();
  }
}
