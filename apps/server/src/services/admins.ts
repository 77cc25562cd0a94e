import { ERR } from '@cargo/shared';
import type { AdminUserRow } from '../db/types.ts';
import { hashSecret, newId, newToken, verifySecret } from '../lib/crypto.ts';
import { conflict } from '../lib/http-errors.ts';
import { nowIso } from '../lib/time.ts';
import { SYSTEM_ACTOR } from './audit/audit-context.ts';
import { recordAudit } from './audit/audit-trail.ts';
import type { Repositories } from '../repositories/index.ts';

export class AdminService {
  constructor(private readonly repos: Repositories) {}

  count(): Promise<number> {
    return this.repos.admins.count();
  }

  findByEmail(email: string): Promise<AdminUserRow | undefined> {
    return this.repos.admins.findByEmail(email);
  }

  /** An active admin. */
  async findById(id: string): Promise<AdminUserRow | undefined> {
    const admin = await this.repos.admins.findById(id);
    return admin?.isActive === 1 ? admin : undefined;
  }

  /** Oldest first. */
  list(): Promise<AdminUserRow[]> {
    return this.repos.admins.list();
  }

  async create(email: string, password: string): Promise<AdminUserRow> {
    const normalized = email.trim().toLowerCase();
    if (await this.findByEmail(normalized)) throw conflict(ERR.emailTaken);
    const admin: AdminUserRow = { id: newId(), email: normalized, passwordHash: await hashSecret(password), isActive: 1, createdAt: nowIso() };
    // The first admin at start-up and the CLI's are the system's doing (no request, no principal).
    await this.repos.transaction(async (trx) => {
      await trx.admins.insert(admin);
      await recordAudit(trx, { action: 'admin.created', objectType: 'admin', objectId: admin.id, objectLabel: admin.email, after: admin, actor: SYSTEM_ACTOR }, admin.createdAt);
    });
    return admin;
  }

  /** Sets a new password, re-activates the account and ends its sessions; answers null for an unknown email. */
  async resetPassword(email: string, password: string): Promise<AdminUserRow | null> {
    const admin = await this.findByEmail(email);
    if (!admin) return null;
    const passwordHash = await hashSecret(password);
    await this.repos.transaction(async (trx) => {
      await trx.admins.update(admin.id, { passwordHash, isActive: 1 });
      await recordAudit(trx, { action: 'admin.password_reset', objectType: 'admin', objectId: admin.id, objectLabel: admin.email, after: { sessionsEnded: true, isActive: 1 }, actor: SYSTEM_ACTOR });
    });
    await this.repos.sessions.deleteFor('admin', admin.id);
    return admin;
  }

  /** The admin for these credentials, or null; always spends the time of one hash check. */
  async authenticate(email: string, password: string): Promise<AdminUserRow | null> {
    const admin = await this.findByEmail(email);
    const ok = await verifySecret(password, admin?.isActive ? admin.passwordHash : null);
    return ok && admin ? admin : null;
  }
}

/** A password that is easy to type from a log line: 20 base64url characters (120 bits). */
export const generatePassword = (): string => newToken(15);
