import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@cargo/shared';
import { ADMIN, api, startServer, type ServerProcess } from './server-process.ts';

/**
 * Decision 042: the built server sends the public pages rendered, with the company's configuration in them, their
 * stylesheets in the head and the app's script started after the first paint; other pages are the bare app.
 */
describe('prerendered pages (the built server and web app)', () => {
  let server: ServerProcess;
  let dir: string;
  const company = 'Prerender & Sons <Freight>';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cargo-prerender-'));
    server = await startServer(join(dir, 'cargo.db'), dir, { COMPANY_NAME: company, COORDINATOR_PHONE: '+1 (555) 777-0100', PUBLIC_LOOKUPS_PER_MINUTE: '4' });
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string, encoding = 'identity') => {
    // fetch decodes br and gzip itself; content-encoding still tells what was sent.
    const res = await fetch(`${server.base}${path}`, { headers: { 'accept-encoding': encoding } });
    return { res, html: await res.text() };
  };
  /** Every inline script of the page: only JSON data is allowed (the CSP refuses inline code). */
  const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1]);
  const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

  it('renders the real-time page with its package (public view only), counted as a public lookup', async () => {
    const admin = (await api<LoginResponse>(server.base, 'POST', '/api/auth/login', ADMIN)).body.token;
    const created = await api(server.base, 'POST', '/api/packages', {
      trackingNumber: 'PRE123456',
      status: 'in_transit',
      pickupAddress: '233 S Wacker Dr, Chicago, IL 60606',
      deliveryAddress: '700 N Art Museum Dr, Milwaukee, WI 53202',
      customerName: 'Olivia Martin',
      customerPhone: '(312) 555-0142',
    }, admin);
    expect(created.status).toBe(201);
    const { html } = await get('/track-realtime/PRE123456');
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(rootOf(html))?.[1] ?? '';
    expect(main).toContain('Package Details');
    expect(main).toContain('Olivia Martin');
    expect(main).toContain('700 N Art Museum Dr, Milwaukee, WI 53202');
    const data = JSON.parse(/id="page-data">([^<]*)</.exec(html)?.[1] ?? 'null') as { packages?: Record<string, Record<string, unknown>> };
    const view = data.packages?.PRE123456;
    expect(view).toMatchObject({ trackingNumber: 'PRE123456', customerName: 'Olivia Martin' });
    // The same view as the public lookup, so never the full phone number.
    expect(view).toEqual((await api(server.base, 'GET', '/api/packages/PRE123456')).body);
    expect(html).not.toContain('555-0142');
    // Four lookups a minute on this server (first test: nothing counted before): the page, the lookup above, the home
    // page with ?track= (also rendered with its package's cards), the page again; then the page comes without the
    // package, and the lookup route refuses too.
    const home = rootOf((await get('/?track=PRE123456')).html);
    expect(home).toContain('Olivia Martin');
    expect(home).toContain('Package Details');
    expect((await get('/track-realtime/PRE123456')).html).toContain('Olivia Martin');
    const limited = (await get('/track-realtime/PRE123456')).html;
    expect(limited).not.toContain('Olivia Martin');
    expect(limited).toContain('role="status"');
    expect((await api(server.base, 'GET', '/api/packages/PRE123456')).status).toBe(429);
  });

  it('renders the home page with its content, the configuration, its stylesheets, and the script after paint', async () => {
    const { res, html } = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const root = rootOf(html);
    // The page itself, before any script: its heading, the search form, the header with the company's name (escaped).
    expect(root).toContain('Track Your Package');
    expect(root).toContain('Prerender &amp; Sons &lt;Freight&gt;');
    expect(root).toMatch(/<form[^>]*role="search"/);
    // The title is the page's, in the head, once.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Track Package | Prerender &amp; Sons &lt;Freight&gt;</title>');
    // The data the app starts from, safe inside its script element.
    const data = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? 'null')).toMatchObject({ siteConfig: { companyName: company, coordinator: { phone: '+1 (555) 777-0100' } } });
    expect(data).not.toContain('<');
    // The home screen's own stylesheet is in the head, so the first paint is styled.
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/home-[\w-]+\.css">/);
    // No module script runs before the paint: the after-paint starter imports the entry and preloads the screen then.
    expect(html).not.toMatch(/<script type="module"/);
    const starter = /<script src="(\/assets\/after-paint-\w+\.js)" data-entry="(\/assets\/index-[\w-]+\.js)" data-preload="([^"]*)" async><\/script>/.exec(html);
    expect(starter).not.toBeNull();
    expect(starter![3]).toMatch(/\/assets\/home-[\w-]+\.js/);
    for (const asset of [starter![1], starter![2]]) expect((await fetch(`${server.base}${asset}`)).status, asset).toBe(200);
    expect(inlineScripts(html)).toEqual([' type="application/json" id="page-data"']);
  });

  it('renders each public page; what the address holds is never markup in it', async () => {
    for (const [path, title, content] of [
      ['/schedule-pickup', 'Schedule Pickup', 'Schedule a Pickup'],
      // The live pages show their loading place until the package arrives.
      ['/track-realtime/PKG123', 'Real-Time Tracking', 'role="status"'],
      ['/track-live/some-link', 'Live Tracking', 'role="status"'],
      ['/help-center', 'Help Center', 'Help Center'],
      ['/help-center/claims', 'Claims &amp; Support', 'Claims &amp; Support'],
    ] as const) {
      const { res, html } = await get(path);
      expect(res.status, path).toBe(200);
      expect(html, path).toContain(`<title>${title} | Prerender &amp; Sons &lt;Freight&gt;</title>`);
      const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(rootOf(html))?.[1] ?? '';
      expect(main, path).toContain(content);
      expect(inlineScripts(html), path).toEqual([' type="application/json" id="page-data"']);
    }
    expect((await get('/track-realtime/PKG123')).html).toBe((await get('/track-realtime/OTHER9')).html);
    // What a visitor puts in the address is never markup in the page (the search box shows it, escaped).
    const probe = '"><img src=x onerror=alert(1)>';
    for (const path of [`/?track=${encodeURIComponent(probe)}`, `/track-realtime/${encodeURIComponent(probe)}`]) {
      const { res, html } = await get(path);
      expect(res.status, path).toBe(200);
      expect(html, path).not.toContain('<img src=x');
      expect(html, path).not.toContain('"><img');
    }
  });

  it('sends the driver pages, the admin panel and unknown pages as the bare app, with their screen preloaded', async () => {
    for (const [path, status] of [
      ['/admin', 200],
      ['/driver', 200],
      ['/nope', 404],
    ] as const) {
      const { res, html } = await get(path);
      expect(res.status, path).toBe(status);
      expect(rootOf(html), path).toBe('');
      expect(html, path).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(html, path).not.toContain('id="page-data"');
    }
    expect((await get('/admin')).html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/admin-[\w-]+\.js">/);
  });

  it('compresses pages for clients that accept it, with the same content', async () => {
    const plain = (await get('/schedule-pickup')).html;
    for (const encoding of ['br', 'gzip']) {
      const { res, html } = await get('/schedule-pickup', encoding);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('accept-encoding');
      expect(html).toBe(plain);
    }
  });
});
