import type { Database } from 'better-sqlite3';

/** A batch as the SQLite writer takes it (repositories/fix-writer.ts builds it). */
export interface SqliteBatch {
  /** Each location row's values, in LOCATION_COLUMNS order. */
  locations: unknown[][];
  packageTexts: Array<{ id: string; currentLocation: string; updatedAt: string }>;
  drivers: Array<{ id: string; lat: number; lng: number; recordedAt: string }>;
  swaps: Array<{
    index: number;
    id: string;
    expected: string | null;
    next: string | null;
    event?: { id: string; type: string; data: Record<string, unknown>; occurredAt: string } | undefined;
  }>;
}

export interface SqliteBatchResult {
  won: number[];
  /** Packages whose current-location text was not written: no longer on their way when the batch committed. */
  refusedTexts?: string[];
  statements: number;
  /** Rows an 'exec' changed. */
  changes?: number;
}

export function applySqlitePragmas(sqlite: Database): void;
export const LOCATION_COLUMNS: readonly string[];
export const MERGE_EVERY: number;
export const LIVE: readonly string[];
export const LIVE_SQL_LIST: string;
export class SqliteFixBatcher {
  constructor(sqlite: Database);
  write(batch: SqliteBatch): SqliteBatchResult;
  mergeAll(): number;
}
export function moveBufferedFixes(sqlite: Database): number;
