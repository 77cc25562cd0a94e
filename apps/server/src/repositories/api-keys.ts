import type { ApiKeyRow, IdempotencyKeyRow } from '../db/types.ts';
import type { Executor } from './executor.ts';
import { WriteOffload } from './offload.ts';

/** The api_keys and idempotency_keys tables (issue 19): the only code that queries them. */
export class ApiKeyRepository {
  constructor(
    private readonly db: Executor,
    private readonly offload: WriteOffload = new WriteOffload(),
  ) {}

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('apiKeys').values(row).execute();
  }

  findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('apiKeys').selectAll().where('keyHash', '=', keyHash).executeTakeFirst();
  }

  findById(id: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('apiKeys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first. */
  list(): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('apiKeys').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
  }

  async revoke(id: string, at: string): Promise<void> {
    await this.db.updateTable('apiKeys').set({ revokedAt: at }).where('id', '=', id).where('revokedAt', 'is', null).execute();
  }

  /** Records the key's last use, off the event loop where it can be (repositories/offload.ts). */
  async touch(id: string, at: string): Promise<void> {
    await this.offload.run(this.db.updateTable('apiKeys').set({ lastUsedAt: at }).where('id', '=', id));
  }

  // --- Idempotency-Key ---

  /** Takes a key for a first request; false when another request holds or held it. */
  async claimIdempotency(id: string, requestHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('idempotencyKeys')
      .values({ id, requestHash, statusCode: null, reply: null, createdAt: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  findIdempotency(id: string): Promise<IdempotencyKeyRow | undefined> {
    return this.db.selectFrom('idempotencyKeys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async completeIdempotency(id: string, statusCode: number, reply: string): Promise<void> {
    await this.db.updateTable('idempotencyKeys').set({ statusCode, reply }).where('id', '=', id).execute();
  }

  /** Lets a key go: its first request failed on the server's side (a retry may run it), or it expired. */
  async releaseIdempotency(id: string): Promise<void> {
    await this.db.deleteFrom('idempotencyKeys').where('id', '=', id).execute();
  }
}
