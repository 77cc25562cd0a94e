import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links to a photo or signature (design.md §10): `/api/proof-files/{id}?v=full|thumb&exp={unix seconds}&sig={HMAC}`.
 * The file id is random (122 bits) and the signature an HMAC-SHA-256 over id, variant and expiry with a server secret,
 * so a link can be neither guessed nor stretched past its expiry. A wrong, altered or expired link is a 404, the same
 * as an unknown file: the answer tells nothing about which files exist.
 */
export type FileVariant = 'full' | 'thumb';

export class FileLinkSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
  ) {}

  private mac(id: string, variant: FileVariant, exp: number): string {
    return createHmac('sha256', this.secret).update(`${id}\n${variant}\n${exp}`).digest('base64url');
  }

  link(id: string, variant: FileVariant, nowMs = Date.now()): { url: string; expiresAt: string } {
    const exp = Math.floor(nowMs / 1000) + this.ttlSeconds;
    const url = `/api/proof-files/${encodeURIComponent(id)}?v=${variant}&exp=${exp}&sig=${this.mac(id, variant, exp)}`;
    return { url, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** Whether a link's parts are one this server made and it has not expired. */
  verify(id: string, variant: FileVariant, exp: number, sig: string, nowMs = Date.now()): boolean {
    if (!Number.isInteger(exp) || exp * 1000 < nowMs) return false;
    const expected = Buffer.from(this.mac(id, variant, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
