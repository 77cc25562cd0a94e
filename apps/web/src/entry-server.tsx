// The server's renderer of the public pages (decision 042): the same screens as main.tsx, under a static router, with
// the site configuration the server puts in the page. Built by `vite build --ssr` into dist-ssr/ and loaded by the
// server (apps/server/src/web/page-renderer.ts); never part of the browser's bundle.
import './styles/mantine.ts';
import { isPrerenderedRoute } from '@cargo/shared';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadRoute } from './app/router.tsx';
import { seedQueryClient, type PageData } from './app/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';


/**
 * The HTML of the page at `url` (path and query) as it looks before any data of its own has arrived: header and footer
 * with the company's contacts, the page's headings, forms and loading places. Null for a page that is not prerendered.
 * Rejects if the render fails or takes longer than `timeoutMs`; the server then sends the page unrendered.
 */
export async function render(url: string, data: PageData, timeoutMs = 2_000): Promise<string | null> {
  const pathname = new URL(url, 'http://localhost').pathname;
  if (!isPrerenderedRoute(pathname)) return null;
  await preloadRoute(pathname);
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, data);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // Never outlined: a boundary above React's chunk size would otherwise be sent apart, with an inline script to put it
    // in place, which the CSP refuses (script-src 'self').
    { signal: AbortSignal.timeout(timeoutMs), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

