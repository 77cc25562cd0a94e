import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitUntil } from './mail-and-sms.ts';

/** One request as the receiver saw it. */
export interface Received {
  /** The request's path: a test gives each endpoint a path of its own. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  atMs: number;
  /** The status it was answered with. */
  status: number;
}

/** What to answer a request: a status, and headers. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A webhook receiver of the test's own, on a loopback address (the outside service we cannot reach, standards:
 * boundaries on loopback). Answers 200 unless told otherwise, request by request.
 */
export interface WebhookReceiver {
  url: string;
  port: number;
  received: Received[];
  /** Answers the next requests from this list (then 200). */
  answerNext(...answers: Answer[]): void;
  /** Answers every request by this function instead. */
  answerWith(fn: ((request: { headers: IncomingHttpHeaders; body: string }) => Answer) | null): void;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  /** Received requests of one event type (the body's `type`). */
  ofType(type: string): Received[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(host = '127.0.0.1', port = 0): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const queue: Answer[] = [];
  let fn: ((request: { headers: IncomingHttpHeaders; body: string }) => Answer) | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = queue.shift() ?? fn?.({ headers: req.headers, body }) ?? { status: 200 };
      received.push({ path: req.url ?? '', headers: req.headers, body, atMs: Date.now(), status: answer.status });
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? (answer.status < 300 ? 'ok' : 'not now'));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actualPort}/hooks`,
    port: actualPort,
    received,
    answerNext: (...answers) => queue.push(...answers),
    answerWith: (next) => {
      fn = next;
    },
    waitFor: (count, timeoutMs = 10_000) => waitUntil(() => received.length >= count, timeoutMs, () => `${received.length} of ${count} webhook requests`).then(() => received),
    ofType: (type) => received.filter((r) => (JSON.parse(r.body) as { type: string }).type === type),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
