import { isShortMapsLink, parseMapsLink, type LatLng } from '../lib/maps-link.ts';

/**
 * Turns a maps link into coordinates (POST /api/parse-maps-link, POST /api/drivers/:id/location-from-link).
 *
 * A link that carries its coordinates is read without any network. A short link (maps.app.goo.gl, goo.gl/maps, g.co)
 * only says where it points through its redirects, so those, and only those, are followed: every hop must be https to
 * a Google Maps host (checked before it is asked, so the server can never be aimed at another address, such as an
 * internal one), at most MAX_REDIRECTS hops, within TIMEOUT_MS in all, reading at most MAX_BYTES of a final page.
 */
export const MAPS_LINK_LIMITS = { timeoutMs: 5_000, maxRedirects: 5, maxBytes: 512 * 1024 } as const;

/** Hosts a redirect may lead to: Google's short-link and maps hosts. */
const GOOGLE_MAPS_HOST = /^(?:maps\.app\.goo\.gl|goo\.gl|g\.co|maps\.google\.com|(?:www\.|maps\.)?google\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2}))$/;

export function isGoogleMapsUrl(url: URL): boolean {
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && GOOGLE_MAPS_HOST.test(url.hostname.toLowerCase());
}

export type MapsLinkResult = { ok: true; location: LatLng } | { ok: false; reason: 'no-coordinates' | 'not-followed' | 'unreachable' };

export interface MapsLinkResolverOptions {
  /** The fetch used for the hops (tests route it to a loopback fake). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxRedirects?: number;
  maxBytes?: number;
}

export class MapsLinkResolver {
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly maxBytes: number;

  constructor(options: MapsLinkResolverOptions = {}) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? MAPS_LINK_LIMITS.timeoutMs;
    this.maxRedirects = options.maxRedirects ?? MAPS_LINK_LIMITS.maxRedirects;
    this.maxBytes = options.maxBytes ?? MAPS_LINK_LIMITS.maxBytes;
  }

  async resolve(link: string): Promise<MapsLinkResult> {
    const direct = parseMapsLink(link);
    if (direct) return { ok: true, location: direct };
    if (!isShortMapsLink(link)) return { ok: false, reason: 'no-coordinates' };
    let url: URL;
    try {
      url = new URL(link.trim());
    } catch {
      return { ok: false, reason: 'no-coordinates' };
    }
    if (!isGoogleMapsUrl(url)) return { ok: false, reason: 'not-followed' };
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      for (let hop = 0; hop <= this.maxRedirects; hop += 1) {
        const res = await this.fetch(url, { redirect: 'manual', signal, headers: { accept: 'text/html' } });
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          await res.body?.cancel();
          const next = new URL(location, url);
          const found = parseMapsLink(next.href);
          if (found) return { ok: true, location: found };
          if (!isGoogleMapsUrl(next)) return { ok: false, reason: 'not-followed' };
          url = next;
          continue;
        }
        if (!res.ok) {
          await res.body?.cancel();
          return { ok: false, reason: 'unreachable' };
        }
        const found = parseMapsLink(await this.readLimited(res));
        return found ? { ok: true, location: found } : { ok: false, reason: 'no-coordinates' };
      }
      return { ok: false, reason: 'unreachable' };
    } catch {
      // Timeout, refused connection, DNS failure: the link could not be followed.
      return { ok: false, reason: 'unreachable' };
    }
  }

  /** The start of a page, at most maxBytes of it: enough to hold the canonical maps address. */
  private async readLimited(res: Response): Promise<string> {
    if (!res.body) return '';
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (size < this.maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    await reader.cancel().catch(() => undefined);
    const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, this.maxBytes));
    // The page names the place in a canonical or og link: pick the first maps address with coordinates in it.
    const candidates = text.match(/https:\/\/(?:www\.)?google\.[a-z.]+\/maps[^"'\s<>]*/g) ?? [];
    return candidates.find((c) => parseMapsLink(c.replace(/&amp;/g, '&'))) ?? text.slice(0, 4096);
  }
}
