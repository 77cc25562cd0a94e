/** Database error codes for a unique (or primary-key) violation, on PostgreSQL and SQLite: one list for the app. */
const UNIQUE_CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** True when a write failed because a unique index already holds the value (two writers raced past a check). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && UNIQUE_CODES.has(code);
}

const FOREIGN_KEY_CODES = new Set(['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']);

/** True when a write failed because the row it points to is gone (a fix for a package deleted meanwhile). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && FOREIGN_KEY_CODES.has(code);
}
