import { sql } from 'kysely';
import type { AdminUserRow } from '../db/types.ts';
import { NO_CHANGES, type ChangeSink } from './changes.ts';
import type { CountValue, Executor } from './executor.ts';

/** The admin_users table: the only code that queries it. */
export class AdminRepository {
  constructor(
    private readonly db: Executor,
    private readonly changes: ChangeSink = NO_CHANGES,
  ) {}

  async count(): Promise<number> {
    const row = await this.db.selectFrom('adminUsers').select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** By email, case-insensitively. */
  findByEmail(email: string): Promise<AdminUserRow | undefined> {
    return this.db
      .selectFrom('adminUsers')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  findById(id: string): Promise<AdminUserRow | undefined> {
    return this.db.selectFrom('adminUsers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Oldest first. */
  list(): Promise<AdminUserRow[]> {
    return this.db.selectFrom('adminUsers').selectAll().orderBy('createdAt').execute();
  }

  async insert(row: AdminUserRow): Promise<void> {
    await this.db.insertInto('adminUsers').values(row).execute();
  }

  async update(id: string, changes: Partial<Pick<AdminUserRow, 'passwordHash' | 'isActive'>>): Promise<void> {
    await this.db.updateTable('adminUsers').set(changes).where('id', '=', id).execute();
    this.changes.changed({ kind: 'admin', id });
  }
}
