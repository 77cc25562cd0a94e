import { ERR, LIVE_MSG } from '@cargo/shared';
import type { PackageRow, ShareLinkRow } from '../db/types.ts';
import { newId, newToken, sha256 } from '../lib/crypto.ts';
import { notFound } from '../lib/http-errors.ts';
import { nowIso } from '../lib/time.ts';
import type { LiveHub } from '../realtime/hub.ts';
import type { Repositories } from '../repositories/index.ts';
import type { Principal } from '../auth/principal.ts';
import { SYSTEM_ACTOR, type AuditActor } from './audit/audit-context.ts';
import { recordAudit } from './audit/audit-trail.ts';

export type ShareLinkKind = 'customer' | 'driver';

/** 24 random bytes: 192 bits, base64url (design.md §4 asks for at least 128). */
export const SHARE_TOKEN_BYTES = 24;
/**
 * The stand-in for a token in a template preview's live link (decision 090): as long as a real token, plainly not one,
 * and never stored, so it opens nothing.
 */
export const PREVIEW_SHARE_TOKEN = 'live-link-made-when-sent'.padEnd(32, '-');
/** The admin's list of live links shows at most this many. */
const LIVE_LIST_MAX = 500;

/** The page a share link opens (design.md §3). */
export const sharePath = (kind: ShareLinkKind, token: string): string =>
  kind === 'customer' ? `/track-live/${token}` : `/driver-track/${token}`;

/** The full address of a share link's page: PUBLIC_URL when set, otherwise the origin the request came to. */
export function shareUrl(origin: string, kind: ShareLinkKind, token: string): string {
  return `${origin.replace(/\/+$/, '')}${sharePath(kind, token)}`;
}

/** Who made a link, as stored: 'admin:<id>' or 'driver:<id>'. */
export function creatorOf(principal: Principal | null): string {
  if (principal?.role === 'admin') return `admin:${principal.adminId}`;
  if (principal?.role === 'driver') return driverCreator(principal.driverId);
  return 'unknown';
}

/** The createdBy of links a driver made: they act with the driver's authority and end with it. */
export function driverCreator(driverId: string): string {
  return `driver:${driverId}`;
}

/**
 * Share links (design.md §4): a customer link opens the live page without the tracking number; a driver link is a
 * Bearer token for one package's GPS endpoints (resolved in services/principals.ts). Tokens are stored only as SHA-256.
 */
export class ShareLinkService {
  constructor(
    private readonly repos: Repositories,
    private readonly hub: LiveHub,
  ) {}

  /** Creates a link; answers its token and URL, which are never readable again. */
  async create(
    input: { packageRef: string; hours: number; kind: ShareLinkKind; createdBy: string; origin: string; actor: AuditActor },
    nowMs = Date.now(),
    /** The package, when the caller has just read it (the notification worker): not read again. */
    known?: { id: string; trackingNumber: string },
  ): Promise<{ token: string; url: string; expiresAt: string; packageId: string }> {
    const pkg = known ?? (await this.repos.packages.findByRef(input.packageRef));
    if (!pkg) throw notFound(ERR.packageNotFound);
    const token = newToken(SHARE_TOKEN_BYTES);
    const expiresAt = new Date(nowMs + input.hours * 3_600_000).toISOString();
    const id = newId();
    await this.repos.transaction(async (trx) => {
      await trx.shareLinks.insert({
        id,
        tokenHash: sha256(token),
        packageId: pkg.id,
        kind: input.kind,
        createdBy: input.createdBy,
        expiresAt,
        revokedAt: null,
        createdAt: new Date(nowMs).toISOString(),
      });
      await recordAudit(trx, {
        action: 'share_link.created',
        objectType: 'share_link',
        objectId: id,
        objectLabel: `${input.kind} link for ${pkg.trackingNumber}`,
        after: { packageId: pkg.id, kind: input.kind, hours: input.hours, expiresAt },
        // Links the notifications make for a message are the system's, whatever request set the worker going.
        actor: input.createdBy.startsWith('system:') ? SYSTEM_ACTOR : input.actor,
      });
    });
    return { token, url: shareUrl(input.origin, input.kind, token), expiresAt, packageId: pkg.id };
  }

  /** Revokes a link; revoking it again changes nothing. A customer link's live subscriptions end at once. */
  async revoke(token: string, actor: AuditActor): Promise<void> {
    const tokenHash = sha256(token);
    const link = await this.repos.shareLinks.findByTokenHash(tokenHash);
    if (!link) throw notFound(LIVE_MSG.shareLinkNotFound);
    if (!link.revokedAt) await this.revokeRecorded(link, actor);
    if (link.kind === 'customer') this.hub.revokeToken(tokenHash);
  }

  /**
   * A live driver link and its package (the sharing page holds only the token). Unknown, revoked, expired and
   * customer tokens are all the same 404, so the call tells nothing about other tokens.
   */
  async resolveDriverLink(token: string, nowMs = Date.now()): Promise<{ link: ShareLinkRow; pkg: PackageRow }> {
    const link = await this.repos.shareLinks.findActive(sha256(token), 'driver', new Date(nowMs).toISOString());
    const pkg = link ? await this.repos.packages.findById(link.packageId) : undefined;
    if (!link || !pkg) throw notFound(LIVE_MSG.shareLinkNotFound);
    return { link, pkg };
  }

  /** Revokes a link by its id (as listed), for an admin who no longer has the token after a reload. */
  async revokeById(id: string, actor: AuditActor): Promise<void> {
    const link = await this.repos.shareLinks.findById(id);
    if (!link) throw notFound(LIVE_MSG.shareLinkNotFound);
    if (!link.revokedAt) await this.revokeRecorded(link, actor);
    if (link.kind === 'customer') this.hub.revokeToken(link.tokenHash);
  }

  private async revokeRecorded(link: ShareLinkRow, actor: AuditActor): Promise<void> {
    const at = nowIso();
    await this.repos.transaction(async (trx) => {
      await trx.shareLinks.revoke(link.id, at);
      await recordAudit(trx, { action: 'share_link.revoked', objectType: 'share_link', objectId: link.id, objectLabel: `${link.kind} link`, before: { revokedAt: null, packageId: link.packageId }, after: { revokedAt: at, packageId: link.packageId }, actor }, at);
    });
  }

  /** Every live link (neither revoked nor expired) across packages, newest first, at most 500. */
  listLive(nowMs = Date.now()) {
    return this.repos.shareLinks.listLive(new Date(nowMs).toISOString(), LIVE_LIST_MAX);
  }

  /** A package's links, newest first. */
  async listForPackage(ref: string): Promise<ShareLinkRow[]> {
    const pkg = await this.repos.packages.findByRef(ref);
    if (!pkg) throw notFound(ERR.packageNotFound);
    return this.repos.shareLinks.listForPackage(pkg.id);
  }
}
