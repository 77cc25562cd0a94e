import type { Kysely } from 'kysely';

/**
 * Reopened deliveries (issue 31, decision 087): dispatch can reopen a closed delivery with a reason; the outcome and
 * its proof stay, marked with when, by whom and why. Plain nullable text columns, the same on both databases.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('delivery_outcomes').addColumn('reopened_at', 'text').execute();
  await db.schema.alterTable('delivery_outcomes').addColumn('reopened_by', 'text').execute();
  await db.schema.alterTable('delivery_outcomes').addColumn('reopen_reason', 'text').execute();
}
