import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { isPrerenderedRoute, type SiteConfig } from '@cargo/shared';

/**
 * The HTML of every page of the web app (decision 042). The built index.html is the template; for the address asked it
 * gets, in its head, the files of that page's screen (apps/web/page-assets-plugin.ts): its CSS as stylesheets and its
 * scripts as modulepreload links. A public page (PRERENDERED_ROUTES) also gets its HTML rendered by the web app's
 * server renderer (apps/web/src/entry-server.tsx) and the data it was rendered with, so it paints before its script has
 * run. Pages are kept, compressed, in a small cache: the site configuration is fixed for the process's life.
 */

/** The server renderer's shape (apps/web/src/entry-server.tsx). */
export interface PageRenderer {
  render(url: string, data: PageData, timeoutMs?: number): Promise<string | null>;
}

/** What a prerendered page is rendered with and carries for the app (apps/web/src/app/page-data.ts). */
export interface PageData {
  siteConfig: SiteConfig;
  /** The public view of the package a real-time page is opened for, by its tracking number as in the address. */
  packages?: Record<string, unknown>;
}

interface RouteAssets {
  exact?: string;
  prefix?: string;
  search?: string;
  files: string[];
}

export interface Page {
  status: number;
  html: string;
  br: Buffer;
  gzip: Buffer;
  /** Whether the page's HTML was rendered by the server. */
  prerendered: boolean;
  /** When it was made (ms since the epoch). */
  madeAt: number;
}

/** The markers the web build leaves in index.html (apps/web/page-assets-plugin.ts). */
const HEAD_MARKER = '<!--page-head-->';
const ROOT_MARKER = '<!--page-root-->';
/** The element the app reads the page data from (apps/web/src/app/page-data.ts). */
const PAGE_DATA_ELEMENT_ID = 'page-data';
/** The query parameter that makes the home page show a package (its loading place is in the rendered HTML). */
const TRACK_PARAM = 'track';
/** The real-time page, rendered with its package (the page's largest content is the package's details). */
const REALTIME_PAGE = /^\/track-realtime\/([^/]+)\/?$/;

const CACHE_SIZE = 256;
/** Renders at once; a request beyond them gets the page unrendered (the app draws it) rather than waiting. */
const MAX_CONCURRENT_RENDERS = 2;
const RENDER_TIMEOUT_MS = 2_000;
const RETRY_UNRENDERED_MS = 30_000;

export interface PageShellOptions {
  /** The built web app (index.html and assets/). */
  webDist: string;
  /** The server renderer's folder (entry-server.js and page-assets.json), or null for none. */
  ssrDist: string | null;
  data: PageData;
  /**
   * The public view (JSON text, as `GET /api/packages/{id}` sends it) of the package a real-time page is opened for;
   * undefined when there is none or the visitor's lookup budget is spent (the page then shows its loading place and
   * the browser asks). Counted as a public lookup by the caller.
   */
  publicView?: (trackingNumber: string, ip: string) => Promise<string | undefined>;
  /** Where render failures are reported. */
  warn: (message: string, error?: unknown) => void;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON that cannot end the script element it sits in. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

function matches(route: RouteAssets, pathname: string, search: string): boolean {
  const pathOk = route.exact !== undefined ? pathname === route.exact || pathname === `${route.exact}/` : pathname.startsWith(route.prefix ?? '\0');
  return pathOk && (!route.search || search.includes(route.search));
}

interface PageAssets {
  routes: RouteAssets[];
  /** The script that starts the app after the first paint (apps/web/page-assets-plugin.ts). */
  afterPaint: string | null;
}

/** Reads the web build's page assets; none when it was built without them (then pages are drawn in the browser). */
function readPageAssets(ssrDist: string | null): PageAssets {
  if (!ssrDist) return { routes: [], afterPaint: null };
  try {
    const parsed = JSON.parse(readFileSync(join(ssrDist, 'page-assets.json'), 'utf8')) as { routes?: RouteAssets[]; afterPaint?: string };
    return { routes: Array.isArray(parsed.routes) ? parsed.routes : [], afterPaint: typeof parsed.afterPaint === 'string' ? parsed.afterPaint : null };
  } catch {
    return { routes: [], afterPaint: null };
  }
}

export class PageShell {
  private readonly head: string;
  private readonly body: string;
  private readonly assets: PageAssets;
  private readonly cache = new Map<string, Page>();
  private readonly pending = new Map<string, Promise<Page>>();
  private rendering = 0;
  private renderer: Promise<PageRenderer | null>;

  constructor(private readonly options: PageShellOptions) {
    const template = readFileSync(join(options.webDist, 'index.html'), 'utf8');
    const [head, rest] = template.split(HEAD_MARKER);
    // A web app built without the markers: every page is the template as it is.
    this.head = rest === undefined ? template : (head ?? '');
    this.body = rest ?? '';
    this.assets = readPageAssets(options.ssrDist);
    // Loaded in the background: start-up does not wait for React and the screens; the first page does.
    this.renderer = this.loadRenderer();
  }

