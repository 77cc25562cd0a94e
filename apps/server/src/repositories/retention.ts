import { ENDED_STATUSES } from '@cargo/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Executor } from './executor.ts';
import { WriteOffload } from './offload.ts';

/** A place in a walk ordered by (created_at, id). */
export interface AgeCursor {
  createdAt: string;
  id: string;
}

/** What the fixes past the full-trail period become (decision 075). */
export type AfterTrail = 'minute' | 'final';

/**
 * The retention job's statements (decision 075): each reads or deletes at most one batch of rows, found by an index,
 * so no statement holds the database (SQLite's one writer, PostgreSQL's locks) for long. Raw SQL in snake_case: the
 * conditions compare a row with its neighbours in the same table, which the query builder would only obscure.
 */
export class RetentionRepository {
  constructor(
    private readonly db: Executor,
    /** Where the deletes of fixes run when they should not hold the event loop (SQLite's writer thread, decision 079). */
    private readonly offload: WriteOffload = new WriteOffload(),
  ) {}

  private get kysely(): Kysely<Database> {
    return this.db as Kysely<Database>;
  }

  /**
   * Up to `limit` ids of `locations` after `after` and before `before`, in key order. Fix ids are time-ordered
   * (version 7: the server's time when the fix came in), so a key range is a range of arrival times.
   */
  async locationIds(after: string, before: string, limit: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`select id from locations where id > ${after} and id < ${before} order by id limit ${limit}`.execute(this.kysely);
    return rows.map((r) => r.id);
  }

  /**
   * Deletes, among the `locations` rows with keys from `from` to `to`, the GPS fixes that came in before `createdBefore`
   * of packages whose delivery is over, except what any view still shows: each package's newest fix (its final
   * position) always stays, and with 'minute' the first fix of each minute (by device time) of each package too.
   * Hand-set locations (pickup, delivery, a typed-in position) are never touched. Answers how many went.
   */
  async deleteFixes(from: string, to: string, createdBefore: string, after: AfterTrail): Promise<number> {
    const ended = sql.join(ENDED_STATUSES.map((s) => sql`${s}`));
    const thin =
      after === 'minute'
        ? sql`and exists (select 1 from locations e where e.package_id = locations.package_id and e.type = 'current' and e.is_live_tracking = 1
              and e.recorded_at >= substr(locations.recorded_at, 1, 16)
              and (e.recorded_at < locations.recorded_at or (e.recorded_at = locations.recorded_at and e.id < locations.id)))`
        : sql``;
    const query = sql`delete from locations
      where id >= ${from} and id <= ${to}
        and type = 'current' and is_live_tracking = 1 and created_at < ${createdBefore}
        and exists (select 1 from packages p where p.id = locations.package_id and p.status in (${ended}))
        and exists (select 1 from locations n where n.package_id = locations.package_id and n.type = 'current' and n.is_live_tracking = 1
              and (n.recorded_at > locations.recorded_at or (n.recorded_at = locations.recorded_at and n.id > locations.id)))
        ${thin}`;
    // On SQLite the delete runs in the fix writer's thread, between its batches: the event loop that answers requests
    // (and acknowledges fixes) goes on meanwhile.
    return this.offload.runCompiled(query.compile(this.kysely), () => query.execute(this.kysely));
  }

  /** Up to `limit` device points created before `createdBefore`, after `cursor`, oldest first. */
  async devicePointsBefore(createdBefore: string, cursor: AgeCursor | null, limit: number): Promise<AgeCursor[]> {
    const after = cursor ? sql`and (created_at > ${cursor.createdAt} or (created_at = ${cursor.createdAt} and id > ${cursor.id}))` : sql``;
    const { rows } = await sql<{ id: string; created_at: string }>`select id, created_at from device_points
      where created_at < ${createdBefore} ${after} order by created_at, id limit ${limit}`.execute(this.kysely);
    return rows.map((r) => ({ id: r.id, createdAt: r.created_at }));
  }

  /** Deletes these device points, except the newest of each device (the Devices tab shows it). */
  async deleteDevicePoints(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await sql`delete from device_points where id in (${sql.join(ids.map((id) => sql`${id}`))})
      and exists (select 1 from device_points n where n.device_id = device_points.device_id
        and (n.created_at > device_points.created_at or (n.created_at = device_points.created_at and n.id > device_points.id)))`.execute(this.kysely);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Deletes up to `limit` sessions that expired before `expiredBefore`. */
  async deleteSessionsExpiredBefore(expiredBefore: string, limit: number): Promise<number> {
    const result = await sql`delete from sessions where token_hash in (
      select token_hash from sessions where expires_at < ${expiredBefore} order by expires_at limit ${limit})`.execute(this.kysely);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Deletes up to `limit` notification messages that are done with (sent, failed, skipped) and created before `createdBefore`. */
  async deleteMessagesBefore(createdBefore: string, limit: number): Promise<number> {
    const result = await sql`delete from notification_messages where id in (
      select id from notification_messages where created_at < ${createdBefore} and status in ('sent', 'failed', 'skipped')
      order by created_at limit ${limit})`.execute(this.kysely);
    return Number(result.numAffectedRows ?? 0);
  }
}
