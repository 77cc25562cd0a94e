import { sql } from 'kysely';
import type { ImportMappingRow } from '../db/types.ts';
import type { Executor } from './executor.ts';

/** The import_mappings table (migration 014): the only code with SQL for it. */
export class ImportMappingRepository {
  constructor(private readonly db: Executor) {}

  list(): Promise<ImportMappingRow[]> {
    return this.db.selectFrom('importMappings').selectAll().orderBy(sql`lower(name)`).execute();
  }

  findById(id: string): Promise<ImportMappingRow | undefined> {
    return this.db.selectFrom('importMappings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** By name, without case (the unique index is on lower(name)). */
  findByName(name: string): Promise<ImportMappingRow | undefined> {
    return this.db.selectFrom('importMappings').selectAll().where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
  }

  async insert(row: ImportMappingRow): Promise<void> {
    await this.db.insertInto('importMappings').values(row).execute();
  }

  async update(id: string, changes: Pick<ImportMappingRow, 'name' | 'mapping' | 'updatedAt'>): Promise<void> {
    await this.db.updateTable('importMappings').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('importMappings').where('id', '=', id).execute();
  }
}
