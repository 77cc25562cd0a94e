import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRetryAfter, WebhookSender } from './sender.ts';

/**
 * The sender's address rules on the address actually connected to (design.md §9). Traffic stays on loopback: the
 * receiver listens on 127.0.0.2, which is outside every allow list below except where a test allows it.
 */
describe('WebhookSender', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'retry-after': '7' }).end('x'.repeat(5000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (sender: WebhookSender, url: string) => sender.post(url, { 'content-type': 'application/json' }, '{}');

  it('refuses a name that resolves to a loopback address when it connects, and nothing reaches it', async () => {
    const sender = new WebhookSender({ timeoutMs: 2000, allowedHosts: new Set(['hooks.example.test']), resolve: async () => ['127.0.0.2'] });
    // Allowed by name: connected.
    expect((await send(sender, `http://hooks.example.test:${port}/x`)).statusCode).toBe(200);
    const before = hits;
    const other = new WebhookSender({ timeoutMs: 2000, allowedHosts: new Set(), resolve: async () => ['93.184.215.14', '127.0.0.2'] });
    const result = await send(other, `https://shop.example.test:${port}/x`);
    expect(result).toMatchObject({ statusCode: null, refused: true, error: expect.stringContaining('127.0.0.2') });
    expect(hits).toBe(before);
    sender.close();
    other.close();
  });

  it('refuses address literals outside the allow list and plain http, before any connection', async () => {
    const sender = new WebhookSender({ timeoutMs: 2000, allowedHosts: new Set(['127.0.0.1']) });
    const before = hits;
    for (const url of [`https://127.0.0.2:${port}/`, `http://127.0.0.2:${port}/`, 'https://[::1]/', 'https://169.254.169.254/', 'https://[::ffff:7f00:2]/', 'http://example.com/']) {
      const result = await send(sender, url);
      expect(result.refused, url).toBe(true);
    }
    expect(hits).toBe(before);
    expect(sender.refusal(new URL('https://example.com/'))).toBeNull();
    expect(sender.refusal(new URL('http://127.0.0.1:9/'))).toBeNull();
    sender.close();
  });

  it('keeps the first kilobyte of the answer and reads Retry-After', async () => {
    const sender = new WebhookSender({ timeoutMs: 2000, allowedHosts: new Set(['127.0.0.2']) });
    const result = await send(sender, `http://127.0.0.2:${port}/`);
    expect(result.body).toHaveLength(1024);
    expect(result.retryAfterMs).toBe(7000);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(58_000);
    expect(parseRetryAfter('soon')).toBeNull();
    sender.close();
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const sender = new WebhookSender({ timeoutMs: 300, allowedHosts: new Set(['127.0.0.1']) });
    const result = await send(sender, `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`);
    expect(result).toMatchObject({ statusCode: null, refused: false, error: 'No answer within 0.3 s' });
    sender.close();
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
