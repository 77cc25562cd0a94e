import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

/** What a repository runs its queries on: the database, or a transaction a service opened over several repositories. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** A database count arrives as a number (SQLite) or a string (PostgreSQL bigint). */
export type CountValue = string | number;
