import type { CompiledQuery } from 'kysely';

/** Runs one write elsewhere, answering the rows it changed; null where there is no elsewhere (run it as usual). */
export type OffloadTarget = (sql: string, parameters: readonly unknown[]) => Promise<number> | null;

/** A write built with the query builder, not yet run. */
interface PendingWrite {
  compile(): CompiledQuery;
  execute(): Promise<unknown>;
}

/**
 * Small writes of a request's bookkeeping (a session's or an API key's last use, a tracker's last contact and its
 * unused points) and the retention job's deletes (decision 085). On SQLite with a file, they run in the fix writer's
 * thread, between its batches: on the server's own connection each would take a turn at the write lock
 * (db/write-gate.ts) and hold the batches while it runs, once per tracker report. On PostgreSQL, on an in-memory SQLite
 * database and inside a transaction there is no target: the write runs as usual.
 */
export class WriteOffload {
  private target: OffloadTarget | null = null;

  /** Set once by the database plugin: the fix writer's `offloadWrite`. */
  setTarget(target: OffloadTarget): void {
    this.target = target;
  }

  /** Runs `query` where it does not hold the event loop; answers the rows it changed. */
  run(query: PendingWrite): Promise<number> {
    return this.runCompiled(query.compile(), () => query.execute());
  }

  /** Runs a query compiled elsewhere (raw SQL), or `execute` when there is no target. */
  async runCompiled(compiled: CompiledQuery, execute: () => Promise<unknown>): Promise<number> {
    const offloaded = this.target?.(compiled.sql, compiled.parameters);
    if (offloaded) return offloaded;
    return changedRows(await execute());
  }
}

/** Rows a write changed, from what Kysely answers for it (an update, insert or delete result, or a raw query's). */
function changedRows(result: unknown): number {
  const first = Array.isArray(result) ? result[0] : result;
  if (!first || typeof first !== 'object') return 0;
  const r = first as { numUpdatedRows?: bigint; numDeletedRows?: bigint; numInsertedOrUpdatedRows?: bigint; numAffectedRows?: bigint };
  return Number(r.numUpdatedRows ?? r.numDeletedRows ?? r.numInsertedOrUpdatedRows ?? r.numAffectedRows ?? 0);
}
