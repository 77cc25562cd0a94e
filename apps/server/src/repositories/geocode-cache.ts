import type { GeocodeCacheRow } from '../db/types.ts';
import type { Executor } from './executor.ts';

/** The geocode_cache table (provider answers by query): the only code that queries it. */
export class GeocodeCacheRepository {
  constructor(private readonly db: Executor) {}

  find(query: string): Promise<GeocodeCacheRow | undefined> {
    return this.db.selectFrom('geocodeCache').selectAll().where('query', '=', query).executeTakeFirst();
  }

  async upsert(row: GeocodeCacheRow): Promise<void> {
    const { query: _query, ...values } = row;
    await this.db
      .insertInto('geocodeCache')
      .values(row)
      .onConflict((oc) => oc.column('query').doUpdateSet(values))
      .execute();
  }
}
