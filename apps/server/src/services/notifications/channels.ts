import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Transporter } from 'nodemailer';
import { loadOnce } from '../../lib/load-once.ts';

const loadNodemailer = loadOnce(async () => (await import('nodemailer')).default);

/**
 * The two ways a message leaves (issue 17, item 2): email through SMTP_URL (nodemailer) and SMS through the HTTP gateway
 * of SMS_GATEWAY_URL (POST {to, message}). Each answers what happened in the words the retry rules need: sent, a
 * temporary failure (tried again later) or a permanent one (never tried again).
 */
export type SendOutcome =
  | { ok: true; response: string }
  | { ok: false; permanent: boolean; response: string };

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  unsubscribeUrl: string | null;
}

const clip = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max)}…` : text);

export class EmailChannel {
  /** Made with the first message (nodemailer is loaded then, not at start). */
  private transport: Transporter | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  private async transporter(): Promise<Transporter> {
    const nodemailer = await loadNodemailer();
    // A small pool: a batch of messages reuses connections instead of opening one each.
    // The URL's own settings win over these (nodemailer merges an options object with its `url`).
    const options = { url: this.smtpUrl, pool: true, maxConnections: 2, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
    return (this.transport ??= nodemailer.createTransport(options as Parameters<typeof nodemailer.createTransport>[0]));
  }

  async send(message: EmailMessage): Promise<SendOutcome> {
    try {
      const transport = await this.transporter();
      const info = await transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        // RFC 2369 and RFC 8058: the mail client's own unsubscribe button, one click, no sign-in.
        ...(message.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
      });
      return { ok: true, response: clip(String(info.response ?? 'accepted')) };
    } catch (err) {
      const e = err as { responseCode?: number; response?: string; message?: string; code?: string };
      const code = e.responseCode;
      // SMTP 5xx is a permanent refusal (a bad address, a policy); 4xx and anything on the way (no connection, a
      // timeout) is temporary.
      const permanent = typeof code === 'number' && code >= 500 && code < 600;
      return { ok: false, permanent, response: clip(e.response ?? `${e.code ?? 'error'}: ${e.message ?? String(err)}`) };
    }
  }

  close(): void {
    this.transport?.close();
  }
}

export class SmsChannel {
  // node:http with kept-alive connections rather than fetch: undici's fetch was two thirds of the CPU of a send
  // (bench/RESULTS.md, issue 17's load target).
  private readonly agent: HttpAgent | HttpsAgent;
  private readonly url: URL;

  constructor(
    private readonly gatewayUrl: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.url = new URL(gatewayUrl);
    this.agent = this.url.protocol === 'https:' ? new HttpsAgent({ keepAlive: true, maxSockets: 8 }) : new HttpAgent({ keepAlive: true, maxSockets: 8 });
  }

  async send(to: string, message: string): Promise<SendOutcome> {
    try {
      const res = await postJson(this.url, JSON.stringify({ to, message }), this.agent, this.timeoutMs);
      const text = clip(`${res.status} ${res.body.trim()}`.trim());
      if (res.status >= 200 && res.status < 300) return { ok: true, response: text };
      // A gateway's 4xx refuses this message for good (a bad number, a blocked text), except a timeout or a rate limit.
      const permanent = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
      return { ok: false, permanent, response: text };
    } catch (err) {
      const name = err instanceof Error ? err.name : 'Error';
      return { ok: false, permanent: false, response: name === 'TimeoutError' ? `no answer within ${this.timeoutMs / 1000} s` : clip(err instanceof Error ? `${err.message}${err.cause instanceof Error ? `: ${err.cause.message}` : ''}` : String(err)) };
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

/** POSTs a JSON body and reads the answer's status and text (its first 4 KB); a TimeoutError when none comes in time. */
function postJson(url: URL, body: string, agent: HttpAgent | HttpsAgent, timeoutMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < 4096) text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), { name: 'TimeoutError' })));
    req.on('error', reject);
    req.end(body);
  });
}
