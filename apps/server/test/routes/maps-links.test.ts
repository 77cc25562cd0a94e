import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeApi, setupApp, type TestContext } from '../helper.ts';

/**
 * POST /api/parse-maps-link follows a short link's redirects only to Google Maps hosts. Google is the internet, which
 * tests never reach: a loopback server plays it, and the app's fetch is routed there (https://host/path becomes
 * http://127.0.0.1:port/host/path). Every address the app asked for is recorded, so a test can prove what was never asked.
 */
const PLACE_PAGE = `<html><head><link rel="canonical" href="https://www.google.com/maps/place/Union+Station/@41.8788761,-87.6359015,17z/data=!3m1!4b1"></head></html>`;

describeApi('POST /api/parse-maps-link: short links', () => {
  let ctx: TestContext;
  let fake: Server;
  let port = 0;
  const asked: string[] = [];
  let hugeBytesSent = 0;

  function route(req: IncomingMessage, res: ServerResponse) {
    const path = req.url ?? '';
    if (path === '/maps.app.goo.gl/direct') {
      res.writeHead(302, { location: 'https://www.google.com/maps/place/Navy+Pier/@41.8917,-87.6086,15z' }).end();
    } else if (path === '/maps.app.goo.gl/two-hops') {
      res.writeHead(301, { location: 'https://goo.gl/maps/next' }).end();
    } else if (path === '/goo.gl/maps/next') {
      res.writeHead(302, { location: 'https://maps.google.com/maps?cid=1234' }).end();
    } else if (path === '/maps.google.com/maps?cid=1234') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PLACE_PAGE);
    } else if (path === '/maps.app.goo.gl/to-internal') {
      res.writeHead(302, { location: 'http://127.0.0.1:6379/' }).end();
    } else if (path === '/maps.app.goo.gl/to-other') {
      res.writeHead(302, { location: 'https://example.com/maps?q=place' }).end();
    } else if (path === '/maps.app.goo.gl/loop') {
      res.writeHead(302, { location: 'https://maps.app.goo.gl/loop' }).end();
    } else if (path === '/maps.app.goo.gl/slow') {
      // Never answers: the timeout ends the wait.
    } else if (path === '/maps.app.goo.gl/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const filler = Buffer.alloc(64 * 1024, 'a');
      const send = () => {
        while (hugeBytesSent < 8 * 1024 * 1024) {
          hugeBytesSent += filler.length;
          if (!res.write(filler)) return void res.once('drain', send);
        }
        res.end(PLACE_PAGE);
      };
      res.on('close', () => undefined);
      send();
    } else {
      res.writeHead(404).end();
    }
  }

  beforeAll(async () => {
    fake = createServer(route);
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    port = (fake.address() as AddressInfo).port;
    const loopbackFetch: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.href);
      return fetch(`http://127.0.0.1:${port}/${url.host}${url.pathname}${url.search}`, init);
    };
    ctx = await setupApp({ build: { mapsLinks: { fetch: loopbackFetch, timeoutMs: 400, maxBytes: 256 * 1024 } } });
  });
  afterAll(async () => {
    await ctx?.close();
    fake?.closeAllConnections();
    await new Promise((resolve) => fake?.close(resolve));
  });

  const parse = (link: string) => ctx.request({ method: 'POST', url: '/api/parse-maps-link', token: ctx.adminToken, payload: { link } });

  it('reads coordinates from the redirect to Google Maps', async () => {
    const res = await parse('https://maps.app.goo.gl/direct');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ lat: 41.8917, lng: -87.6086 });
  });

  it('follows several Google hops and reads the place page', async () => {
    const res = await parse('https://maps.app.goo.gl/two-hops');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ lat: 41.8788761, lng: -87.6359015 });
    expect(asked).toEqual(expect.arrayContaining(['https://maps.app.goo.gl/two-hops', 'https://goo.gl/maps/next', 'https://maps.google.com/maps?cid=1234']));
  });

  it('never follows a redirect to another host, internal or not (422, never asked)', async () => {
    for (const link of ['https://maps.app.goo.gl/to-internal', 'https://maps.app.goo.gl/to-other']) {
      const res = await parse(link);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe('Could not find coordinates in this link: it does not lead to Google Maps');
    }
    expect(asked.some((url) => url.includes('127.0.0.1') || url.includes('example.com'))).toBe(false);
  });

  it('never asks anything for a link that is not a Google short link', async () => {
    const before = asked.length;
    for (const link of ['http://127.0.0.1:6379/', 'https://example.com/maps', 'http://maps.app.goo.gl/direct', 'https://maps.app.goo.gl:8443/direct']) {
      expect((await parse(link)).statusCode).toBe(422);
    }
    expect(asked.length).toBe(before);
  });

  it('gives up on a silent host within the timeout, and on a redirect loop', async () => {
    const started = Date.now();
    const slow = await parse('https://maps.app.goo.gl/slow');
    expect(slow.statusCode).toBe(422);
    expect(slow.json().message).toMatch(/could not be followed/);
    expect(Date.now() - started).toBeLessThan(2_000);
    const loop = await parse('https://maps.app.goo.gl/loop');
    expect(loop.statusCode).toBe(422);
    expect(asked.filter((url) => url === 'https://maps.app.goo.gl/loop').length).toBe(6);
  });

  it('reads at most the size limit of a page', async () => {
    const res = await parse('https://maps.app.goo.gl/huge');
    // The coordinates sit after 8 MB of filler, beyond the 256 KB read: not found, and the rest never read.
    expect(res.statusCode).toBe(422);
    expect(hugeBytesSent).toBeLessThan(8 * 1024 * 1024);
  });

  it('sets a driver position from a followed short link', async () => {
    const created = await ctx.request({ method: 'POST', url: '/api/drivers', token: ctx.adminToken, payload: { name: 'Link Driver', phone: '5550001234' } });
    const res = await ctx.request({
      method: 'POST',
      url: `/api/drivers/${created.json().id}/location-from-link`,
      token: ctx.adminToken,
      payload: { googleMapsLink: 'https://maps.app.goo.gl/two-hops' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, location: { lat: 41.8788761, lng: -87.6359015 } });
  });
});
