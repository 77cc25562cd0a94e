import { CUSTOMER_MSG, customerActionSettingsSchema, DEFAULT_CUSTOMER_ACTION_SETTINGS, type CustomerActionSettings } from '@cargo/shared';
import type { PackageRow } from '../../db/types.ts';
import { newId, newToken, sha256 } from '../../lib/crypto.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { customerLinkLive, type CustomerLinkFacts } from '../../policies/customer-link.ts';
import type { Repositories } from '../../repositories/index.ts';
import { SYSTEM_ACTOR, type AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import type { SettingsService } from '../settings.ts';
import { SHARE_TOKEN_BYTES, shareUrl } from '../share-links.ts';

export const CUSTOMER_ACTION_SETTINGS = 'customer_actions';
/** Who made a package's own customer link, as stored in share_links.created_by. */
export const CUSTOMER_LINK_CREATOR = 'system:customer-link';
/**
 * The outer bound of a package's customer link: a package never delivered does not keep a working link for ever. The
 * usual end is the set time after delivery (policies/customer-link.ts).
 */
export const CUSTOMER_LINK_MAX_DAYS = 90;

/**
 * The customer link (issue 33, decision 101): one per package, made on first need (the first message, or dispatch's
 * copy button) and then the same for every message, so a customer who opens an old email still lands on the page that
 * acts. Its token is a share-link token (design.md §4) stored hashed like every other, plus sealed with the server's
 * secret key so the product can put it in the next message; revoking it makes the next message carry a new one.
 */
export class CustomerLinkService {
  private settingsCache: { value: CustomerActionSettings; atMs: number } | null = null;

  constructor(
    private readonly repos: Repositories,
    private readonly settingsService: SettingsService,
    private readonly box: SecretBox,
    private readonly publicUrl: string,
  ) {}

  /** The package's customer link, made now if it has none that works. */
  async linkFor(pkg: Pick<PackageRow, 'id' | 'trackingNumber'>, nowMs = Date.now()): Promise<{ url: string; token: string; expiresAt: string }> {
    const now = new Date(nowMs).toISOString();
    const existing = await this.repos.shareLinks.findSealedCustomerLink(pkg.id, now);
    const opened = existing?.sealedToken ? this.box.open(existing.sealedToken) : null;
    if (existing && opened && sha256(opened) === existing.tokenHash) {
      return { url: shareUrl(this.publicUrl, 'customer', opened), token: opened, expiresAt: existing.expiresAt };
    }
    const token = newToken(SHARE_TOKEN_BYTES);
    const id = newId();
    const expiresAt = new Date(nowMs + CUSTOMER_LINK_MAX_DAYS * 86_400_000).toISOString();
    await this.repos.transaction(async (trx) => {
      await trx.shareLinks.insert({
        id,
        tokenHash: sha256(token),
        packageId: pkg.id,
        kind: 'customer',
        createdBy: CUSTOMER_LINK_CREATOR,
        expiresAt,
        revokedAt: null,
        createdAt: now,
        sealedToken: this.box.seal(token),
      });
      await recordAudit(trx, {
        action: 'share_link.created',
        objectType: 'share_link',
        objectId: id,
        objectLabel: `customer link for ${pkg.trackingNumber}`,
        after: { packageId: pkg.id, kind: 'customer', expiresAt },
        actor: SYSTEM_ACTOR,
      });
    });
    return { url: shareUrl(this.publicUrl, 'customer', token), token, expiresAt };
  }

  /**
   * What a customer token may act on, with the facts the policy decides from. Unknown, revoked, expired, driver tokens
   * and tracking numbers are all the same 404, so the answer tells nothing about other tokens.
   */
  async resolve(token: string, nowMs = Date.now()): Promise<CustomerLinkFacts> {
    const trimmed = token.trim();
    const link = trimmed ? await this.repos.shareLinks.findByTokenHash(sha256(trimmed)) : undefined;
    const pkg = link ? await this.repos.packages.findById(link.packageId) : undefined;
    if (!link || !pkg) throw notFound(CUSTOMER_MSG.linkInvalid);
    const [settings, history, outcomes] = await Promise.all([this.settings(), this.repos.packages.history(pkg.id), this.repos.deliveryProof.outcomesOf(pkg.id)]);
    // History keeps the display label ('Delivered'); either spelling counts.
    const delivered = history.filter((h) => h.status.toLowerCase() === 'delivered').map((h) => h.timestamp).sort();
    const deliveredAt = pkg.status === 'delivered' ? (delivered.at(-1) ?? pkg.updatedAt) : null;
    if (!customerLinkLive(link, deliveredAt, settings, nowMs)) throw notFound(CUSTOMER_MSG.linkInvalid);
    const lastOutcome = outcomes.length ? outcomes.reduce((a, b) => (b.createdAt >= a.createdAt ? b : a)).kind : null;
    return { link, pkg, deliveredAt, lastOutcome, settings, nowMs };
  }

  async settings(nowMs = Date.now()): Promise<CustomerActionSettings> {
    if (this.settingsCache && nowMs - this.settingsCache.atMs < 5_000) return this.settingsCache.value;
    const stored = await this.settingsService.read<unknown>(CUSTOMER_ACTION_SETTINGS);
    const parsed = stored ? customerActionSettingsSchema.safeParse({ ...DEFAULT_CUSTOMER_ACTION_SETTINGS, ...(stored.value as object) }) : null;
    const value = parsed?.success ? parsed.data : DEFAULT_CUSTOMER_ACTION_SETTINGS;
    this.settingsCache = { value, atMs: nowMs };
    return value;
  }

  async setSettings(value: CustomerActionSettings, actor: AuditActor): Promise<CustomerActionSettings> {
    await this.settingsService.write(CUSTOMER_ACTION_SETTINGS, value, actor);
    this.settingsCache = null;
    return value;
  }
}
