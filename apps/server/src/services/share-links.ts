import { ERR, LIVE_MSG } from '@cargo/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { shareLinkSchema } from '@cargo/shared';
import type { Database } from '../db/types.ts';
import { newId, newToken, sha256 } from '../lib/crypto.ts';
import { notFound } from '../lib/http-errors.ts';
import type { LiveHub } from '../realtime/hub.ts';
import { findPackageByRef } from './live-tracking.ts';

export type ShareLinkKind = 'customer' | 'driver';
type ShareLink = z.infer<typeof shareLinkSchema>;

/** 24 random bytes: 192 bits, base64url (design.md §4 asks for at least 128). */
export const SHARE_TOKEN_BYTES = 24;

/** The page a share link opens (design.md §3). */
export const sharePath = (kind: ShareLinkKind, token: string): string =>
  kind === 'customer' ? `/track-live/${token}` : `/driver-track/${token}`;

/**
 * Share links (design.md §4): a customer link opens the live page without the tracking number; a driver link is a
 * Bearer token for one package's GPS endpoints (resolved in plugins/auth.ts). Tokens are stored only as SHA-256.
 */
export class ShareLinkService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: LiveHub,
  ) {}

  async create(input: { packageRef: string; hours: number; kind: ShareLinkKind; createdBy: string }, nowMs = Date.now()) {
    const pkg = await findPackageByRef(this.db, input.packageRef);
    if (!pkg) throw notFound(ERR.packageNotFound);
    const token = newToken(SHARE_TOKEN_BYTES);
    const expiresAt = new Date(nowMs + input.hours * 3_600_000).toISOString();
    await this.db
      .insertInto('shareLinks')
      .values({
        id: newId(),
        tokenHash: sha256(token),
        packageId: pkg.id,
        kind: input.kind,
        createdBy: input.createdBy,
        expiresAt,
        revokedAt: null,
        createdAt: new Date(nowMs).toISOString(),
      })
      .execute();
    return { token, expiresAt, packageId: pkg.id };
  }

  /** Revokes a link; revoking it again changes nothing. A customer link's live subscriptions end at once. */
  async revoke(token: string): Promise<void> {
    const tokenHash = sha256(token);
    const link = await this.db.selectFrom('shareLinks').select(['id', 'kind', 'revokedAt']).where('tokenHash', '=', tokenHash).executeTakeFirst();
    if (!link) throw notFound(LIVE_MSG.shareLinkNotFound);
    if (!link.revokedAt) {
      await this.db.updateTable('shareLinks').set({ revokedAt: new Date().toISOString() }).where('id', '=', link.id).execute();
    }
    if (link.kind === 'customer') this.hub.revokeToken(tokenHash);
  }

  /** A package's links, newest first, never their tokens. */
  async listForPackage(ref: string): Promise<ShareLink[]> {
    const pkg = await findPackageByRef(this.db, ref);
    if (!pkg) throw notFound(ERR.packageNotFound);
    const rows = await this.db
      .selectFrom('shareLinks')
      .select(['id', 'packageId', 'kind', 'expiresAt', 'revokedAt', 'createdAt'])
      .where('packageId', '=', pkg.id)
      .orderBy('createdAt', 'desc')
      .execute();
    return rows.map((row) => ({ ...row, kind: row.kind === 'driver' ? 'driver' : 'customer' }));
  }
}
