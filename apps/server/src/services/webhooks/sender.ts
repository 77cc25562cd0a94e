import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { ForbiddenAddressError, isForbiddenAddress, resolveAllowed } from '../../lib/outbound-address.ts';

/** What one POST to an endpoint came to. */
export interface SendResult {
  /** Null when no answer came. */
  statusCode: number | null;
  durationMs: number;
  /** The first kilobyte of the answer. */
  body: string | null;
  error: string | null;
  /** The answer's Retry-After, in ms from now. */
  retryAfterMs: number | null;
  /** The server refused the address itself (SSRF rules): no retry will change that. */
  refused: boolean;
}

export interface SenderOptions {
  timeoutMs: number;
  /** Hosts (as written in URLs, lower case, without brackets) that may be loopback or private, and plain http. */
  allowedHosts: ReadonlySet<string>;
  /** DNS; tests answer names of their own. */
  resolve?: (host: string) => Promise<string[]>;
}

const RESPONSE_BYTES = 1024;

/**
 * POSTs webhook bodies (issue 19, design.md §9): never to a loopback, private, link-local, metadata or reserved address
 * unless its host is allowed, checked on the address actually connected to (the socket's own DNS lookup goes through
 * the check, so a name cannot answer a public address to a check and a private one to the connection); plain http only
 * to allowed hosts; redirects are never followed (a 3xx is an answer like any other). Keeps connections alive per
 * sender.
 */
export class WebhookSender {
  private readonly lookup: LookupFunction;
  private readonly httpAgent: HttpAgent;
  private readonly httpsAgent: HttpsAgent;

  constructor(private readonly options: SenderOptions) {
    this.lookup = (hostname, lookupOptions, callback) => {
      resolveAllowed(hostname, options.allowedHosts, options.resolve).then(
        (addresses) => {
          const all = addresses.map((address) => ({ address, family: isIP(address) }));
          if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (err: null, list: typeof all) => void)(null, all);
          else callback(null, all[0]!.address, all[0]!.family);
        },
        (err: unknown) => callback(err as NodeJS.ErrnoException, '', 0),
      );
    };
    this.httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 16 });
    this.httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 16 });
  }

  /** Whether the URL may be used at all (scheme, and an address literal): a message for the admin, or null. */
  refusal(url: URL): string | null {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const allowed = this.options.allowedHosts.has(host);
    if (url.protocol === 'http:' && !allowed) return 'Plain http is only allowed for the hosts in WEBHOOK_ALLOWED_HOSTS';
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https addresses';
    if (!allowed && isIP(host) !== 0 && isForbiddenAddress(host)) return `${host} is a loopback, private, link-local or reserved address`;
    return null;
  }

  async post(target: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = performance.now();
    const done = (partial: Partial<SendResult>): SendResult => ({
      statusCode: null,
      body: null,
      error: null,
      retryAfterMs: null,
      refused: false,
      ...partial,
      durationMs: Math.round(performance.now() - started),
    });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return done({ error: 'The address is not a URL', refused: true });
    }
    const refusal = this.refusal(url);
    if (refusal) return done({ error: refusal, refused: true });
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<SendResult>((resolveResult) => {
      let settled = false;
      const finish = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolveResult(result);
      };
      const req = send(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
          lookup: this.lookup,
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on('data', (chunk: Buffer) => {
            if (kept >= RESPONSE_BYTES) return;
            chunks.push(chunk.subarray(0, RESPONSE_BYTES - kept));
            kept += Math.min(chunk.length, RESPONSE_BYTES - kept);
          });
          const answer = () =>
            done({
              statusCode: res.statusCode ?? null,
              body: Buffer.concat(chunks).toString('utf8'),
              retryAfterMs: parseRetryAfter(res.headers['retry-after']),
            });
          res.on('end', () => finish(answer()));
          res.on('error', () => finish(answer()));
          res.on('aborted', () => finish(answer()));
        },
      );
      const timer = setTimeout(() => {
        finish(done({ error: `No answer within ${this.options.timeoutMs / 1000} s` }));
        req.destroy();
      }, this.options.timeoutMs);
      req.on('error', (err: Error) => {
        if (err instanceof ForbiddenAddressError) finish(done({ error: err.message, refused: true }));
        else finish(done({ error: describeError(err) }));
      });
      req.end(body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

function describeError(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name could not be resolved';
  if (code === 'ECONNRESET') return 'The connection was reset';
  return code ? `${code}: ${err.message}` : err.message;
}
