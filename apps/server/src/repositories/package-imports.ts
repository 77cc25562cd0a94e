import type { Insertable } from 'kysely';
import type { PackageImportLineRow, PackageImportRow, PackageImportRowsTable, PackageImportsTable } from '../db/types.ts';
import type { Executor } from './executor.ts';

export type NewPackageImport = Insertable<PackageImportsTable>;
export type NewImportLine = Insertable<PackageImportRowsTable>;
export interface ImportCounts {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

/** Rows per multi-row insert: 9 values a row stays far below either database's parameter limit. */
const INSERT_CHUNK = 500;

/** The package_imports and package_import_rows tables (migration 009): the only code with SQL for them. */
export class PackageImportRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: NewPackageImport): Promise<void> {
    await this.db.insertInto('packageImports').values(row).execute();
  }

  findById(id: string): Promise<PackageImportRow | undefined> {
    return this.db.selectFrom('packageImports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Adds a batch's counts to the import's and marks it alive. */
  async addProgress(id: string, counts: ImportCounts, at: string): Promise<void> {
    await this.db
      .updateTable('packageImports')
      .set((eb) => ({
        created: eb('created', '+', counts.created),
        updated: eb('updated', '+', counts.updated),
        skipped: eb('skipped', '+', counts.skipped),
        failed: eb('failed', '+', counts.failed),
        updatedAt: at,
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Marks a running import alive. */
  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('packageImports').set({ updatedAt: at }).where('id', '=', id).execute();
  }

  async setStatus(id: string, status: string, at: string, extra: { error?: string | null; finishedAt?: string | null } = {}): Promise<void> {
    await this.db.updateTable('packageImports').set({ status, updatedAt: at, ...extra }).where('id', '=', id).execute();
  }

  /** Imports still queued or running that have not moved since `staleBefore`: cut off by a restart. */
  async failStale(staleBefore: string, error: string, at: string): Promise<number> {
    const result = await this.db
      .updateTable('packageImports')
      .set({ status: 'failed', error, updatedAt: at, finishedAt: at })
      .where('status', 'in', ['queued', 'running'])
      .where('updatedAt', '<', staleBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async insertLines(rows: readonly NewImportLine[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await this.db.insertInto('packageImportRows').values(rows.slice(i, i + INSERT_CHUNK)).execute();
    }
  }

  /** A page of an import's lines in file order, after `afterPosition`. */
  linesPage(importId: string, afterPosition: number, limit: number): Promise<PackageImportLineRow[]> {
    return this.db
      .selectFrom('packageImportRows')
      .selectAll()
      .where('importId', '=', importId)
      .where('position', '>', afterPosition)
      .orderBy('position')
      .limit(limit)
      .execute();
  }
}