  private async loadRenderer(): Promise<PageRenderer | null> {
    if (!this.options.ssrDist || !this.body) return null;
    try {
      const module = (await import(pathToFileURL(join(this.options.ssrDist, 'entry-server.js')).href)) as Partial<PageRenderer>;
      if (typeof module.render !== 'function') throw new Error('entry-server.js has no render()');
      return { render: module.render.bind(module) };
    } catch (error) {
      this.options.warn('pages: the server renderer could not be loaded; pages are drawn in the browser', error);
      return null;
    }
  }

  /** The page at `url` (path and query) with `status` (200 for a screen, 404 for the app's not-found page). */
  async page(url: string, status: number, ip = ''): Promise<Page> {
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://localhost');
    } catch {
      parsed = new URL('http://localhost/');
      status = 404;
    }
    const { pathname, searchParams, search } = parsed;
    const prerender = status === 200 && isPrerenderedRoute(pathname);
    // What the rendered HTML depends on: the path, and on the home page a package asked for (its loading place).
    const track = pathname === '/' ? searchParams.get(TRACK_PARAM)?.trim() : undefined;
    const renderUrl = track ? `${pathname}?${TRACK_PARAM}=${encodeURIComponent(track)}` : pathname;
    const files = [...new Set(this.assets.routes.filter((route) => matches(route, pathname, search)).flatMap((route) => route.files))];
    let data = this.options.data;
    let dataKey = '';
    // A page for one package (the real-time page, the home page with ?track=) is rendered with it: its largest content.
    const trackingNumber = prerender ? (track ?? safeDecode(REALTIME_PAGE.exec(pathname)?.[1] ?? '').trim()) : '';
    if (trackingNumber && this.options.publicView) {
      // The package is an extra: without it (none, the budget spent, the database away) the page shows its loading place.
      const view = await this.options.publicView(trackingNumber, ip).catch(() => undefined);
      if (view !== undefined) {
        data = { ...data, packages: { [trackingNumber]: JSON.parse(view) as unknown } };
        // The page is this version of the package: a changed package is a new page.
        dataKey = ` ${createHash('sha256').update(view).digest('base64url')}`;
      }
    }
    const key = prerender ? `render ${renderUrl}${dataKey}` : `plain ${status} ${files.join(',')}`;

    const cached = this.cache.get(key);
    // A page that should have been rendered and was not (an error, a timeout under load) is tried again a little later.
    if (cached && prerender && !cached.prerendered && Date.now() - cached.madeAt > RETRY_UNRENDERED_MS) this.cache.delete(key);
    else if (cached) {
      // Most recently used last: the first key is the one to drop.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const pending = this.pending.get(key);
    if (pending) return pending;
    if (prerender && this.rendering >= MAX_CONCURRENT_RENDERS) return this.compose(null, files, status, data);

    const made = this.make(prerender ? renderUrl : null, files, status, data).finally(() => this.pending.delete(key));
    this.pending.set(key, made);
    const page = await made;
    this.cache.set(key, page);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return page;
  }

  private async make(renderUrl: string | null, files: string[], status: number, data: PageData): Promise<Page> {
    if (renderUrl === null) return this.compose(null, files, status, data);
    this.rendering++;
    try {
      const renderer = await this.renderer;
      const html = renderer ? await renderer.render(renderUrl, data, RENDER_TIMEOUT_MS) : null;
      return this.compose(html, files, status, data);
    } catch (error) {
      this.options.warn(`pages: ${renderUrl} could not be rendered; it is drawn in the browser`, error);
      return this.compose(null, files, status, data);
    } finally {
      this.rendering--;
    }
  }

  private compose(rendered: string | null, files: string[], status: number, pageData: PageData): Page {
    const prerendered = rendered !== null;
    const css = files.filter((file) => file.endsWith('.css'));
    const scripts = files.filter((file) => !file.endsWith('.css')).map((file) => `/${file}`);
    // The screen's CSS always; its scripts here only when the page is drawn by the script (a prerendered page fetches
    // them after its first paint, below).
    const links = [
      ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`),
      ...(prerendered ? [] : scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`)),
    ].join('');
    let head = this.head;
    let root = '';
    let data = '';
    if (prerendered) {
      // React puts the page's <title> first; it belongs in the head, in place of the template's.
      const title = /^<title>[^<]*<\/title>/.exec(rendered);
      root = title ? rendered.slice(title[0].length) : rendered;
      if (title) head = head.replace(/<title>[^<]*<\/title>/, () => title[0]);
      head = head.replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">');
      // The app's script is fetched and run after the page's first paint (decision 042): it takes no bandwidth from the
      // HTML and stylesheets the paint waits for.
      const afterPaint = this.assets.afterPaint;
      if (afterPaint) {
        head = head.replace(
          /<script type="module" crossorigin src="([^"]+)"><\/script>/,
          (_tag, entry: string) => `<script src="/${escapeAttribute(afterPaint)}" data-entry="${entry}" data-preload="${escapeAttribute(scripts.join(' '))}" async></script>`,
        );
      }
      data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(pageData)}</script>`;
    }
    const html = this.body ? `${head}${links}${data}</head>${this.body.replace(/^<\/head>/, '').replace(ROOT_MARKER, () => root)}` : head;
    const buffer = Buffer.from(html);
    return {
      status,
      html,
      prerendered,
      madeAt: Date.now(),
      br: brotliCompressSync(buffer, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
      gzip: gzipSync(buffer, { level: 9 }),
    };
  }
}
