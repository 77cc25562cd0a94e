import { ERR } from '@cargo/shared';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { hashSecret, newId, newToken, verifySecret } from '../lib/crypto.ts';
import { conflict } from '../lib/http-errors.ts';
import { nowIso } from '../lib/time.ts';

export interface AdminView {
  id: string;
  email: string;
}

export class AdminService {
  constructor(private readonly db: Kysely<Database>) {}

  async count(): Promise<number> {
    const row = await this.db.selectFrom('adminUsers').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findByEmail(email: string) {
    return this.db
      .selectFrom('adminUsers')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  async findById(id: string): Promise<AdminView | undefined> {
    return this.db.selectFrom('adminUsers').select(['id', 'email']).where('id', '=', id).where('isActive', '=', 1).executeTakeFirst();
  }

  async create(email: string, password: string): Promise<AdminView> {
    const normalized = email.trim().toLowerCase();
    if (await this.findByEmail(normalized)) throw conflict(ERR.emailTaken);
    const admin = { id: newId(), email: normalized, passwordHash: await hashSecret(password), isActive: 1, createdAt: nowIso() };
    await this.db.insertInto('adminUsers').values(admin).execute();
    return { id: admin.id, email: admin.email };
  }

  /** Sets a new password and re-activates the account; answers null for an unknown email. */
  async resetPassword(email: string, password: string): Promise<AdminView | null> {
    const admin = await this.findByEmail(email);
    if (!admin) return null;
    await this.db
      .updateTable('adminUsers')
      .set({ passwordHash: await hashSecret(password), isActive: 1 })
      .where('id', '=', admin.id)
      .execute();
    await this.db.deleteFrom('sessions').where('role', '=', 'admin').where('subjectId', '=', admin.id).execute();
    return { id: admin.id, email: admin.email };
  }

  /** The admin for these credentials, or null; always spends the time of one hash check. */
  async authenticate(email: string, password: string): Promise<AdminView | null> {
    const admin = await this.findByEmail(email);
    const ok = await verifySecret(password, admin?.isActive ? admin.passwordHash : null);
    return ok && admin ? { id: admin.id, email: admin.email } : null;
  }
}

/** A password that is easy to type from a log line: 20 base64url characters (120 bits). */
export const generatePassword = (): string => newToken(15);
