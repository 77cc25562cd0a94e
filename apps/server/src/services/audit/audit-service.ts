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
  /** An object as a person knows it: an id, a tracking number or reference, a driver's name or phone, an email. */
  object?: string | undefined;
  limit: number;
  offset: number;
}

/** A phone typed with at least this many digits is compared by its digits ('(312) 555-0142' finds '+13125550142'). */
const PHONE_DIGITS_MIN = 7;
const digitsOf = (text: string) => text.replace(/\D/g, '');

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

  async list(query: AuditListQuery): Promise<{ rows: AuditLogRow[]; total: number }> {
    const { limit, offset, object, ...filter } = query;
    // Stored times are UTC ISO text: a bound given with another offset is compared in the same form.
    const utc = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
    const objectAny = object === undefined ? undefined : await this.objectsNamed(object);
    return this.repos.audit.list({ ...filter, objectAny, from: utc(filter.from), to: utc(filter.to) }, { limit, offset });
  }

  /**
   * The objects a person may mean by `text` (issue 31: the filter needed the internal id): the id itself; the package
   * with that tracking number or those with that reference; the drivers of that name (or whose name holds it, from
   * three letters) or phone (by its digits); the admin with that email. Entries also match by the label they were
   * recorded under, so an object since deleted is still found by its tracking number or name.
   */
  private async objectsNamed(text: string): Promise<{ ids: string[]; labels: string[] }> {
    const ids = new Set([text]);
    const labels = new Set([text]);
    const lower = text.toLowerCase();
    const add = (id: string, label: string) => {
      ids.add(id);
      labels.add(label);
    };
    const [pkg, byReference, drivers, admin] = await Promise.all([
      this.repos.packages.findByRef(text),
      this.repos.packages.findByReferences([text]),
      this.repos.drivers.list(),
      this.repos.admins.findByEmail(lower),
    ]);
    if (pkg) add(pkg.id, pkg.trackingNumber);
    for (const p of byReference) add(p.id, p.trackingNumber);
    const digits = digitsOf(text);
    for (const d of drivers) {
      const name = d.name.toLowerCase();
      const phone = digitsOf(d.phone);
      const byName = name === lower || (lower.length >= 3 && name.includes(lower));
      const byPhone = digits.length >= PHONE_DIGITS_MIN && phone.length >= PHONE_DIGITS_MIN && (phone.endsWith(digits) || digits.endsWith(phone));
      if (byName || byPhone) add(d.id, d.name);
    }
    if (admin) add(admin.id, admin.email);
    return { ids: [...ids], labels: [...labels] };
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
