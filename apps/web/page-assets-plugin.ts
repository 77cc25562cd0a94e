import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Each page's screen is its own lazily loaded chunk, which the browser would only ask for once the entry chunk has been
 * downloaded and run: a second round trip before the page's content (issue 11). This plugin writes, beside the server
 * renderer, `dist-ssr/page-assets.json`: for each address, the files of its screen (its chunk, the chunks it imports, its
 * CSS). The server puts them in the head of the page it sends (apps/server/src/web/page-shell.ts): the CSS as
 * stylesheets, so a prerendered page paints styled, and the scripts as `modulepreload` links, so they download
 * alongside the entry chunk. The router still imports the screen lazily, then from the browser's module cache.
 *
 * It also marks the built index.html where the server puts the head links, the rendered page and its data, and writes
 * the small script a prerendered page starts the app with (`afterPaint`): the app's script is fetched and run only
 * once the page has been painted (decision 042). The CSP allows no inline script, hence a file.
 */

export interface RouteMatch {
  /** The path, exactly (a trailing '/' allowed) … */
  exact?: string;
  /** … or its start. */
  prefix?: string;
  /** And, if given, text the query string must contain. */
  search?: string;
}

export interface PageAssets {
  routes: (RouteMatch & { files: string[] })[];
  /** The script that imports the entry chunk (its URL in `data-entry`) after the first paint. */
  afterPaint: string;
}

/**
 * Once the browser has reported the first contentful paint, imports the entry (`data-entry`) and the page's screen
 * (`data-preload`, space-separated chunks), three per task, so they download alongside the entry; each chunk runs as
 * soon as it and what it imports have arrived (the modules are side-effect free but the entry, which starts the app).
 * Starting a module's fetch (an `import()` or a `modulepreload` link alike) costs Chromium a few milliseconds of main
 * thread: the seventeen of the tracking page at once were one long task on a slow phone (decision 043). At once in a hidden tab, where nothing is painted,
 * and after 3 s at the latest should no paint be reported. Nothing of the app's script is fetched before the page has
 * painted, so it takes no bandwidth from the page's HTML and stylesheets. Kept to a few hundred bytes of ES5.
 */
const AFTER_PAINT_SOURCE =
  `(function(){var s=document.currentScript,e=s&&s.getAttribute('data-entry'),p=(s&&s.getAttribute('data-preload')||'').split(' '),d=0;if(!e)return;` +
  `function no(){}` +
  `function go(){if(d)return;d=1;import(e).catch(no);setTimeout(more,0,0);}` +
  `function more(i){for(var n=i+3;i<n&&i<p.length;i++)if(p[i])import(p[i]).catch(no);if(i<p.length)setTimeout(more,0,i);}` +
  `if(document.visibilityState!=='visible'||typeof PerformanceObserver!=='function'){go();return;}` +
  `try{new PerformanceObserver(function(l,o){if(l.getEntries().some(function(x){return x.name==='first-contentful-paint';})){o.disconnect();setTimeout(go,0);}})` +
  `.observe({type:'paint',buffered:true});}catch(x){go();return;}` +
  `setTimeout(go,3000);})();\n`;

/** The markers in index.html (each replaced by the server; left empty they change nothing). */
export const HEAD_MARKER = '<!--page-head-->';
export const ROOT_MARKER = '<!--page-root-->';

/** Lazily loaded module (under src/) → the addresses that load it at once. */
const ROUTES: [string, RouteMatch][] = [
  ['app/routes/home.tsx', { exact: '/' }],
  // '/?track=…' shows a package at once: its cards too.
  ['features/tracking/components/package-view.tsx', { exact: '/', search: 'track=' }],
  ['app/routes/schedule-pickup.tsx', { exact: '/schedule-pickup' }],
  ['app/routes/track-realtime.tsx', { prefix: '/track-realtime/' }],
  ['app/routes/track-live.tsx', { prefix: '/track-live' }],
  ['app/routes/help-center.tsx', { exact: '/help-center' }],
  ['app/routes/help-center-contact.tsx', { exact: '/help-center/contact' }],
  ['app/routes/help-center-shipping-guide.tsx', { exact: '/help-center/shipping-guide' }],
  ['app/routes/help-center-claims.tsx', { exact: '/help-center/claims' }],
  ['app/routes/admin.tsx', { exact: '/admin' }],
  // The driver screens (issue 21, part 7): drawn in the browser, their chunks download alongside the entry.
  ['app/routes/driver.tsx', { exact: '/driver' }],
  ['app/routes/driver-gps.tsx', { exact: '/driver-gps' }],
  ['app/routes/driver-portal.tsx', { exact: '/driver-portal' }],
  ['app/routes/driver-dashboard.tsx', { exact: '/driver-dashboard' }],
  ['app/routes/driver-track.tsx', { prefix: '/driver-track' }],
];

function routeFiles(bundle: OutputBundle, chunk: OutputChunk, entryFiles: Set<string>): string[] {
  const files = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (files.has(c.fileName) || entryFiles.has(c.fileName)) return;
    files.add(c.fileName);
    for (const css of c.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of c.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(chunk);
  return [...files];
}

export function pageAssets(): Plugin {
  let root = '.';
  let assets: PageAssets | null = null;
  return {
    name: 'cargo-page-assets',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const entryFiles = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
        const routes: PageAssets['routes'] = [];
        for (const [module, match] of ROUTES) {
          // A screen's chunk is its dynamic entry; Rollup leaves it without a facade module when it has merged other
          // modules into it (code only this screen and the chunks it loads use), so look for it among its modules too.
          // A small screen may itself be merged into another chunk, even the entry (decision 086): then that chunk.
          const chunk =
            chunks.find((c) => c.facadeModuleId?.endsWith(`/src/${module}`)) ??
            chunks.find((c) => c.isDynamicEntry && c.moduleIds.some((id) => id.endsWith(`/src/${module}`))) ??
            chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/src/${module}`)));
          if (!chunk) throw new Error(`page-assets: no chunk for src/${module}`);
          routes.push({ ...match, files: routeFiles(bundle, chunk, entryFiles) });
        }
        const hash = createHash('sha256').update(AFTER_PAINT_SOURCE).digest('hex').slice(0, 8);
        assets = { routes, afterPaint: `assets/after-paint-${hash}.js` };
        if (!html.includes('</head>') || !html.includes('<div id="root"></div>')) throw new Error('page-assets: index.html has no </head> or empty #root');
        return html.replace('</head>', `${HEAD_MARKER}</head>`).replace('<div id="root"></div>', `<div id="root">${ROOT_MARKER}</div>`);
      },
    },
    writeBundle(options) {
      if (assets) writeFileSync(join(options.dir ?? resolve(root, 'dist'), assets.afterPaint), AFTER_PAINT_SOURCE);
    },
    closeBundle() {
      if (!assets) return;
      const dir = resolve(root, 'dist-ssr');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'page-assets.json'), `${JSON.stringify(assets, null, 1)}\n`);
    },
  };
}
