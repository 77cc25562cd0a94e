import './styles/mantine.ts';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPageData, seedQueryClient } from './app/page-data.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, preloadRoute } from './app/router.tsx';
import { markDrawnInBrowser } from './hooks/use-hydrated.ts';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * Marks the page as taken over by the app (`<html data-app-ready>`), once the first render has been committed: from
 * then on the buttons and forms of a prerendered page answer. The browser tests wait for it after loading a page.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}

/**
 * Starts the app. A public page arrives rendered by the server, with the data it was rendered with (decision 042): the
 * app takes over that HTML (hydration) instead of drawing the page again. Other pages start empty and are drawn here.
 */
function start(root: HTMLElement) {
  const pageData = root.firstElementChild ? readPageData(document) : null;
  let queryClient: QueryClient | undefined;
  if (pageData) {
    queryClient = createQueryClient();
    seedQueryClient(queryClient, pageData);
  } else {
    markDrawnInBrowser();
  }

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
      <AppReady />
    </StrictMode>
  );

  // The opened page's screen first (its chunk is already downloading: the server put modulepreload links for it in the
  // head): the first render is then the page itself, in one piece, not a loader that the page replaces a moment later.
  // Rendered as a transition, React yields to the browser every few milliseconds instead of holding the main thread for
  // the whole first render (issue 11: one long task was most of the page's blocking time).
  void preloadRoute(window.location.pathname).then(() => {
    startTransition(() => {
      if (pageData) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
  });
}

// Evaluating this chunk (React, Mantine, the router) is already one long task on a slow phone: reading the page data,
// filling the query cache and starting the screen's import wait for a task of their own (issue 11, decision 044).
setTimeout(() => start(container), 0);

// Spec §2: a service worker is registered at load. It serves only the driver screens offline (decision 016).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
