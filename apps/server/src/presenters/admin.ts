import type { AdminUser } from '@cargo/shared';
import type { AdminUserRow } from '../db/types.ts';

/** An admin as replies show it (adminUserSchema): never the password hash. */
export function presentAdmin(row: Pick<AdminUserRow, 'id' | 'email'>): AdminUser {
  return { id: row.id, email: row.email };
}
