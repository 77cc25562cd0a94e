import type { Insertable } from 'kysely';
import type { ShareLinkRow, ShareLinksTable } from '../db/types.ts';
import type { CountValue, Executor } from './executor.ts';

/** The share_links table (tokens stored only as their hash): the only code that queries it. */
export class ShareLinkRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: Insertable<ShareLinksTable>): Promise<void> {
    await this.db.insertInto('shareLinks').values(row).execute();
  }

  findByTokenHash(tokenHash: string): Promise<ShareLinkRow | undefined> {
    return this.db.selectFrom('shareLinks').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  }

  /** A link of this kind that is neither revoked nor expired at `now`. */
  findActive(tokenHash: string, kind: string, now: string): Promise<ShareLinkRow | undefined> {
    return this.db
      .selectFrom('shareLinks')
      .selectAll()
      .where('tokenHash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
  }

  /** The package's own customer link (the one with a sealed token) while it is neither revoked nor expired. */
  findSealedCustomerLink(packageId: string, now: string): Promise<ShareLinkRow | undefined> {
    return this.db
      .selectFrom('shareLinks')
      .selectAll()
      .where('packageId', '=', packageId)
      .where('kind', '=', 'customer')
      .where('sealedToken', 'is not', null)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
  }

  findById(id: string): Promise<ShareLinkRow | undefined> {
    return this.db.selectFrom('shareLinks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every link neither revoked nor expired at `now`, newest first, with its package's tracking number (admin list). */
  listLive(now: string, limit: number): Promise<(ShareLinkRow & { trackingNumber: string })[]> {
    return this.db
      .selectFrom('shareLinks')
      .innerJoin('packages', 'packages.id', 'shareLinks.packageId')
      .selectAll('shareLinks')
      .select('packages.trackingNumber')
      .where('shareLinks.revokedAt', 'is', null)
      .where('shareLinks.expiresAt', '>', now)
      .orderBy('shareLinks.createdAt', 'desc')
      .limit(limit)
      .execute();
  }

  async revoke(id: string, revokedAt: string): Promise<void> {
    await this.db.updateTable('shareLinks').set({ revokedAt }).where('id', '=', id).execute();
  }

  /** Revokes every live link one creator made (a driver who lost access); answers how many. */
  async revokeCreatedBy(createdBy: string, revokedAt: string): Promise<number> {
    const result = await this.db.updateTable('shareLinks').set({ revokedAt }).where('createdBy', '=', createdBy).where('revokedAt', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A package's links, newest first. */
  listForPackage(packageId: string): Promise<ShareLinkRow[]> {
    return this.db.selectFrom('shareLinks').selectAll().where('packageId', '=', packageId).orderBy('createdAt', 'desc').execute();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('shareLinks').select((eb) => eb.fn.countAll<CountValue>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
