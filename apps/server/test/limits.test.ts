import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_MSG } from '@cargo/shared';
import { describeApi, setupApp, type TestContext } from './helper.ts';

/** Limits that must hold as written (issue 10): /ws connections per IP, slow headers, an oversized body's 413. */
/** Closes one socket, lets the server see it go, and opens another: the place it held is free again. */
async function closeOneAndReopen<T>(socket: WebSocket, openSocket: () => Promise<T>): Promise<T> {
  const closed = new Promise((r) => socket.once('close', r));
  socket.close();
  await closed;
  await new Promise((r) => setTimeout(r, 50));
  return openSocket();
}

describeApi('connection limits', () => {
  let ctx: TestContext;
  let port = 0;
  beforeAll(async () => {
    ctx = await setupApp({ env: { WS_CONNECTIONS_PER_IP: '3', HEADERS_TIMEOUT_MS: '1000' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(async () => ctx?.close());

  function openSocket(): Promise<{ socket: WebSocket; status: number | null }> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      socket.once('open', () => resolve({ socket, status: null }));
      socket.once('unexpected-response', (_req, res) => resolve({ socket, status: res.statusCode ?? 0 }));
      socket.once('error', () => {});
    });
  }

  it('caps open /ws connections per IP (WS_CONNECTIONS_PER_IP) and frees a place when one closes', async () => {
    const open = await Promise.all([openSocket(), openSocket(), openSocket()]);
    expect(open.map((o) => o.status)).toEqual([null, null, null]);
    const refused = await openSocket();
    expect(refused.status).toBe(429);
    const again = await closeOneAndReopen(open[0]!.socket, openSocket);
    expect(again.status).toBeNull();
    for (const o of [...open.slice(1), again]) o.socket.close();
  });

  it('cuts a client that sends its headers a byte at a time after HEADERS_TIMEOUT_MS', async () => {
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const text = 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(100);
      let i = 0;
      const timer = setInterval(() => {
        if (i < text.length && !socket.destroyed) socket.write(text[i++]!);
      }, 200);
      socket.on('data', () => {});
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      });
    });
    // 1 s of headers allowed, checked every second: cut well before Node's 60 s default.
    expect(closedAfter).toBeLessThan(4000);
  }, 15_000);

  it('answers a body over the limit with a 413 the client receives', async () => {
    const body = Buffer.alloc(20 * 1024 * 1024, 'x');
    const result = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/schedule-pickup', headers: { 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      // Sent in pieces, as a real upload arrives.
      let offset = 0;
      const pump = () => {
        while (offset < body.length) {
          const chunk = body.subarray(offset, offset + 64 * 1024);
          offset += chunk.length;
          if (!req.write(chunk)) return req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text)).toEqual({ message: 'The request body is too large' });
  });
});

/** The per-instance /ws cap (WS_MAX_CONNECTIONS, decision 057): 503 with Retry-After, not a process out of descriptors. */
describeApi('connection limits: /ws per instance', () => {
  let ctx: TestContext;
  let port = 0;
  beforeAll(async () => {
    ctx = await setupApp({ env: { WS_MAX_CONNECTIONS: '2' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(async () => ctx?.close());

  function openSocket(): Promise<{ socket: WebSocket; status: number | null; retryAfter?: string; body?: string }> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      socket.once('open', () => resolve({ socket, status: null }));
      socket.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ socket, status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }));
      });
      socket.once('error', () => {});
    });
  }

  it('refuses an upgrade over WS_MAX_CONNECTIONS with 503 and Retry-After, keeps HTTP answering, and frees a place when one closes', async () => {
    const open = await Promise.all([openSocket(), openSocket()]);
    expect(open.map((o) => o.status)).toEqual([null, null]);
    const refused = await openSocket();
    expect(refused.status).toBe(503);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(refused.body ?? '{}')).toEqual({ message: LIVE_MSG.liveFull });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const again = await closeOneAndReopen(open[0]!.socket, openSocket);
    expect(again.status).toBeNull();
    for (const o of [open[1]!, again]) o.socket.close();
  });
});

