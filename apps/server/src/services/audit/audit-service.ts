import type { AuditLogRow } from '../../db/types.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { isoFromMs } from '../../lib/time.ts';
import type { AuditFilter } from '../../repositories/audit.ts';
import type { Repositories } from '../../repositories/index.ts';
import { recordAudit, type AuditChange } from './audit-trail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries deleted per statement: a prune never holds the table for long. */
export const AUDIT_PRUNE_BATCH = 1000;
/** How often each instance prunes (the first an hour after start); deleting by time is idempotent across instances. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface AuditListQuery extends AuditFilter {
  limit: number;
  offset: number;
}

/**
 * The audit log (issue 20, design.md §11, decision 070): the admin's filtered, paged read; what is recorded outside a
 * service's transaction (sign-ins, exports); and the retention prune, on its own timer, started and stopped with the app.
 */
export class AuditService {
  private timer: NodeJS.Timeout | null = null;
  private pruning: Promise<number> | null = null;

  constructor(
    private readonly repos: Repositories,
    private readonly options: { retentionDays: number; log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void } },
  ) {}

  list(query: AuditListQuery): Promise<{ rows: AuditLogRow[]; total: number }> {
    const { limit, offset, ...filter } = query;
    // Stored times are UTC ISO text: a bound given with another offset is compared in the same form.
    const utc = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
    return this.repos.audit.list({ ...filter, from: utc(filter.from), to: utc(filter.to) }, { limit, offset });
  }

  /** Records a change that has no transaction of its own (an export, a sign-in). */
  record(change: AuditChange): Promise<AuditLogRow | null> {
    return recordAudit(this.repos, change);
  }

  /**
   * One sign-in attempt, recorded whether it succeeds or fails for the account (a wrong password or PIN); a blocked
   * attempt (429) is not, since it never reached the account. A failure names the account as typed (the object is the
   * account when one has that email or phone, never the actor: whoever typed it is unknown); the secret never.
   */
  async signIn<T extends { id: string }>(
    kind: 'admin' | 'driver',
    account: string,
    ip: string,
    attempt: () => Promise<T>,
  ): Promise<T> {
    try {
      const subject = await attempt();
      await this.record({ action: 'session.signed_in', objectType: kind, objectId: subject.id, objectLabel: account, actor: { type: kind, id: subject.id, ip } });
      return subject;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 401) {
        const known = kind === 'admin' ? await this.repos.admins.findByEmail(account) : await this.repos.drivers.findByPhone(account);
        const id = known?.id ?? null;
        await this.record({ action: 'session.sign_in_failed', objectType: kind, objectId: id, objectLabel: account, actor: { type: kind, id: null, label: account, ip } });
      }
      throw err;
    }
  }

  /** Deletes the entries older than the retention, in batches; answers how many went. */
  async prune(nowMs = Date.now()): Promise<number> {
    const before = isoFromMs(nowMs - this.options.retentionDays * DAY_MS);
    let total = 0;
    for (;;) {
      const deleted = await this.repos.audit.deleteOlderThan(before, AUDIT_PRUNE_BATCH);
      total += deleted;
      if (deleted < AUDIT_PRUNE_BATCH) break;
    }
    if (total > 0) this.options.log.info({ deleted: total, before }, 'audit log: old entries pruned');
    return total;
  }

  start(): void {
    this.schedule(PRUNE_EVERY_MS);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.pruning?.catch(() => 0);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.pruning = this.prune().catch((err: unknown) => {
        this.options.log.warn({ err }, 'audit log: prune failed; trying again in an hour');
        return 0;
      });
      void this.pruning.finally(() => {
        this.pruning = null;
        if (this.timer) this.schedule(PRUNE_EVERY_MS);
      });
    }, ms);
    this.timer.unref();
  }
}
