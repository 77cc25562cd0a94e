import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The real components at the two boundaries of notifications, on loopback: an SMTP server (smtp-server) whose messages
 * are parsed with mailparser, and an SMS gateway as an HTTP server of the test's own (POST {to, message}).
 */
export interface SmtpSink {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** Answers every message with this SMTP reply instead of accepting it (421 temporary, 550 permanent); null accepts. */
  refuseWith(code: number | null): void;
  /** How many messages it refused. */
  refused: number;
  /** Waits until `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  let refuseCode: number | null = null;
  const sink: SmtpSink = {
    url: '',
    port: 0,
    messages,
    refused: 0,
    refuseWith: (code) => {
      refuseCode = code;
    },
    waitFor: (count, timeoutMs = 10_000) => waitUntil(() => messages.length >= count, timeoutMs, () => `${messages.length} of ${count} emails`).then(() => messages),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuseCode !== null) {
          sink.refused += 1;
          const err = Object.assign(new Error(refuseCode >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refuseCode });
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            messages.push(mail);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  sink.port = address.port;
  sink.url = `smtp://127.0.0.1:${address.port}`;
  return sink;
}

export interface SmsGateway {
  url: string;
  received: Array<{ to: string; message: string }>;
  /** The status it answers (200 by default); a function gets the number of the request since this call (1, 2, …). */
  answer(status: number | ((n: number) => number)): void;
  /** Requests it answered with something other than 2xx. */
  refused: number;
  waitFor(count: number, timeoutMs?: number): Promise<Array<{ to: string; message: string }>>;
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  let answer: (n: number) => number = () => 200;
  let requests = 0;
  const gateway: SmsGateway = {
    url: '',
    received: [],
    refused: 0,
    answer: (status) => {
      answer = typeof status === 'function' ? status : () => status;
      requests = 0;
    },
    waitFor: (count, timeoutMs = 10_000) => waitUntil(() => gateway.received.length >= count, timeoutMs, () => `${gateway.received.length} of ${count} texts`).then(() => gateway.received),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests += 1;
      const status = answer(requests);
      if (status >= 200 && status < 300) gateway.received.push(JSON.parse(body) as { to: string; message: string });
      else gateway.refused += 1;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status: status < 300 ? 'queued' : 'refused' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return gateway;
}

export async function waitUntil(check: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
