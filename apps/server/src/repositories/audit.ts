import type { AuditLogRow } from '../db/types.ts';
import type { CountValue, Executor } from './executor.ts';

export interface AuditFilter {
  objectType?: string | undefined;
  objectId?: string | undefined;
  /** Entries about any of these objects, or recorded under any of these labels (neither list empty). */
  objectAny?: { ids: readonly string[]; labels: readonly string[] } | undefined;
  actorType?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
  /** ISO times: from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The audit_log table (decision 070): the only code that queries it. */
export class AuditRepository {
  constructor(private readonly db: Executor) {}

  /** In chunks of 200 rows per statement (well under either database's limit on parameters). */
  async insertMany(rows: readonly AuditLogRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) await this.db.insertInto('auditLog').values(rows.slice(i, i + 200)).execute();
  }

  /** Newest first (the id, time-ordered, breaks ties), paged, with how many match. */
  async list(filter: AuditFilter, page: { limit: number; offset: number }): Promise<{ rows: AuditLogRow[]; total: number }> {
    let base = this.db.selectFrom('auditLog');
    if (filter.objectType) base = base.where('objectType', '=', filter.objectType);
    if (filter.objectId) base = base.where('objectId', '=', filter.objectId);
    const any = filter.objectAny;
    // Both lists hold at least the text typed (the service sees to it).
    if (any) base = base.where((eb) => eb.or([eb('objectId', 'in', [...any.ids]), eb('objectLabel', 'in', [...any.labels])]));
    if (filter.actorType) base = base.where('actorType', '=', filter.actorType);
    if (filter.actorId) base = base.where('actorId', '=', filter.actorId);
    if (filter.action) base = base.where('action', '=', filter.action);
    if (filter.from) base = base.where('at', '>=', filter.from);
    if (filter.to) base = base.where('at', '<', filter.to);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      base.select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Deletes up to `batch` entries older than `before`, oldest first; answers how many went. */
  async deleteOlderThan(before: string, batch: number): Promise<number> {
    const result = await this.db
      .deleteFrom('auditLog')
      .where('id', 'in', (eb) => eb.selectFrom('auditLog').select('id').where('at', '<', before).orderBy('at').limit(batch))
      .executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }
}
