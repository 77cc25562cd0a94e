import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Each page's screen is its own lazily loaded chunk, which the browser would only ask for once the entry chunk has been
 * downloaded and run: a second round trip before the page's content (issue 11: LCP 2.3-2.5 s on '/'). This plugin writes
 * a tiny script, loaded `async` from the page's head (the CSP allows no inline script), that looks at the address and
 * adds `modulepreload` / `preload` links for that page's chunk, its imports and its CSS, so they download alongside the
 * entry chunk. Nothing else changes: the router still imports the screen lazily, now from the browser's module cache.
 */

interface Match {
  /** The path, exactly (a trailing '/' allowed) … */
  exact?: string;
  /** … or its start. */
  prefix?: string;
  /** And, if given, text the query string must contain. */
  search?: string;
}

/** Lazily loaded module (under src/) → the addresses that load it at once. */
const ROUTES: [string, Match][] = [
  ['app/routes/home.tsx', { exact: '/' }],
  // '/?track=…' shows a package at once: its cards too.
  ['features/tracking/components/package-view.tsx', { exact: '/', search: 'track=' }],
  ['app/routes/schedule-pickup.tsx', { exact: '/schedule-pickup' }],
  ['app/routes/track-realtime.tsx', { prefix: '/track-realtime/' }],
  ['app/routes/track-live.tsx', { prefix: '/track-live' }],
  ['app/routes/admin.tsx', { exact: '/admin' }],
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

export function routePreload(): Plugin {
  let outDir = 'dist';
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'cargo-route-preload',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const entryFiles = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
        const table: (Match & { files: string[] })[] = [];
        for (const [module, match] of ROUTES) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/${module}`));
          if (!chunk) throw new Error(`route-preload: no chunk for src/${module}`);
          table.push({ ...match, files: routeFiles(bundle, chunk, entryFiles) });
        }
        const source =
          `(function(){var t=${JSON.stringify(table)},p=location.pathname,q=location.search,h=document.head,d={};` +
          `for(var i=0;i<t.length;i++){var r=t[i];if((r.exact!==undefined?p===r.exact||p===r.exact+'/':p.indexOf(r.prefix)===0)&&(!r.search||q.indexOf(r.search)>=0)){` +
          `for(var j=0;j<r.files.length;j++){var f=r.files[j],l=document.createElement('link');if(d[f])continue;d[f]=1;` +
          `if(/\\.css$/.test(f)){l.rel='preload';l.as='style';}else{l.rel='modulepreload';l.crossOrigin='';}` +
          `l.href='/'+f;h.appendChild(l);}}}})();\n`;
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
        script = { fileName: `assets/route-preload-${hash}.js`, source };
        return [{ tag: 'script', attrs: { src: `/${script.fileName}`, async: true }, injectTo: 'head-prepend' }];
      },
    },
    writeBundle(options) {
      if (script) writeFileSync(join(options.dir ?? outDir, script.fileName), script.source);
    },
  };
}
