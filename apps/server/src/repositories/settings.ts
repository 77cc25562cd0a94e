import type { SettingRow } from '../db/types.ts';
import type { Executor } from './executor.ts';

/** The settings table (key → JSON text): the only code that queries it. */
export class SettingsRepository {
  constructor(private readonly db: Executor) {}

  find(id: string): Promise<Pick<SettingRow, 'value' | 'updatedAt'> | undefined> {
    return this.db.selectFrom('settings').select(['value', 'updatedAt']).where('id', '=', id).executeTakeFirst();
  }

  async upsert(row: SettingRow): Promise<void> {
    await this.db
      .insertInto('settings')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ value: row.value, updatedAt: row.updatedAt }))
      .execute();
  }

  /** Writes the row only when the key is new; answers the value stored now (this one, or another writer's). */
  async insertIfAbsent(row: SettingRow): Promise<string> {
    await this.db.insertInto('settings').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
    const stored = await this.find(row.id);
    return stored?.value ?? row.value;
  }
}
